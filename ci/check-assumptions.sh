#!/usr/bin/env bash
# Fails unless the headline theorems of the Coq development depend on
# nothing but Coq's primitive integers and arrays (and the listed
# specification axioms of the standard library for them), and unless the Coq
# sources are free of Admitted/admit/Axiom/Parameter/Hypothesis.
#
# The theorems are listed in coq/tests/Assumptions.v (one Print Assumptions
# each); this script compiles it against the built library and checks every
# assumption it prints against the list of primitives below.
set -euo pipefail
cd "$(dirname "$0")/../coq"

echo "== no Admitted/admit/Axiom/Parameter/Hypothesis in coq/"
# Strip (nested) comments and strings with perl, then look for the keywords.
found=0
for f in $(find theories tests bench -name '*.v' | sort); do
  hits=$(perl -0777 -ne '
    s/"(?:[^"]|"")*"/""/gs;
    1 while s/\(\*(?:(?!\(\*|\*\)).)*\*\)/ /gs;
    my $n = 0;
    for my $line (split /\n/) {
      $n++;
      print "$n: $line\n" if $line =~ /(^|[^A-Za-z0-9_.])(Admitted|admit|Axiom|Axioms|Parameter|Parameters|Hypothesis|Hypotheses|Conjecture)([^A-Za-z0-9_]|$)/;
    }' "$f")
  if [ -n "$hits" ]; then
    echo "$f: $hits" >&2
    found=1
  fi
done
if [ "$found" -ne 0 ]; then
  echo "check-assumptions: forbidden keyword found (see above)" >&2
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

# Besides the primitives, the specification axioms the standard library
# states for them (the kernel's contract), exactly those used by
# Soundness.v (listed in its header under "Trusted base").
allowed='^(PrimInt63\.(int|lsl|lsr|land|lor|lxor|asr|add|sub|mul|mulc|div|mod|divs|mods|eqb|ltb|leb|ltsb|lesb|addc|addcarryc|subc|subcarryc|diveucl|diveucl_21|addmuldiv|compare|compares|head0|tail0)|PArray\.(array|make|get|default|set|length|copy|max_length)|PArray\.(get_set_same|get_set_other|length_set|get_copy|length_copy)|Uint63\.(eqb_correct|eqb_refl|ltb_spec|of_to_Z))$'
names=$(printf '%s\n' "$out" | grep -E '^[A-Za-z_][A-Za-z0-9_.'"'"']*( :.*)?$' | awk '{print $1}' | grep -v '^Axioms:$' || true)
bad=$(printf '%s\n' "$names" | grep -vE "$allowed" | grep -v '^$' || true)
if [ -n "$bad" ]; then
  echo "check-assumptions: assumptions beyond the Int63/PArray primitives and their listed axioms:" >&2
  printf '  %s\n' $bad >&2
  exit 1
fi
echo "check-assumptions: OK ($n_thm theorems, only Int63/PArray primitives and their listed specification axioms)"
