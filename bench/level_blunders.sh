#!/bin/sh
# level_blunders.sh: how often a playing level blunders, by dojo's own review.
#
#   bench/level_blunders.sh GAME DOJO LEVEL [GAMES] [OPPONENT] [NODES] [OUTDIR]
#
# Plays GAMES games (default 20) of LEVEL against level OPPONENT (default:
# LEVEL itself), colours alternated, 100 ms a move, then reviews every game
# with `DOJO review --nodes NODES` (default 200000: repeatable) and adds up
# the labels review gives LEVEL's moves: inaccuracies, mistakes, blunders
# (a move that loses 3.00 or more, or walks into a forced loss) and moves
# that lose at once (the opponent's reply wins: "loss in 1").  The last line
# is the summary: moves, counts, and blunders per 100 moves.
set -eu

if [ $# -lt 3 ]; then
    echo "usage: $0 GAME DOJO LEVEL [GAMES] [OPPONENT] [NODES] [OUTDIR]" >&2
    exit 2
fi
game=$1
dojo=$2
level=$3
games=${4:-20}
opponent=${5:-$level}
nodes=${6:-200000}
outdir=${7:-blunders-$game-$level}
case $level$games$opponent$nodes in
    *[!0-9]*) echo "$0: LEVEL, GAMES, OPPONENT and NODES are numbers" >&2; exit 2 ;;
esac
mkdir -p "$outdir/records"
case $game in
    onitama) game_options="--deck base --openings random:2 --max-plies 400" ;;
    *) game_options="--openings random:4 --max-plies 400" ;;
esac

# shellcheck disable=SC2086 # game_options is a list of words
"$dojo" match "$game" \
    --engine "name=L$level,cmd=$dojo,arg=uci,option.Hash=16,option.Skill Level=$level" \
    --engine "name=O$opponent,cmd=$dojo,arg=uci,option.Hash=16,option.Skill Level=$opponent" \
    --games "$games" --movetime 100 --concurrency 2 --seed "$((500 + level))" \
    --records "$outdir/records" $game_options < /dev/null > "$outdir/match.log"

# A review's summary lines are "SIDE: N moves, ... M blunders, ...".  The
# record's tags say which side L<level> played.
total_moves=0; total_inaccuracies=0; total_mistakes=0; total_blunders=0; total_at_once=0
for record in "$outdir"/records/*.dojo; do
    review="$record.review"
    "$dojo" review --nodes "$nodes" --color never "$record" > "$review"
    side=$(sed -n 's/^\[\([^ ]*\) "L'"$level"'"\]$/\1/p' "$record" | head -n 1)
    [ -n "$side" ] || { echo "$0: no side named L$level in $record" >&2; exit 1; }
    line=$(grep "^$side: [0-9]* moves," "$review" | head -n 1)
    moves=$(echo "$line" | sed -n 's/.*: \([0-9]*\) moves.*/\1/p')
    count() { echo "$line" | sed -n "s/.* \([0-9]*\) $1.*/\1/p"; }
    inaccuracies=$(count inaccurac); mistakes=$(count mistake); blunders=$(count blunder)
    # a move of LEVEL's after which the opponent wins at once (the words
    # of dojo's review before and after stop 70)
    at_once=$(grep -cE "^ *[0-9]+\.+ $side .* -> (loss|loses|mated) in 1( |;|$)" "$review" || true)
    total_moves=$((total_moves + moves))
    total_inaccuracies=$((total_inaccuracies + ${inaccuracies:-0}))
    total_mistakes=$((total_mistakes + ${mistakes:-0}))
    total_blunders=$((total_blunders + ${blunders:-0}))
    total_at_once=$((total_at_once + at_once))
done
echo "$(grep '^Score of' "$outdir/match.log" | tail -n 1)"
echo "level $level in $games games: $total_moves moves, $total_inaccuracies inaccuracies," \
     "$total_mistakes mistakes, $total_blunders blunders" \
     "($(awk "BEGIN { printf \"%.1f\", 100 * $total_blunders / ($total_moves > 0 ? $total_moves : 1) }")" \
     "per 100 moves), $total_at_once moves that lose at once"
