#!/usr/bin/env bash
# Installs what retroproof needs beyond the Rust toolchain: Coq 8.16+ from
# Debian. Idempotent: does nothing when a recent enough coqc is on PATH.
set -euo pipefail

need_coq() {
  command -v coqc >/dev/null 2>&1 || return 0
  # `coqc --version` prints e.g. "The Coq Proof Assistant, version 8.16.1".
  local v major minor
  v=$(coqc --version | sed -n 's/.*version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -n1)
  read -r major minor <<<"$v"
  [ -n "${major:-}" ] || return 0
  if [ "$major" -gt 8 ] || { [ "$major" -eq 8 ] && [ "$minor" -ge 16 ]; }; then
    return 1
  fi
  return 0
}

if need_coq; then
  echo "ci/setup.sh: installing Coq from Debian" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "ci/setup.sh: need root to apt-get install coq (or install Coq >= 8.16 yourself)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq coq libcoq-core-ocaml-dev >/dev/null
fi
coqc --version | head -n1
