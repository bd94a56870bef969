#!/usr/bin/env python3
"""test_check_layers.py CHECK_LAYERS: that check_layers.py can fail.

A small clean tree (the layers, a game, bench/, completion/) passes both
checks; then each planted fault, alone in a fresh copy of that tree, makes
its check fail with a line naming the file and line it is on (and the other
check still pass): an upward include, an include beside the file instead of
from the top, one of a file that is not there, a game header included from
outside its folder, bench/ including frontends/tty, and a game's name in a
front end's comment, string and path, and in the completion.  Exit 0 when
all holds; a message and 1 when not."""
import os
import shutil
import subprocess
import sys
import tempfile

CLEAN = {
    'framework/game.h': '#include <stdbool.h>\n',
    'framework/registry.c': '#include "framework/game.h"\n#include "framework/registry_list.h"\n',
    'framework/tablebase/probe.h': '#include "framework/game.h"\n',
    'framework/search/search.h': '#include "framework/game.h"\n'
                                 '#include "framework/tablebase/probe.h"\n',
    'framework/search/search.c': '#include "framework/search/search.h"\n',
    'framework/lab/tune.h': '#include "framework/search/search.h"\n',
    'framework/referee/match.h': '#include "framework/lab/tune.h"\n',
    'frontends/common/think.h': '#include "framework/referee/match.h"\n',
    'frontends/uci/uci.h': '#include "frontends/common/think.h"\n',
    'frontends/tty/cli.h': '#include "frontends/uci/uci.h"\n#include "frontends/tty/version.h"\n',
    'frontends/tty/cli.c': '/* The commands; every game from the registry. */\n'
                           '#include "frontends/tty/cli.h"\n'
                           'static const char *usage = "dojo play GAME";\n',
    'variants/toy/toy.h': '#include "framework/game.h"\n',
    'variants/toy/toy.c': '#include "variants/toy/toy.h"\n',
    'bench/bench.c': '#include "frontends/uci/uci.h"\n#include "tests/oracle/oracle.h"\n',
    'tests/oracle/oracle.h': '#include "variants/toy/toy.h"\n',
    'completion/dojo.bash': '# games come from `dojo list`\ncomplete -F _dojo dojo\n',
}

# (check, file, text appended to it or the whole of a new file, the line
# the finding must be reported on)
FAULTS = [
    ('includes', 'framework/search/x.c', '#include "frontends/tty/cli.h"\n', 1),
    ('includes', 'framework/lab/tune.h', '#include "framework/referee/match.h"\n', 2),
    ('includes', 'framework/game.h', '#include "framework/search/search.h"\n', 2),
    ('includes', 'framework/tablebase/probe.h', '#include "framework/search/search.h"\n', 2),
    ('includes', 'framework/game.h', '#include "framework/tablebase/probe.h"\n', 2),
    ('includes', 'framework/referee/match.h', '#include "variants/toy/toy.h"\n', 2),
    ('includes', 'variants/toy/toy.c', '#include "framework/search/search.h"\n', 2),
    ('includes', 'bench/bench.c', '#include "frontends/tty/cli.h"\n', 3),
    ('includes', 'framework/search/search.c', '#include "search.h"\n', 2),
    ('includes', 'framework/search/search.c', '#include "../game.h"\n', 2),
    ('includes', 'framework/search/search.c', '#include "framework/missing.h"\n', 2),
    ('includes', 'framework/other/y.c', '#include "framework/game.h"\n', 1),
    ('game-names', 'frontends/tty/cli.c', '/* as in Toy */\n', 4),
    ('game-names', 'frontends/uci/uci.h', 'const char *g = "TOY";\n', 2),
    ('game-names', 'frontends/tty/cli.c', 'int play_toy_game;\n', 4),
    ('game-names', 'completion/dojo.bash', 'games="Ōgi"\n', 3),
    ('game-names', 'frontends/common/toy.c', '\n', 0),
]


def write_tree(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'w', encoding='utf-8') as f:
            f.write(text)


def run(checker, check, root):
    done = subprocess.run([sys.executable, checker, check, root], capture_output=True, text=True)
    return done.returncode, done.stderr


def main():
    checker = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        clean = os.path.join(tmp, 'clean')
        write_tree(clean, CLEAN)
        # "Ōgi" is a game name only in the word itself: a folder for it too.
        os.makedirs(os.path.join(clean, 'variants', 'ogi'))
        for check in ('includes', 'game-names'):
            status, err = run(checker, check, clean)
            if status != 0:
                failures.append(f'the clean tree fails {check} ({status}):\n{err}')
        for number, (check, path, text, line) in enumerate(FAULTS):
            root = os.path.join(tmp, f'fault{number}')
            shutil.copytree(clean, root)
            files = {path: CLEAN.get(path, '') + text}
            write_tree(root, files)
            status, err = run(checker, check, root)
            where = f'{path}:{line}: '
            if status != 1 or where not in err:
                failures.append(f'{check} missed {text.strip()!r} in {path} '
                                f'(status {status}, wanted a line starting "{where}"):\n{err}')
            other = 'game-names' if check == 'includes' else 'includes'
            status, err = run(checker, other, root)
            if status != 0:
                failures.append(f'{other} fails on {text.strip()!r} in {path}:\n{err}')
        status, _ = run(checker, 'no-such-check', clean)
        if status != 2:
            failures.append(f'an unknown check is not a usage error (status {status})')
    for failure in failures:
        print('test_check_layers: ' + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
