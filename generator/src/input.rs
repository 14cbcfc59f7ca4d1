//! Bounded input: reading a file (or standard input) a user named, and
//! quoting user text in messages without repeating it whole.
//!
//! Every command that reads a file goes through [`read_text`]: at most
//! [`MAX_INPUT_BYTES`], regular files and standard input only (a directory,
//! FIFO or device is refused *before* reading it, so `/dev/zero` cannot eat
//! the memory), UTF-8 only (a byte-order mark is dropped). Messages quote
//! user text through [`quote`] or [`one_line`], which keep a short prefix.
//!
//! ```
//! use retroproof::input::{quote, read_text, InputError};
//! assert!(matches!(read_text(std::path::Path::new("/")), Err(InputError::NotAFile { .. })));
//! assert_eq!(quote("short"), "\"short\"");
//! assert!(quote(&"x".repeat(10_000)).len() < 100);
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, IsTerminal as _, Read};
use std::path::{Path, PathBuf};

use crate::cli::error::CliError;

/// The longest time limit any option takes, in seconds (a day): `--time`,
/// `--timeout` and `--game-time` beyond it are bad input, not a deadline
/// too far away to compute.
pub const MOST_SECONDS: u64 = 86_400;

/// The largest input read: 16 MiB (a PGN collection of some thousand games,
/// an EPD corpus of 100 000 positions).
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// How many characters of a user's text a message repeats.
pub const QUOTE_CHARS: usize = 60;

/// Why a named input cannot be read.
#[derive(Debug)]
pub enum InputError {
    /// No such file (or no permission): the OS error.
    Open { path: PathBuf, error: io::Error },
    /// A directory, FIFO, socket or device: `what` says which.
    NotAFile { path: PathBuf, what: &'static str },
    /// Larger than [`MAX_INPUT_BYTES`].
    TooLarge { path: PathBuf, limit: u64 },
    /// Not UTF-8 text: `offset` is the first bad byte.
    NotUtf8 { path: PathBuf, offset: usize },
    /// A read failed half way.
    Read { path: PathBuf, error: io::Error },
}

fn shown(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_owned()
    } else {
        one_line(&path.display().to_string())
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Open { path, error } => write!(f, "cannot read {}: {error}", shown(path)),
            InputError::NotAFile { path, what } => {
                write!(f, "cannot read {}: it is {what}, not a file", shown(path))
            }
            InputError::TooLarge { path, limit } => write!(
                f,
                "cannot read {}: larger than {} MiB",
                shown(path),
                limit / (1024 * 1024)
            ),
            InputError::NotUtf8 { path, offset } => write!(
                f,
                "cannot read {}: not UTF-8 text (byte {offset})",
                shown(path)
            ),
            InputError::Read { path, error } => write!(f, "cannot read {}: {error}", shown(path)),
        }
    }
}

impl std::error::Error for InputError {}

impl From<InputError> for CliError {
    /// Every input error is the user's input at fault: exit 2.
    fn from(e: InputError) -> CliError {
        CliError::usage(e)
    }
}

/// Reads the text of `path` (`-`: standard input), bounded by
/// [`MAX_INPUT_BYTES`]. Refuses directories, FIFOs, sockets and devices
/// without reading them; drops a leading UTF-8 byte-order mark.
pub fn read_text(path: &Path) -> Result<String, InputError> {
    read_text_limited(path, MAX_INPUT_BYTES)
}

/// [`read_text`] with another size limit (tests use a small one).
pub fn read_text_limited(path: &Path, limit: u64) -> Result<String, InputError> {
    let bytes = if path == Path::new("-") {
        // Typed at a terminal, the input ends only at Ctrl-D: say so,
        // rather than wait without a word.
        if io::stdin().is_terminal() {
            eprintln!("reading standard input: type or paste it, then Ctrl-D");
        }
        read_bounded(io::stdin().lock(), path, limit)?
    } else {
        let meta = std::fs::metadata(path).map_err(|error| InputError::Open {
            path: path.to_owned(),
            error,
        })?;
        if let Some(what) = not_a_file(&meta) {
            return Err(InputError::NotAFile {
                path: path.to_owned(),
                what,
            });
        }
        if meta.len() > limit {
            return Err(InputError::TooLarge {
                path: path.to_owned(),
                limit,
            });
        }
        let file = File::open(path).map_err(|error| InputError::Open {
            path: path.to_owned(),
            error,
        })?;
        read_bounded(file, path, limit)?
    };
    let text = String::from_utf8(bytes).map_err(|e| InputError::NotUtf8 {
        path: path.to_owned(),
        offset: e.utf8_error().valid_up_to(),
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

fn read_bounded(reader: impl Read, path: &Path, limit: u64) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| InputError::Read {
            path: path.to_owned(),
            error,
        })?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge {
            path: path.to_owned(),
            limit,
        });
    }
    Ok(bytes)
}

fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return Some("a FIFO");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_char_device() || kind.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

/// At most `max` characters of `text`, with `…` and the number of characters
/// left out when it was cut.
pub fn prefix(text: &str, max: usize) -> String {
    let total = text.chars().count();
    if total <= max {
        return text.to_owned();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}… ({} more characters)", total - max)
}

/// `text` as one line fit for a message: whitespace runs (newlines
/// included) become one space, and at most [`QUOTE_CHARS`] characters are
/// kept.
pub fn one_line(text: &str) -> String {
    let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
    prefix(&folded, QUOTE_CHARS)
}

/// `text` in double quotes, as [`one_line`] shortens it (quotes and
/// backslashes escaped, control characters shown as `\u{…}`).
pub fn quote(text: &str) -> String {
    let short = one_line(text);
    let mut out = String::with_capacity(short.len() + 2);
    out.push('"');
    for c in short.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Parses a whole number for an option or argument named `what`, within
/// `min..=max`, with a message that says what is allowed (a negative number
/// is named as such, not "unexpected argument"). For clap's
/// `value_parser`, with `allow_hyphen_values = true` so that `-1` reaches it.
pub fn parse_bounded(text: &str, what: &str, min: u64, max: u64) -> Result<u64, String> {
    let t = text.trim();
    let range = format!("{what} must be a whole number from {min} to {max}");
    if t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit()) && t.len() > 1 {
        return Err(format!("{} is negative: {range}", one_line(t)));
    }
    let n: u64 = t
        .parse()
        .map_err(|_| format!("{} is not a whole number: {range}", quote(t)))?;
    if n < min || n > max {
        return Err(format!("{n} is out of range: {range}"));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_a_file_without_reading() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_text(dir.path()).unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
        let e = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("a device"), "{e}");
        let e = read_text(&dir.path().join("missing.pgn")).unwrap_err();
        assert!(matches!(e, InputError::Open { .. }), "{e}");
    }

    #[test]
    fn size_cap_utf8_and_bom() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big");
        std::fs::write(&big, "a".repeat(101)).unwrap();
        assert!(matches!(
            read_text_limited(&big, 100),
            Err(InputError::TooLarge { .. })
        ));
        assert_eq!(read_text_limited(&big, 101).unwrap().len(), 101);
        let bad = dir.path().join("bad");
        std::fs::write(&bad, b"ab\xffcd").unwrap();
        match read_text(&bad) {
            Err(InputError::NotUtf8 { offset, .. }) => assert_eq!(offset, 2),
            other => panic!("{other:?}"),
        }
        let bom = dir.path().join("bom");
        std::fs::write(&bom, "\u{feff}[Event \"x\"]").unwrap();
        assert_eq!(read_text(&bom).unwrap(), "[Event \"x\"]");
    }

    #[test]
    fn quoting_cuts_and_folds() {
        let long = "k".repeat(131_072);
        let q = quote(&long);
        assert!(q.len() < 2 * QUOTE_CHARS, "{q}");
        assert!(q.contains("131012 more characters"), "{q}");
        assert_eq!(one_line("a\n\n b\tc"), "a b c");
        assert_eq!(quote("say \"hi\"\\"), r#""say \"hi\"\\""#);
        // Multi-byte characters are cut on character boundaries.
        let q = prefix(&"♞".repeat(100), 3);
        assert!(q.starts_with("♞♞♞…"), "{q}");
    }
}
