#!/usr/bin/env bash
# A corpus solved by a Slurm array job of N shards, then merged:
#
#   examples/cluster/submit-slurm.sh CORPUS OUTDIR N [SOLVE OPTIONS...]
#
# e.g. examples/cluster/submit-slurm.sh examples/corpus/lastmove.tsv \
#          "$HOME/lastmove" 4 --game-time 10
#
# Submits solve-slurm.sbatch as the array 1..N (task K runs
# `retroproof solve CORPUS --shard K/N --resume OUTDIR/shard-K-of-N.jsonl`)
# and merge-slurm.sbatch after it. The nodes need retroproof on the PATH
# (or RETROPROOF) with its Coq library built, and this directory and the
# paths given here on a shared file system.
#
# Submit again after a time limit or a cancelled task: the shards resume.
set -euo pipefail

if [[ $# -lt 3 ]]; then
    echo "usage: $0 CORPUS OUTDIR N [SOLVE OPTIONS...]" >&2
    exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(realpath "$1")
mkdir -p "$2"
out=$(realpath "$2")
n=$3
shift 3
# The solve options travel as one string, split at spaces by the task.
export N=$n CORPUS=$corpus OUT=$out SOLVE_OPTIONS="$*" CLUSTER_DIR=$here

array=$(sbatch --parsable --array="1-$n" --export=ALL "$here/solve-slurm.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --export=ALL "$here/merge-slurm.sbatch")
echo "shards: job $array (array 1-$n); merge: job $merge, after every shard"
