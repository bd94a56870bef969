#!/usr/bin/env python3
"""test_screen.py: dojo play on the full screen, as a person sees it.

Each test runs the dojo binary in a pseudo-terminal of tmux's, at 80x24 or
another size, types keys and clicks as a person would, and reads the screen
back as the terminal draws it (tmux_screen.py).  Output is TAP, one line a
test.  Usage: test_screen.py DOJO [TEST...]   (exit 77: no tmux, skipped)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_screen import Screen  # noqa: E402

CARDS = 'ox,boar,horse,elephant,crab'
CARD_TITLES = ['Ox', 'Boar', 'Horse', 'Elephant', 'Crab']
DOJO = None
GAMES = set()   # the games this dojo was built with
TESTS = []


def test(function):
    TESTS.append(function)
    return function


def needs(*games):
    """A test that plays these games: skipped in a build without them."""
    def mark(function):
        function.games = games
        return function
    return mark


class Session:
    """`dojo play ARGS` on a screen, with a state folder of its own."""

    def __init__(self, args, columns=80, lines=24, env=None):
        self.home = tempfile.mkdtemp(prefix='dojo-screen-')
        environment = {'DOJO_HOME': self.home}
        environment.update(env or {})
        self.screen = Screen([DOJO, 'play'] + args, columns, lines, environment)

    def __enter__(self):
        return self.screen

    def __exit__(self, *exc):
        self.screen.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def journals(self):
        games = os.path.join(self.home, 'games')
        return sorted(os.listdir(games)) if os.path.isdir(games) else []


def onitama(*extra, **kw):
    return Session(['onitama', '--cards', CARDS, '--seed', '1', '--level', '1'] + list(extra),
                   **kw)


def ogi(*extra, **kw):
    return Session(['ogi', '--seed', '1', '--level', '1'] + list(extra), **kw)


def board_line(screen, rank):
    """The screen line that shows `rank` of the board (labelled both sides)."""
    for line in screen.splitlines():
        if re.match(r'^ ?%d .*\s%d\s*(\S.*)?$' % (rank, rank), line):
            return line
    raise AssertionError('no line of rank %d on the screen:\n%s' % (rank, screen))


def glyph_at(screen, rank, file_index):
    """The piece drawn on `rank`, file_index from the left as drawn, without
    the marks around it ('' for an empty square)."""
    cells = re.split(r'[\u2502|]', board_line(screen, rank))
    return cells[1 + file_index].strip(' []()<>*!')


def status_line(screen):
    """The status line: the line under the board's lower file letters."""
    lines = screen.splitlines()
    files = [i for i, line in enumerate(lines) if re.match(r'^\s+a\s+b\s+c\s', line)]
    if not files:
        raise AssertionError('no file letters on the screen:\n%s' % screen)
    return lines[files[-1] + 1] if files[-1] + 1 < len(lines) else ''


def result_on_the_board(screen, result):
    """Whether the status line says `result` once the game is over: in a
    window tall enough to show every message the result is on the screen
    twice, as the status line and as the message that announced it."""
    lines = [line.strip() for line in screen.splitlines()]
    return sum(1 for line in lines if line.startswith(result)) == 2


def cell_column(screen_text, rank, file_index, cell_width=4):
    """The column of the glyph of the square on `rank`, file_index from the
    left as drawn (the layout: 3 columns of labels, a frame line, then
    cells of cell_width with a sign before the glyph)."""
    return 3 + file_index * cell_width + 2


@test
@needs('onitama')
def onitama_fits_80x24_with_all_five_cards():
    with onitama() as s:
        screen = s.wait_for(r'Blue \(human\) to move')
        for title in CARD_TITLES:
            assert title in screen, '%s not on the screen:\n%s' % (title, screen)
        for rank in range(1, 6):
            board_line(screen, rank)
        assert 'Red (computer)' in screen, screen
        assert 'Legend' not in screen, screen
        for line in screen.splitlines():
            assert len(line) <= 80, line


@test
@needs('onitama')
def onitama_move_by_keys_marks_destinations_and_plays():
    with onitama() as s:
        s.wait_for(r'Blue \(human\) to move')
        # The cursor starts on Blue's master (c1); one square left is b1.
        s.keys('Left', 'Enter')
        screen = s.wait_for(r'<S>')
        assert '*' in board_line(screen, 2) or '*' in board_line(screen, 3), screen
        # Boar and Ox both step one forward: b1-b2 may be made by two cards.
        s.keys('Up', 'Enter')
        screen = s.wait_for(r'Which move\?|Blue plays')
        if 'Which move?' in screen:
            assert 'ox:b1b2' in screen and 'boar:b1b2' in screen, screen
            s.keys('1')
        s.wait_for(r'Red plays')
        screen = s.wait_for(r'Blue \(human\) to move')
        # The student stands on b2 now, b1 is empty.
        assert glyph_at(screen, 2, 1) == 'S' and glyph_at(screen, 1, 1) == '', screen


@test
@needs('onitama')
def onitama_move_by_mouse():
    with onitama() as s:
        screen = s.wait_for(r'Blue \(human\) to move')
        line_of = {rank: i for i, line in enumerate(screen.splitlines())
                   for rank in range(1, 6) if re.match(r'^ ?%d ' % rank, line)}
        # d1 is the fourth file: its glyph column in the drawing.
        s.click(cell_column(screen, 1, 3), line_of[1])
        s.wait_for(r'<S>')
        s.click(cell_column(screen, 2, 3), line_of[2])
        s.wait_for(r'Blue plays \w+:d1d2|Which move\?')


@test
@needs('onitama')
def onitama_typed_move_and_commands():
    with onitama() as s:
        s.wait_for(r'Blue \(human\) to move')
        s.type(':')
        s.wait_for(r'Blue>')
        s.type('ox:c1c2')
        s.keys('Enter')
        s.wait_for(r'Red plays')
        screen = s.wait_for(r'Blue \(human\) to move')
        assert glyph_at(screen, 2, 2) == 'M' and glyph_at(screen, 1, 2) == '', screen
        assert re.search(r'1\. +Blue +ox:c1c2', screen), screen   # the move list
        s.type('u')
        s.wait_for(r'Took back 2 moves')
        s.type('t')
        screen = s.wait_for(r'Hint: \w')
        assert re.search(r'>[MSms]?<|> <', screen), screen
        s.type('f')
        # Flipped, the files read from e to a (the board is drawn anew).
        screen = s.wait_for(r'^\s+e\s+d\s+c\s+b\s+a')
        # Flipped: rank 1 is drawn above rank 5.
        lines = screen.splitlines()
        first = [i for i, l in enumerate(lines) if re.match(r'^ ?1 ', l)][0]
        fifth = [i for i, l in enumerate(lines) if re.match(r'^ ?5 ', l)][0]
        assert first < fifth, screen


@test
@needs('amazons')
def amazons_whole_turn_typed_and_taken_back():
    # The test game (tests/games/amazons, -Dtest_games=amazons): a turn is
    # two moves, typed here as one line in the record's joined form.
    with Session(['amazons', '--level', '1', '--time', '100']) as s:
        s.wait_for(r'White \(human\) to move')
        s.type(':')
        s.wait_for(r'White>')
        s.type('e1-e6, /a6')
        s.keys('Enter')
        s.wait_for(r'Black plays \S+, /')
        screen = s.wait_for(r'White \(human\) to move')
        assert glyph_at(screen, 6, 4) == 'W' and glyph_at(screen, 1, 4) == '', screen
        s.type('u')
        screen = s.wait_for(r'Took back 4 moves')
        screen = s.wait_for(r'White \(human\) to move')
        assert glyph_at(screen, 1, 4) == 'W' and glyph_at(screen, 6, 4) == '', screen


@test
@needs('onitama')
def help_box_lists_keys_and_legend():
    with onitama() as s:
        s.wait_for(r'Blue \(human\) to move')
        s.type('?')
        s.wait_for(r'Keys on the board')
        s.keys('NPage', 'NPage', 'NPage')
        screen = s.wait_for(r'temple')
        s.keys('Enter')
        s.wait_for(r'Keys on the board', absent=True)


@test
@needs('onitama')
def resign_asks_first():
    with onitama(lines=40) as s:
        s.wait_for(r'Blue \(human\) to move')
        s.type('r')
        s.wait_for(r'Resign the game\?')
        s.type('n')
        s.wait_for(r'Resign the game\?', absent=True)
        s.type('r')
        s.wait_for(r'Resign the game\?')
        s.type('y')
        screen = s.wait_for(r'Game over')
        assert 'Red wins' in screen, screen
        s.wait_for(r'Esc  look at the board')
        s.keys('Escape')
        screen = s.wait_for(r'Esc  look at the board', absent=True)
        assert result_on_the_board(
            screen, 'Game over: Red wins (Blue resigned). Result 0-1.'), screen


@test
@needs('onitama')
def after_the_game_review_then_new_game():
    with onitama() as s:
        s.wait_for(r'Blue \(human\) to move')
        s.type(':')
        s.type('ox:c1c2')
        s.keys('Enter')
        s.wait_for(r'Move 2: Blue')
        s.type('r')
        s.wait_for(r'Resign the game\?')
        s.type('y')
        screen = s.wait_for(r'r  review the game')
        assert 'Blue resigned: Red wins.' in screen and 'Result 0-1' in screen, screen
        s.type('r')
        screen = s.wait_for(r'Review: position 2 of 2')
        assert 'Verdict:' in screen and '^' in screen, screen   # the graph's mark
        s.keys('Left')
        screen = s.wait_for(r'Review: position 1 of 2, after 1\. Blue ox:c1c2')
        assert glyph_at(screen, 1, 2) == '' and glyph_at(screen, 2, 2) == 'M', screen
        s.keys('Home')
        s.wait_for(r'Review: the start')
        s.type('q')
        s.wait_for(r'n  a new game')
        s.type('n')
        screen = s.wait_for(r'A new game, recorded in')
        screen = s.wait_for(r'Move 1: Blue to move')
        assert glyph_at(screen, 1, 2) == 'M', screen


@test
@needs('onitama')
def clock_runs_out_on_the_screen():
    with onitama('--tc', '0:02+0', lines=40) as s:
        screen = s.wait_for(r'Blue \(human\) to move')
        assert re.search(r'Blue 0:0\d', screen), screen
        screen = s.wait_for(r'Game over', timeout=15)
        assert 'Blue ran out of time' in screen and 'Red wins' in screen, screen
        # The box closed, the board still says how the game ended.
        s.wait_for(r'Esc  look at the board')
        s.keys('Escape')
        screen = s.wait_for(r'Esc  look at the board', absent=True)
        assert result_on_the_board(
            screen, 'Game over: Red wins (Blue ran out of time). Result 0-1.'), screen


@test
@needs('ogi')
def ogi_checkmate_is_named_on_the_board():
    with Session(['ogi', '--hotseat', '--position', '4k3/8/4+P3/8/8/8/8/4K3 b SP 10'],
                 lines=40) as s:
        screen = s.wait_for(r'Black \(human\) to move')
        assert status_line(screen).startswith('Move 10: Black to move'), screen
        s.type(':')
        s.type('S*e7')
        s.keys('Enter')
        screen = s.wait_for(r'Esc  look at the board')
        assert 'White is checkmated: Black wins.' in screen, screen
        s.keys('Escape')
        screen = s.wait_for(r'Esc  look at the board', absent=True)
        assert result_on_the_board(
            screen, 'Game over: Black wins (White is checkmated). Result 1-0.'), screen


@test
@needs('ogi')
def ogi_moves_are_numbered_from_the_position_on_the_screen():
    # Ōgi numbers every move, from the position string's move number: the
    # status line and the move list say the same number.
    with Session(['ogi', '--hotseat', '--position', '4k3/8/4P3/8/8/8/8/4K3 b RS 10'],
                 columns=100, lines=30) as s:
        screen = s.wait_for(r'Black \(human\) to move')
        assert status_line(screen).startswith('Move 10: Black to move (human).'), screen
        s.type(':')
        s.type('R*e7')
        s.keys('Enter')
        screen = s.wait_for(r'White \(human\) to move')
        assert status_line(screen).startswith('Move 11: White to move (human).'), screen
        assert re.search(r'10\. +Black +R\*e7', screen), screen   # the move list
        assert 'Ply' not in screen, screen


@test
@needs('onitama')
def review_step_on_the_full_screen():
    home = tempfile.mkdtemp(prefix='dojo-screen-')
    try:
        record = os.path.join(home, 'game.dojo')
        subprocess.run([DOJO, 'play', 'onitama', '--watch', '--level', '1', '--cards', CARDS,
                        '--seed', '2', '--max-plies', '6', '--record', record],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True,
                       env=dict(os.environ, DOJO_HOME=home))
        screen = Screen([DOJO, 'review', record, '--step', '--nodes', '2000'], 100, 30,
                        {'DOJO_HOME': home})
        try:
            text = screen.wait_for(r'Review: position 6 of 6')
            assert 'p play on' in text and '^' in text, text
            screen.keys('Home')
            screen.wait_for(r'Review: the start')
            screen.keys('Right')
            text = screen.wait_for(r'Review: position 1 of 6')
            assert 'Verdict:' in text and 'Best here:' in text, text
            screen.type('q')
            screen.wait_exit()
        finally:
            screen.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


@test
@needs('onitama')
def quit_keeps_the_game():
    session = onitama()
    with session as s:
        s.wait_for(r'Blue \(human\) to move')
        s.type('q')
        s.wait_for(r'Quit\?')
        s.type('y')
        s.wait_exit()
        screen = s.text()
        assert '--resume' in screen, screen
        assert session.journals(), 'no journal kept'


@test
@needs('onitama')
def resize_and_too_small():
    with onitama() as s:
        s.wait_for(r'Blue \(human\) to move')
        s.resize(50, 15)
        screen = s.wait_for(r'needs at least')
        assert '50x15' in screen, screen
        s.resize(120, 40)
        screen = s.wait_for(r'Blue \(human\) to move')
        assert 'Moves' in screen, screen   # a wide window shows the move list
        assert 'Engine' in screen, screen   # and the engine panel under it
        s.type('e')
        s.wait_for(r'Engine \(e hides\)', absent=True)
        for title in CARD_TITLES:
            assert title in screen, screen


@test
@needs('ogi')
def ogi_shows_board_and_both_hands():
    with ogi() as s:
        screen = s.wait_for(r'\(human\) to move')
        for rank in range(1, 9):
            board_line(screen, rank)
        assert 'White (computer)' in screen and 'Black (human) to move' in screen, screen
        assert screen.count('In hand: none') == 2, screen
        # A capture goes into the hand: from a position where Black takes.
    with Session(['ogi', '--level', '1', '--position',
                  'lnsiksnl/1r4b1/pppp1ppp/8/4p3/PPPPPPPP/1B4R1/LNSIKSNL b - 1']) as s:
        s.wait_for(r'Black \(human\) to move')
        s.type(':')
        s.type('e3e4')
        s.keys('Enter')
        screen = s.wait_for(r'In hand: P')
        assert 'In hand: none' in screen, screen


@test
@needs('ogi')
def ogi_traditional_glyphs_line_up():
    with ogi('--traditional') as s:
        screen = s.wait_for(r'\(human\) to move')
        # Every rank's right-hand label stands in the same column whatever
        # the wide glyphs on the rank: the board lines up.
        def label_column(rank):
            line = board_line(screen, rank)
            board = line[:line.rindex(' %d' % rank) + 1]
            return sum(2 if ord(c) >= 0x1100 and not 0xff61 <= ord(c) <= 0xffdc else 1
                       for c in board)
        columns = {label_column(rank) for rank in range(1, 9)}
        assert len(columns) == 1, screen
        assert any(ord(c) >= 0x4e00 for c in screen), screen   # kanji drawn


@test
@needs('onitama')
def ascii_locale_and_no_color_stay_playable():
    with onitama(env={'LC_ALL': 'C', 'NO_COLOR': '1'}) as s:
        screen = s.wait_for(r'Blue \(human\) to move')
        assert all(ord(c) < 128 for c in screen), screen
        s.keys('Left', 'Enter')
        s.wait_for(r'<S>')
        s.keys('Escape')
        s.wait_for(r'<S>', absent=True)


@test
@needs('onitama')
def monochrome_terminal_marks_with_signs():
    # vt100 has no colour: the marks must still show, by their signs.
    with onitama(env={'TERM': 'vt100'}) as s:
        s.wait_for(r'Blue \(human\) to move')
        s.keys('Left', 'Enter')
        screen = s.wait_for(r'<S>')
        assert '* *' in board_line(screen, 2), screen


@test
@needs('onitama')
def line_option_plays_line_by_line():
    with onitama('--line') as s:
        screen = s.wait_for(r'^Blue>')
        assert 'Move 1: Blue to move' in screen, screen


def main(argv):
    global DOJO
    if len(argv) < 2:
        print('usage: test_screen.py DOJO [TEST...]', file=sys.stderr)
        return 2
    if shutil.which('tmux') is None:
        print('1..0 # SKIP tmux is not installed')
        return 77
    DOJO = os.path.abspath(argv[1])
    listing = subprocess.run([DOJO, 'list'], stdout=subprocess.PIPE, text=True, check=True)
    GAMES.update(line.split()[0] for line in listing.stdout.splitlines()
                 if line and not line[0].isspace())
    chosen = [t for t in TESTS if len(argv) == 2 or t.__name__ in argv[2:]]
    print('1..%d' % len(chosen), flush=True)
    failed = 0
    for number, function in enumerate(chosen, 1):
        missing = [g for g in getattr(function, 'games', ()) if g not in GAMES]
        if missing:
            print('ok %d - %s # SKIP built without %s' % (number, function.__name__,
                                                       ', '.join(missing)), flush=True)
            continue
        try:
            function()
            print('ok %d - %s' % (number, function.__name__), flush=True)
        except Exception:   # a failed assertion or a screen that never came
            failed += 1
            print('not ok %d - %s' % (number, function.__name__), flush=True)
            for line in traceback.format_exc().splitlines():
                print('# ' + line, flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
