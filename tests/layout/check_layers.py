#!/usr/bin/env python3
"""check_layers.py CHECK ROOT: the tree's layout rules, checked in ROOT.

CHECK is one of:

  includes    every `#include "..."` in framework/, frontends/, variants/
              and bench/ goes down the layers, never up:
                  frontends/tty -> frontends/uci -> frontends/common
                  -> framework/referee -> framework/lab -> framework/search
                  -> framework/tablebase
                  -> framework (the core: the files directly in framework/)
              each layer including only its own folder and the layers below
              it; variants/NAME including only the core and its own folder;
              bench/ anything but frontends/tty; and only variants/NAME (and
              tests/) including a header of variants/NAME.  Every include is
              written as a path from the top of the tree
              ("framework/search/search.h") and names a file that is in the
              tree (or one the build generates: GENERATED).

  game-names  no file under frontends/ or completion/ names a game (a folder
              name under variants/, or "Ōgi"), in code, comments or strings
              alike, nor has a game's name in its own path: the front ends
              learn the games from the registry, so that adding or leaving
              out a game never touches them.

Prints one line per finding, "FILE:LINE: the rule broken", on standard
error; exit status 0 when the tree keeps the rules, 1 when it does not,
2 on a usage error.  Run by the Python that runs meson (tests/layout), so
it needs nothing but the standard library."""
import os
import re
import sys

# Bottom to top: a file may include its own layer and those before it.
LAYERS = [
    'framework',            # the core: only the files directly in framework/
    'framework/tablebase',
    'framework/search',
    'framework/lab',
    'framework/referee',
    'frontends/common',
    'frontends/uci',
    'frontends/tty',
]
# Made by the build (configure_file), so absent from a clean tree.
GENERATED = {'framework/registry_list.h', 'frontends/tty/version.h'}
INCLUDE_DIRS = ['framework', 'frontends', 'variants', 'bench']
NAME_DIRS = ['frontends', 'completion']
SOURCE_SUFFIXES = ('.c', '.h')
# A game's name not spelt the way its folder is.
EXTRA_GAME_NAMES = ['Ōgi']
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]*)"')


def files_under(root, top, suffixes=None):
    """The files under ROOT/TOP as paths from ROOT ('/'-separated), sorted."""
    found = []
    for folder, dirs, names in os.walk(os.path.join(root, top)):
        dirs.sort()
        for name in sorted(names):
            if suffixes is None or name.endswith(suffixes):
                path = os.path.relpath(os.path.join(folder, name), root)
                found.append(path.replace(os.sep, '/'))
    return found


def read_lines(root, path):
    """PATH's lines as text, or None for a binary file (it holds a NUL)."""
    with open(os.path.join(root, path), 'rb') as f:
        data = f.read()
    if b'\0' in data:
        return None
    return data.decode('utf-8', errors='replace').splitlines()


def place_of(path):
    """Where a file of the tree stands: ('layer', index into LAYERS),
    ('variant', NAME), ('bench', None), ('tests', None) or ('other', FOLDER)."""
    folder = os.path.dirname(path)
    parts = folder.split('/')
    if parts[0] == 'variants' and len(parts) >= 2:
        return ('variant', parts[1])
    if parts[0] in ('bench', 'tests'):
        return (parts[0], None)
    # The longest layer folder holding it; the core only directly.
    for index in reversed(range(len(LAYERS))):
        layer = LAYERS[index]
        if folder == layer or (layer != 'framework' and folder.startswith(layer + '/')):
            return ('layer', index)
    return ('other', folder)


def layer_rule(index):
    """The rule for a file of LAYERS[index], for messages."""
    allowed = ', '.join(reversed(LAYERS[:index + 1]))
    return f'{LAYERS[index]} may include only {allowed}'


def include_rule_broken(includer, included):
    """Why INCLUDER may not include INCLUDED (both paths from the top), or
    None when it may."""
    kind, where = place_of(includer)
    target_kind, target_where = place_of(included)
    if kind == 'other':
        return (f'{where}/ is not one of the layers (a new layer belongs in '
                f'docs/architecture.md and in LAYERS, tests/layout/check_layers.py)')
    if target_kind == 'variant' and not (kind == 'variant' and where == target_where):
        return (f'includes a header of variants/{target_where}: only variants/{target_where} '
                f'and tests/ may (the rest of the tree knows no game)')
    if kind == 'layer':
        if target_kind != 'layer' or target_where > where:
            return f'goes up or out of the layers: {layer_rule(where)}'
        return None
    if kind == 'variant':
        if target_kind == 'layer' and target_where == 0:
            return None
        if target_kind == 'variant':
            return None
        return f'variants/{where} may include only the core (framework) and variants/{where}'
    if kind == 'bench':
        if target_kind == 'layer' and LAYERS[target_where] == 'frontends/tty':
            return 'bench/ may include anything but frontends/tty'
        return None
    return None


def style_problem(root, includer, name):
    """Why `#include "NAME"` in INCLUDER is not a path from the top of the
    tree naming a file of the tree, or None when it is."""
    parts = name.split('/')
    from_top = (name != '' and '\\' not in name and not name.startswith('/')
                and all(p not in ('', '.', '..') for p in parts))
    exists = name in GENERATED or os.path.isfile(os.path.join(root, name))
    if from_top and exists:
        return None
    # Where a compiler would find it beside the includer, say what to write.
    beside = os.path.normpath(os.path.join(os.path.dirname(includer), name)).replace(os.sep, '/')
    if (not beside.startswith('../') and beside != '..'
            and (beside in GENERATED or os.path.isfile(os.path.join(root, beside)))):
        return (f'"{name}" is not written as a path from the top of the tree '
                f'(write "{beside}")')
    if not from_top:
        return f'"{name}" is not written as a path from the top of the tree'
    return f'"{name}" names a file that is not in the tree'


def check_includes(root):
    """The findings of the `includes` check, as (file, line, why)."""
    findings = []
    for top in INCLUDE_DIRS:
        for path in files_under(root, top, SOURCE_SUFFIXES):
            lines = read_lines(root, path)
            for number, line in enumerate(lines or [], start=1):
                match = INCLUDE_RE.match(line)
                if match is None:
                    continue
                name = match.group(1)
                why = style_problem(root, path, name)
                if why is None:
                    why = include_rule_broken(path, name)
                    if why is not None:
                        why = f'includes "{name}": {why}'
                if why is not None:
                    findings.append((path, number, why))
    return findings


def game_names(root):
    """The games' names: the folders under variants/, and EXTRA_GAME_NAMES."""
    variants = os.path.join(root, 'variants')
    names = [n for n in sorted(os.listdir(variants)) if os.path.isdir(os.path.join(variants, n))]
    return names + EXTRA_GAME_NAMES


def name_pattern(names):
    """Any of NAMES as a whole word, in any case.  Letters and digits make
    words and an underscore parts them, so that a C name such as
    dj_variant_ogi names the game as plainly as the word itself does."""
    either = '|'.join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(r'(?<![^\W_])(' + either + r')(?![^\W_])', re.IGNORECASE)


def check_game_names(root):
    """The findings of the `game-names` check, as (file, line, why)."""
    pattern = name_pattern(game_names(root))
    findings = []
    for top in NAME_DIRS:
        for path in files_under(root, top):
            found = pattern.findall(path)
            if found:
                findings.append((path, 0, f'its path names a game ({", ".join(found)})'))
            for number, line in enumerate(read_lines(root, path) or [], start=1):
                found = pattern.findall(line)
                if found:
                    names = ', '.join(dict.fromkeys(found))
                    findings.append((path, number, f'names a game ({names}): front ends '
                                     f'learn the games from the registry'))
    return findings


CHECKS = {'includes': check_includes, 'game-names': check_game_names}


def main(argv):
    if len(argv) != 3 or argv[1] not in CHECKS:
        print(f'usage: {os.path.basename(argv[0])} {"|".join(CHECKS)} ROOT', file=sys.stderr)
        return 2
    # A wrong ROOT would pass with nothing to look at.
    if not all(os.path.isdir(os.path.join(argv[2], top)) for top in ('framework', 'variants')):
        print(f'check_layers: {argv[2]} is not the top of the tree (no framework/, variants/)',
              file=sys.stderr)
        return 2
    findings = CHECKS[argv[1]](argv[2])
    for path, number, why in findings:
        print(f'{path}:{number}: {why}', file=sys.stderr)
    if findings:
        print(f'check_layers {argv[1]}: {len(findings)} finding(s)', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
