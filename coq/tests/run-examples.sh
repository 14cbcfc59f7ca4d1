#!/usr/bin/env bash
# Compiles the example proofs coq/tests/Ex_*.v (run from coq/, by `make
# test`, beside the other test files) in one coqc process: each file
# becomes a module of one file (Examples.v, in a scratch directory), so the library is loaded once
# instead of once per file (about a third of their CPU time, BENCHMARKS.md,
# test suite). Prints `ok tests/Ex_*.v (N files) TIME`. When the batch
# fails, each file is compiled on its own so that the failing ones are
# named; exits 255 then, as run-test.sh does.
set -uo pipefail
files=(tests/Ex_*.v)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
batch=$scratch/Examples.v
out=tests/.examples.out
start=$(date +%s%N)
# The files' `From L Require Import M…` lines load the libraries once, at
# the top (Coq warns of Require inside a module); in each module they
# become `Import M…`.
{
  grep -h '^From [A-Za-z]* Require Import ' "${files[@]}" | sort -u
  for f in "${files[@]}"; do
    m=$(basename "$f" .v)
    printf '\n(* %s *)\nModule %s.\n' "$f" "$m"
    sed 's/^From [A-Za-z]* Require Import /Import /' "$f"
    printf '\nEnd %s.\n' "$m"
  done
} > "$batch"
# COQFLAGS (set by the Makefile) is a list of words: left unquoted.
# shellcheck disable=SC2086
if ! ${COQC:-coqc} $COQFLAGS "$batch" > "$out" 2> "$out.err"; then
  echo "FAILED: the example proofs, compiled together:" >&2
  cat "$out.err" >&2
  for f in "${files[@]}"; do
    # shellcheck disable=SC2086
    ${COQC:-coqc} $COQFLAGS "$f" > /dev/null 2>&1 || echo "FAILED $f (compiled alone)" >&2
  done
  rm -f "$out.err"
  exit 255
fi
rm -f "$out.err"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
printf 'ok %-45s %d.%02d s\n' "tests/Ex_*.v (${#files[@]} files)" $((ms / 1000)) $((ms % 1000 / 10))
