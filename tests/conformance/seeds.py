#!/usr/bin/env python3
"""Run one conformance program at many seeds (the seeds suite).

A randomised check must hold for every seed, not only for the default one
its test was written at: this runs PROGRAM once per seed with
DOJO_CONFORMANCE_SEED set, and writes TAP, one line per seed, with the tail
of a failing run's output (which names the variant, the game seed, the ply
and the position).

    seeds.py PROGRAM COUNT

COUNT seeds from 1 by default; DOJO_SEEDS=N runs N seeds instead (a
nightly loop: DOJO_SEEDS=200 meson test --suite seeds), and
DOJO_SEEDS_FIRST=S starts from seed S (a new stretch of seeds each night).
"""
import os
import subprocess
import sys

TAIL_LINES = 40
# A run of one program at one seed that takes longer has hung: the loop has
# no timeout of its own (its length is the caller's), so each run has one.
RUN_TIMEOUT_S = 900


def number(name, default):
    text = os.environ.get(name, default)
    try:
        value = int(text, 0)
    except ValueError:
        value = -1
    if value < 0:
        print(f"Bail out! {name} wants a whole number, not {text!r}")
        sys.exit(1)
    return value


def main():
    program, default_count = sys.argv[1], sys.argv[2]
    count = number("DOJO_SEEDS", default_count)
    first = number("DOJO_SEEDS_FIRST", "1")
    name = os.path.basename(program)
    print(f"1..{count}", flush=True)
    failed = 0
    for i in range(count):
        seed = (first + i) & 0xFFFFFFFF
        env = dict(os.environ, DOJO_CONFORMANCE_SEED=str(seed))
        try:
            run = subprocess.run([program], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True, errors="replace",
                                 timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            failed += 1
            print(f"not ok {i + 1} - {name} at seed {seed} (still running after "
                  f"{RUN_TIMEOUT_S} s; replay: DOJO_CONFORMANCE_SEED={seed} {program})",
                  flush=True)
            continue
        if run.returncode == 0:
            print(f"ok {i + 1} - {name} at seed {seed}", flush=True)
            continue
        failed += 1
        print(f"not ok {i + 1} - {name} at seed {seed} (exit {run.returncode}; "
              f"replay: DOJO_CONFORMANCE_SEED={seed} {program})")
        for line in run.stdout.splitlines()[-TAIL_LINES:]:
            print(f"# {line}")
        sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
