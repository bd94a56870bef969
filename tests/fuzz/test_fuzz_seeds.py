#!/usr/bin/env python3
"""The seed generator (fuzz_seeds) and the replays' seeds made in memory.

Usage: test_fuzz_seeds.py FUZZ_SEEDS REPLAY_POSITION REPLAY_MOVE
                          REPLAY_RECORD REPLAY_PLAY REPLAY_UCI

Checks, for every built game (onitama and ogi in a default build; test
games too when the test_games option adds them), as fuzz_seeds lists them:
- the same --seed writes the same files, byte for byte, and another seed
  other files;
- every seed written replays through its target without a finding, and the
  written seeds alone exercise every game for every target (no replay has
  to make seeds in memory);
- a replay given an empty corpus (a game with no saved input) still
  exercises every game, with seeds made in memory, and says which target,
  which game and what to run;
- a replay whose only input names a game but no longer parses says so
  rather than that nothing names it.
"""
import os
import subprocess
import sys
import tempfile

TARGETS = ['position', 'move', 'record', 'play', 'uci']
COUNT = 4

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print('FAIL: ' + what, flush=True)


def run(argv):
    return subprocess.run(argv, capture_output=True, text=True, errors='replace', timeout=240)


def files_of(folder):
    """{target/name: bytes} of every file under folder."""
    found = {}
    for target in sorted(os.listdir(folder)):
        for name in sorted(os.listdir(os.path.join(folder, target))):
            with open(os.path.join(folder, target, name), 'rb') as f:
                found[target + '/' + name] = f.read()
    return found


def main():
    if len(sys.argv) != 2 + len(TARGETS):
        sys.exit(__doc__)
    fuzz_seeds = sys.argv[1]
    replays = dict(zip(TARGETS, sys.argv[2:]))
    games = []

    with tempfile.TemporaryDirectory(prefix='dojo-fuzz-seeds-') as tmp:
        # Deterministic for a given seed, and the seed matters.
        runs = {}
        for label, seed in [('a', '7'), ('b', '7'), ('c', '8')]:
            corpus = os.path.join(tmp, label)
            result = run([fuzz_seeds, '--seed', seed, corpus])
            check(result.returncode == 0, 'fuzz_seeds --seed %s failed: %s' % (seed, result.stderr))
            runs[label] = files_of(corpus)
            # one line a game: "NAME: 20 seeds, 20 of them new"
            listed = [line.split(':')[0] for line in result.stdout.splitlines()
                      if ' seeds, ' in line]
            check(not games or listed == games, 'fuzz_seeds listed other games: %s' % listed)
            games = games or listed
        check(len(games) > 0, 'fuzz_seeds made seeds for no game')
        expected = len(games) * len(TARGETS) * COUNT
        print('fuzz_seeds wrote %d files for %s (seed 7)' % (len(runs['a']), ', '.join(games)))
        check(len(runs['a']) == expected,
              'fuzz_seeds wrote %d files, not %d (games x targets x %d): seeds that come out '
              'the same?' % (len(runs['a']), expected, COUNT))
        check(runs['a'] == runs['b'], 'fuzz_seeds --seed 7 wrote other files the second time')
        # (a start position without a deal is the same whatever the seed)
        shared = set(runs['a']) & set(runs['c'])
        check(len(shared) * 4 < len(runs['a']),
              'fuzz_seeds --seed 8 wrote %d of the %d files of --seed 7'
              % (len(shared), len(runs['a'])))
        for game in games:
            for target in TARGETS:
                named = [k for k, data in runs['a'].items() if k.startswith(target + '/')
                         and game.encode() in data]
                check(len(named) >= COUNT, '%s has %d %s seeds' % (game, len(named), target))
        # A second run into the same folder writes nothing new.
        again = run([fuzz_seeds, '--seed', '7', os.path.join(tmp, 'a')])
        check('0 new seed files' in again.stdout, 'a second run wrote files again: ' + again.stdout)

        empty = os.path.join(tmp, 'empty')
        os.mkdir(empty)
        stale = os.path.join(tmp, 'stale')
        os.mkdir(stale)
        with open(os.path.join(stale, 'old'), 'w') as f:
            f.write(games[0] + '\n\x01 this is no position of any game\n')
        for target in TARGETS:
            # The written seeds replay, and exercise every game by themselves.
            result = run([replays[target], os.path.join(tmp, 'a', target)])
            check(result.returncode == 0,
                  'replay_%s of the written seeds failed:\n%s' % (target, result.stderr))
            check('made in memory' not in result.stderr,
                  'replay_%s: the written seeds do not exercise every game:\n%s'
                  % (target, result.stderr))
            check('%d passed, 0 failed' % (len(games) * COUNT) in result.stdout,
                  'replay_%s replayed: %s' % (target, result.stdout))
            # Every seed names its game, and all but the mistyped or
            # reworded kind get past its parser (so a generator out of step
            # with its target, which plays other moves than it, is caught).
            for game in games:
                line = '%s: %d saved inputs named it, ' % (game, COUNT)
                counts = [l for l in result.stdout.splitlines() if l.startswith(line)]
                check(len(counts) == 1 and int(counts[0][len(line):].split()[0]) >= COUNT - 1,
                      'replay_%s of the seeds written for %s: %s'
                      % (target, game, counts or result.stdout))

            # No saved input at all: every game is still exercised.
            result = run([replays[target], empty])
            check(result.returncode == 0,
                  'replay_%s with no saved input failed:\n%s' % (target, result.stderr))
            for game in games:
                check('fuzz_%s: no saved input names %s' % (target, game) in result.stderr,
                      'replay_%s with no saved input does not say so for %s:\n%s'
                      % (target, game, result.stderr))
                check('fuzz_%s: %s exercised by the seeds made in memory' % (target, game)
                      in result.stderr and '--game %s ' % game in result.stderr,
                      'replay_%s does not say that seeds made in memory exercised %s, and '
                      'what to run:\n%s' % (target, game, result.stderr))

        # An input that names the game but is refused by it.
        result = run([replays['position'], stale])
        check(result.returncode == 0, 'replay_position of a stale seed failed: ' + result.stderr)
        check('fuzz_position: 1 saved input names %s, but none gets past its parser' % games[0]
              in result.stderr,
              'replay_position does not tell a stale seed from none:\n' + result.stderr)

    if failures:
        print('%d failures' % len(failures))
        sys.exit(1)
    print('all checks passed')


if __name__ == '__main__':
    main()
