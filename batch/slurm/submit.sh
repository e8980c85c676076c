#!/bin/bash
# Plays a match on a Slurm cluster: a job array of SHARDS tasks, task I playing shard I/SHARDS
# into shard-I.json (shard.sbatch), then one job that merges them into match.json once every
# task has succeeded (merge.sbatch). Run it from the folder the results go to, which every
# node must see; the match's flags follow SHARDS (not --shard, --out or --concurrency, which
# the tasks set), and --book is taken from the folder it is run from and passed on as an
# absolute path, which every node must see too. Prints the two job ids.
#
#   batch/slurm/submit.sh 16 --players r3,none --book arena/data/books/uho_4060_v2.sample.epd \
#       --pairs 2000 --nodes 20000
#
# NULLMOVE names the program when it is not `nullmove` on the nodes' PATH.
set -euo pipefail
# With --sprt ELO0,ELO1[,MODEL] first, the merge is sprt.sbatch instead, which runs the SPRT
# over the shards as they play and cancels the array once it decides.
sprt=
if [ "${1:-}" = --sprt ]; then
  [ $# -gt 1 ] || { echo "$0: --sprt needs ELO0,ELO1" >&2; exit 2; }
  sprt=$2
  shift 2
fi
if [ $# -lt 2 ] || ! [[ $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: $0 SHARDS MATCH-FLAGS... (e.g. $0 16 --players r3,none --book FILE --pairs 2000 --nodes 20000)" >&2
  exit 2
fi
here=$(dirname "$(realpath "$0")")
shards=$1
shift
# The book's path made absolute and checked here, once: every task reads it at that path on
# its node, whatever folder the array was submitted from.
flags=()
while [ $# -gt 0 ]; do
  case $1 in
    --book | --book=*)
      if [ "$1" = --book ]; then
        [ $# -gt 1 ] || { echo "$0: --book needs a file" >&2; exit 2; }
        book=$2
        shift 2
      else
        book=${1#--book=}
        shift
      fi
      [ -f "$book" ] || { echo "$0: no book $book (from $(pwd)); every node must see it at one path" >&2; exit 2; }
      flags+=(--book "$(realpath "$book")")
      ;;
    *)
      flags+=("$1")
      shift
      ;;
  esac
done
array=$(sbatch --parsable --array="0-$((shards - 1))" "$here/shard.sbatch" "$shards" "${flags[@]}")
if [ -n "$sprt" ]; then
  merge=$(sbatch --parsable "$here/sprt.sbatch" "$shards" "$array" "$sprt")
else
  merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    "$here/merge.sbatch" "$shards")
fi
echo "$array $merge"
