#!/usr/bin/env bash
# A corpus solved in N shards with GNU parallel, on this machine or on
# several over ssh, then merged:
#
#   solve-parallel.sh CORPUS OUTDIR N [SOLVE OPTIONS...]
#
# e.g. solve-parallel.sh examples/corpus/lastmove.tsv out 4 --game-time 10
#
# Each shard runs solve-shard.sh (its lines in OUTDIR/shard-K-of-N.jsonl,
# resumed when run again), then merge.sh prints the summary of all the
# problems; the exit code is merge.sh's (the worst problem's), or 2 when a
# shard failed (see OUTDIR/joblog).
#
# Environment:
#   SSH_LOGINS      a file for GNU parallel's --sshloginfile: one machine a
#                   line (`8/user@node1`: 8 shards at once there; `:` is
#                   this machine). Every machine must see CORPUS, OUTDIR and
#                   this directory at the same paths (a shared file system)
#                   and have retroproof with its Coq library built. Unset:
#                   every shard runs here.
#   SHARDS_AT_ONCE  shards run at once on each machine (default: 1 here,
#                   or as the login file says); give each shard `--jobs J`
#                   among the SOLVE OPTIONS to solve J problems at once.
#   RETROPROOF      the binary (default: retroproof on the PATH).
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

parallel_args=(
    --joblog "$out/joblog"
    # On Ctrl-C, and when a machine is lost, each shard gets SIGTERM and
    # 30 s to stop (it needs a fraction of a second) before SIGKILL.
    --termseq "TERM,30000,KILL,25"
)
if [[ -n ${SSH_LOGINS:-} ]]; then
    parallel_args+=(--sshloginfile "$SSH_LOGINS" --env RETROPROOF)
else
    parallel_args+=(--jobs "${SHARDS_AT_ONCE:-1}")
fi
export RETROPROOF=${RETROPROOF:-retroproof}

status=0
seq 1 "$n" |
    parallel "${parallel_args[@]}" \
        "$here/solve-shard.sh" "$corpus" "$out" {} "$n" "$@" ||
    status=$?
# GNU parallel exits with the number of shards that failed (101: more
# than 100), 255 when interrupted.
if [[ $status -eq 255 ]]; then
    echo "error: interrupted; run this again to resume the shards" >&2
    exit 130
elif [[ $status -ne 0 ]]; then
    echo "error: shards failed (exit codes in $out/joblog); run this again to resume them" >&2
    exit 2
fi
exec "$here/merge.sh" "$out" "$n"
