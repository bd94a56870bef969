#!/usr/bin/env python3
"""make_screenshots.py: the README's pictures of `dojo play` on the full screen.

Runs dojo in a pseudo-terminal of tmux's at 80x24 (tests/screen/tmux_screen.py),
plays a few moves with the keys as a person would, reads the screen back
with its colours (capture-pane -e) and draws it as a PNG, one character cell
at a time, with a monospaced font.

    docs/screenshots/make_screenshots.py build/frontends/tty/dojo

Needs tmux, Python's PIL (Debian: python3-pil) and the DejaVu Sans Mono
font (fonts-dejavu-core); for kanji, Noto Sans CJK (fonts-noto-cjk).  Not
part of the build or the tests: run it by hand when the screen changes."""
import os
import re
import shutil
import sys
import tempfile
import time

from PIL import Image, ImageDraw, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tests', 'screen'))
from tmux_screen import Screen  # noqa: E402

FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf'
FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf'
WIDE_FONTS = ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc']
SIZE = 16
BACKGROUND = (24, 24, 28)
FOREGROUND = (220, 220, 215)
PALETTE = [(24, 24, 28), (230, 80, 80), (110, 200, 110), (230, 200, 90),
           (100, 150, 255), (200, 120, 220), (90, 200, 210), (220, 220, 215)]


def parse(text):
    """The screen as rows of (character, foreground, background, bold)."""
    rows = []
    for line in text.split('\n'):
        row = []
        fg, bg, bold, reverse = FOREGROUND, BACKGROUND, False, False
        at = 0
        for m in re.finditer(r'\x1b\[([0-9;]*)m|([^\x1b])', line):
            if m.group(2) is not None:
                f, b = (bg, fg) if reverse else (fg, bg)
                row.append((m.group(2), f, b, bold))
                continue
            codes = [int(c) if c else 0 for c in m.group(1).split(';')]
            i = 0
            while i < len(codes):
                c = codes[i]
                if c == 0:
                    fg, bg, bold, reverse = FOREGROUND, BACKGROUND, False, False
                elif c == 1:
                    bold = True
                elif c == 7:
                    reverse = True
                elif c == 22:
                    bold = False
                elif c == 27:
                    reverse = False
                elif 30 <= c <= 37:
                    fg = PALETTE[c - 30]
                elif c == 39:
                    fg = FOREGROUND
                elif 40 <= c <= 47:
                    bg = PALETTE[c - 40]
                elif c == 49:
                    bg = BACKGROUND
                elif c in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                    color = PALETTE[codes[i + 2] % 8]
                    if c == 38:
                        fg = color
                    else:
                        bg = color
                    i += 2
                i += 1
            at = m.end()
        del at
        rows.append(row)
    return rows


def is_wide(char):
    return 0x1100 <= ord(char) and not 0x2500 <= ord(char) <= 0x259f


def draw(rows, columns, lines, path):
    font = ImageFont.truetype(FONT, SIZE)
    bold = ImageFont.truetype(FONT_BOLD, SIZE)
    wide = next((ImageFont.truetype(f, SIZE) for f in WIDE_FONTS if os.path.exists(f)), font)
    cell_w = int(font.getlength('M'))
    cell_h = int(SIZE * 1.3)
    image = Image.new('RGB', (cell_w * columns + 16, cell_h * lines + 16), BACKGROUND)
    pen = ImageDraw.Draw(image)
    for y, row in enumerate(rows[:lines]):
        x = 0
        for char, fg, bg, is_bold in row:
            width = 2 if is_wide(char) else 1
            left, top = 8 + x * cell_w, 8 + y * cell_h
            pen.rectangle([left, top, left + width * cell_w - 1, top + cell_h - 1], fill=bg)
            face = wide if width == 2 else bold if is_bold else font
            pen.text((left, top + 2), char, font=face, fill=fg)
            x += width
    image.save(path)


def shoot(dojo, args, keys, path, wait_for, columns=80, lines=24):
    home = tempfile.mkdtemp(prefix='dojo-shot-')
    screen = Screen([dojo, 'play'] + args, columns, lines,
                    {'DOJO_HOME': home, 'TERM': 'screen-256color'})
    try:
        screen.wait_for(wait_for)
        for step in keys:
            if isinstance(step, float):
                time.sleep(step)
            elif step.startswith('wait:'):
                screen.wait_for(step[5:])
            else:
                screen.keys(step)
        time.sleep(0.5)
        text = screen._tmux('capture-pane', '-e', '-p', '-t', 'test').stdout
        draw(parse(text), columns, lines, path)
        print('wrote', path)
    finally:
        screen.close()
        shutil.rmtree(home, ignore_errors=True)


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dojo = os.path.abspath(argv[1])
    shoot(dojo, ['onitama', '--cards', 'ox,boar,horse,elephant,crab', '--seed', '3',
                 '--level', '2'],
          ['Left', 'Enter', 'Up', 'Enter', '1', 'wait:Red plays',
           'wait:Blue \\(human\\) to move',
           'Enter'],
          os.path.join(HERE, 'onitama.png'), r'Blue \(human\) to move')
    shoot(dojo, ['ogi', '--seed', '3', '--level', '2'],
          ['Left', 'Left', 'Up', 'Up', 'Enter', 'Up', 'Enter', '1', 'wait:White plays',
           'wait:Black \\(human\\) to move', 'Right', 'Right', 'Down', 'Enter'],
          os.path.join(HERE, 'ogi.png'), r'Black \(human\) to move')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
