//! Interruption (Ctrl-C, SIGTERM, SIGHUP): no temporary files left behind,
//! no output line cut in half, no `coqc` left running, exit code 130.
//!
//! Batch schedulers stop a job with SIGTERM (Slurm on `scancel` or at the
//! time limit, GNU parallel on `--termseq`, `timeout`), a closed terminal
//! sends SIGHUP: each is handled as Ctrl-C (SIGINT) is, with the same exit
//! code ([`EXIT_INTERRUPTED`]; the handler cannot tell the three apart).
//!
//! [`TempRoot::enter`] makes one directory `retroproof-<pid>-…` in the
//! system's temporary directory and points `TMPDIR` at it, so every scratch
//! directory made afterwards with `tempfile` (by `prove`, `diff`, the `coqc`
//! runner, and `coqc` itself) lands inside it. The root is registered; when
//! the [`TempRoot`] is dropped the directory is removed and `TMPDIR`
//! restored. [`crate::cli::Cli::run`] enters a root for every command, so a
//! command needs to do nothing; code that makes a directory elsewhere can
//! [`register`] it.
//!
//! On a signal the handler, in this order:
//! 1. takes the output lock ([`hold_output`]), then standard output's own
//!    lock, and keeps them: a line being written (a batch's JSON line) is
//!    finished first, and no line is written after (waiting at most a few
//!    seconds in all, for a reader that stopped reading);
//! 2. sets [`requested`], which the `coqc` runner polls: it kills its
//!    `coqc` (the handler waits for it, [`watch_child`]), since a signal
//!    sent to `retroproof` alone would leave it running;
//! 3. removes every registered directory;
//! 4. prints `error: interrupted`, followed by what the registered notes
//!    ([`note`]) say (a batch: how many items finished, which were
//!    abandoned), and exits with [`EXIT_INTERRUPTED`].
//!
//! ```no_run
//! let root = retroproof::interrupt::TempRoot::enter()?;
//! let scratch = tempfile::tempdir()?; // inside root.path()
//! assert!(scratch.path().starts_with(root.path()));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::ffi::OsString;
use std::io::{self, IsTerminal as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Once, TryLockError};
use std::time::{Duration, Instant};

/// The exit code after an interruption: 128 + SIGINT, as shells report
/// Ctrl-C; also after SIGTERM and SIGHUP.
pub const EXIT_INTERRUPTED: u8 = 130;

/// How long the handler waits for a line being written, and then for the
/// `coqc` runs to be killed.
const WAIT_FOR_OUTPUT: Duration = Duration::from_secs(5);
const WAIT_FOR_CHILDREN: Duration = Duration::from_secs(2);

static REGISTRY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static INSTALL: Once = Once::new();
static REQUESTED: AtomicBool = AtomicBool::new(false);
static OUTPUT: Mutex<()> = Mutex::new(());
static CHILDREN: AtomicUsize = AtomicUsize::new(0);
static NEXT_NOTE: AtomicU64 = AtomicU64::new(0);

/// What a note says when the process is interrupted.
type Say = Arc<dyn Fn() -> String + Send + Sync>;
static NOTES: Mutex<Vec<(u64, Say)>> = Mutex::new(Vec::new());

/// Installs the handler of SIGINT, SIGTERM and SIGHUP (once; later calls
/// do nothing): see the module docs.
pub fn install() {
    INSTALL.call_once(|| {
        // Failing to install (another handler is set) leaves the default:
        // the process dies on the signal, as before.
        let _ = ctrlc::set_handler(on_interrupt);
    });
}

/// Whether a signal asked the process to stop: long waits (a `coqc` run)
/// poll it and give up.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// The output lock: hold it while writing a line that must be written
/// whole or not at all (a batch's JSON line, to standard output or a
/// file). Once the process is interrupted it is never given back, so a
/// writer waiting for it waits until the process exits.
pub fn hold_output() -> MutexGuard<'static, ()> {
    OUTPUT.lock().unwrap_or_else(|p| p.into_inner())
}

/// A child process being waited for: the handler waits (briefly) until
/// every watched child is gone. Whoever watches it polls [`requested`]
/// and kills the child.
#[derive(Debug)]
pub struct WatchedChild(());

/// Counts a child process until the guard is dropped.
pub fn watch_child() -> WatchedChild {
    CHILDREN.fetch_add(1, Ordering::SeqCst);
    WatchedChild(())
}

impl Drop for WatchedChild {
    fn drop(&mut self) {
        CHILDREN.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A note said after `error: interrupted` while this guard lives.
pub struct Noted {
    id: u64,
}

impl std::fmt::Debug for Noted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Noted").field("id", &self.id).finish()
    }
}

/// Registers `say`, called by the handler for the words after
/// `error: interrupted: ` (what was interrupted; the notes registered
/// last come first, joined by `; `). It must not wait for the output
/// lock.
pub fn note(say: impl Fn() -> String + Send + Sync + 'static) -> Noted {
    install();
    let id = NEXT_NOTE.fetch_add(1, Ordering::Relaxed);
    notes().push((id, Arc::new(say)));
    Noted { id }
}

fn notes() -> MutexGuard<'static, Vec<(u64, Say)>> {
    NOTES.lock().unwrap_or_else(|p| p.into_inner())
}

impl Drop for Noted {
    fn drop(&mut self) {
        notes().retain(|(id, _)| *id != self.id);
    }
}

fn on_interrupt() {
    // 1. A line being written is finished; none is written after.
    let deadline = Instant::now() + WAIT_FOR_OUTPUT;
    loop {
        match OUTPUT.try_lock() {
            Ok(guard) => {
                std::mem::forget(guard);
                break;
            }
            Err(TryLockError::Poisoned(p)) => {
                std::mem::forget(p.into_inner());
                break;
            }
            Err(TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(TryLockError::WouldBlock) => break,
        }
    }
    // Also a write to standard output under its own lock (`write_stdout`
    // writes and flushes under it): finished, then the lock is kept.
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut out = io::stdout().lock();
        let _ = out.flush();
        let _ = done.send(());
        std::mem::forget(out);
    });
    let _ = finished.recv_timeout(deadline.saturating_duration_since(Instant::now()));
    // 2. The `coqc` runs are killed.
    REQUESTED.store(true, Ordering::SeqCst);
    let deadline = Instant::now() + WAIT_FOR_CHILDREN;
    while CHILDREN.load(Ordering::SeqCst) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    // 3. The temporary directories are removed.
    let dirs = std::mem::take(&mut *lock());
    for dir in dirs.iter().rev() {
        let _ = std::fs::remove_dir_all(dir);
    }
    // 4. What was interrupted.
    // The latest first: the innermost (a batch's count) before what the
    // command around it adds.
    let says: Vec<Say> = notes()
        .iter()
        .rev()
        .map(|(_, say)| Arc::clone(say))
        .collect();
    let words: Vec<String> = says
        .iter()
        .map(|say| say())
        .filter(|w| !w.is_empty())
        .collect();
    let mut err = io::stderr().lock();
    if err.is_terminal() {
        // Clear a progress bar's line first.
        let _ = write!(err, "\r\x1b[2K");
    }
    if words.is_empty() {
        let _ = writeln!(err, "error: interrupted");
    } else {
        let _ = writeln!(err, "error: interrupted: {}", words.join("; "));
    }
    std::process::exit(i32::from(EXIT_INTERRUPTED));
}

/// A directory removed on an interruption while this guard lives. Dropping it only
/// unregisters: removing the directory is its owner's job.
#[derive(Debug)]
pub struct Registered {
    path: PathBuf,
}

/// Registers `path` for removal on an interruption (and installs the
/// handler).
pub fn register(path: &Path) -> Registered {
    install();
    let path = path.to_owned();
    lock().push(path.clone());
    Registered { path }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    REGISTRY.lock().unwrap_or_else(|p| p.into_inner())
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut dirs = lock();
        if let Some(i) = dirs.iter().rposition(|p| *p == self.path) {
            dirs.remove(i);
        }
    }
}

/// The process's temporary root: see the module docs.
#[derive(Debug)]
pub struct TempRoot {
    dir: Option<tempfile::TempDir>,
    previous: Option<OsString>,
    _registered: Registered,
}

impl TempRoot {
    /// Makes the root in the current temporary directory, registers it,
    /// installs the handler and points `TMPDIR` at the root. Call it
    /// before starting threads (it sets an environment variable).
    pub fn enter() -> io::Result<TempRoot> {
        install();
        let dir = tempfile::Builder::new()
            .prefix(&format!("retroproof-{}-", std::process::id()))
            .tempdir()?;
        let registered = register(dir.path());
        let previous = std::env::var_os("TMPDIR");
        std::env::set_var("TMPDIR", dir.path());
        Ok(TempRoot {
            dir: Some(dir),
            previous,
            _registered: registered,
        })
    }

    /// The root directory.
    pub fn path(&self) -> &Path {
        self.dir
            .as_ref()
            .map(tempfile::TempDir::path)
            .expect("the root lives until drop")
    }
}

impl Drop for TempRoot {
    fn drop(&mut self) {
        match self.previous.take() {
            Some(v) => std::env::set_var("TMPDIR", v),
            None => std::env::remove_var("TMPDIR"),
        }
        if let Some(dir) = self.dir.take() {
            let _ = dir.close();
        }
    }
}
