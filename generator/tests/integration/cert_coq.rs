//! Certificates checked by real `coqc` (`emit::cert`, Coq's `Cert.v`): a
//! closed dead set proves its theorem; a dead set with a dropped position,
//! or with a live branch claimed dead, is refused.
//!
//! The dead sets are computed here from the native retraction generator:
//! every position of the retraction tree above the depth at which every
//! branch is refuted (the depths are those of the existing reflective
//! proofs, `coq/tests/Ex_*.v`). Coq is required, as in
//! `coqc_integration.rs` (`RETROPROOF_SKIP_COQ=1` skips).
//!
//! `cargo test -p retroproof --test integration cert_coq:: -- --ignored --nocapture`
//! times certificates of about 1,000 and 16,000 positions.

use std::collections::HashSet;
use std::time::Duration;

use crate::common::coq_env::{coqc, theories};
use retroproof::coq::print_file;
use retroproof::emit::problem::{cert_file, CertQuestion};
use retroproof::prove::{compile, ProveError, COQ_RULES};
use retroproof_core::cert::{self, Certificate};
use retroproof_core::deep::{Budget, Search, Verdict};
use retroproof_core::{Position, Unmove};

const LIMIT: Duration = Duration::from_secs(600);

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// What a position asserts, without its clocks.
fn key(p: &Position) -> String {
    p.to_fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// Every position of the retraction tree of `root` at depths `from ..
/// until` (each once), breadth first.
fn tree(root: &Position, from: u32, until: u32) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut level = vec![*root];
    for depth in 0..until {
        let mut next = Vec::new();
        for p in level {
            if !seen.insert((depth, key(&p))) {
                continue;
            }
            if depth >= from {
                out.push(p);
            }
            next.extend(p.retractions().into_iter().map(|(_, q)| q));
        }
        level = next;
    }
    dedup(out)
}

fn dedup(ps: Vec<Position>) -> Vec<Position> {
    let mut seen = HashSet::new();
    ps.into_iter().filter(|p| seen.insert(key(p))).collect()
}

/// The dead set of a last-plies answer: every position, up to
/// `depth - 1` plies back, of the subtrees that leave the answer
/// (`answer` oldest first).
fn deviations(root: &Position, answer: &[Unmove], depth: u32) -> Vec<Position> {
    let mut out = Vec::new();
    let mut current = *root;
    for (i, ply) in answer.iter().rev().enumerate() {
        for (u, q) in current.retractions() {
            if u != *ply {
                out.extend(tree(&q, 0, depth - i as u32 - 1));
            }
        }
        current = current.unmake(ply);
    }
    dedup(out)
}

/// The answer's plies, oldest first, from their names.
fn plies(root: &Position, names: &[&str]) -> Vec<Unmove> {
    let mut out = Vec::new();
    let mut current = *root;
    for name in names.iter().rev() {
        let (u, q) = current
            .retractions()
            .into_iter()
            .find(|(u, _)| u.to_string() == *name)
            .unwrap_or_else(|| panic!("{name} is no retraction of {}", current.to_fen()));
        out.push(u);
        current = q;
    }
    out.reverse();
    out
}

fn prove(root: &Position, q: &CertQuestion, dead: &[Position]) -> Result<f64, ProveError> {
    prove_cert(root, q, &Certificate::new(COQ_RULES, dead.to_vec()))
}

fn prove_cert(root: &Position, q: &CertQuestion, cert: &Certificate) -> Result<f64, ProveError> {
    let Some(coqc) = coqc() else { return Ok(0.0) };
    let text = print_file(&cert_file(root, q, cert, &[]).unwrap());
    compile(&coqc, &theories(), &text, None, LIMIT).map(|done| done.elapsed.as_secs_f64())
}

fn refused(result: Result<f64, ProveError>) -> bool {
    if coqc().is_none() {
        return true;
    }
    matches!(result, Err(ProveError::Coqc(_)))
}

/// Smullyan's "which side is White?": every history dies within 3 plies.
const SMULLYAN_ILLEGAL: &str = "k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -";
/// README's example: every retraction sequence dies within 2 plies.
const DIES_IN_2: &str = "rnbqkbnr/pppppppp/N1NN1R1R/8/8/8/8/4K3 b - -";
/// Smullyan's invisible king: the last 3 plies are c2c4 b4c3ep b3c3xp.
const SMULLYAN_LAST: &str = "8/8/8/1r1b4/B7/2K5/8/3k4 b - -";
const SMULLYAN_ANSWER: [&str; 3] = ["c2c4", "b4c3ep", "b3c3xp"];

#[test]
fn a_closed_dead_set_proves_illegality() {
    let root = pos(SMULLYAN_ILLEGAL);
    let dead = tree(&root, 0, 3);
    let secs = prove(&root, &CertQuestion::Illegal, &dead).unwrap();
    eprintln!("illegal: {} positions, coqc {secs:.2} s", dead.len());
}

#[test]
fn a_dropped_position_is_refused() {
    use retroproof_core::cert::{check_illegal, Certificate};
    // Every retraction sequence dies within 3 plies (or strands a man).
    // The dead set is the tree above the leaves; a member that no static
    // rule of the certificate checker refutes and whose removal the native
    // checker refuses is needed: Coq must refuse the set without it. (The
    // rules refute some members by themselves, so which member is needed
    // is asked of the native side, not assumed.)
    let root = pos(SMULLYAN_ILLEGAL);
    let dead = tree(&root, 0, 3);
    assert!(prove(&root, &CertQuestion::Illegal, &dead).is_ok());
    let native_ok = |d: &[Position]| {
        check_illegal(
            &root,
            &Certificate {
                rules: retroproof::prove::COQ_RULES,
                dead: d.to_vec(),
                cages: vec![],
            },
        )
        .is_ok()
    };
    assert!(native_ok(&dead));
    let without = |victim: &Position| -> Vec<Position> {
        dead.iter()
            .filter(|m| key(m) != key(victim))
            .copied()
            .collect()
    };
    let victim = dead[1..]
        .iter()
        // Not refuted by a rule: Coq covers a refuted position without
        // its membership (the native checker asks for members only).
        .find(|m| retroproof::prove::COQ_RULES.refuting(m).is_none() && !native_ok(&without(m)))
        .expect("some member besides the root is needed");
    assert!(refused(prove(
        &root,
        &CertQuestion::Illegal,
        &without(victim)
    )));
    // The root itself.
    assert!(!native_ok(&dead[1..]));
    assert!(refused(prove(&root, &CertQuestion::Illegal, &dead[1..])));
}

#[test]
fn a_closed_dead_set_proves_the_last_plies() {
    let root = pos(SMULLYAN_LAST);
    let answer = plies(&root, &SMULLYAN_ANSWER);
    let dead = deviations(&root, &answer, 3);
    let secs = prove(&root, &CertQuestion::LastPlies(answer), &dead).unwrap();
    eprintln!("last 3: {} positions, coqc {secs:.2} s", dead.len());
}

#[test]
fn a_live_branch_claimed_dead_is_refused() {
    let root = pos(SMULLYAN_LAST);
    let answer = plies(&root, &SMULLYAN_ANSWER);
    let mut dead = deviations(&root, &answer, 3);
    // Claim another last ply, and the real one's predecessor dead.
    let real = *answer.last().unwrap();
    let (other, _) = root
        .retractions()
        .into_iter()
        .find(|(u, _)| *u != real)
        .expect("another retraction");
    dead.push(root.unmake(&real));
    assert!(refused(prove(
        &root,
        &CertQuestion::LastPlies(vec![other]),
        &dead
    )));
}

/// Brandis's last-move record (janko.at, rtr-A-023 of the shared corpus):
/// the last ply was the bishop a2 taking a knight on b1. The other ways
/// back end in zone cages (Zone.v): the men of the corner a1, b1, c1,
/// c2, d2 cannot all have come from home (with weakened members: men
/// that can leave the zone dropped).
const ZONE_LAST: &str = "8/8/8/8/1P6/kP6/2PP4/KBb5 b - -";

#[test]
fn zone_cages_prove_and_a_broken_cage_is_refused() {
    let root = pos(ZONE_LAST);
    let budget = Budget {
        nodes: 1_000_000,
        time: Some(Duration::from_secs(20)),
        max_depth: 400,
    };
    let Verdict::Last { plies, certificate } = Search::new(COQ_RULES, budget).last(&root, 1) else {
        panic!("the deep search decides the last ply");
    };
    assert_eq!(plies[0].to_string(), "a2b1xn");
    assert!(!certificate.cages.is_empty(), "the answer needs zone cages");
    cert::check_last(&root, &plies, &certificate).unwrap();
    let q = CertQuestion::LastPlies(plies.clone());
    let secs = prove_cert(&root, &q, &certificate).unwrap();
    eprintln!(
        "zone cages: {} cages of {} partial boards, {} dead positions, coqc {secs:.2} s",
        certificate.cages.len(),
        certificate
            .cages
            .iter()
            .map(|c| c.members.len())
            .sum::<usize>(),
        certificate.len()
    );
    // Without the cages, the dead set is not closed.
    let mut bare = certificate.clone();
    bare.cages.clear();
    assert!(cert::check_last(&root, &plies, &bare).is_err());
    assert!(refused(prove_cert(&root, &q, &bare)));
    // A cage with a member dropped (one the native checker misses) is
    // refused by Coq too.
    let mut broken = certificate.clone();
    let cage = broken
        .cages
        .iter()
        .position(|c| c.members.len() > 1)
        .unwrap();
    let victim = (1..broken.cages[cage].members.len())
        .find(|&i| {
            let mut b = broken.clone();
            b.cages[cage].members.remove(i);
            cert::check_last(&root, &plies, &b).is_err()
        })
        .expect("some member is needed");
    broken.cages[cage].members.remove(victim);
    assert!(refused(prove_cert(&root, &q, &broken)));
    // A weakened member said to drop a man from a square it has none on
    // is refused by both.
    let mut wrong = certificate.clone();
    let cage = wrong
        .cages
        .iter()
        .position(|c| !c.drops.is_empty())
        .expect("a cage with weakened members");
    let c = &mut wrong.cages[cage];
    c.drops[0] = (c.zone - c.members[0].occupied())
        .first()
        .expect("an empty square of the zone");
    assert!(cert::check_last(&root, &plies, &wrong).is_err());
    assert!(refused(prove_cert(&root, &q, &wrong)));
}

/// The closure of `roots` under retraction, not expanding positions the
/// native static rules refute (impossible material, the side that moved
/// in check, a stranded man): a closed dead set when it is finite and
/// the native rules agree with Coq's `alive`. `None` past `budget`
/// positions.
fn closure(roots: &[Position], budget: usize) -> Option<Vec<Position>> {
    use retroproof_core::search::{static_illegality, stranded_man};
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut stack: Vec<Position> = roots.to_vec();
    while let Some(p) = stack.pop() {
        if !seen.insert(key(&p)) {
            continue;
        }
        out.push(p);
        if out.len() > budget {
            return None;
        }
        if static_illegality(&p).is_some() || stranded_man(&p).is_some() {
            continue;
        }
        stack.extend(p.retractions().into_iter().map(|(_, q)| q));
    }
    Some(out)
}

/// Timings (ignored by default): the dead sets of the example problems'
/// last-plies answers, every deviation closed under retraction (see
/// [`closure`]), and of the illegal examples; sizes and `coqc` times.
#[test]
#[ignore]
fn timings() {
    let epd = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/retro-problems.epd"
    ))
    .unwrap();
    let field = |line: &str, op: &str| -> Option<String> {
        let at = line.find(&format!("{op} \""))? + op.len() + 2;
        Some(line[at..at + line[at..].find('"')?].to_string())
    };
    for line in epd.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let fen: String = line.split(' ').take(4).collect::<Vec<_>>().join(" ");
        let (Some(id), Some(sol)) = (field(line, "id"), field(line, "sol")) else {
            continue;
        };
        let root = pos(&fen);
        if sol == "illegal" {
            continue;
        }
        let names: Vec<&str> = sol.split(' ').collect();
        let answer = plies(&root, &names);
        let mut roots = Vec::new();
        let mut current = root;
        for ply in answer.iter().rev() {
            for (u, q) in current.retractions() {
                if u != *ply {
                    roots.push(q);
                }
            }
            current = current.unmake(ply);
        }
        let Some(dead) = closure(&roots, 40_000) else {
            eprintln!("{id}: closure over 40,000 positions");
            continue;
        };
        match prove(&root, &CertQuestion::LastPlies(answer), &dead) {
            Ok(secs) => eprintln!("{id}: {} positions, coqc {secs:.2} s", dead.len()),
            Err(e) => eprintln!("{id}: {} positions, refused: {e}", dead.len()),
        }
    }
    if let Ok(tsv) = std::env::var("RETROPROOF_CERT_TSV") {
        timings_tsv(&tsv);
    }
    for (fen, depth) in [(DIES_IN_2, 2), (SMULLYAN_ILLEGAL, 3)] {
        let root = pos(fen);
        let dead = tree(&root, 0, depth);
        let secs = prove(&root, &CertQuestion::Illegal, &dead).unwrap();
        eprintln!("{fen}: {} positions, coqc {secs:.2} s", dead.len());
    }
    // Scaling: the 202-position dead set repeated (Coq checks every entry,
    // so the cost per entry is that of a real member; the buckets hold the
    // copies).
    let root = pos(SMULLYAN_ILLEGAL);
    let dead = tree(&root, 0, 3);
    for copies in [5, 80] {
        let big: Vec<Position> = (0..copies).flat_map(|_| dead.iter().copied()).collect();
        let secs = prove(&root, &CertQuestion::Illegal, &big).unwrap();
        eprintln!(
            "{SMULLYAN_ILLEGAL} x{copies}: {} entries, coqc {secs:.2} s",
            big.len()
        );
    }
}

/// `RETROPROOF_CERT_TSV=FILE` (the shared corpus layout: id, fen, …,
/// question, …, expected_uci): the `last 1` rows whose answer names one
/// retraction, their deviations closed under retraction.
fn timings_tsv(path: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() < 6 || (cols[3] != "last 1" && cols[3] != "last 1 type") {
            continue;
        }
        let by_type = cols[3] == "last 1 type";
        let Ok(root) = Position::from_fen(cols[1]) else {
            continue;
        };
        let uci = cols[5];
        let matching: Vec<(Unmove, Position)> = root
            .retractions()
            .into_iter()
            .filter(|(u, _)| {
                if by_type {
                    return ply_type(&root, u) == cols[4];
                }
                let r = u.to_retro_uci();
                let promo = r
                    .promotion
                    .map(|p| p.char().to_string())
                    .unwrap_or_default();
                format!("{}{}{}", r.from, r.to, promo) == uci
            })
            .collect();
        let [(answer, _)] = matching[..] else {
            eprintln!("{}: {} retractions named {uci}", cols[0], matching.len());
            continue;
        };
        let roots: Vec<Position> = root
            .retractions()
            .into_iter()
            .filter(|(u, _)| *u != answer)
            .map(|(_, q)| q)
            .collect();
        let Some(dead) = closure(&roots, 40_000) else {
            eprintln!("{}: closure over 40,000 positions", cols[0]);
            continue;
        };
        match prove(&root, &CertQuestion::LastPlies(vec![answer]), &dead) {
            Ok(secs) => eprintln!("{}: {} positions, coqc {secs:.2} s", cols[0], dead.len()),
            Err(e) => eprintln!("{}: {} positions, refused: {e}", cols[0], dead.len()),
        }
    }
}

/// The corpus' type of a ply (`K-`, `KxR`, `P--`, `PxB=N`, `O-O`, `ep`).
fn ply_type(root: &Position, u: &Unmove) -> String {
    use retroproof_core::retro::Uncapture;
    let r = u.to_retro_uci();
    if u.is_uncastling() {
        return if r.to.file().index() == 6 {
            "O-O"
        } else {
            "O-O-O"
        }
        .to_string();
    }
    if matches!(r.uncapture, Some(Uncapture::EnPassant)) {
        return "ep".to_string();
    }
    let moved = root.board().piece_at(r.to).expect("the man that moved");
    let man = if r.promotion.is_some() {
        'P'
    } else {
        moved.role.char().to_ascii_uppercase()
    };
    let mut t = man.to_string();
    match r.uncapture {
        Some(Uncapture::Piece(p)) => {
            t.push('x');
            t.push(p.role.char().to_ascii_uppercase());
        }
        _ => {
            t.push('-');
            if man == 'P'
                && r.promotion.is_none()
                && r.from.rank().index().abs_diff(r.to.rank().index()) == 2
            {
                t.push('-');
            }
        }
    }
    if let Some(p) = r.promotion {
        t.push('=');
        t.push(p.char().to_ascii_uppercase());
    }
    t
}
