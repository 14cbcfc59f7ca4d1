#!/usr/bin/env bash
# Compiles one Coq test file (run from coq/, by `make test`, several at
# once), or the example proofs (`examples`): prints `ok FILE TIME`, or
# the file's name and coqc's output on stderr and exits 255, which stops
# xargs from starting further files.
set -uo pipefail
f=$1
# `examples`: the example proofs Ex_*.v, all in one coqc (run-examples.sh);
# listed first by the Makefile, as the longest job.
if [ "$f" = examples ]; then
  exec bash tests/run-examples.sh
fi
out=tests/.$(basename "$f" .v).out
start=$(date +%s%N)
# COQFLAGS (set by the Makefile) is a list of words: left unquoted.
# shellcheck disable=SC2086
if ! ${COQC:-coqc} $COQFLAGS "$f" > "$out" 2> "$out.err"; then
  { echo "FAILED $f:"; cat "$out" "$out.err"; } >&2
  rm -f "$out.err"
  exit 255
fi
rm -f "$out.err"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
printf 'ok %-45s %d.%02d s\n' "$f" $((ms / 1000)) $((ms % 1000 / 10))
