//! Running `coqc`: find it, check its version, compile a file in a scratch
//! copy of `coq/theories` under a time limit, and turn failures into typed
//! errors that say which Coq file and line went wrong.
//!
//! Compilation happens in a temporary directory laid out like
//! `coq/theories` (logical path `RetroProof`), so checking generated files
//! never writes `.vo` files into the work tree and never sees stale ones.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The oldest Coq retroproof's generated files are written for (primitive
/// arrays and `Uint63` as in 8.16).
pub const MIN_VERSION: (u32, u32) = (8, 16);

/// The Coq logical path of `coq/theories`.
pub const LOGICAL_ROOT: &str = "RetroProof";

/// What can go wrong running `coqc`.
#[derive(Debug)]
pub enum CoqcError {
    /// Neither `$COQC` nor a `coqc` on `PATH`.
    NotFound,
    /// `coqc` is older than [`MIN_VERSION`] (or its version is unreadable).
    TooOld { version: String },
    /// `coqc` ran longer than the limit and was killed.
    Timeout { file: PathBuf, limit: Duration },
    /// Coq rejected the file. `file` is relative to the theories root when
    /// the error is in one of ours; `line` is 1-based.
    Failed {
        file: PathBuf,
        line: Option<u32>,
        message: String,
    },
    /// Could not write the scratch files or run the process.
    Io { context: String, source: io::Error },
    /// `coqc --print-version` did not answer within the limit.
    ProbeTimeout { path: PathBuf, limit: Duration },
    /// A compiled library file (`.vo`) exists but Coq cannot load it
    /// (truncated, garbage, built by another Coq or from other sources).
    LibraryUnloadable { detail: String },
    /// A library source is newer than its compiled file.
    LibraryStale { source: PathBuf },
    /// A library source has no compiled file.
    LibraryNotBuilt { missing: PathBuf },
    /// `coqc` died (signal, unexpected exit code, or an anomaly).
    Crashed { status: String, detail: String },
    /// `coqc` exited 0 but wrote no `.vo` for the file.
    NoOutput { file: PathBuf },
}

/// The fix for every fault of the built library.
pub const REBUILD: &str = "run `make -C coq`";

/// The first line of `text`, at most 200 characters.
pub fn first_line(text: &str) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut out: String = line.chars().take(200).collect();
    if out.len() < line.len() {
        out.push('…');
    }
    out
}

impl fmt::Display for CoqcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoqcError::NotFound => {
                f.write_str("coqc not found — install Coq (Debian: apt-get install coq)")
            }
            CoqcError::TooOld { version } => write!(
                f,
                "coqc version {version} is too old — retroproof needs Coq {}.{} or newer",
                MIN_VERSION.0, MIN_VERSION.1
            ),
            CoqcError::Timeout { file, limit } => write!(
                f,
                "coqc took longer than {} s on {} and was stopped",
                limit.as_secs_f64(),
                file.display()
            ),
            CoqcError::Failed {
                file,
                line,
                message,
            } => {
                write!(f, "coqc rejected {}", file.display())?;
                if let Some(line) = line {
                    write!(f, ", line {line}")?;
                }
                write!(f, ": {message}")
            }
            CoqcError::Io { context, source } => write!(f, "{context}: {source}"),
            CoqcError::ProbeTimeout { path, limit } => write!(
                f,
                "{} --print-version did not answer within {} s: this coqc hangs — fix or replace it (set COQC to a working coqc)",
                path.display(),
                limit.as_secs_f64()
            ),
            CoqcError::LibraryUnloadable { detail } => write!(
                f,
                "the Coq library cannot be loaded ({}): a .vo file is corrupt or was built by another Coq — {REBUILD}",
                first_line(detail)
            ),
            CoqcError::LibraryStale { source } => write!(
                f,
                "the Coq library is stale ({} is newer than its .vo) — {REBUILD}",
                source.display()
            ),
            CoqcError::LibraryNotBuilt { missing } => write!(
                f,
                "the Coq library is not built ({} missing) — {REBUILD}",
                missing.display()
            ),
            CoqcError::Crashed { status, detail } => write!(
                f,
                "coqc crashed ({status}{}{}) — check the Coq installation, then {REBUILD}",
                if detail.trim().is_empty() { "" } else { ": " },
                first_line(detail)
            ),
            CoqcError::NoOutput { file } => write!(
                f,
                "coqc exited successfully but wrote no {} — check the Coq installation, then {REBUILD}",
                file.with_extension("vo").display()
            ),
        }
    }
}

impl std::error::Error for CoqcError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CoqcError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

impl CoqcError {
    /// Whether the machine (Coq, the built library) is at fault rather than
    /// the file compiled: everything but [`CoqcError::Failed`] and
    /// [`CoqcError::Timeout`].
    pub fn is_environment(&self) -> bool {
        !matches!(self, CoqcError::Failed { .. } | CoqcError::Timeout { .. })
    }
}

/// Runs `spawn`, again after a short pause (up to five times) while it
/// fails with "text file busy": an executable just written (a wrapper
/// script, a fresh install) may still be open for writing in a child
/// another thread is forking, until that child execs.
fn spawn_retrying_busy(
    spawn: impl Fn() -> io::Result<std::process::Child>,
) -> io::Result<std::process::Child> {
    let mut tries = 0;
    loop {
        match spawn() {
            Err(e) if e.kind() == io::ErrorKind::ExecutableFileBusy && tries < 5 => {
                tries += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
            other => return other,
        }
    }
}

/// How long [`Coqc::find`] waits for `coqc --print-version`.
pub const PROBE_TIMEOUT: Duration = Duration::from_secs(60);

/// The files under `dir` (and its subdirectories) whose extension is
/// `extension` (`v`, `vo`), sorted.
pub fn library_files(dir: &Path, extension: &str) -> io::Result<Vec<PathBuf>> {
    fn walk(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) -> io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, extension, out)?;
            } else if path.extension().is_some_and(|e| e == extension) {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, extension, &mut files)?;
    files.sort();
    Ok(files)
}

/// Checks that every `.v` under `theories` has a `.vo` at least as new.
pub fn check_library(theories: &Path) -> Result<(), CoqcError> {
    let sources = library_files(theories, "v")
        .map_err(io_error(format!("reading {}", theories.display())))?;
    if sources.is_empty() {
        return Err(CoqcError::LibraryNotBuilt {
            missing: theories.to_path_buf(),
        });
    }
    for source in sources {
        let vo = source.with_extension("vo");
        let modified = |p: &Path| fs::metadata(p).and_then(|m| m.modified());
        let Ok(built) = modified(&vo) else {
            return Err(CoqcError::LibraryNotBuilt { missing: vo });
        };
        if modified(&source).is_ok_and(|written| written > built) {
            return Err(CoqcError::LibraryStale { source });
        }
    }
    Ok(())
}

/// Whether coqc's report says a library file could not be loaded.
pub fn is_library_failure(message: &str) -> bool {
    [
        "inconsistent assumptions",
        "Cannot find a physical path",
        "Unable to locate library",
        "Cannot find library",
        "premature end of file",
        "bad magic number",
        "is corrupted",
        "Try to rebuild it",
        "compiled with another version",
        "was compiled against a library",
    ]
    .iter()
    .any(|p| message.contains(p))
}

fn io_error(context: impl Into<String>) -> impl FnOnce(io::Error) -> CoqcError {
    let context = context.into();
    move |source| CoqcError::Io { context, source }
}

/// A successful compilation.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// Wall-clock time of the `coqc` run.
    pub elapsed: Duration,
    /// What the file printed (`Print Assumptions`, `Eval`, …).
    pub stdout: String,
}

/// A `coqc` executable known to be recent enough.
#[derive(Debug, Clone)]
pub struct Coqc {
    path: PathBuf,
    version: String,
}

impl Coqc {
    /// `$COQC` if set (and then only it: a wrong explicit choice is an
    /// error, not a reason to pick another Coq), else `coqc` on `$PATH`.
    pub fn find() -> Result<Coqc, CoqcError> {
        Coqc::find_within(PROBE_TIMEOUT)
    }

    /// [`Coqc::find`], waiting at most `probe` for `coqc --print-version`.
    pub fn find_within(probe: Duration) -> Result<Coqc, CoqcError> {
        Coqc::find_with_probe(std::env::var_os("COQC"), std::env::var_os("PATH"), probe)
    }

    /// [`Coqc::find`] with explicit values for `$COQC` and `$PATH`.
    pub fn find_with(coqc: Option<OsString>, path: Option<OsString>) -> Result<Coqc, CoqcError> {
        Coqc::find_with_probe(coqc, path, PROBE_TIMEOUT)
    }

    /// [`Coqc::find_with`] with a limit on the version probe.
    pub fn find_with_probe(
        coqc: Option<OsString>,
        path: Option<OsString>,
        probe: Duration,
    ) -> Result<Coqc, CoqcError> {
        let search = |name: &Path| {
            path.iter()
                .flat_map(std::env::split_paths)
                .map(|dir| dir.join(name))
                .find(|candidate| is_executable(candidate))
                .ok_or(CoqcError::NotFound)
        };
        let exe = match coqc.filter(|c| !c.is_empty()).map(PathBuf::from) {
            // A bare name (`COQC=coqc-8.18`) is looked up on PATH, as a shell would.
            Some(name) if name.components().count() == 1 => search(&name)?,
            Some(explicit) => explicit,
            None => search(Path::new("coqc"))?,
        };
        Coqc::at_within(exe, probe)
    }

    /// The `coqc` at `path`, after checking its version.
    pub fn at(path: impl Into<PathBuf>) -> Result<Coqc, CoqcError> {
        Coqc::at_within(path, PROBE_TIMEOUT)
    }

    /// [`Coqc::at`], killing the version probe after `probe`.
    pub fn at_within(path: impl Into<PathBuf>, probe: Duration) -> Result<Coqc, CoqcError> {
        let path = path.into();
        if !is_executable(&path) {
            return Err(CoqcError::NotFound);
        }
        let start = Instant::now();
        let mut child = spawn_retrying_busy(|| {
            Command::new(&path)
                .arg("--print-version")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
        })
        .map_err(|e| match e.kind() {
            io::ErrorKind::NotFound | io::ErrorKind::PermissionDenied => CoqcError::NotFound,
            _ => CoqcError::Io {
                context: format!("running {} --print-version", path.display()),
                source: e,
            },
        })?;
        let stdout = drain(child.stdout.take());
        match wait_until(&mut child, after(start, probe)) {
            Ok(Some(_)) => {}
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(CoqcError::ProbeTimeout { path, limit: probe });
            }
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(io_error("waiting for coqc --print-version")(e));
            }
        }
        // A probe that left a child holding the pipe open must not hang us:
        // read what is there once the probe itself has exited.
        let text = join_within(stdout, after(start, probe + Duration::from_secs(1)));
        let version = text.split_whitespace().next().unwrap_or("").to_string();
        match parse_version(&version) {
            Some(v) if v >= MIN_VERSION => Ok(Coqc { path, version }),
            _ => Err(CoqcError::TooOld {
                version: if version.is_empty() {
                    "(unreadable)".to_string()
                } else {
                    version
                },
            }),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The version `coqc --print-version` reported, e.g. `8.16.1`.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Compiles `file` (relative to `root`, a directory laid out like
    /// `coq/theories`) with `-Q root RetroProof`, killing `coqc` after
    /// `timeout`.
    pub fn compile(
        &self,
        root: &Path,
        file: &Path,
        timeout: Duration,
    ) -> Result<Compiled, CoqcError> {
        let start = Instant::now();
        // Counted before it exists, so that an interruption arriving while
        // it starts waits for it (and `wait_until` kills it); none is
        // started once the process is interrupted.
        let _watched = crate::interrupt::watch_child();
        if crate::interrupt::requested() {
            return Err(io_error(format!("starting {}", self.path.display()))(
                io::ErrorKind::Interrupted.into(),
            ));
        }
        let mut child = Command::new(&self.path)
            .arg("-Q")
            .arg(root)
            .arg(LOGICAL_ROOT)
            .arg(root.join(file))
            .current_dir(root)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(io_error(format!("starting {}", self.path.display())))?;
        // Drain both pipes while waiting, or a chatty coqc would block.
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let status = match wait_until(&mut child, after(start, timeout)) {
            Ok(Some(status)) => status,
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(CoqcError::Timeout {
                    file: file.to_path_buf(),
                    limit: timeout,
                });
            }
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(io_error("waiting for coqc")(e));
            }
        };
        let elapsed = start.elapsed();
        let out = stdout.join().unwrap_or_default();
        let err = stderr.join().unwrap_or_default();
        let text = if err.trim().is_empty() { &out } else { &err };
        if status.success() {
            let vo = root.join(file).with_extension("vo");
            if !vo.is_file() {
                return Err(CoqcError::NoOutput {
                    file: file.to_path_buf(),
                });
            }
            return Ok(Compiled {
                elapsed,
                stdout: out,
            });
        }
        // coqc reports errors with exit code 1; anything else (a signal, 2
        // for a bad command line, 127…) or an anomaly is a crash.
        if status.code() != Some(1) || text.contains("Anomaly") {
            return Err(CoqcError::Crashed {
                status: match status.code() {
                    Some(code) => format!("exit code {code}"),
                    None => describe_signal(&status),
                },
                detail: text.trim().to_string(),
            });
        }
        if is_library_failure(text) {
            return Err(CoqcError::LibraryUnloadable {
                detail: text.trim().to_string(),
            });
        }
        match parse_failure(text, root, file) {
            CoqcError::Failed { message, .. } if message.trim().is_empty() => {
                Err(CoqcError::Crashed {
                    status: "exit code 1".to_string(),
                    detail: "no error message".to_string(),
                })
            }
            other => Err(other),
        }
    }
}

fn is_executable(path: &Path) -> bool {
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                meta.permissions().mode() & 0o111 != 0
            }
            #[cfg(not(unix))]
            {
                true
            }
        }
        _ => false,
    }
}

fn describe_signal(status: &std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    format!("{status}")
}

/// The text of a drained pipe, or "" if the writer still holds it open at
/// `deadline`.
fn join_within(handle: thread::JoinHandle<String>, deadline: Instant) -> String {
    while !handle.is_finished() {
        if Instant::now() >= deadline {
            return String::new();
        }
        thread::sleep(Duration::from_millis(5));
    }
    handle.join().unwrap_or_default()
}

pub(crate) fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// `start + limit`, a century at most: a limit that large is no limit, and
/// `Instant + Duration` panics when the clock cannot hold the sum. (A
/// clock that cannot hold a century ahead, which no supported platform
/// has, would get `start`: an immediate timeout, never a panic.)
pub(crate) fn after(start: Instant, limit: Duration) -> Instant {
    const CENTURY: Duration = Duration::from_secs(100 * 365 * 24 * 3600);
    start.checked_add(limit.min(CENTURY)).unwrap_or(start)
}

/// `Ok(None)` if `child` is still running at `deadline`, or if the process
/// is interrupted (`crate::interrupt`: the child is then killed).
pub(crate) fn wait_until(
    child: &mut Child,
    deadline: Instant,
) -> io::Result<Option<std::process::ExitStatus>> {
    let _watched = crate::interrupt::watch_child();
    let mut pause = Duration::from_millis(2);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        if crate::interrupt::requested() {
            // Interrupted: a signal sent to us alone would leave the child
            // running; the handler waits for it to be gone.
            let _ = child.kill();
            let _ = child.wait();
            return Ok(None);
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

/// `8.16.1` → `(8, 16)`; also `8.20+rc1`, `9.0`.
pub fn parse_version(text: &str) -> Option<(u32, u32)> {
    let mut parts = text.split(|c: char| !c.is_ascii_digit());
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// Reads coqc's error report:
///
/// ```text
/// File "/tmp/x/theories/Gen/Tables.v", line 3, characters 0-5:
/// Error: The reference foo was not found in the current environment.
/// ```
///
/// into a [`CoqcError::Failed`] whose file is relative to `root` when it is
/// one of ours, falling back to `file` and the whole output when the report
/// has another shape.
pub fn parse_failure(output: &str, root: &Path, file: &Path) -> CoqcError {
    let mut located: Option<(PathBuf, u32)> = None;
    let mut message_lines = Vec::new();
    for line in output.lines() {
        if located.is_none() {
            if let Some(loc) = parse_location(line) {
                located = Some(loc);
                continue;
            }
        }
        if located.is_some() {
            message_lines.push(line);
        }
    }
    let message = if message_lines.is_empty() {
        output.trim().to_string()
    } else {
        message_lines.join("\n").trim().to_string()
    };
    let message = message
        .strip_prefix("Error:")
        .map(str::trim_start)
        .unwrap_or(&message)
        .to_string();
    match located {
        Some((path, line)) => {
            let relative = path
                .strip_prefix(root)
                .map(Path::to_path_buf)
                .unwrap_or(path);
            CoqcError::Failed {
                file: relative,
                line: Some(line),
                message,
            }
        }
        None => CoqcError::Failed {
            file: file.to_path_buf(),
            line: None,
            message,
        },
    }
}

/// `File "path", line N, characters a-b:` → `(path, N)`.
fn parse_location(line: &str) -> Option<(PathBuf, u32)> {
    let rest = line.strip_prefix("File \"")?;
    let (path, rest) = rest.split_once("\", line ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((PathBuf::from(path), digits.parse().ok()?))
}

/// A scratch directory laid out like `coq/theories`, removed on drop.
pub struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    pub fn new() -> Result<Scratch, CoqcError> {
        let dir = tempfile::Builder::new()
            .prefix("retroproof-coq-")
            .tempdir()
            .map_err(io_error("creating a scratch directory for coqc"))?;
        fs::create_dir(dir.path().join("theories"))
            .map_err(io_error("creating a scratch directory for coqc"))?;
        Ok(Scratch { dir })
    }

    /// The root mapped to `RetroProof`.
    pub fn root(&self) -> PathBuf {
        self.dir.path().join("theories")
    }

    /// Writes `contents` at `relative` (e.g. `Gen/Vocab.v`) under the root.
    pub fn write(&self, relative: impl AsRef<Path>, contents: &str) -> Result<(), CoqcError> {
        let path = self.root().join(relative.as_ref());
        let context = format!("writing {}", path.display());
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(io_error(context.clone()))?;
        }
        fs::write(&path, contents).map_err(io_error(context))
    }

    /// Compiles `relative` (its dependencies must be compiled first).
    pub fn compile(
        &self,
        coqc: &Coqc,
        relative: impl AsRef<Path>,
        timeout: Duration,
    ) -> Result<Compiled, CoqcError> {
        coqc.compile(&self.root(), relative.as_ref(), timeout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions() {
        assert_eq!(parse_version("8.16.1"), Some((8, 16)));
        assert_eq!(parse_version("8.20+rc1"), Some((8, 20)));
        assert_eq!(parse_version("9.0"), Some((9, 0)));
        assert_eq!(parse_version("8"), None);
        assert_eq!(parse_version(""), None);
        assert!(parse_version("8.15.2").unwrap() < MIN_VERSION);
        assert!(parse_version("9.0.0").unwrap() >= MIN_VERSION);
    }

    #[test]
    fn failure_report_is_located_relative_to_root() {
        let out = "File \"/tmp/s/theories/Gen/X.v\", line 7, characters 0-5:\n\
                   Error: The reference foo was not found in the current environment.\n";
        match parse_failure(out, Path::new("/tmp/s/theories"), Path::new("Gen/X.v")) {
            CoqcError::Failed {
                file,
                line,
                message,
            } => {
                assert_eq!(file, PathBuf::from("Gen/X.v"));
                assert_eq!(line, Some(7));
                assert_eq!(
                    message,
                    "The reference foo was not found in the current environment."
                );
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn unlocated_failure_keeps_whole_output() {
        match parse_failure(
            "Error: Can't find file foo.v\n",
            Path::new("/r"),
            Path::new("A.v"),
        ) {
            CoqcError::Failed {
                file,
                line,
                message,
            } => {
                assert_eq!(file, PathBuf::from("A.v"));
                assert_eq!(line, None);
                assert_eq!(message, "Can't find file foo.v");
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn environment_faults_are_one_line_naming_the_fix() {
        let faults = [
            CoqcError::LibraryUnloadable {
                detail: "/x/Retro.vo: premature end of file. Try to rebuild it.\nmore".into(),
            },
            CoqcError::LibraryStale {
                source: "coq/theories/Board.v".into(),
            },
            CoqcError::LibraryNotBuilt {
                missing: "coq/theories/Retro.vo".into(),
            },
            CoqcError::Crashed {
                status: "killed by signal 11".into(),
                detail: String::new(),
            },
            CoqcError::NoOutput {
                file: "Problem.v".into(),
            },
        ];
        for fault in faults {
            assert!(fault.is_environment());
            let shown = fault.to_string();
            assert_eq!(shown.lines().count(), 1, "{shown}");
            assert!(shown.contains("make -C coq"), "{shown}");
        }
        assert!(CoqcError::ProbeTimeout {
            path: "coqc".into(),
            limit: Duration::from_secs(2)
        }
        .is_environment());
        assert!(!CoqcError::Failed {
            file: "P.v".into(),
            line: None,
            message: String::new()
        }
        .is_environment());
        assert!(is_library_failure(
            "File /t/A.vo has bad magic number 65741908 (expected 1131376929)."
        ));
        assert!(!is_library_failure(
            "The reference foo was not found in the current environment."
        ));
        assert_eq!(first_line("\n  a\nb"), "a");
    }

    #[test]
    fn library_check_finds_missing_and_stale_files() {
        let dir = tempfile::tempdir().unwrap();
        let v = dir.path().join("A.v");
        fs::write(&v, "Definition a := 0.").unwrap();
        assert!(matches!(
            check_library(dir.path()),
            Err(CoqcError::LibraryNotBuilt { .. })
        ));
        fs::write(dir.path().join("A.vo"), "").unwrap();
        check_library(dir.path()).unwrap();
        thread::sleep(Duration::from_millis(20));
        fs::write(&v, "Definition a := 1.").unwrap();
        assert!(matches!(
            check_library(dir.path()),
            Err(CoqcError::LibraryStale { .. })
        ));
    }

    #[test]
    fn missing_coqc() {
        let empty = tempfile::tempdir().unwrap();
        let path = Some(empty.path().as_os_str().to_owned());
        assert!(matches!(
            Coqc::find_with(None, path.clone()),
            Err(CoqcError::NotFound)
        ));
        assert!(matches!(
            Coqc::find_with(Some("/nonexistent/coqc".into()), path),
            Err(CoqcError::NotFound)
        ));
        assert!(matches!(
            Coqc::find_with(
                Some("coqc".into()),
                Some(empty.path().as_os_str().to_owned())
            ),
            Err(CoqcError::NotFound)
        ));
        assert_eq!(
            CoqcError::NotFound.to_string(),
            "coqc not found — install Coq (Debian: apt-get install coq)"
        );
    }
}
