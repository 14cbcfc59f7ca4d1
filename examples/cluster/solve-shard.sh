#!/usr/bin/env bash
# One shard of a corpus, for GNU parallel or a Slurm array task:
#
#   solve-shard.sh CORPUS OUTDIR K N [SOLVE OPTIONS...]
#
# solves the problems of shard K of N (K from 1 to N) of CORPUS (an EPD
# file or a corpus TSV), appending each problem's JSON line to
# OUTDIR/shard-K-of-N.jsonl as soon as it is answered. The file is also
# the resume file: run the same command again after an interruption (a
# time limit, a lost machine, Ctrl-C) and only the problems without a line
# are solved. The summary table goes to OUTDIR/shard-K-of-N.txt.
#
# Exit code: 0 when the shard is done, whatever its problems' answers
# (refuted and unknown problems are in the lines; `merge.sh` gives the
# summary and the worst problem's code); otherwise that of `retroproof
# solve`: 2 bad input, 4 environment (no coqc, the Coq library not built),
# 130 interrupted. A scheduler can thus tell a finished shard from one to
# run again.
#
# Environment: RETROPROOF, the binary (default: retroproof on the PATH).
set -euo pipefail

if [[ $# -lt 4 ]]; then
    echo "usage: $0 CORPUS OUTDIR K N [SOLVE OPTIONS...]" >&2
    exit 2
fi
corpus=$1 out=$2 k=$3 n=$4
shift 4
mkdir -p "$out"
name="$out/shard-$k-of-$n"

# retroproof runs as a child, not with exec, to map its exit code; a
# SIGTERM or SIGHUP sent to this script alone is passed on to it, and it
# then stops as on Ctrl-C: the lines written are whole, exit 130.
"${RETROPROOF:-retroproof}" solve "$corpus" --shard "$k/$n" --resume "$name.jsonl" "$@" \
    > "$name.txt" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null || true' TERM INT HUP
# A trapped signal ends `wait` early: wait until the child is gone, then
# read its exit code.
while kill -0 "$child" 2>/dev/null; do
    wait "$child" || true
done
status=0
wait "$child" || status=$?
case $status in
    0 | 1 | 3) exit 0 ;;
    *) exit "$status" ;;
esac
