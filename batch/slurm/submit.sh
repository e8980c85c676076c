#!/bin/bash
# Plays a match on a Slurm cluster: a job array of SHARDS tasks, task I playing shard I/SHARDS
# into shard-I.json (shard.sbatch), then one job that merges them into match.json once every
# task has succeeded (merge.sbatch). Run it from the folder the results go to, which every
# node must see; the match's flags follow SHARDS (not --shard, --out or --concurrency, which
# the tasks set). Prints the two job ids.
#
#   batch/slurm/submit.sh 16 --players r3,none --book arena/data/books/uho_4060_v2.sample.epd \
#       --pairs 2000 --nodes 20000
#
# NULLMOVE names the program when it is not `nullmove` on the nodes' PATH.
set -euo pipefail
if [ $# -lt 2 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 SHARDS MATCH-FLAGS... (e.g. $0 16 --players r3,none --book FILE --pairs 2000 --nodes 20000)" >&2
  exit 2
fi
here=$(dirname "$(realpath "$0")")
shards=$1
shift
array=$(sbatch --parsable --array="0-$((shards - 1))" "$here/shard.sbatch" "$shards" "$@")
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  "$here/merge.sbatch" "$shards")
echo "$array $merge"
