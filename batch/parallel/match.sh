#!/bin/bash
# Plays a match on one machine (or on several, with GNU parallel's --sshlogin) as SHARDS
# shards, JOBS at a time, each into shard-I.json with one core of its own; a failed shard
# runs again, up to three attempts, each going on from the pairs the last one wrote
# (--resume); then the shards are merged into match.json. The match's flags follow JOBS (not
# --shard, --out or --concurrency, which this sets).
#
#   batch/parallel/match.sh 4 2 --players r3,none --book arena/data/books/uho_4060_v2.sample.epd \
#       --pairs 400 --nodes 20000
#
# With --sprt ELO0,ELO1[,MODEL] first, the SPRT runs over the shards as they play (every
# NULLMOVE_SPRT_POLL seconds, 30 by default: merge --sprt, the pairs in index order up to the
# first not yet finished); once it decides, parallel is stopped (its shards end in order on
# SIGTERM) and match.json holds the pairs up to the deciding one.
#
# NULLMOVE names the program when it is not `nullmove` on the PATH.
set -euo pipefail
sprt=
if [ "${1:-}" = --sprt ]; then
  [ $# -gt 1 ] || { echo "$0: --sprt needs ELO0,ELO1" >&2; exit 2; }
  sprt=$2
  shift 2
fi
if [ $# -lt 3 ] || ! [[ $1 =~ ^[1-9][0-9]*$ && $2 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 [--sprt ELO0,ELO1] SHARDS JOBS MATCH-FLAGS... (e.g. $0 4 2 --players r3,none --book FILE --pairs 400 --nodes 20000)" >&2
  exit 2
fi
shards=$1
jobs=$2
shift 2
nullmove=${NULLMOVE:-nullmove}
files=()
for ((i = 0; i < shards; i++)); do
  files+=("shard-$i.json")
done
play() {
  seq 0 $((shards - 1)) | parallel --jobs "$jobs" --retries 3 --halt now,fail=1 --quote \
    "$nullmove" chess match "$@" --concurrency 1 --shard "{}/$shards" --out "shard-{}.json" \
    --resume >> shards.log
}
if [ -z "$sprt" ]; then
  play "$@"
  "$nullmove" chess match merge "${files[@]}" --out match.json
  exit 0
fi
play "$@" &
shards_pid=$!
test_once() {
  local status=0
  "$nullmove" chess match merge "${files[@]}" --sprt "$sprt" --out match.json > sprt.log || status=$?
  return "$status"
}
while kill -0 "$shards_pid" 2>/dev/null; do
  present=1
  for f in "${files[@]}"; do [ -f "$f" ] || present=0; done
  if [ "$present" -eq 1 ]; then
    status=0
    test_once || status=$?
    if [ "$status" -eq 0 ]; then
      # parallel (the background subshell's child) passes the TERM to its shards.
      pkill -TERM -P "$shards_pid" parallel 2>/dev/null || true
      wait "$shards_pid" || true
      cat sprt.log
      exit 0
    fi
    [ "$status" -eq 3 ] || { cat sprt.log; exit "$status"; }
  fi
  sleep "${NULLMOVE_SPRT_POLL:-30}"
done
wait "$shards_pid" || true
status=0
test_once || status=$?
cat sprt.log
exit "$status"
