#!/usr/bin/env bash
# The shards' lines as one result:
#
#   merge.sh OUTDIR N
#
# checks that each of the N shards has its file OUTDIR/shard-K-of-N.jsonl,
# writes OUTDIR/all.jsonl (every problem line, sorted by id, then the
# summary line) and prints the summary table of all the problems, as one
# run of `retroproof solve` over the whole corpus would. Its exit code is
# that run's: the worst problem's (0 every problem ok, 1 refuted, 3
# unknown, 2 or 4 an error; 2 also when a shard's file is missing or two
# shards answer the same problem).
#
# To check that no problem is missing (a shard stopped early has fewer
# lines; `--merge` does not read the corpus) and solve those that are,
# here: retroproof solve CORPUS --resume OUTDIR/all.jsonl
#
# Environment: RETROPROOF, the binary (default: retroproof on the PATH).
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 OUTDIR N" >&2
    exit 2
fi
out=$1 n=$2
retroproof=${RETROPROOF:-retroproof}
files=()
for ((k = 1; k <= n; k++)); do
    file="$out/shard-$k-of-$n.jsonl"
    if [[ ! -f $file ]]; then
        echo "error: $file is missing: shard $k/$n never ran" >&2
        exit 2
    fi
    files+=("$file")
done
# The exit code is the worst problem's: it is given by the table's run
# below (this one's `error:` line would say the same).
"$retroproof" solve --merge "${files[@]}" --json > "$out/all.jsonl" 2> "$out/merge.err" || true
if [[ ! -s $out/all.jsonl ]]; then
    # Bad input (an id in two shards, a line that is not a problem's):
    # nothing was merged.
    cat "$out/merge.err" >&2
    exit 2
fi
exec "$retroproof" solve --merge "$out/all.jsonl"
