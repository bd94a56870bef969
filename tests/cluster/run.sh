#!/usr/bin/env bash
# tests/cluster/run.sh DOJO: `dojo match --shard` on real schedulers.
#
# Starts a Slurm cluster of one node on this machine (munged, slurmctld and
# slurmd as root, each on files and ports of its own under a temporary
# folder, no systemd), submits a job array of four slices of a 16-game
# match at node limits (dojo against itself with other options), waits for
# it (bounded), merges the slices and checks that the merge is the whole
# match played at once: the same score, Elo, pentanomial and SPRT lines,
# and the same games, record for record.  Then the same through GNU
# parallel, with an --sshloginfile that names this machine (':').  Every
# daemon it started is stopped on the way out, whatever happens.  Prints
# the time each part took.
#
# It needs slurmctld, slurmd, the Slurm client commands, munge and GNU
# parallel (Debian 12: slurmctld slurmd slurm-client munge parallel, Slurm
# 22.05); run as root it installs what is missing with apt-get, as
# .ci/build does.  Without them and without root it says so and exits 77
# (skipped).  .ci/run runs it after the main suites.
set -euo pipefail

if [ "$#" -ne 1 ]; then
    echo "usage: tests/cluster/run.sh DOJO" >&2
    exit 2
fi
dojo=$(realpath "$1")
[ -x "$dojo" ] || { echo "cluster: no dojo at $1" >&2; exit 1; }

now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }
say() { echo "cluster: $*"; }

# ---- what it needs -----------------------------------------------------------
start=$(now)
missing=()
for pair in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge parallel:parallel; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        # The packages' own services must not start (this test starts its
        # daemons itself, and stops them): the Debian way to say so.
        policy=""
        if [ ! -e /usr/sbin/policy-rc.d ]; then
            policy=/usr/sbin/policy-rc.d
            printf '#!/bin/sh\nexit 101\n' > "$policy"
            chmod 755 "$policy"
        fi
        status=0
        { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" \
            >/dev/null; } || status=$?
        [ -z "$policy" ] || rm -f -- "$policy"
        [ "$status" = 0 ] || { say "apt-get failed"; exit 1; }
    else
        say "skipped: it needs ${missing[*]} (Debian: apt-get install ${missing[*]}) and root"
        exit 77
    fi
fi
if [ "$(id -u)" != 0 ]; then
    say "skipped: the Slurm daemons of the test run as root"
    exit 77
fi
say "packages ready in $(took "$start")"

# ---- a cluster of one node -------------------------------------------------------
tmp=$(mktemp -d /tmp/dojo-cluster.XXXXXX)
chmod 700 "$tmp"
pids=()
cleanup() {
    local status=$?
    if [ -n "${SLURM_CONF:-}" ] && [ -f "$SLURM_CONF" ]; then
        scancel --quiet --user=root >/dev/null 2>&1 || true
    fi
    # Only the daemons this script started, by their ids.
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    if [ "$status" -ne 0 ] && [ -d "$tmp/log" ]; then
        for log in "$tmp"/log/*; do
            echo "---- $log (last lines)"
            tail -n 20 "$log"
        done
    fi
    rm -rf -- "$tmp"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start=$(now)
mkdir -p "$tmp/log" "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/out"
chmod 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
socket="$tmp/munge/munge.socket"
munged --foreground --force --socket="$socket" --key-file="$tmp/munge/munge.key" \
    --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" \
    --seed-file="$tmp/munge/munged.seed" > "$tmp/log/munged.stderr" 2>&1 &
pids+=($!)

# Two free ports: a port something answers on is taken.
free_port() {
    local port=$1
    while (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    echo "$port"
}
ctld_port=$(free_port 16817)
slurmd_port=$(free_port $((ctld_port + 1)))
# The machine as slurmd sees it: its real host name, CPUs and memory.
node=$(slurmd -C | head -n 1)
host=$(echo "$node" | sed -n 's/^NodeName=\([^ ]*\).*/\1/p')
cpus=$(echo "$node" | sed -n 's/.* CPUs=\([0-9]*\).*/\1/p')
export SLURM_CONF="$tmp/slurm.conf"
cat > "$SLURM_CONF" <<CONF
ClusterName=dojotest
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool/%n
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
$node State=UNKNOWN
PartitionName=dojo Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -c -f "$SLURM_CONF" > "$tmp/log/slurmctld.stderr" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" > "$tmp/log/slurmd.stderr" 2>&1 &
pids+=($!)
state=""
for _ in $(seq 120); do
    state=$(sinfo --noheader --nodes="$host" --format=%T 2>/dev/null | head -n 1 || true)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || { say "the node never came up (state '$state')"; exit 1; }
say "slurm cluster of one node ($host, $cpus CPUs) up in $(took "$start")"

# ---- the match ----------------------------------------------------------------------
variant=$("$dojo" list | awk '/^[a-z]/ { print $1; exit }')
slices=4
match=(match "$variant"
       --engine "name=a,cmd=$dojo,arg=uci,option.Hash=16,nodes=300"
       --engine "name=b,cmd=$dojo,arg=uci,option.Hash=4,nodes=600"
       --games 16 --openings random:4 --max-plies 120 --seed 11 --sprt elo0=0,elo1=10)

start=$(now)
"$dojo" "${match[@]}" --records "$tmp/out/whole" > "$tmp/out/whole.txt"
say "the whole match at once: $(took "$start")"

# The lines to compare, and the records without what differs from run to run.
summary() {
    for prefix in "Score of " "Elo difference: " "Pentanomial " "SPRT: " "SPRT hypotheses: "; do
        grep -F "$prefix" "$1" | tail -n 1
    done
}
normal() { sed -e '/^\[Date /d' -e 's/ [0-9.]*s$//' "$1"; }
same_as_whole() {  # same_as_whole WHAT MERGE_OUTPUT RECORDS_DIR
    if ! diff <(summary "$tmp/out/whole.txt") <(summary "$2"); then
        say "$1: the merged summary differs from the whole match's (above)"
        exit 1
    fi
    local n=0
    for record in "$tmp/out/whole"/game-*.dojo; do
        local name
        name=$(basename "$record")
        if ! diff <(normal "$record") <(normal "$3/$name") > /dev/null; then
            say "$1: $name differs from the whole match's"
            diff <(normal "$record") <(normal "$3/$name") || true
            exit 1
        fi
        n=$((n + 1))
    done
    [ "$n" = 16 ] || { say "the whole match left $n records, not 16"; exit 1; }
    say "$1: the merge is the whole match (summary and $n records alike)"
}

# ---- Slurm: a job array, SLURM_ARRAY_TASK_ID as K -----------------------------------------
start=$(now)
cat > "$tmp/slice.sh" <<JOB
#!/bin/sh
# Array task K of N (--array=1-N): slice K of N.
exec $(printf '%q ' "$dojo" "${match[@]}") \\
    --shard "\$SLURM_ARRAY_TASK_ID/\$SLURM_ARRAY_TASK_COUNT" --records "$tmp/out/slurm"
JOB
chmod +x "$tmp/slice.sh"
if ! timeout 300 sbatch --wait --quiet --array=1-$slices --cpus-per-task=1 \
        --chdir="$tmp" --output="$tmp/log/slice-%a.out" "$tmp/slice.sh"; then
    say "the job array failed or took more than 300 s"
    cat "$tmp"/log/slice-*.out 2>/dev/null || true
    exit 1
fi
say "slurm: $slices array tasks in $(took "$start")"
start=$(now)
"$dojo" match --merge "$tmp/out/slurm" > "$tmp/out/slurm.txt"
same_as_whole "slurm" "$tmp/out/slurm.txt" "$tmp/out/slurm"
say "slurm: merged and compared in $(took "$start")"

# ---- GNU parallel: {} as K, jobs on the machines of --sshloginfile ------------------------
start=$(now)
echo ":" > "$tmp/sshlogins"   # ':' is this machine, without ssh
parallel --will-cite --sshloginfile "$tmp/sshlogins" --jobs "$cpus" --halt now,fail=1 \
    "$dojo" "${match[@]}" --shard "{}/$slices" --records "$tmp/out/parallel/{}" \
    '>' "$tmp/log/parallel-{}.out" ::: $(seq $slices)
say "parallel: $slices slices in $(took "$start")"
start=$(now)
"$dojo" match --merge "$tmp/out/parallel" > "$tmp/out/parallel.txt"
# each slice in a folder of its own: the records of all of them together
mkdir "$tmp/out/parallel-records"
cp "$tmp"/out/parallel/*/game-*.dojo "$tmp/out/parallel-records/"
same_as_whole "parallel" "$tmp/out/parallel.txt" "$tmp/out/parallel-records"
say "parallel: merged and compared in $(took "$start")"

cat "$tmp/out/slurm.txt"
echo "Ok: 2"
