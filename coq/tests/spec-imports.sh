#!/usr/bin/env bash
# The specification files (what a user must read: Board.v's readable view,
# Rules.v, Game.v, and the generated vocabulary) import nothing from the
# fast layer: no tables, no RulesFast, no checkers.  Fails otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
spec_files="theories/Gen/Vocab.v theories/Board.v theories/Rules.v theories/Game.v"
allowed=" Gen.Vocab Board Rules "
fail=0
for f in $spec_files; do
  # Every module named by a Require line (From RetroProof ... or RetroProof.X).
  # (Require sentences are on one line each in these files.)
  mods=$(perl -ne '
    next unless /^\s*(?:From\s+(\S+)\s+)?Require\s+(?:Import\s+|Export\s+)?(.*?)\.\s*$/;
    my ($from, $list) = ($1 // "", $2);
    next if $from eq "Coq";
    for my $m (split /\s+/, $list) {
      $m =~ s/^RetroProof\.//;
      next if $m eq "" || ($from eq "" && $m =~ /^Coq\./);
      print "$m\n";
    }' "$f")
  if grep -qE '^\s*(From|Require)' "$f" && [ -z "$mods" ] && grep -qE 'From RetroProof' "$f"; then
    echo "spec-imports: cannot read the imports of $f" >&2; fail=1
  fi
  for m in $mods; do
    case "$allowed" in
      *" $m "*) ;;
      *) echo "spec-imports: $f imports $m, which is not part of the specification" >&2; fail=1 ;;
    esac
  done
done
[ "$fail" -eq 0 ] || exit 1
echo "spec-imports: OK ($spec_files import only$allowed)"
