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
    /// The Coq theorem statement.
    pub theorem: String,
    /// `Print Assumptions` of the theorem: empty means "closed under the
    /// global context".
    pub assumptions: Vec<String>,
    /// The `coqc` version, if Coq ran.
    pub coqc: Option<String>,
    /// Named durations in seconds, e.g. ("native search", 0.01), ("coqc", 0.67).
    pub timings: Vec<(String, f64)>,
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
/// of plies, SAN and UCI), `theorem`, `assumptions`, `timings`.
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
    if let Some(first) = report.diagrams.first() {
        let _ = writeln!(
            w,
            "<p>Position: <code class=\"fen\">{}</code></p>",
            escape(&first.position.to_fen())
        );
    }
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
    if rows == 0 {
        let _ = writeln!(w, "<p>{}</p>", escape(&report.answer));
    } else {
        let _ = writeln!(
            w,
            "<table>\n<thead><tr><th>ply</th><th>SAN</th><th>UCI</th></tr></thead>\n<tbody>"
        );
        for i in 0..rows {
            let cell = |v: &Vec<String>| v.get(i).map(|s| escape(s)).unwrap_or_default();
            let _ = writeln!(
                w,
                "<tr><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
                i + 1,
                cell(&report.plies_san),
                cell(&report.plies_uci)
            );
        }
        let _ = writeln!(w, "</tbody>\n</table>");
    }
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"theorem\">\n<h2>Coq theorem</h2>");
    let _ = writeln!(w, "<pre><code>{}</code></pre>", escape(&report.theorem));
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"assumptions\">\n<h2>Assumptions</h2>");
    if report.assumptions.is_empty() {
        let _ = writeln!(w, "<p>Closed under the global context: no axiom.</p>");
    } else {
        let _ = writeln!(w, "<ul>");
        for a in &report.assumptions {
            let _ = writeln!(w, "<li><code>{}</code></li>", escape(a));
        }
        let _ = writeln!(w, "</ul>");
    }
    let _ = writeln!(w, "</section>");

    let _ = writeln!(w, "<section id=\"timings\">\n<h2>Timings</h2>\n<table>");
    if let Some(v) = &report.coqc {
        let _ = writeln!(w, "<tr><th>coqc</th><td>{}</td></tr>", escape(v));
    }
    for (name, secs) in &report.timings {
        let _ = writeln!(w, "<tr><th>{}</th><td>{secs:.2} s</td></tr>", escape(name));
    }
    let _ = writeln!(w, "</table>\n</section>\n</main>\n</body>\n</html>");
    out
}

fn out_push(w: &mut String, text: &str) {
    w.push_str(text);
}
