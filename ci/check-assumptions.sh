#!/usr/bin/env bash
# Fails unless the headline theorems of the Coq development depend on
# nothing outside ci/allowed-assumptions.txt (Coq's primitive integers and
# arrays and the specification axioms the standard library states for
# them), and unless the Coq sources are free of Admitted/admit/Axiom/
# Parameter/Hypothesis, of kernel-flag bypasses (bypass_check, Unset Guard/
# Positivity/Universe Checking, Typing Flags) and of top-level
# Variable/Context (assumptions outside a Section).
#
# The theorems are listed in coq/tests/Assumptions.v (one Print Assumptions
# each); this script compiles it against the built library and checks every
# line it prints: an allowed `name : type` entry (or its indented
# continuation), `Axioms:`, or `Closed under the global context`. Any
# other line — another axiom, "… is assumed to be guarded", "… is assumed
# to be positive", "… relies on an unsafe hierarchy" — fails.
#
# `ci/check-assumptions.sh --check-output FILE` only checks saved
# Print Assumptions output against the allow-list (used by the tests).
set -euo pipefail
ci="$(cd "$(dirname "$0")" && pwd)"
allowed_file="$ci/allowed-assumptions.txt"

# check_output TEXT: every Print Assumptions line allowed? Prints the bad ones.
check_output() {
  ALLOWED="$allowed_file" perl -e '
    open(my $fh, "<", $ENV{ALLOWED}) or die "cannot read $ENV{ALLOWED}\n";
    my %ok;
    while (<$fh>) { s/#.*//; s/^\s+|\s+$//g; next unless length; $ok{$_} = 1; }
    my $allowed = sub {
      my $n = shift;
      return 1 if $ok{$n};
      for my $a (keys %ok) { return 1 if substr($a, -length($n) - 1) eq ".$n"; }
      return 0;
    };
    my ($in, $cont, $bad) = (0, 0, 0);
    while (my $line = <STDIN>) {
      chomp $line;
      if ($line =~ /^Axioms:\s*$/) { $in = 1; $cont = 0; next; }
      if ($line =~ /^Closed under the global context\s*$/) { $in = 0; next; }
      if ($line =~ /^\s*$/) { $cont = 0; next; }
      if (!$in) { print "outside a report: $line\n"; $bad = 1; next; }
      if ($line =~ /^\s/) { if (!$cont) { print "$line\n"; $bad = 1; } next; }
      my @w = split /\s+/, $line;
      if ((@w == 1 || $w[1] eq ":") && $allowed->($w[0])) { $cont = 1; next; }
      print "$line\n"; $bad = 1; $cont = 0;
    }
    exit $bad;
  '
}

if [ "${1:-}" = "--check-output" ]; then
  if bad=$(check_output < "$2"); then
    echo "check-assumptions: output OK"
    exit 0
  fi
  echo "check-assumptions: lines outside ci/allowed-assumptions.txt:" >&2
  printf '  %s\n' "$bad" >&2
  exit 1
fi

cd "$ci/../coq"

echo "== no Admitted/admit/Axiom/Parameter/Hypothesis, kernel-flag bypasses or top-level Variable/Context in coq/"
# Strip (nested) comments and strings with perl, then look for the keywords.
found=0
for f in $(find theories tests bench -name '*.v' | sort); do
  hits=$(perl -0777 -ne '
    s/"(?:[^"]|"")*"/""/gs;
    1 while s/\(\*(?:(?!\(\*|\*\)).)*\*\)/ /gs;
    my $n = 0;
    my @open;   # Section/Module names, innermost last
    for my $line (split /\n/) {
      $n++;
      print "$n: $line\n" if $line =~ /(^|[^A-Za-z0-9_.])(Admitted|admit|Axiom|Axioms|Parameter|Parameters|Hypothesis|Hypotheses|Conjecture)([^A-Za-z0-9_]|$)/;
      print "$n: $line\n" if $line =~ /bypass_check|Unset\s+(Guard|Positivity|Universe)\s+Checking|Typing\s+Flags|Set\s+Universe\s+Polymorphism\s+Unsafe|type.in.type|-type-in-type/i;
      for my $s (split /(?<=\.)\s+/, $line) {
        if ($s =~ /^\s*Section\s+([A-Za-z0-9_]+)/) { push @open, "S"; }
        elsif ($s =~ /^\s*Module\s+(?:Type\s+)?([A-Za-z0-9_]+)\s*(?:\.|:|<:|\()/) { push @open, "M"; }
        elsif ($s =~ /^\s*End\s+[A-Za-z0-9_]+\s*\./) { pop @open; }
        elsif ($s =~ /^\s*(?:#\[[^\]]*\]\s*)?(Variables?|Context|Hypothes[ie]s|Let)\b/ && !grep { $_ eq "S" } @open) {
          print "$n: top-level $1: $line\n";
        }
      }
    }' "$f")
  if [ -n "$hits" ]; then
    echo "$f: $hits" >&2
    found=1
  fi
done
if [ "$found" -ne 0 ]; then
  echo "check-assumptions: forbidden keyword or kernel flag found (see above)" >&2
  exit 1
fi

[ -f theories/Soundness.vo ] || make -s

echo "== Print Assumptions (coq/tests/Assumptions.v)"
out=$(coqc -Q theories RetroProof -w -abstract-large-number tests/Assumptions.v 2>&1)
printf '%s\n' "$out"

n_thm=$(grep -c '^Print Assumptions' tests/Assumptions.v)
n_out=$(printf '%s\n' "$out" | grep -cE '^(Axioms:|Closed under the global context)$' || true)
if [ "$n_thm" -ne "$n_out" ]; then
  echo "check-assumptions: expected $n_thm reports, got $n_out" >&2
  exit 1
fi

if ! bad=$(printf '%s\n' "$out" | check_output); then
  echo "check-assumptions: lines outside ci/allowed-assumptions.txt:" >&2
  printf '  %s\n' "$bad" >&2
  exit 1
fi
echo "check-assumptions: OK ($n_thm theorems, only the assumptions of ci/allowed-assumptions.txt)"
