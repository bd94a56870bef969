#!/bin/sh
# levels.sh: measure dojo's ten playing levels in Elo, by matches.
#
#   bench/levels.sh GAME DOJO [GAMES] [MOVETIME_MS] [OUTDIR]
#
# Plays each level k (1-9) against level k+1 and against full strength
# (level 10), GAMES games each (default 100) at MOVETIME_MS a move (default
# 100), two games at a time, with `DOJO match` (DOJO: the path of a dojo
# binary; both engines are `DOJO uci` with "Skill Level" set).  Each match's
# log goes to OUTDIR (default levels-GAME); the last lines printed are a
# Markdown table: each match's score and Elo difference, and the levels'
# Elo on a scale where level 10 is 0, from the chain of neighbouring
# matches (a neighbour match won or lost outright counts as won or lost by
# half a game less: a bound, marked ">").
#
# Give the machine to it: the levels below 10 search to a fixed depth, but
# level 10 (and level 9 in a short time) use the clock.  It takes tens of
# minutes for 100 games a match.
set -eu

if [ $# -lt 2 ]; then
    echo "usage: $0 GAME DOJO [GAMES] [MOVETIME_MS] [OUTDIR]" >&2
    exit 2
fi
game=$1
dojo=$2
games=${3:-100}
movetime=${4:-100}
outdir=${5:-levels-$game}
case $games$movetime in
    *[!0-9]*) echo "$0: GAMES and MOVETIME_MS are numbers" >&2; exit 2 ;;
esac
if [ ! -x "$dojo" ]; then
    echo "$0: $dojo is not an executable dojo" >&2
    exit 2
fi
mkdir -p "$outdir"

case $game in
    onitama) game_options="--deck base --openings random:2 --max-plies 400" ;;
    *) game_options="--openings random:4 --max-plies 400" ;;
esac

# match A B: level A against level B; the log is OUTDIR/A-B.log.
match() {
    log="$outdir/$1-$2.log"
    if [ -s "$log" ] && grep -q '^Elo difference' "$log"; then
        return 0   # done in an earlier run: keep it
    fi
    # shellcheck disable=SC2086 # game_options is a list of words
    "$dojo" match "$game" \
        --engine "name=L$1,cmd=$dojo,arg=uci,option.Hash=16,option.Skill Level=$1" \
        --engine "name=L$2,cmd=$dojo,arg=uci,option.Hash=16,option.Skill Level=$2" \
        --games "$games" --movetime "$movetime" --concurrency 2 --seed "$((100 + $1 * 10 + $2))" \
        $game_options > "$log.part"
    mv "$log.part" "$log"
}

for k in 1 2 3 4 5 6 7 8 9; do
    match "$k" "$((k + 1))"
    [ "$k" -lt 9 ] && match "$k" 10
done

# score A B: "W L D" of the match's last score line.
score() {
    sed -n 's/^Score of [^:]*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\).*/\1 \2 \3/p' \
        "$outdir/$1-$2.log" | tail -n 1
}
# elo A B: the match's "Elo difference" figure and interval as printed.
elo() {
    sed -n 's/^Elo difference: \([^,]*\),.*/\1/p' "$outdir/$1-$2.log" | tail -n 1
}

echo
echo "$game, $games games a match, ${movetime} ms a move"
echo
echo "| level | vs next: W-L-D | Elo vs next | vs level 10: W-L-D | Elo vs 10 | Elo (level 10 = 0) |"
echo "|---|---|---|---|---|---|"
chain=0
rows=""
# Once a step is a bound, so is every level under it: "< " (an upper
# bound) when every bounded step was lost outright, "> " when every one was
# won outright, "~ " when both (no bound at all).
below=""
for k in 9 8 7 6 5 4 3 2 1; do
    set -- $(score "$k" "$((k + 1))")
    # Elo of k below k+1 from the score, clamped half a game from 0 and 1.
    step=$(awk -v w="$1" -v l="$2" -v d="$3" 'BEGIN {
        n = w + l + d; s = (w + d / 2) / n; bound = ""
        if (s < 0.5 / n) { s = 0.5 / n; bound = ">" }
        if (s > 1 - 0.5 / n) { s = 1 - 0.5 / n; bound = ">" }
        printf "%s %.0f\n", bound, -400 * log(1 / s - 1) / log(10) }')
    if [ -n "${step% *}" ]; then
        case ${step#* } in -*) this="< " ;; *) this="> " ;; esac
        if [ -z "$below" ]; then
            below=$this
        elif [ "$below" != "$this" ]; then
            below="~ "
        fi
    fi
    chain=$((chain + ${step#* }))
    next="$1-$2-$3"
    if [ "$k" -lt 9 ]; then
        set -- $(score "$k" 10)
        full="$1-$2-$3 | $(elo "$k" 10)"
    else
        full="(the next level) | "
    fi
    rows="| $k | $next | $(elo "$k" "$((k + 1))") | $full | $below$chain |
$rows"
done
printf '%s' "$rows"
echo "| 10 | | | | | 0 |"
