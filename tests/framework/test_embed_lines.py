#!/usr/bin/env python3
"""test_embed_lines.py EMBED_LINES CC...: framework/embed_lines.py's C (CC: the
compiler's command, which may be several words, "ccache cc").

A text with quotes, backslashes, a tab, UTF-8 and no final newline is
written as C that a compiler takes under -std=c11 -Wall -Wextra -Wpedantic
-Werror, and whose lines, printed by the compiled program, are the text's
(each ending in a newline).  A line over 4000 bytes and a control character
are refused with a message naming the file, and no output is left.  Exit 0
when all holds; a message and 1 when not."""
import os
import subprocess
import sys
import tempfile

TEXT = 'dojo-net 1 toy 3 2\n# "quoted" \\back\\slash\ttab \u014cgi \u738b\n0.25 -4\nlast line'
PRINTER = r'''#include <stdio.h>
extern const char *const lines[];
int main(void) { for (int i = 0; lines[i] != NULL; i++) fputs(lines[i], stdout); return 0; }
'''


def fail(message):
    print('test_embed_lines: ' + message, file=sys.stderr)
    sys.exit(1)


def main():
    embed, cc = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, 'in.net')
        with open(source, 'w', encoding='utf-8', newline='') as f:
            f.write(TEXT)
        generated = os.path.join(tmp, 'lines.c')
        run = subprocess.run([sys.executable, embed, source, generated, 'lines'],
                             capture_output=True, text=True)
        if run.returncode != 0:
            fail('refused a good file: ' + run.stderr)
        printer = os.path.join(tmp, 'printer.c')
        with open(printer, 'w', encoding='ascii') as f:
            f.write(PRINTER)
        program = os.path.join(tmp, 'printer')
        build = subprocess.run(cc + ['-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror',
                                printer, generated, '-o', program],
                               capture_output=True, text=True)
        if build.returncode != 0:
            fail('the C does not compile: ' + build.stderr)
        printed = subprocess.run([program], capture_output=True).stdout.decode('utf-8')
        if printed != TEXT + '\n':
            fail('the lines read back as %r, not %r' % (printed, TEXT + '\n'))

        for name, bad, why in (('long.net', 'x' * 4001 + '\n', 'longer than 4000 bytes'),
                               ('bell.net', 'a\x07b\n', 'control character')):
            path = os.path.join(tmp, name)
            with open(path, 'w', encoding='utf-8', newline='') as f:
                f.write(bad)
            out = os.path.join(tmp, name + '.c')
            run = subprocess.run([sys.executable, embed, path, out, 'lines'],
                                 capture_output=True, text=True)
            if run.returncode == 0 or path not in run.stderr or why not in run.stderr:
                fail('%s: exit %d, %r' % (name, run.returncode, run.stderr))
            if os.path.exists(out):
                fail(name + ': output left behind')
    return 0


if __name__ == '__main__':
    sys.exit(main())
