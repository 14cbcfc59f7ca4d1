//! Running `coqchk`, Coq's independent checker, on a compiled proof.
//!
//! `coqc` checks a proof with the kernel it runs in; `coqchk` reads the
//! compiled `.vo` files and checks them again with a kernel of its own,
//! so a bug in the parts of `coqc` beyond its kernel (tactics, the
//! elaborator, how `.vo` files are written) cannot make a wrong theorem
//! pass. It is slow: it has no bytecode VM, so the checks our proofs run
//! under `vm_compute` are recomputed by plain reduction (seconds for a
//! small certificate, much more for a large one), and it checks the whole
//! library a proof loads (about two minutes of one core) unless told to
//! admit it. `prove --coqchk` checks the proof and the library; `solve
//! --coqchk` checks the library once, then each proof with the library
//! admitted.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::coqc::{after, drain, first_line, wait_until, Coqc, LOGICAL_ROOT};

/// What can go wrong running `coqchk`.
#[derive(Debug)]
pub enum CoqchkError {
    /// No `coqchk` beside `coqc` nor on `PATH`.
    NotFound,
    /// `coqchk` ran longer than the limit and was stopped.
    Timeout { limit: Duration },
    /// `coqchk` rejected a module (or could not load it).
    Refused { detail: String },
    /// `coqchk` accepted the modules but reports an unsafe feature
    /// (type-in-type, an unchecked fixpoint, assumed positivity).
    Unsafe { what: String },
    /// Could not start or wait for the process.
    Io(std::io::Error),
}

impl std::fmt::Display for CoqchkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CoqchkError::NotFound => f.write_str(
                "coqchk not found beside coqc nor on PATH — install Coq's checker (Debian: apt-get install coq)",
            ),
            CoqchkError::Timeout { limit } => write!(
                f,
                "coqchk took longer than {} s and was stopped (it recomputes the proof's checks without the VM: give --timeout more)",
                limit.as_secs_f64()
            ),
            CoqchkError::Refused { detail } => {
                write!(f, "coqchk refused what coqc accepted: {}", first_line(detail))
            }
            CoqchkError::Unsafe { what } => {
                write!(f, "coqchk reports that something relies on {what}")
            }
            CoqchkError::Io(e) => write!(f, "running coqchk: {e}"),
        }
    }
}

impl std::error::Error for CoqchkError {}

/// Which modules `coqchk` checks besides the proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// The proof and every library module it loads.
    WithLibrary,
    /// The proof only; these library modules (and what they load) are
    /// admitted, checked elsewhere (`solve --coqchk` checks the library
    /// once, [`Coqchk::check_library`]).
    LibraryAdmitted(Vec<String>),
}

/// A `coqchk` executable.
#[derive(Debug, Clone)]
pub struct Coqchk {
    path: PathBuf,
}

impl Coqchk {
    /// The `coqchk` of the same installation as `coqc` (its directory),
    /// else the one on `PATH`.
    pub fn beside(coqc: &Coqc) -> Result<Coqchk, CoqchkError> {
        let sibling = coqc.path().parent().map(|dir| dir.join("coqchk"));
        let on_path = || {
            std::env::var_os("PATH")
                .iter()
                .flat_map(std::env::split_paths)
                .map(|dir| dir.join("coqchk"))
                .find(|p| p.is_file())
        };
        sibling
            .filter(|p| p.is_file())
            .or_else(on_path)
            .map(|path| Coqchk { path })
            .ok_or(CoqchkError::NotFound)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks `module` (compiled as `dir/<module>.vo`, at the top of no
    /// logical path) against the library `theories`, within `timeout`.
    pub fn check_proof(
        &self,
        theories: &Path,
        dir: &Path,
        module: &str,
        scope: &Scope,
        timeout: Duration,
    ) -> Result<Duration, CoqchkError> {
        // The proof's directory as the empty logical path: the module is
        // `Problem`, as `coqc` compiled it.
        let mut args: Vec<String> = vec!["-Q".into(), dir.display().to_string(), String::new()];
        if let Scope::LibraryAdmitted(modules) = scope {
            for m in modules {
                args.push("-admit".into());
                args.push(m.clone());
            }
        }
        args.push(module.to_string());
        self.run(theories, &args, timeout)
    }

    /// The logical names of the library's modules under `theories`
    /// (`RetroProof.Board`, …), what [`Coqchk::check_library`] checks and
    /// [`Scope::LibraryAdmitted`] admits.
    pub fn library_modules(theories: &Path) -> std::io::Result<Vec<String>> {
        Ok(crate::coqc::library_files(theories, "v")?
            .iter()
            .filter_map(|file| {
                let relative = file.strip_prefix(theories).ok()?.with_extension("");
                let parts: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                Some(format!("{LOGICAL_ROOT}.{}", parts.join(".")))
            })
            .collect())
    }

    /// Checks the library modules `modules` (`RetroProof.Board`, …).
    pub fn check_library(
        &self,
        theories: &Path,
        modules: &[String],
        timeout: Duration,
    ) -> Result<Duration, CoqchkError> {
        self.run(theories, modules, timeout)
    }

    fn run(
        &self,
        theories: &Path,
        args: &[String],
        timeout: Duration,
    ) -> Result<Duration, CoqchkError> {
        let start = Instant::now();
        let mut child = Command::new(&self.path)
            .args(["-silent", "-o", "-Q"])
            .arg(theories)
            .arg(LOGICAL_ROOT)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => CoqchkError::NotFound,
                _ => CoqchkError::Io(e),
            })?;
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let status = match wait_until(&mut child, after(start, timeout)) {
            Ok(Some(status)) => status,
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(CoqchkError::Timeout { limit: timeout });
            }
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(CoqchkError::Io(e));
            }
        };
        let out = stdout.join().unwrap_or_default();
        let err = stderr.join().unwrap_or_default();
        if !status.success() {
            let detail = if err.trim().is_empty() { out } else { err };
            return Err(CoqchkError::Refused { detail });
        }
        // `coqchk -o` writes its summary on standard error.
        unsafe_feature(&format!("{out}\n{err}")).map_or(Ok(start.elapsed()), |what| {
            Err(CoqchkError::Unsafe { what })
        })
    }
}

/// The unsafe feature `coqchk -o`'s summary reports in use, if any: each
/// of its three lines must say `<none>`.
fn unsafe_feature(summary: &str) -> Option<String> {
    [
        "type-in-type",
        "unsafe (co)fixpoints",
        "positivity is assumed",
    ]
    .into_iter()
    .find(|what| {
        !summary
            .lines()
            .any(|l| l.contains(what) && l.trim_end().ends_with("<none>"))
    })
    .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_must_say_none_three_times() {
        let ok = "* Constants/Inductives relying on type-in-type: <none>\n\
                  * Constants/Inductives relying on unsafe (co)fixpoints: <none>\n\
                  * Inductives whose positivity is assumed: <none>\n";
        assert_eq!(unsafe_feature(ok), None);
        let bad = ok.replace("(co)fixpoints: <none>", "(co)fixpoints:\n    Top.spin");
        assert_eq!(
            unsafe_feature(&bad).as_deref(),
            Some("unsafe (co)fixpoints")
        );
        assert_eq!(unsafe_feature("").as_deref(), Some("type-in-type"));
    }
}
