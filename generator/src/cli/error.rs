//! The one error type of the command line: a failure a user sees as one
//! `error:` line, whose variant is the process exit code.

use std::fmt;

/// A failure a user should see as one line: `error: <message>`.
///
/// Each variant is one row of the exit-code table (README, "Exit codes"):
///
/// | exit | variant | meaning |
/// |---|---|---|
/// | 0 | — | done: answered, proven, legal |
/// | 1 | [`CliError::Refuted`] | a well-formed question whose answer is "no": Coq refused a proof, a published `sol` contradicts the proven answer, the position is illegal |
/// | 2 | [`CliError::Usage`] | bad input: malformed FEN/EPD/PGN, bad arguments |
/// | 3 | [`CliError::Unknown`] | no answer within the budget: the engine cannot decide |
/// | 4 | [`CliError::Environment`] | the machine, not the input: no `coqc`, a library not built, stale or corrupt, `coqc` crashing or hanging |
/// | 5 | [`CliError::Internal`] | a bug of retroproof itself: it wrote a Coq file that Coq rejects for a reason other than refusing its claim (a clash of names, an ill-typed definition); no verdict on the input |
#[derive(Debug)]
pub enum CliError {
    /// The question was well formed and the answer is "no" (exit 1).
    Refuted(String),
    /// Bad input or arguments (exit 2).
    Usage(String),
    /// No answer could be found within the budget (exit 3).
    Unknown(String),
    /// The environment is at fault: fix the machine, not the input (exit 4).
    Environment(String),
    /// retroproof is at fault: a generated file Coq rejects outside the
    /// checks that state its claims (exit 5). Says nothing about the input.
    Internal(String),
}

impl CliError {
    /// Bad input: exit code 2.
    pub fn usage(message: impl fmt::Display) -> CliError {
        CliError::Usage(message.to_string())
    }

    /// A negative answer (Coq refused, `sol` contradicted, illegal): exit code 1.
    pub fn refuted(message: impl fmt::Display) -> CliError {
        CliError::Refuted(message.to_string())
    }

    /// No answer within the budget: exit code 3.
    pub fn unknown(message: impl fmt::Display) -> CliError {
        CliError::Unknown(message.to_string())
    }

    /// The environment (coqc, the built library) is at fault: exit code 4.
    pub fn environment(message: impl fmt::Display) -> CliError {
        CliError::Environment(message.to_string())
    }

    /// A fault of retroproof itself: exit code 5.
    pub fn internal(message: impl fmt::Display) -> CliError {
        CliError::Internal(message.to_string())
    }

    /// The process exit status of this error (see the table above).
    pub fn code(&self) -> u8 {
        match self {
            CliError::Refuted(_) => 1,
            CliError::Usage(_) => 2,
            CliError::Unknown(_) => 3,
            CliError::Environment(_) => 4,
            CliError::Internal(_) => 5,
        }
    }

    /// The same error, its message prefixed by `context: `.
    #[must_use]
    pub fn context(self, context: &str) -> CliError {
        let message = format!("{context}: {}", self.message());
        self.with_message(message)
    }

    /// The same kind of error (so the same exit code) with `message`.
    #[must_use]
    pub fn with_message(self, message: String) -> CliError {
        match self {
            CliError::Refuted(_) => CliError::Refuted(message),
            CliError::Usage(_) => CliError::Usage(message),
            CliError::Unknown(_) => CliError::Unknown(message),
            CliError::Environment(_) => CliError::Environment(message),
            CliError::Internal(_) => CliError::Internal(message),
        }
    }

    /// The one-line message, without the `error: ` prefix.
    pub fn message(&self) -> &str {
        match self {
            CliError::Refuted(m)
            | CliError::Usage(m)
            | CliError::Unknown(m)
            | CliError::Environment(m)
            | CliError::Internal(m) => m,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for CliError {}
