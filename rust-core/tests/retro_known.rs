//! Known answers from the issue, derived by hand (see the comments).

use retroproof_core::Position;

fn notations(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).expect(fen);
    let mut v: Vec<String> = pos.unmoves().iter().map(|u| u.to_string()).collect();
    v.sort();
    v
}

#[test]
fn dump() {
    for fen in [
        "8/8/8/1r1b4/B7/2K5/8/3k4 b - -",
        "8/8/3kP3/8/3R1Q2/8/4K3/8 b - -",
        "6B1/5R1k/8/8/8/8/8/7K b - -",
        "2kr3K/3p4/8/8/8/8/8/8 w - -",
        "8/8/8/8/8/4k3/8/r3K3 w - -",
        "4k3/8/P7/8/8/8/8/4K2R b K -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let n = notations(fen);
        println!("{fen}: {} {:?}", n.len(), n);
    }
}
