#!/bin/bash
# What sharding costs: one match played twice on this machine, once in one process (all the
# cores) and once as a Slurm job array on a one-node cluster this script starts (its own
# munge key, slurm.conf, ports and folders in a scratch folder, as root without systemd; the
# node's CPUs the machine's cores, each task two of them), from submit.sh to the merge's
# match.json. Prints one JSON object: the games, wall seconds and games an hour of each, their
# ratio, and whether the merge is the one-process match game for game (it must be, at --nodes).
# Every process it started is ended on exit, whatever happens.
#
#   batch/slurm/games-an-hour.sh SHARDS MATCH-FLAGS...
#   batch/slurm/games-an-hour.sh 4 --players r3,none --book arena/data/books/uho_4060_v2.sample.epd \
#       --pairs 200 --nodes 20000
#
# NULLMOVE names the program (default: target/release/nullmove beside this repository).
# Needs root and Debian's munge, slurmctld, slurmd and slurm-client.
set -euo pipefail
if [ $# -lt 2 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 SHARDS MATCH-FLAGS... (e.g. $0 4 --players r3,none --book FILE --pairs 200 --nodes 20000)" >&2
  exit 2
fi
shards=$1
shift
here=$(dirname "$(realpath "$0")")
export NULLMOVE=${NULLMOVE:-$here/../../target/release/nullmove}
[ -x "$NULLMOVE" ] || { echo "no $NULLMOVE (cargo build --release -p nullmove)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "$0 starts slurmd, which runs jobs as root: run it as root" >&2; exit 2; }
for program in munged slurmctld slurmd sbatch sinfo squeue; do
  command -v "$program" >/dev/null || { echo "no $program (apt-get install munge slurmctld slurmd slurm-client)" >&2; exit 2; }
done
# The match's flags with the book's path made absolute: the jobs run in the scratch folder.
flags=()
while [ $# -gt 0 ]; do
  if [ "$1" = --book ] && [ $# -gt 1 ]; then
    flags+=(--book "$(realpath "$2")")
    shift 2
  else
    flags+=("$1")
    shift
  fi
done

scratch=$(mktemp -d /tmp/nullmove-games-an-hour.XXXXXX)
chmod 755 "$scratch"
export NULLMOVE_TEST_CLUSTER=$scratch SLURM_CONF=$scratch/slurm.conf
# Ends every process marked as the cluster's, or holding a file in the scratch folder (the job
# steps overwrite their environment), then removes the folder.
stop() {
  for _ in 1 2 3 4 5; do
    pids=()
    for p in /proc/[0-9]*; do
      pid=${p#/proc/}
      [ "$pid" = $$ ] && continue
      if { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qx "NULLMOVE_TEST_CLUSTER=$scratch" ||
        { ls -l "$p/fd"; } 2>/dev/null | grep -qF -- "-> $scratch/"; then
        pids+=("$pid")
      fi
    done
    [ ${#pids[@]} -eq 0 ] && break
    kill -KILL "${pids[@]}" 2>/dev/null || true
    sleep 0.2
  done
  rm -rf "$scratch"
}
trap stop EXIT

mkdir -p "$scratch/state" "$scratch/spool" "$scratch/one" "$scratch/array"
head -c 1024 /dev/urandom >"$scratch/munge.key"
chmod 400 "$scratch/munge.key"
host=$(hostname -s)
# Two ports of the unassigned range, unlikely to be taken (a taken one fails the start, below).
port=$((20000 + RANDOM % 30000))
cat >"$SLURM_CONF" <<EOF
ClusterName=nullmovemeasure
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$scratch/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmUser=root
SlurmdUser=root
ReturnToService=2
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/slurmctld.log
SlurmdLogFile=$scratch/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=measure Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
timeout 86400 munged --foreground --force --socket="$scratch/munge.sock" \
  --key-file="$scratch/munge.key" --pid-file="$scratch/munged.pid" \
  --seed-file="$scratch/munged.seed" --log-file="$scratch/munged.log" >"$scratch/munged.out" 2>&1 &
disown
# Waits up to a minute for "$@" to succeed.
wait_for() {
  for _ in $(seq 600); do
    "$@" && return 0
    sleep 0.1
  done
  echo "the cluster did not start: $(tail -n 5 "$scratch"/*.out "$scratch"/*.log 2>/dev/null)" >&2
  exit 1
}
wait_for test -S "$scratch/munge.sock"
timeout 86400 slurmctld -D -f "$SLURM_CONF" >"$scratch/slurmctld.out" 2>&1 &
disown
timeout 86400 slurmd -D -f "$SLURM_CONF" >"$scratch/slurmd.out" 2>&1 &
disown
idle() { [ "$(sinfo -h -o %T 2>/dev/null)" = idle ]; }
wait_for idle

now() { date +%s.%N; }
# Arithmetic on decimals: awk's.
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
# The one-process run.
cd "$scratch/one"
start=$(now)
"$NULLMOVE" chess match "${flags[@]}" --concurrency "$(nproc)" --out match.json >/dev/null
one_seconds=$(calc "$(now) - $start")
# The job array and its merge, from submission to match.json.
cd "$scratch/array"
start=$(now)
"$here/submit.sh" "$shards" "${flags[@]}" >/dev/null
until [ -z "$(squeue -h)" ]; do sleep 0.2; done
array_seconds=$(calc "$(now) - $start")
[ -s match.json ] || { echo "the array left no match.json: $(cat merge.log shard-*.log 2>/dev/null)" >&2; exit 1; }

games() { sed -n 's/^  "games": \([0-9]*\),$/\1/p' "$1"; }
pairs() { sed -n '/^  "pairs": \[/,/^  \],$/p' "$1"; }
same=false
cmp -s <(pairs "$scratch/one/match.json") <(pairs "$scratch/array/match.json") && same=true
one_games=$(games "$scratch/one/match.json")
array_games=$(games "$scratch/array/match.json")
per_hour() { calc "$1 * 3600 / $2"; }
printf '{"shards": %d, "cpus_per_task": 2, "cores": %d, "one_process": {"games": %d, "seconds": %.3f, "games_per_hour": %.1f}, "job_array": {"games": %d, "seconds": %.3f, "games_per_hour": %.1f}, "ratio": %.4f, "same_games": %s}\n' \
  "$shards" "$(nproc)" \
  "$one_games" "$one_seconds" "$(per_hour "$one_games" "$one_seconds")" \
  "$array_games" "$array_seconds" "$(per_hour "$array_games" "$array_seconds")" \
  "$(calc "($array_games / $array_seconds) / ($one_games / $one_seconds)")" "$same"
