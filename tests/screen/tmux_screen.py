"""tmux_screen.py: run a terminal program inside tmux and read its screen.

The tests of dojo's full-screen play (tests/screen/test_screen.py) use it
as a person would use a terminal: a window of a given size, keys typed,
mouse clicks, and the screen read back as text (capture-pane), exactly as
the terminal draws it.  Each Screen has a tmux server of its own (-L), so
tests never meet a person's tmux or each other."""
import os
import re
import shlex
import subprocess
import itertools
import time

_SERVERS = itertools.count()


class ScreenTimeout(AssertionError):
    pass


class Screen:
    def __init__(self, argv, columns=80, lines=24, env=None, cwd=None):
        # A server of its own, never one a test before it is still closing.
        self.socket = 'dojo-test-%d-%d' % (os.getpid(), next(_SERVERS))
        environment = {'LC_ALL': 'C.UTF-8', 'TERM': 'screen'}
        environment.update(env or {})
        command = 'exec env ' + ' '.join(
            shlex.quote('%s=%s' % item) for item in environment.items())
        command += ' ' + ' '.join(shlex.quote(a) for a in argv)
        # remain-on-exit keeps the pane (and its last screen) after the
        # program ends, so that what it printed last can still be read.
        self._tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'test', '-x', str(columns),
                   '-y', str(lines), *(['-c', cwd] if cwd else []), command)
        self._tmux('set-option', '-t', 'test', 'remain-on-exit', 'on')
        self._tmux('set-option', '-t', 'test', 'status', 'off')

    def _tmux(self, *args, check=True):
        return subprocess.run(['tmux', '-L', self.socket] + list(args), check=check,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)

    def text(self):
        """The screen as lines of text."""
        return self._tmux('capture-pane', '-p', '-t', 'test').stdout

    def wait_for(self, pattern, timeout=20.0, absent=False):
        """Wait until `pattern` (a regular expression) is on the screen
        (or, with absent, is not); the screen's text."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            found = re.search(pattern, screen, re.M) is not None
            if found != absent:
                return screen
            if time.monotonic() > deadline:
                raise ScreenTimeout('%s %r on the screen after %.0f s; it shows:\n%s'
                                    % ('still' if absent else 'no', pattern, timeout, screen))
            time.sleep(0.1)

    def keys(self, *keys):
        """Type keys, as tmux names them ('Enter', 'Left', 'C-c', 'u')."""
        self._tmux('send-keys', '-t', 'test', *keys)

    def type(self, text):
        """Type `text` literally."""
        self._tmux('send-keys', '-t', 'test', '-l', text)

    def click(self, column, line):
        """A left click on the cell (column, line), both from 0, sent as
        the terminal sends it to a program that asked for the mouse (X10
        encoding: press, then release)."""
        def event(button):
            return '\x1b[M' + chr(32 + button) + chr(33 + column) + chr(33 + line)
        self._tmux('send-keys', '-t', 'test', '-l', event(0) + event(3))

    def resize(self, columns, lines):
        self._tmux('resize-window', '-t', 'test', '-x', str(columns), '-y', str(lines))

    def exited(self):
        """Whether the program has ended."""
        out = self._tmux('display-message', '-p', '-t', 'test', '#{pane_dead}').stdout
        return out.strip() == '1'

    def wait_exit(self, timeout=20.0):
        deadline = time.monotonic() + timeout
        while not self.exited():
            if time.monotonic() > deadline:
                raise ScreenTimeout('the program is still running after %.0f s:\n%s'
                                    % (timeout, self.text()))
            time.sleep(0.1)

    def close(self):
        self._tmux('kill-server', check=False)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
