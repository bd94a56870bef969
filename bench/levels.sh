#!/bin/sh
# levels.sh: measure dojo's ten playing levels in Elo, by matches.
#
#   bench/levels.sh GAME DOJO [GAMES] [MOVETIME_MS] [OUTDIR] [TEN_GAMES]
#
# Plays each level k (1-9) against level k+1, GAMES games each (default
# 100), and each level 1-8 against full strength (level 10), TEN_GAMES
# games each (default GAMES), at MOVETIME_MS a move (default 100), two
# games at a time, with `DOJO match` (DOJO: the path of a dojo
# binary; both engines are `DOJO uci` with "Skill Level" set).  Each match's
# log goes to OUTDIR (default levels-GAME); the last lines printed are a
# Markdown table: each match's score and Elo difference, and the levels'
# Elo on a scale where level 10 is 0, fitted to all the matches at once
# (a chain of neighbour matches alone overstates the distances: a level
# beats the one below it by more than their results against level 10 say).
#
# Give the machine to it: the levels below 10 search to a fixed depth, but
# level 10 (and level 9 in a short time) use the clock.  It takes tens of
# minutes for 100 games a match.
set -eu

if [ $# -lt 2 ]; then
    echo "usage: $0 GAME DOJO [GAMES] [MOVETIME_MS] [OUTDIR] [TEN_GAMES]" >&2
    exit 2
fi
game=$1
dojo=$2
games=${3:-100}
movetime=${4:-100}
outdir=${5:-levels-$game}
ten_games=${6:-$games}
case $games$movetime$ten_games in
    *[!0-9]*) echo "$0: GAMES, MOVETIME_MS and TEN_GAMES are numbers" >&2; exit 2 ;;
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
    n=$games
    [ "$2" -eq 10 ] && [ "$1" -lt 9 ] && n=$ten_games
    # shellcheck disable=SC2086 # game_options is a list of words
    "$dojo" match "$game" \
        --engine "name=L$1,cmd=$dojo,arg=uci,option.Hash=16,option.Skill Level=$1" \
        --engine "name=L$2,cmd=$dojo,arg=uci,option.Hash=16,option.Skill Level=$2" \
        --games "$n" --movetime "$movetime" --concurrency 2 --seed "$((100 + $1 * 10 + $2))" \
        $game_options < /dev/null > "$log.part"
    mv "$log.part" "$log"
}

# pairs: the matches, "A B" a line: each level below 10 against the next
# one up and against level 10.
pairs() {
    for k in 1 2 3 4 5 6 7 8 9; do
        echo "$k $((k + 1))"
        [ "$k" -lt 9 ] && echo "$k 10"
    done
}

pairs | while read -r a b; do
    match "$a" "$b"
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

# results: one line "A B WINS LOSSES DRAWS" a match played.
results() {
    pairs | while read -r a b; do
        echo "$a $b $(score "$a" "$b")"
    done
}

# The levels' Elo that best explain every match at once (the maximum of the
# Bradley-Terry likelihood, by Hunter's MM iteration; a draw is half a win
# each way), with level 10 at 0.  One virtual draw between neighbours keeps
# a level that won or lost everything finite.
fit=$(results | awk '
    { a = $1; b = $2; w[a] += $3 + $5 / 2; w[b] += $4 + $5 / 2
      n[a, b] += $3 + $4 + $5; n[b, a] += $3 + $4 + $5 }
    END {
        for (i = 1; i < 10; i++) { w[i] += 0.5; w[i + 1] += 0.5; n[i, i + 1] += 1; n[i + 1, i] += 1 }
        for (i = 1; i <= 10; i++) r[i] = 1
        for (it = 0; it < 10000; it++) {
            for (i = 1; i <= 10; i++) {
                d = 0
                for (j = 1; j <= 10; j++) if (j != i && n[i, j] > 0) d += n[i, j] / (r[i] + r[j])
                r[i] = w[i] / d
            }
            for (i = 1; i <= 10; i++) r[i] /= r[10]
        }
        for (i = 1; i <= 10; i++) printf "%.0f ", 400 * log(r[i]) / log(10)
    }')

echo
echo "$game, $games games a match between neighbours, $ten_games against level 10, ${movetime} ms a move"
echo
echo "| level | vs next: W-L-D | Elo vs next | vs level 10: W-L-D | Elo vs 10 | Elo (level 10 = 0) |"
echo "|---|---|---|---|---|---|"
k=1
for elo_fit in $fit; do
    if [ "$k" -eq 10 ]; then
        echo "| 10 | | | | | 0 |"
        break
    fi
    set -- $(score "$k" "$((k + 1))")
    next="$1-$2-$3 | $(elo "$k" "$((k + 1))")"
    if [ "$k" -lt 9 ]; then
        set -- $(score "$k" 10)
        full="$1-$2-$3 | $(elo "$k" 10)"
    else
        full="(the next level) | "
    fi
    echo "| $k | $next | $full | $elo_fit |"
    k=$((k + 1))
done
