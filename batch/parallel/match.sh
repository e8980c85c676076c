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
# NULLMOVE names the program when it is not `nullmove` on the PATH.
set -euo pipefail
if [ $# -lt 3 ] || ! [[ $1 =~ ^[1-9][0-9]*$ && $2 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 SHARDS JOBS MATCH-FLAGS... (e.g. $0 4 2 --players r3,none --book FILE --pairs 400 --nodes 20000)" >&2
  exit 2
fi
shards=$1
jobs=$2
shift 2
nullmove=${NULLMOVE:-nullmove}
seq 0 $((shards - 1)) | parallel --jobs "$jobs" --retries 3 --halt now,fail=1 --quote \
  "$nullmove" chess match "$@" --concurrency 1 --shard "{}/$shards" --out "shard-{}.json" --resume \
  >> shards.log
files=()
for ((i = 0; i < shards; i++)); do
  files+=("shard-$i.json")
done
"$nullmove" chess match merge "${files[@]}" --out match.json
