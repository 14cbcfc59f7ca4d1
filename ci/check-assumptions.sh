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
# each); this script compiles a copy of it, followed by the *probe* (one
# Print Assumptions of each fully qualified name of the allow-list),
# against the built library. Coq prints a name as short as the scope
# allows, so the probe says how each allowed assumption prints in that
# very scope; a theorem's assumption passes only when it prints exactly
# as one of them (a library module's own `Uint63.of_to_Z` axiom, which
# prints like the standard library's, does not). Any other line -- another
# axiom, "… is assumed to be guarded", "… is assumed to be positive",
# "… relies on an unsafe hierarchy" -- fails. `retroproof prove` checks
# every generated file the same way (generator/src/assumptions.rs).
#
# `ci/check-assumptions.sh --check-output FILE N` only checks saved
# output (N theorems' reports, then the probe's) against the allow-list,
# and `--probe` prints the probe (both used by the tests).
set -euo pipefail
ci="$(cd "$(dirname "$0")" && pwd)"
allowed_file="$ci/allowed-assumptions.txt"

# allowed_names: the allow-list's fully qualified names, one a line.
allowed_names() {
  sed -e 's/#.*//' -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' "$allowed_file" | grep -v '^$'
}

# probe: the lines that ask Coq how each allowed assumption prints in the
# scope of the file they end (generator/src/assumptions.rs says why).
probe() {
  printf '\n(* How each allowed assumption prints in this scope. *)\n'
  allowed_names | sed 's/.*/Print Assumptions &./'
}

# check_output THEOREMS: the output of a file whose last THEOREMS Print
# Assumptions reports are followed by the probe's (one per allowed name).
# Every assumption of those theorems must print exactly as an allowed name
# prints in the probe; prints the bad lines and fails otherwise.
check_output() {
  ALLOWED="$(allowed_names)" THEOREMS="$1" perl -e '
    my @allowed = split /\n/, $ENV{ALLOWED};
    my @reports;   # each: [names], [other lines]
    my $cont = 0;
    while (my $line = <STDIN>) {
      chomp $line;
      if ($line =~ /^(Axioms:|Closed under the global context)\s*$/) {
        push @reports, [[], []]; $cont = 0; next;
      }
      next unless @reports;
      my $r = $reports[-1];
      if ($line =~ /^\s*$/) { $cont = 0; next; }
      if ($line =~ /^\s/) { push @{$r->[1]}, $line unless $cont; next; }
      my @w = split /\s+/, $line;
      if (@w == 1 || $w[1] eq ":") { push @{$r->[0]}, [$w[0], $line]; $cont = 1; }
      else { push @{$r->[1]}, $line; $cont = 0; }
    }
    my $want = $ENV{THEOREMS} + @allowed;
    if (@reports < $want) {
      print "expected $want reports (the theorems and the probe), got " . scalar(@reports) . "\n";
      exit 1;
    }
    my @probe = @reports[$#reports - $#allowed .. $#reports];
    my @theorems = @reports[$#reports - $want + 1 .. $#reports - @allowed];
    my %printed;
    for my $i (0 .. $#allowed) {
      my ($names, $other) = @{$probe[$i]};
      if (@$other || @$names > 1) { print "probe of $allowed[$i] is not one axiom\n"; exit 1; }
      $printed{$names->[0][0]} = $allowed[$i] if @$names;
    }
    my $bad = 0;
    for my $r (@theorems) {
      for my $l (@{$r->[1]}) { print "$l\n"; $bad = 1; }
      for my $n (@{$r->[0]}) {
        next if exists $printed{$n->[0]};
        print "$n->[1]   (not how any allowed kernel name prints here)\n"; $bad = 1;
      }
    }
    exit $bad;
  '
}

if [ "${1:-}" = "--probe" ]; then
  probe
  exit 0
fi

if [ "${1:-}" = "--check-output" ]; then
  if bad=$(check_output "$3" < "$2"); then
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

echo "== Print Assumptions (coq/tests/Assumptions.v, then the probe of the allow-list)"
# The whole file must be one scope: a Require or Import after the first
# report could make a name print differently there than in the probe.
if awk '/^Print Assumptions/ { seen = 1 } seen && /(Require|Import|Export)[[:space:]]/ { bad = 1 } END { exit !bad }' tests/Assumptions.v; then
  echo "check-assumptions: tests/Assumptions.v loads a module after its first Print Assumptions" >&2
  exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
{ cat tests/Assumptions.v; probe; } > "$scratch/Assumptions.v"
out=$(coqc -Q theories RetroProof -w -abstract-large-number "$scratch/Assumptions.v" 2>&1)
n_thm=$(grep -c '^Print Assumptions' tests/Assumptions.v)
# The theorems' reports (the probe's follow them).
printf '%s\n' "$out" | awk -v n="$n_thm" '/^(Axioms:|Closed under the global context)/ { k++ } k <= n'

n_allowed=$(allowed_names | wc -l)
n_out=$(printf '%s\n' "$out" | grep -cE '^(Axioms:|Closed under the global context)$' || true)
if [ "$((n_thm + n_allowed))" -ne "$n_out" ]; then
  printf '%s\n' "$out"
  echo "check-assumptions: expected $n_thm reports and $n_allowed of the probe, got $n_out" >&2
  exit 1
fi

if ! bad=$(printf '%s\n' "$out" | check_output "$n_thm"); then
  echo "check-assumptions: lines outside ci/allowed-assumptions.txt:" >&2
  printf '  %s\n' "$bad" >&2
  exit 1
fi
echo "check-assumptions: OK ($n_thm theorems, only the assumptions of ci/allowed-assumptions.txt)"
