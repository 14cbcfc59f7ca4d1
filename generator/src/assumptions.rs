//! What a proven theorem may assume, judged by kernel name.
//!
//! `Print Assumptions` prints each assumption under the shortest name
//! that refers to it *in the current scope*: `add`, `PrimInt63.add` or
//! `Int63.Uint63.of_to_Z`, depending on what the file imported. A
//! printed name is therefore not an identity: a library module that
//! declares `Module Uint63. Axiom of_to_Z : False. End Uint63.` and is
//! imported makes its axiom print as `Uint63.of_to_Z`, a name that
//! *ends like* the standard library's allowed axiom. Matching names by
//! suffix would accept it.
//!
//! So every compiled file is asked, in the same scope as its theorems,
//! how Coq prints each allowed assumption: the *probe* is one `Print
//! Assumptions` of each fully qualified name of the allow-list
//! (`ci/allowed-assumptions.txt`), after the theorems' own reports.
//! Since the shortest name Coq prints for an object resolves back to
//! that object in that scope, two objects never print alike, and an
//! assumption of a theorem is allowed exactly when it prints as one of
//! the probe's answers; it is then reported under the kernel name the
//! probe asked about. `ci/check-assumptions.sh` does the same for the
//! library's headline theorems.

use std::collections::BTreeMap;
use std::fmt;

/// The allow-list (`ci/allowed-assumptions.txt`, also read by
/// `ci/check-assumptions.sh`), compiled in: one fully qualified kernel
/// name a line, `#` starting a comment.
pub const ALLOWED_ASSUMPTIONS: &str = include_str!("../../ci/allowed-assumptions.txt");

/// The fully qualified names of [`ALLOWED_ASSUMPTIONS`], in file order.
pub fn allowed_assumptions() -> Vec<&'static str> {
    ALLOWED_ASSUMPTIONS
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Whether `name` is a fully qualified name on the allow-list (exactly:
/// a short or partial name is never allowed by itself).
pub fn is_allowed(name: &str) -> bool {
    allowed_assumptions().contains(&name)
}

/// The libraries the allow-list's names live in, loaded first so that
/// the probe can name them whatever the file requires itself.
const PROBE_REQUIRE: &str = "From Coq Require Uint63 PArray.\n";

/// The lines [`with_probe`] adds before the file: a line `n` of the file
/// is line `n + PROBE_LINES_BEFORE` of what is compiled.
pub const PROBE_LINES_BEFORE: u32 = 1;

/// `text` made ready for [`check_assumptions`]: a first line that loads
/// the allowed assumptions' libraries (so that the whole file, its
/// theorems' reports and the probe, is read in one scope), the file,
/// then the probe: `Print Assumptions` of every allowed name.
///
/// The added first line shifts the file's line numbers by one: report
/// Coq's line numbers against the returned text, not `text`.
pub fn with_probe(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64 * 50);
    out.push_str(PROBE_REQUIRE);
    out.push_str(text);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("\n(* How each allowed assumption prints in this scope (retroproof). *)\n");
    for name in allowed_assumptions() {
        out.push_str(&format!("Print Assumptions {name}.\n"));
    }
    out
}

/// Why `Print Assumptions` output is not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AssumptionError {
    /// Fewer `Print Assumptions` reports in the output than were asked
    /// for (the theorems' and the probe's together).
    MissingReports { expected: usize, found: usize },
    /// The probe's report of an allowed name is not one assumption (a
    /// name of the allow-list that is no axiom, or output not from
    /// [`with_probe`]).
    BadProbe { name: String, report: Vec<String> },
    /// Lines outside the allow-list (an axiom, a guard or positivity
    /// bypass, an unsafe universe hierarchy, …), as printed.
    Disallowed(Vec<String>),
}

impl fmt::Display for AssumptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssumptionError::MissingReports { found: 0, .. } => {
                f.write_str("coqc printed no `Print Assumptions` report for the theorem")
            }
            AssumptionError::MissingReports { expected, found } => write!(
                f,
                "coqc printed only {found} of the {expected} `Print Assumptions` reports asked for"
            ),
            AssumptionError::BadProbe { name, report } => write!(
                f,
                "the allowed assumption {name} does not print as one axiom ({})",
                report.join("; ")
            ),
            AssumptionError::Disallowed(lines) => write!(
                f,
                "the theorem depends on assumptions outside ci/allowed-assumptions.txt: {}",
                lines.join("; ")
            ),
        }
    }
}

impl std::error::Error for AssumptionError {}

/// One `Print Assumptions` report: the names of its entries (`name :
/// type`, or a long one's `name` alone with its type indented below) and
/// every line that is no such entry.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Report {
    names: Vec<String>,
    other: Vec<String>,
}

/// The reports of `output`, in order. A report starts at `Axioms:` or
/// `Closed under the global context`; anything before the first is not
/// part of one.
fn reports(output: &str) -> Vec<Report> {
    let mut reports: Vec<Report> = Vec::new();
    let mut continuing = false;
    for line in output.lines() {
        let trimmed = line.trim_end();
        if trimmed == "Axioms:" || trimmed.starts_with("Closed under the global context") {
            reports.push(Report::default());
            continuing = false;
            continue;
        }
        let Some(report) = reports.last_mut() else {
            continue;
        };
        if trimmed.trim().is_empty() {
            continuing = false;
        } else if line.starts_with(char::is_whitespace) {
            if !continuing {
                report.other.push(trimmed.trim().to_string());
            }
        } else {
            let mut words = trimmed.split_whitespace();
            let name = words.next().unwrap_or("");
            if matches!(words.next(), Some(":") | None) {
                report.names.push(name.to_string());
                continuing = true;
            } else {
                report.other.push(trimmed.to_string());
                continuing = false;
            }
        }
    }
    reports
}

/// Reads `coqc`'s output of a file made by [`with_probe`] whose last
/// `targets` `Print Assumptions` commands before the probe are the
/// theorems to check. `Ok` with the fully qualified names of their
/// assumptions (sorted, each once; none for "Closed under the global
/// context") when each is one of the allowed assumptions as the probe
/// shows it prints in that scope; any other line (an axiom not listed,
/// "f is assumed to be guarded.", "bad is assumed to be positive.", "u
/// relies on an unsafe hierarchy.") is refused.
pub fn check_assumptions(output: &str, targets: usize) -> Result<Vec<String>, AssumptionError> {
    let allowed = allowed_assumptions();
    let all = reports(output);
    let expected = targets + allowed.len();
    if targets == 0 || all.len() < expected {
        return Err(AssumptionError::MissingReports {
            expected,
            found: all.len(),
        });
    }
    let (theorems, probe) = all[all.len() - expected..].split_at(targets);
    // How each allowed assumption prints here. A name of the list that is
    // no assumption (closed) prints nothing and allows nothing.
    let mut printed: BTreeMap<&str, &str> = BTreeMap::new();
    for (report, name) in probe.iter().zip(&allowed) {
        match (report.names.as_slice(), report.other.is_empty()) {
            ([], true) => {}
            ([one], true) => {
                printed.insert(one, name);
            }
            _ => {
                return Err(AssumptionError::BadProbe {
                    name: name.to_string(),
                    report: report.names.iter().chain(&report.other).cloned().collect(),
                })
            }
        }
    }
    let mut names = Vec::new();
    let mut bad = Vec::new();
    for report in theorems {
        bad.extend(report.other.iter().cloned());
        for name in &report.names {
            match printed.get(name.as_str()) {
                Some(full) => names.push(full.to_string()),
                None => bad.push(name.clone()),
            }
        }
    }
    if bad.is_empty() {
        names.sort();
        names.dedup();
        Ok(names)
    } else {
        Err(AssumptionError::Disallowed(bad))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The probe's part of `coqc`'s output when each allowed name prints
    /// as `short(name)`.
    fn probe_output(short: impl Fn(&str) -> String) -> String {
        allowed_assumptions()
            .iter()
            .map(|name| format!("Axioms:\n{} : T\n", short(name)))
            .collect()
    }

    /// `PrimInt63.add` for `Coq.Numbers.Cyclic.Int63.PrimInt63.add`.
    fn last_two(name: &str) -> String {
        let parts: Vec<&str> = name.rsplitn(3, '.').collect();
        format!("{}.{}", parts[1], parts[0])
    }

    #[test]
    fn the_allow_list_is_of_kernel_names() {
        let names = allowed_assumptions();
        assert!(names.len() > 40, "{names:?}");
        for name in names {
            assert!(
                name.starts_with("Coq.Numbers.Cyclic.Int63.") || name.starts_with("Coq.Array."),
                "{name}"
            );
        }
    }

    #[test]
    fn names_are_read_through_the_probe() {
        let probe = probe_output(last_two);
        let theorem = "Axioms:\nPArray.set\n  : forall A, A\nPrimInt63.add : int -> int -> int\n";
        assert_eq!(
            check_assumptions(&format!("{theorem}{probe}"), 1),
            Ok(vec![
                "Coq.Array.PArray.set".to_string(),
                "Coq.Numbers.Cyclic.Int63.PrimInt63.add".to_string()
            ])
        );
        // Printed differently in another scope: what counts is the probe.
        let short = probe_output(|n| n.rsplit('.').next().unwrap().to_string());
        assert_eq!(
            check_assumptions(&format!("Axioms:\nadd : int\n{short}"), 1),
            Ok(vec!["Coq.Numbers.Cyclic.Int63.PrimInt63.add".to_string()])
        );
        // ... and a name allowed in one scope is not in another.
        assert!(matches!(
            check_assumptions(&format!("Axioms:\nadd : int\n{probe}"), 1),
            Err(AssumptionError::Disallowed(_))
        ));
    }

    #[test]
    fn a_look_alike_is_refused() {
        // The real axiom prints longer when a look-alike takes its short name.
        let probe = probe_output(|n| {
            if n.ends_with("Uint63.of_to_Z") {
                "Int63.Uint63.of_to_Z".to_string()
            } else {
                last_two(n)
            }
        });
        let planted = "Axioms:\nUint63.of_to_Z : False\n";
        assert_eq!(
            check_assumptions(&format!("{planted}{probe}"), 1),
            Err(AssumptionError::Disallowed(vec![
                "Uint63.of_to_Z".to_string()
            ]))
        );
    }

    #[test]
    fn reports_are_read_strictly() {
        let probe = probe_output(last_two);
        let closed = "Closed under the global context\n";
        assert_eq!(
            check_assumptions(&format!("{closed}{probe}"), 1),
            Ok(vec![])
        );
        for bad in [
            "Axioms:\nf is assumed to be guarded.\n",
            "Axioms:\nbad is assumed to be positive.\n",
            "Axioms:\nu relies on an unsafe hierarchy.\n",
            "Axioms:\nclassic : forall P : Prop, P \\/ ~ P\n",
            "Axioms:\n  : an orphan continuation\n",
        ] {
            // Wherever the bad report stands among the theorems' reports.
            for output in [
                format!("{bad}{closed}{probe}"),
                format!("{closed}{bad}{probe}"),
            ] {
                assert!(
                    matches!(
                        check_assumptions(&output, 2),
                        Err(AssumptionError::Disallowed(_))
                    ),
                    "{output}"
                );
            }
        }
        // Too few reports: the theorems' or the probe's.
        let n = allowed_assumptions().len();
        assert_eq!(
            check_assumptions(&probe, 1),
            Err(AssumptionError::MissingReports {
                expected: n + 1,
                found: n
            })
        );
        assert!(matches!(
            check_assumptions(&format!("{closed}{probe}"), 0),
            Err(AssumptionError::MissingReports { .. })
        ));
        // A probe report of two names is not a probe.
        let doubled = probe.replacen(" : T\n", " : T\nPrimInt63.sub : T\n", 1);
        assert!(matches!(
            check_assumptions(&format!("{closed}{doubled}"), 1),
            Err(AssumptionError::BadProbe { .. })
        ));
    }

    #[test]
    fn the_probe_names_every_allowed_assumption_after_the_file() {
        let text = with_probe("Theorem t : True.\nPrint Assumptions t.");
        assert!(text.starts_with(PROBE_REQUIRE));
        assert_eq!(
            text.lines().position(|l| l.starts_with("Theorem t")),
            Some(PROBE_LINES_BEFORE as usize)
        );
        let prints: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("Print Assumptions "))
            .collect();
        assert_eq!(prints[0], "t.");
        assert_eq!(prints.len(), allowed_assumptions().len() + 1);
    }
}
