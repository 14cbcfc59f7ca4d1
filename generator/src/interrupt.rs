//! Ctrl-C: no temporary files left behind, exit code 130.
//!
//! [`TempRoot::enter`] makes one directory `retroproof-<pid>-…` in the
//! system's temporary directory and points `TMPDIR` at it, so every scratch
//! directory made afterwards with `tempfile` (by `prove`, `diff`, the `coqc`
//! runner, and `coqc` itself) lands inside it. The root is registered: on
//! Ctrl-C (SIGINT) the handler removes every registered directory, prints
//! `error: interrupted` and exits with 130; when the [`TempRoot`] is dropped
//! the directory is removed and `TMPDIR` restored. [`crate::cli::Cli::run`]
//! enters a root for every command, so a command needs to do nothing; code
//! that makes a directory elsewhere can [`register`] it.
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
use std::sync::{Mutex, Once};

/// The exit code after Ctrl-C (128 + SIGINT), as shells report it.
pub const EXIT_INTERRUPTED: u8 = 130;

static REGISTRY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static INSTALL: Once = Once::new();

/// Installs the Ctrl-C handler (once; later calls do nothing). The handler
/// removes the registered directories, prints `error: interrupted` and
/// exits with [`EXIT_INTERRUPTED`].
pub fn install() {
    INSTALL.call_once(|| {
        // Failing to install (another handler is set) leaves the default:
        // the process dies on SIGINT, as before.
        let _ = ctrlc::set_handler(on_interrupt);
    });
}

fn on_interrupt() {
    let dirs = match REGISTRY.lock() {
        Ok(mut dirs) => std::mem::take(&mut *dirs),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    };
    for dir in dirs.iter().rev() {
        let _ = std::fs::remove_dir_all(dir);
    }
    let mut err = io::stderr().lock();
    if err.is_terminal() {
        // Clear a progress bar's line first.
        let _ = write!(err, "\r\x1b[2K");
    }
    let _ = writeln!(err, "error: interrupted");
    std::process::exit(i32::from(EXIT_INTERRUPTED));
}

/// A directory removed on Ctrl-C while this guard lives. Dropping it only
/// unregisters: removing the directory is its owner's job.
#[derive(Debug)]
pub struct Registered {
    path: PathBuf,
}

/// Registers `path` for removal on Ctrl-C (and installs the handler).
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
    /// installs the Ctrl-C handler and points `TMPDIR` at the root. Call it
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
