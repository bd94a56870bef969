#!/bin/sh
# tablebase.sh: the time and peak memory of building an Onitama
# tablebase, and its probes per second (docs/tablebases.md quotes the
# figures).
#
#   bench/tablebase.sh DOJO PROBE_BENCH [PIECES] [FOLDER] [CARDS]
#   bench/tablebase.sh build/frontends/tty/dojo build/bench/tablebase_probe 6 /tmp/tb6
#
# PIECES defaults to 6, FOLDER to tablebases-bench, CARDS to the set of
# `dojo play onitama --cards ox,boar,horse,elephant,crab`.  The build runs
# under `nice -n 19` and `/usr/bin/time -v` (its "Maximum resident set
# size" is the peak memory), stopped after TIMEOUT seconds (environment,
# default 14400): a build stopped so keeps its checkpoint, and the same
# command run again goes on from it.  The tables already in FOLDER are
# kept, so remove it to time a build from nothing.
set -eu
dojo=${1:?usage: tablebase.sh DOJO PROBE_BENCH [PIECES] [FOLDER] [CARDS]}
probe=${2:?usage: tablebase.sh DOJO PROBE_BENCH [PIECES] [FOLDER] [CARDS]}
pieces=${3:-6}
folder=${4:-tablebases-bench}
cards=${5:-ox,boar,horse,elephant,crab}
timeout=${TIMEOUT:-14400}

echo "== build: onitama, $pieces pieces, cards $cards, into $folder ($(nproc) cores)"
status=0
nice -n 19 timeout --signal=INT "$timeout" /usr/bin/time -v \
    "$dojo" solve onitama --cards "$cards" --pieces "$pieces" --output "$folder" \
    || status=$?
if [ "$status" -ne 0 ]; then
    echo "== the build stopped (status $status); run again to go on from its checkpoint"
    exit "$status"
fi
echo "== probes"
"$probe" onitama "$folder" "cards=$cards" 2
