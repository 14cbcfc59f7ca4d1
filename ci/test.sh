#!/usr/bin/env bash
# The README's test command: sets up (Coq) and runs every test of the project.
# Rust: formatting, clippy. Coq: the library build (the Rust tests run coqc
# against it). Then the Rust test suite and, beside it, the Coq test suite,
# the assumption check of the headline theorems, and coqchk over the
# library.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh

# The Coq library builds in the background while the Rust side is checked
# and compiled: its dependency chain keeps coqc on one core most of the
# time (BENCHMARKS.md), so the other
# core compiles Rust meanwhile. The tests wait for it: they run coqc
# against it.
coq_log=$(mktemp)
echo "== make -C coq (in the background)"
make -C coq -j2 >"$coq_log" 2>&1 &
coq_pid=$!
trap 'kill "$coq_pid" 2>/dev/null || true; rm -f "$coq_log"' EXIT

# A run from a clean clone gains nothing from incremental compilation, which
# costs about a seventh more CPU on our crates' test build (BENCHMARKS.md,
# test suite).
export CARGO_INCREMENTAL=0

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
# The test build leaves out the examples (benchmarks and corpus runs, which
# no test runs): clippy --all-targets above has checked that they compile.
tests=(--workspace --tests)
echo "== cargo test --no-run"
cargo test "${tests[@]}" --no-run --quiet
echo "== make -C coq (waiting for it)"
if ! wait "$coq_pid"; then
  cat "$coq_log"
  echo "error: make -C coq failed (its output is above)" >&2
  exit 1
fi
cat "$coq_log"
# The Coq tests (coq/tests/*.v, then ci/check-assumptions.sh) and Coq's
# independent checker over every compiled module of the library (about 2
# min of one core) run in the background while the Rust tests run, so that
# no core waits on the other's last long test (the suite is CPU-bound:
# BENCHMARKS.md, test suite).
test_log=$(mktemp)
chk_log=$(mktemp)
echo "== make -C coq test and make -C coq check (coqchk), in the background"
make -C coq test >"$test_log" 2>&1 &
test_pid=$!
make -C coq check >"$chk_log" 2>&1 &
chk_pid=$!
trap 'kill "$test_pid" "$chk_pid" 2>/dev/null || true; rm -f "$coq_log" "$test_log" "$chk_log"' EXIT
echo "== cargo test"
cargo test "${tests[@]}"
cargo test --workspace --doc
echo "== make -C coq test (waiting for it)"
if ! wait "$test_pid"; then
  cat "$test_log"
  echo "error: make -C coq test failed (its output is above)" >&2
  exit 1
fi
cat "$test_log"
echo "== make -C coq check (waiting for it)"
if ! wait "$chk_pid"; then
  cat "$chk_log"
  echo "error: make -C coq check failed (its output is above)" >&2
  exit 1
fi
grep "^coqchk: OK" "$chk_log"
echo "== all tests passed"
