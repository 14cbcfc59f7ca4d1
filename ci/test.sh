#!/usr/bin/env bash
# The README's test command: sets up (Coq) and runs every test of the project.
# Rust: formatting, clippy. Coq: the library build (the Rust tests run coqc
# against it). Then the Rust test suite, the Coq test suite, the
# assumption check of the headline theorems, and coqchk over the library.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh

# The Coq library builds in the background while the Rust side is checked
# and compiled: its dependency chain keeps coqc on one core most of the
# time (84 s at 124% CPU on 2 cores, measured 2026-12-02), so the other
# core compiles Rust meanwhile. The tests wait for it: they run coqc
# against it.
coq_log=$(mktemp)
echo "== make -C coq (in the background)"
make -C coq -j2 >"$coq_log" 2>&1 &
coq_pid=$!
trap 'kill "$coq_pid" 2>/dev/null || true; rm -f "$coq_log"' EXIT

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== cargo test --no-run"
cargo test --workspace --no-run --quiet
echo "== make -C coq (waiting for it)"
if ! wait "$coq_pid"; then
  cat "$coq_log"
  echo "error: make -C coq failed (its output is above)" >&2
  exit 1
fi
cat "$coq_log"
# Coq's independent checker re-checks every compiled module of the library
# (about 2 min of one core), in the background while the Rust tests run.
chk_log=$(mktemp)
echo "== make -C coq check (coqchk, in the background)"
make -C coq check >"$chk_log" 2>&1 &
chk_pid=$!
trap 'kill "$chk_pid" 2>/dev/null || true; rm -f "$coq_log" "$chk_log"' EXIT
echo "== cargo test"
cargo test --workspace
# Compiles coq/tests/*.v, then runs ci/check-assumptions.sh.
echo "== make -C coq test"
make -C coq test
echo "== make -C coq check (waiting for it)"
if ! wait "$chk_pid"; then
  cat "$chk_log"
  echo "error: make -C coq check failed (its output is above)" >&2
  exit 1
fi
tail -n 1 "$chk_log"
echo "== all tests passed"
