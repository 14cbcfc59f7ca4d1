use retroproof_core::Position;
use shakmaty::{Chess, CastlingMode, fen::Fen, Position as _};
#[test]
fn dbg() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    let pos = Position::from_fen(fen).unwrap();
    let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci()).collect();
    ours.sort();
    let sp: Chess = fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
    let mut theirs: Vec<String> = sp.legal_moves().iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
    theirs.sort();
    println!("ours-theirs {:?}", ours.iter().filter(|m| !theirs.contains(m)).collect::<Vec<_>>());
    println!("theirs-ours {:?}", theirs.iter().filter(|m| !ours.contains(m)).collect::<Vec<_>>());
}
