#!/usr/bin/env bash
# The README's test command: sets up (Coq) and runs every test of the project.
# Rust: formatting, clippy, the workspace test suite. Coq: the library build
# and the Coq test suite, then the assumption check of the headline theorems.
set -euo pipefail
cd "$(dirname "$0")/.."

bash ci/setup.sh

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== cargo test"
cargo test --workspace
if [ -f coq/Makefile ]; then
  echo "== make -C coq"
  make -C coq -j2
  echo "== make -C coq test"
  make -C coq test
fi
if [ -x ci/check-assumptions.sh ]; then
  echo "== ci/check-assumptions.sh"
  ci/check-assumptions.sh
fi
echo "== all tests passed"
