#!/usr/bin/env bash
# The README's test command: sets up (Coq) and runs every test of the project.
# Rust: formatting, clippy. Coq: the library build (the Rust tests run coqc
# against it). Then the Rust test suite, the Coq test suite, and the
# assumption check of the headline theorems.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
# The Coq library first: the generator's tests run coqc against it.
echo "== make -C coq"
make -C coq -j2
echo "== cargo test"
cargo test --workspace
# Compiles coq/tests/*.v, then runs ci/check-assumptions.sh.
echo "== make -C coq test"
make -C coq test
echo "== all tests passed"
