//! Runs the native solver on every problem of examples/retro-problems.epd.

use retroproof_core::problem::parse_suite;
use retroproof_core::search::Limits;

#[test]
fn every_problem() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/retro-problems.epd")).unwrap();
    for (line, p) in parse_suite(&text) {
        let p = p.unwrap_or_else(|e| panic!("line {line}: {e}"));
        let t = std::time::Instant::now();
        let r = p.check(Limits::default());
        println!("{:?} {:?} {:?} {:?}", p.id, r.as_ref().map(|a| a.to_string()).map_err(|e| e.to_string()), t.elapsed(), p.question);
    }
}
