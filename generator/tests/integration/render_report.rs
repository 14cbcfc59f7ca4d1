//! The proof report page (`render::html_report`) and the SVG board: a
//! well-formed, self-contained document with every section, the diagrams
//! drawn from the positions, and all user text escaped.
//!
//! `RETROPROOF_REPORT_OUT=FILE` writes the sample page to FILE (to look at
//! it in a browser).

use retroproof::render::{board_svg, html_report, Diagram, Report, SvgOptions};
use retroproof_core::Position;

const SMULLYAN: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1";

fn sample() -> Report {
    let p = Position::from_fen(SMULLYAN).unwrap();
    // Three plies back: before c2c4 b4c3ep b3c3xp (pawns on c2 and b4, the
    // king on b3).
    let before = Position::from_fen("8/8/8/1r1b4/Bp6/1K6/2P5/3k4 w - - 0 1").unwrap();
    Report {
        title: "Smullyan: what were the last three moves? <script>alert(1)</script>".into(),
        proven: true,
        question: "last 3 & \"quotes\"".into(),
        answer: "every game that reaches P ends with c2c4 b4c3ep b3c3xp".into(),
        diagrams: vec![
            Diagram {
                caption: "the problem (P)".into(),
                position: p,
            },
            Diagram {
                caption: "three plies before".into(),
                position: before,
            },
        ],
        plies_san: vec!["c2-c4".into(), "b4xc3 ep".into(), "Kb3xPc3".into()],
        plies_uci: vec!["c2c4".into(), "b4c3ep".into(), "b3c3xp".into()],
        games: vec![],
        theorem: "Theorem last_3 : forall h G, game h G -> realizes G P -> exists pre, plies h = pre ++ [\"c2c4\"; \"b4c3ep\"; \"b3c3xp\"]".into(),
        assumptions: Some(vec![]),
        coqc: Some("8.16.1".into()),
        timings: vec![("native search".into(), 0.01), ("coqc".into(), 0.67)],
    }
}

const VOID: &[&str] = &["meta", "br", "link", "img", "hr", "input"];

/// Checks that every element is closed in order (a real parser would also
/// recover from errors; this one refuses them). Returns the element names
/// in document order.
fn balanced_elements(html: &str) -> Vec<String> {
    let mut stack: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("an unclosed tag") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(open, name.trim(), "</{name}> closes <{open}>");
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(!name.is_empty(), "<{tag}>");
        names.push(name.clone());
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        if name == "style" {
            let close = rest.find("</style>").expect("</style>");
            rest = &rest[close..];
        }
        stack.push(name);
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    names
}

#[test]
fn report_has_every_section_and_is_well_formed() {
    let report = sample();
    let html = html_report(&report);
    if let Some(path) = std::env::var_os("RETROPROOF_REPORT_OUT") {
        std::fs::write(path, &html).unwrap();
    }
    assert!(html.starts_with("<!DOCTYPE html>"));
    let names = balanced_elements(&html);
    assert_eq!(names.iter().filter(|n| *n == "html").count(), 1);
    for id in [
        "question",
        "diagrams",
        "answer",
        "theorem",
        "assumptions",
        "timings",
    ] {
        assert_eq!(
            html.matches(&format!("<section id=\"{id}\">")).count(),
            1,
            "section {id}"
        );
    }
    // One board per diagram, with the men of each position.
    assert_eq!(names.iter().filter(|n| *n == "svg").count(), 2);
    assert_eq!(names.iter().filter(|n| *n == "figure").count(), 2);
    let men = |fen: &str| {
        fen.split(' ')
            .next()
            .unwrap()
            .chars()
            .filter(char::is_ascii_alphabetic)
            .count()
    };
    let pieces = html.matches("class=\"piece\"").count();
    assert_eq!(
        pieces,
        men(SMULLYAN) + men("8/8/8/1r1b4/Bp6/1K6/2P5/3k4 w - - 0 1")
    );
    assert!(html.contains("data-square=\"c3\" data-piece=\"K\""));
    assert!(html.contains("data-square=\"c2\" data-piece=\"P\""));
    // The answer table: a header and one row per ply, SAN beside UCI.
    assert_eq!(names.iter().filter(|n| *n == "tr").count(), 4 + 3);
    assert!(html.contains("<td>Kb3xPc3</td><td><code>b3c3xp</code></td>"));
    // User text is escaped, nothing is loaded from elsewhere.
    assert!(!html.contains("<script"), "unescaped script");
    assert!(html.contains("&lt;script&gt;"));
    assert!(html.contains("last 3 &amp; &quot;quotes&quot;"));
    for external in ["src=", "href=", "@import", "url("] {
        assert!(!html.contains(external), "{external}");
    }
    assert!(html.contains("class=\"verdict proven\""));
    assert!(html.contains("no axiom"));
}

#[test]
fn a_refusal_and_assumptions_are_shown() {
    let mut report = sample();
    report.proven = false;
    report.assumptions = Some(vec!["ClassicalDedekindReals.sig_forall_dec".into()]);
    report.plies_san.clear();
    report.plies_uci.clear();
    let html = html_report(&report);
    balanced_elements(&html);
    assert!(html.contains("class=\"verdict not-proven\">Not proven"));
    assert!(html.contains("<li><code>ClassicalDedekindReals.sig_forall_dec</code></li>"));
    assert!(!html.contains("<th>ply</th>"));
    report.assumptions = None;
    let html = html_report(&report);
    assert!(html.contains("Not checked") && !html.contains("no axiom"));
}

#[test]
fn flipped_board_puts_rank_1_at_the_top() {
    let pos = Position::start();
    let y_of = |svg: &str, square: &str| -> u32 {
        let at = svg.find(&format!("data-square=\"{square}\"")).unwrap();
        let tail = &svg[at..];
        let y = tail.find(" y=\"").unwrap() + 4;
        tail[y..].split('"').next().unwrap().parse().unwrap()
    };
    let normal = board_svg(&pos, &SvgOptions::default());
    let flipped = board_svg(
        &pos,
        &SvgOptions {
            flipped: true,
            ..SvgOptions::default()
        },
    );
    assert!(y_of(&normal, "e1") > y_of(&normal, "e8"));
    assert!(y_of(&flipped, "e1") < y_of(&flipped, "e8"));
    balanced_elements(&normal);
}

#[test]
fn last_moves_report_goes_back_to_the_position_before() {
    let p = Position::from_fen(SMULLYAN).unwrap();
    let plies: Vec<String> = ["c2c4", "b4c3ep", "b3c3xp"].map(String::from).to_vec();
    let report = Report::last_moves("Smullyan", "last 3", "…", &p, &plies).unwrap();
    assert_eq!(report.diagrams.len(), 2);
    // By hand: before c2-c4 the pawns stood on c2 and b4, the king on b3,
    // White to move.
    let before = report.diagrams[1].position.to_fen();
    assert!(
        before.starts_with("8/8/8/1r1b4/Bp6/1K6/2P5/3k4 w "),
        "{before}"
    );
    assert_eq!(report.plies_san, ["c2-c4", "b4xc3 ep", "Kb3xPc3"]);
    assert_eq!(report.plies_uci, plies);
    // A ply that cannot be taken back is named.
    let err = Report::last_moves("x", "last 1", "…", &p, &["e2e4".to_owned()]).unwrap_err();
    assert!(err.contains("e2e4"), "{err}");
}

#[test]
fn game_report_ends_in_the_completed_position() {
    let moves: Vec<String> = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
    let report = Report::game("g", "legal", "…", &Position::start(), &moves).unwrap();
    assert_eq!(report.plies_san, ["e4", "e5", "Nf3"]);
    assert_eq!(
        report.diagrams[1].position.to_fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(Report::game("g", "legal", "…", &Position::start(), &["e2e5".to_owned()]).is_err());
    balanced_elements(&html_report(&report));
}
