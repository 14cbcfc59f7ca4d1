use retroproof_core::{Position, search::for_each_sequence};
#[test]
fn scratch() {
    let pos = Position::from_fen("k1K5/4Q3/8/2B1P3/3P4/7P/8/7B b - -").unwrap();
    for d in 1..5 {
        let mut n = 0;
        for_each_sequence(&pos, d, |s| { n += 1; if n <= 5 { println!("{d}: {:?}", s.iter().map(|u| u.to_string()).collect::<Vec<_>>()); } });
        println!("depth {d}: {n}");
    }
}
