//! A proof report as one self-contained HTML page.

use std::fmt::Write as _;

use retroproof_core::Position;

use super::svg::{board_svg, SvgOptions};

/// A position drawn in the report, with what it is.
#[derive(Debug, Clone)]
pub struct Diagram {
    /// E.g. "the problem (P)", "before the last 3 plies", "the completed position".
    pub caption: String,
    pub position: Position,
}

/// What a report shows. Build it from a proof's results and pass it to
/// [`html_report`]; every text is escaped there.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The page title and heading, e.g. "Smullyan: the last three moves".
    pub title: String,
    /// Whether Coq accepted the proof (the verdict line's colour and word).
    pub proven: bool,
    /// The question, as the user asked it (`last 3`, `illegal`, …).
    pub question: String,
    /// The answer in one sentence (e.g. the `proven:` line).
    pub answer: String,
    /// Diagrams: the problem's position first, then the position the
    /// answer goes back to, or the completed position.
    pub diagrams: Vec<Diagram>,
    /// The answer's plies, oldest first, in SAN (`Kb3xPc3` style for
    /// retractions) and UCI; the two lists are shown side by side (either
    /// may be shorter or empty).
    pub plies_san: Vec<String>,
    pub plies_uci: Vec<String>,
    /// Several games, each its own table (a proof-game answer lists every
    /// game found); when not empty they are the answer section, in place
    /// of `plies_san`/`plies_uci`.
    pub games: Vec<GameTable>,
    /// The Coq theorem statement.
    pub theorem: String,
    /// `Print Assumptions` of the theorem: `Some(empty)` means "closed
    /// under the global context"; `None`: not checked (the page says so).
    pub assumptions: Option<Vec<String>>,
    /// The `coqc` version, if Coq ran.
    pub coqc: Option<String>,
    /// Named durations in seconds, e.g. ("native search", 0.01), ("coqc", 0.67).
    pub timings: Vec<(String, f64)>,
}

/// One game of several in a report: its moves in SAN and UCI, from the
/// initial position, and the FEN of the position it ends in (its real
/// castling rights and en-passant square, which a diagram leaves open).
#[derive(Debug, Clone, Default)]
pub struct GameTable {
    /// E.g. "game 1 of 2".
    pub caption: String,
    pub san: Vec<String>,
    pub uci: Vec<String>,
    pub end_fen: String,
}

impl GameTable {
    /// The game of `moves_uci` from `start`; errors name a move that is
    /// not legal where it is played.
    pub fn of(caption: &str, start: &Position, moves_uci: &[String]) -> Result<GameTable, String> {
        let (san, end) = replay(start, moves_uci)?;
        Ok(GameTable {
            caption: caption.to_owned(),
            san,
            uci: moves_uci.to_vec(),
            end_fen: end.to_fen(),
        })
    }
}

/// The SAN of `moves_uci` played from `start`, and the position they end
/// in; errors name a move that is not legal where it is played.
fn replay(start: &Position, moves_uci: &[String]) -> Result<(Vec<String>, Position), String> {
    let mut pos = *start;
    let mut san = Vec::with_capacity(moves_uci.len());
    for (i, uci) in moves_uci.iter().enumerate() {
        let m = pos
            .parse_uci(uci)
            .map_err(|e| format!("move {} ({uci}): {e}", i + 1))?;
        san.push(pos.san(&m));
        pos = pos
            .play(&m)
            .map_err(|e| format!("move {} ({uci}): {e}", i + 1))?;
    }
    Ok((san, pos))
}

impl Report {
    /// A report of a `last N` answer: diagrams of `p` and of the position
    /// before the answer's plies, the plies in retro notation (`Kb3xPc3`)
    /// and in the retraction notation (`b3c3xp`). `plies` are oldest first,
    /// as `prove` prints them. The caller fills `theorem`, `assumptions`,
    /// `coqc`, `timings` (and `proven`). Errors name a ply that is not a
    /// retraction of the position it is taken back from.
    pub fn last_moves(
        title: &str,
        question: &str,
        answer: &str,
        p: &Position,
        plies: &[String],
    ) -> Result<Report, String> {
        let mut pos = *p;
        let mut san = Vec::with_capacity(plies.len());
        for text in plies.iter().rev() {
            let retro: retroproof_core::RetroUci = text
                .parse()
                .map_err(|e| format!("{text:?} is not a retraction: {e}"))?;
            let u = retro
                .to_unmove(&pos)
                .map_err(|e| format!("{text} cannot be taken back here: {e}"))?;
            san.push(u.to_san());
            pos = pos.unmake(&u);
        }
        san.reverse();
        let n = plies.len();
        Ok(Report {
            title: title.to_owned(),
            question: question.to_owned(),
            answer: answer.to_owned(),
            diagrams: vec![
                Diagram {
                    caption: "the position (P)".to_owned(),
                    position: *p,
                },
                Diagram {
                    caption: format!(
                        "before the last {}",
                        if n == 1 {
                            "ply".to_owned()
                        } else {
                            format!("{n} plies")
                        }
                    ),
                    position: pos,
                },
            ],
            plies_san: san,
            plies_uci: plies.to_vec(),
            ..Report::default()
        })
    }

    /// A report of a legal game reaching `p` from `start` (a `legal`
    /// answer, or a checked PGN game): diagrams of the start and of the
    /// completed position, the moves in SAN and UCI. Errors name a move
    /// that is not legal where it is played.
    pub fn game(
        title: &str,
        question: &str,
        answer: &str,
        start: &Position,
        moves_uci: &[String],
    ) -> Result<Report, String> {
        let (san, pos) = replay(start, moves_uci)?;
        Ok(Report {
            title: title.to_owned(),
            question: question.to_owned(),
            answer: answer.to_owned(),
            diagrams: vec![
                Diagram {
                    caption: "the start".to_owned(),
                    position: *start,
                },
                Diagram {
                    caption: "the completed position".to_owned(),
                    position: pos,
                },
            ],
            plies_san: san,
            plies_uci: moves_uci.to_vec(),
            ..Report::default()
        })
    }
}

impl Report {
    /// A report of a proof-game answer: the initial position and the
    /// diagram `p` (its board and side to move), then every game listed,
    /// each a table of its moves (SAN and UCI) with the position it ends
    /// in. No game (the answer "none"): the diagram alone. Errors name a
    /// move that is not legal where it is played.
    pub fn proof_games(
        title: &str,
        question: &str,
        answer: &str,
        p: &Position,
        games: &[Vec<String>],
    ) -> Result<Report, String> {
        let k = games.len();
        let tables = games
            .iter()
            .enumerate()
            .map(|(i, moves)| {
                GameTable::of(&format!("game {} of {k}", i + 1), &Position::start(), moves)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut diagrams = vec![Diagram {
            caption: "the diagram (P)".to_owned(),
            position: *p,
        }];
        if k > 0 {
            diagrams.insert(
                0,
                Diagram {
                    caption: "the start".to_owned(),
                    position: Position::start(),
                },
            );
        }
        Ok(Report {
            title: title.to_owned(),
            question: question.to_owned(),
            answer: answer.to_owned(),
            diagrams,
            games: tables,
            ..Report::default()
        })
    }
}

/// Escapes text for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}\
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}\
.verdict{font-weight:bold;padding:.5rem 1rem;border-radius:4px}\
.verdict.proven{background:#e3f4e1;color:#1b5e20}.verdict.not-proven{background:#fde7e7;color:#8e1b1b}\
#diagrams{display:flex;flex-wrap:wrap;gap:2rem}figure{margin:0}figcaption{text-align:center;font-size:.9rem}\
code.fen{font-size:.8rem}pre{background:#f6f6f6;padding:1rem;overflow-x:auto;white-space:pre-wrap}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .6rem;text-align:left}";

/// The report as a complete HTML5 document: no script, no external
/// resource. Sections (each a `<section id=…>`): `question`, `diagrams`
/// (one `<figure>` with an inline SVG board per diagram), `answer` (a table
/// of plies, SAN and UCI; one per game, each under its `<h3>`, for several
/// games), `theorem`, `assumptions`, `timings`.
pub fn html_report(report: &Report) -> String {
    let mut out = String::new();
    let w = &mut out;
    let title = escape(&report.title);
    let _ = writeln!(w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>");
    let _ = writeln!(w, "<meta charset=\"utf-8\">");
    let _ = writeln!(w, "<title>{title}</title>");
    let _ = writeln!(w, "<style>{STYLE}</style>\n</head>\n<body>\n<main>");
    let _ = writeln!(w, "<h1>{title}</h1>");
    let (class, word) = if report.proven {
        ("proven", "Proven")
    } else {
        ("not-proven", "Not proven")
    };
    let _ = writeln!(
        w,
        "<p class=\"verdict {class}\">{word}: {}</p>",
        escape(&report.answer)
    );

    let _ = writeln!(w, "<section id=\"question\">\n<h2>Question</h2>");
    let _ = writeln!(w, "<p>{}</p>", escape(&report.question));
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"diagrams\">");
    for d in &report.diagrams {
        let _ = writeln!(w, "<figure>");
        out_push(w, &board_svg(&d.position, &SvgOptions::default()));
        let _ = writeln!(
            w,
            "<figcaption>{}<br><code class=\"fen\">{}</code></figcaption>\n</figure>",
            escape(&d.caption),
            escape(&d.position.to_fen())
        );
    }
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"answer\">\n<h2>Answer</h2>");
    let rows = report.plies_san.len().max(report.plies_uci.len());
    if !report.games.is_empty() {
        for game in &report.games {
            let _ = writeln!(w, "<h3>{}</h3>", escape(&game.caption));
            plies_table(w, &game.san, &game.uci);
            let _ = writeln!(
                w,
                "<p>ends in <code class=\"fen\">{}</code></p>",
                escape(&game.end_fen)
            );
        }
    } else if rows == 0 {
        let _ = writeln!(w, "<p>{}</p>", escape(&report.answer));
    } else {
        plies_table(w, &report.plies_san, &report.plies_uci);
    }
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"theorem\">\n<h2>Coq theorem</h2>");
    let _ = writeln!(w, "<pre><code>{}</code></pre>", escape(&report.theorem));
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"assumptions\">\n<h2>Assumptions</h2>");
    match &report.assumptions {
        None => {
            let _ = writeln!(
                w,
                "<p>Not checked (<code>Print Assumptions</code> was not run).</p>"
            );
        }
        Some(list) if list.is_empty() => {
            let _ = writeln!(w, "<p>Closed under the global context: no axiom.</p>");
        }
        Some(list) => {
            let _ = writeln!(w, "<ul>");
            for a in list {
                let _ = writeln!(w, "<li><code>{}</code></li>", escape(a));
            }
            let _ = writeln!(w, "</ul>");
        }
    }
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"timings\">\n<h2>Timings</h2>\n<table>");
    if let Some(v) = &report.coqc {
        let _ = writeln!(w, "<tr><th>coqc version</th><td>{}</td></tr>", escape(v));
    }
    for (name, secs) in &report.timings {
        let _ = writeln!(w, "<tr><th>{}</th><td>{secs:.2} s</td></tr>", escape(name));
    }
    let _ = writeln!(w, "</table>\n</section>\n</main>\n</body>\n</html>");
    out
}

/// A table of plies, SAN and UCI side by side (either list may be
/// shorter).
fn plies_table(w: &mut String, san: &[String], uci: &[String]) {
    let rows = san.len().max(uci.len());
    let _ = writeln!(
        w,
        "<table>\n<thead><tr><th>ply</th><th>SAN</th><th>UCI</th></tr></thead>\n<tbody>"
    );
    for i in 0..rows {
        let cell = |v: &[String]| v.get(i).map(|s| escape(s)).unwrap_or_default();
        let _ = writeln!(
            w,
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            i + 1,
            cell(san),
            cell(uci)
        );
    }
    let _ = writeln!(w, "</tbody>\n</table>");
}

fn out_push(w: &mut String, text: &str) {
    w.push_str(text);
}
