//! Text that ends up inside Coq comments and string literals.
//!
//! Coq's lexer nests comments (`(*` opens, `*)` closes) and reads string
//! literals *inside* comments too, so a stray `"` in a comment can swallow
//! its closing `*)`. Text from a user (a problem id, a note) must therefore
//! never be printed raw:
//! - [`Comment`] rewrites it so it contains no `(*`, no `*)` and no `"`:
//!   lossy, but a comment is for humans;
//! - [`CoqString`] keeps it exactly (Coq doubles `"` inside strings, the only
//!   escape it has) and refuses what cannot be kept safely.
//!
//! Both drop control characters and Unicode bidirectional overrides, which
//! could make the file *look* different from what Coq reads.

use std::fmt;

/// Characters that reorder how text is displayed ("Trojan Source").
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters that are neither printable nor a line break or tab.
fn is_unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || is_bidi_control(c)
}

/// The body of a Coq comment, safe to print between `(* ` and ` *)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment(String);

impl Comment {
    /// Makes any text safe for a comment:
    /// - `"` becomes `''` (a `"` would open a string literal in the comment);
    /// - a space is put between `(` and `*` and between `*` and `)`, so the
    ///   text neither opens a nested comment nor closes this one;
    /// - control characters other than newline and tab, and bidi overrides,
    ///   become `\u{FFFD}`; `\r\n` becomes `\n`.
    pub fn new(text: &str) -> Comment {
        let mut out = String::with_capacity(text.len());
        let mut prev = ' ';
        let text = text.replace("\r\n", "\n");
        for c in text.chars() {
            let c = if is_unsafe_char(c) { '\u{FFFD}' } else { c };
            if c == '"' {
                out.push_str("''");
                prev = '\'';
                continue;
            }
            if (prev == '(' && c == '*') || (prev == '*' && c == ')') {
                out.push(' ');
            }
            out.push(c);
            prev = c;
        }
        Comment(out)
    }

    /// The sanitized text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Comment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Text refused as a Coq string literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringError {
    /// The offending character.
    pub bad: char,
}

impl fmt::Display for StringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "character {:?} cannot appear in a Coq string literal",
            self.bad
        )
    }
}

impl std::error::Error for StringError {}

/// The contents of a Coq string literal, kept exactly; printed with `"`
/// doubled, which is how Coq reads a `"` inside a string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoqString(String);

impl CoqString {
    /// Refuses control characters (other than newline and tab) and bidi
    /// overrides: a string's value must be what a reader of the file sees.
    pub fn new(text: &str) -> Result<CoqString, StringError> {
        match text.chars().find(|&c| is_unsafe_char(c)) {
            Some(bad) => Err(StringError { bad }),
            None => Ok(CoqString(text.to_string())),
        }
    }

    /// The value of the string (not escaped).
    pub fn value(&self) -> &str {
        &self.0
    }

    /// The literal as Coq source, quotes included: `"say ""hi"""`.
    pub fn literal(&self) -> String {
        format!("\"{}\"", self.0.replace('"', "\"\""))
    }
}
