//! `retroproof prove --question castling | en-passant`: each right or
//! en-passant square proven possible (a proof game, replayed by Coq) or
//! impossible (a refutation or certificate), or reported unknown, never
//! claimed without a proof. Expected answers come from the chess, not
//! from the engine: the reason is given with each position.

use crate::common::cli::{error_line, run, stderr_of, stdout_of, success_stdout, usage_error};
use crate::common::coq_env::skip_coq;

/// Black to move; White has a king on e1, a rook on h1 and a pawn on h2
/// that never moved: White's last move was by the king or the rook, so
/// White cannot castle king-side.
const LAST_MOVE_BY_KING_OR_ROOK: &str = "4k3/8/8/8/8/8/7P/4K2R b - -";

/// F. Amelung 1897: the black pawn on g5 came from g7 (from g6 it would
/// have given check to the king on f5 with White not to move), so White
/// may take en passant on g6.
const AMELUNG: &str = "7R/7p/5P1k/4PKpP/8/8/8/8 w - -";

/// The classic problems with their published answers.
const CLASSIC_EPD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../examples/classic-problems.epd"
);

#[test]
fn a_right_lost_by_the_last_move() {
    if skip_coq() {
        return;
    }
    let stdout = success_stdout(&["prove", LAST_MOVE_BY_KING_OR_ROOK, "--question", "castling"]);
    assert!(stdout.starts_with("castling: K cannot\n"), "{stdout}");
    assert!(
        stdout.contains("proven: K cannot: no game reaches 4k3/8/8/8/8/8/7P/4K2R b K - 0 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Theorem castling : reachable white_kingside.P -> False\n"),
        "{stdout}"
    );
}

#[test]
fn en_passant_proven_by_a_game_ending_with_the_double_step() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let stdout = success_stdout(&[
        "prove",
        AMELUNG,
        "--question",
        "en-passant",
        "--game-time",
        "60",
        "--json",
        "--keep",
        dir.path().to_str().unwrap(),
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["cases"], serde_json::json!({"g6": "can"}), "{stdout}");
    assert_eq!(json["unknown"], serde_json::json!({}));
    assert_eq!(json["theorem"], "Theorem en_passant : reachable ep_g6.P");
    // The game replayed by Coq ends with the double step g7-g5.
    let file = std::fs::read_to_string(dir.path().join("Problem.v")).unwrap();
    assert!(file.contains("\"g7g5\" :: nil."), "{file}");
    assert!(file.contains("fen \"7R/7p/5P1k/4PKpP/8/8/8/8 w - g6 0 1\""));
}

#[test]
fn every_right_of_a_symmetric_position_can_be_held() {
    if skip_coq() {
        return;
    }
    // Pawns unmoved, kings and rooks at home, every other man gone
    // (taken by the knights, themselves taken later): the captures need
    // some king or rook moves, but never all four rooks', so each right
    // alone can be held; the games are the proof-game search's, replayed
    // by Coq.
    let stdout = success_stdout(&[
        "prove",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b - -",
        "--question",
        "castling",
        "--game-time",
        "60",
    ]);
    assert!(
        stdout.starts_with("castling: K can, Q can, k can, q can\n"),
        "{stdout}"
    );
}

#[test]
fn a_published_answer_the_proof_contradicts_is_refused() {
    if skip_coq() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let epd = dir.path().join("p.epd");
    std::fs::write(
        &epd,
        format!("{LAST_MOVE_BY_KING_OR_ROOK} id \"wrong\"; retro \"castling\"; sol \"K can\";\n"),
    )
    .unwrap();
    let err = error_line(&["prove", epd.to_str().unwrap()], 1);
    assert!(
        err.contains("published sol \"K can\" contradicts the proven answer \"K cannot\""),
        "{err}"
    );
}

#[test]
fn the_example_problems_prove_their_published_answers() {
    if skip_coq() {
        return;
    }
    let stdout = success_stdout(&[
        "prove",
        CLASSIC_EPD,
        "--id",
        "constructed-castling-last-move",
    ]);
    assert!(stdout.starts_with("castling: K cannot\n"), "{stdout}");
}

#[test]
fn questions_that_do_not_apply_are_bad_input() {
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/7P/4K2R b K -",
        "--question",
        "castling",
    ]);
    assert!(err.contains("castling field -"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/3K3R b - -",
        "--question",
        "castling",
    ]);
    assert!(err.contains("no king and rook"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "--question",
        "en-passant",
    ]);
    assert!(err.contains("en passant"), "{err}");
    let err = usage_error(&["prove", AMELUNG, "--question", "en-passant", "--ltac"]);
    assert!(err.contains("--ltac"), "{err}");
}

#[test]
fn an_undecided_right_is_unknown_not_claimed() {
    if skip_coq() {
        return;
    }
    // Puzzling Stack Exchange 126757: White can castle queen-side, shown
    // by a 98-ply game the proof-game search does not find in 1 s.
    let out = run(&[
        "prove",
        "1B1n1b1n/p1pppppp/8/P7/8/6P1/1P1PPP1P/R3K1kr w - -",
        "--question",
        "castling",
        "--game-time",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr_of(&out));
    assert_eq!(stdout_of(&out), "");
    let err = stderr_of(&out);
    assert!(
        err.starts_with("error: castling: nothing proven (Q unknown)"),
        "{err}"
    );
    assert!(!err.contains("Q can") && !err.contains("Q cannot"), "{err}");
}

/// The same problem from examples/classic-problems.epd: its `pg`, the
/// game the answer on Puzzling SE publishes, ends in the position with
/// White's queen-side right intact (it goes on 50. O-O-O+), so Coq proves
/// `Q can` by replaying it, with no proof-game search at all.
#[test]
fn a_published_game_proves_a_right() {
    if skip_coq() {
        return;
    }
    let stdout = success_stdout(&[
        "prove",
        CLASSIC_EPD,
        "--id",
        "puzzling-126757-castling",
        "--game-time",
        "0",
    ]);
    assert!(stdout.starts_with("castling: Q can\n"), "{stdout}");
    assert!(
        stdout.contains("reached by a legal game of 98 plies"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Theorem castling : reachable white_queenside.P"),
        "{stdout}"
    );
    // `--reached-by` with a game that reaches no case is bad input.
    let err = usage_error(&[
        "prove",
        "1B1n1b1n/p1pppppp/8/P7/8/6P1/1P1PPP1P/R3K1kr w - -",
        "--question",
        "castling",
        "--game-time",
        "0",
        "--reached-by",
        "e2e4",
    ]);
    assert!(err.contains("reaches none"), "{err}");
}

/// A given game is tried before the proof-game search: after 1. e4 d5 2.
/// exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 c6 6. Bc4 Bf5 7. Bd2 e6 no king
/// or rook has moved, so every right can be held; the game given adds
/// 8. Ng5 Ng4 9. Nf3 Nf6 (18 plies, longer than the 14 needed), and each
/// right is proven by exactly that game, not by one the search finds.
#[test]
fn a_given_game_comes_before_the_search() {
    if skip_coq() {
        return;
    }
    let game = "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c7c6 f1c4 c8f5 c1d2 e7e6 \
                f3g5 f6g4 g5f3 g4f6";
    let mut args = vec![
        "prove",
        "rn2kb1r/pp3ppp/2p1pn2/q4b2/2BP4/2N2N2/PPPB1PPP/R2QK2R w - -",
        "--question",
        "castling",
        "--game-time",
        "5",
        "--reached-by",
    ];
    args.extend(game.split_whitespace());
    let stdout = success_stdout(&args);
    assert!(
        stdout.starts_with("castling: K can, Q can, k can, q can\n"),
        "{stdout}"
    );
    assert_eq!(
        stdout
            .matches("reached by a legal game of 18 plies")
            .count(),
        4,
        "{stdout}"
    );
}

#[test]
fn which_side_is_to_move() {
    if skip_coq() {
        return;
    }
    // The black king on a8 is in check from the queen on b7: with White to
    // move that is impossible (the side that just moved cannot be in
    // check); with Black to move it is mate after Qb7, a legal game.
    let stdout = success_stdout(&[
        "prove",
        "k7/1Q6/1K6/8/8/8/8/8 ? - -",
        "--question",
        "which",
        "--game-time",
        "60",
    ]);
    assert!(
        stdout.starts_with("which: w impossible, b possible\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("which: only b: k7/1Q6/1K6/8/8/8/8/8 b - - 0 1 (proven reachable;"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "Theorem which : (reachable filling_w.P -> False) /\\ reachable filling_b.P\n"
        ),
        "{stdout}"
    );
}

#[test]
fn which_with_one_man() {
    if skip_coq() {
        return;
    }
    // Two '?' squares, one of them holding the black queen. On d8 she
    // checks the white king on d1, which is possible with White to move
    // (she came there last); on h8 nothing is in check. Both fillings
    // are legal positions, so no single completion is claimed.
    let stdout = success_stdout(&[
        "prove",
        "3?3?/8/8/8/8/8/8/k2K4 w - -",
        "--question",
        "which",
        "--one",
        "q",
        "--game-time",
        "60",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["cases"],
        serde_json::json!({"d8=q": "possible", "h8=q": "possible"}),
        "{stdout}"
    );
    assert!(json["completed"].is_null(), "{stdout}");
}

#[test]
fn which_with_one_man_and_an_unknown_side() {
    if skip_coq() {
        return;
    }
    // Both e-pawns left their files' squares: a white pawn stands on e4
    // or e5 (the other '?' empty) and Black's e-pawn was taken by a
    // piece that went home. Either side may be to move: White's pawn may
    // have taken one step or two from e2 (1. e4 or 1. e3 and 2. e4).
    // So each of the four cases (square and side) is one filling of its
    // own, reachable, and named apart in the proof.
    let stdout = success_stdout(&[
        "prove",
        "rnbqkbnr/pppp1ppp/8/4?3/4?3/8/PPPP1PPP/RNBQKBNR ? - -",
        "--question",
        "which",
        "--one",
        "P",
        "--game-time",
        "60",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        json["cases"],
        serde_json::json!({
            "e4=P w": "possible", "e4=P b": "possible",
            "e5=P w": "possible", "e5=P b": "possible"
        }),
        "{stdout}"
    );
}

/// `prove` on Filman's puzzle (examples/filman-1979.md) with `--question
/// which`, the options `extra`, and the bishop's game of
/// examples/filman-1979-bishop.uci given by `--reached-by`.
fn filman_which(extra: &[&str]) -> Vec<String> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let game = std::fs::read_to_string(root.join("examples/filman-1979-bishop.uci")).unwrap();
    let mut args: Vec<String> = [
        "prove",
        "2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4?/2PP2P1/4P2P/n7 b - -",
        "--question",
        "which",
    ]
    .iter()
    .chain(extra)
    .chain(&["--game-time", "0", "--reached-by"])
    .map(|a| a.to_string())
    .collect();
    args.extend(game.split_whitespace().map(String::from));
    args
}

/// Filman 1979 (examples/filman-1979.md): a white bishop on h4. The
/// proof-game search does not find a game for it; a game given with
/// `--reached-by` (examples/filman-1979-bishop.uci) proves it reachable.
#[test]
fn which_with_a_given_game() {
    if skip_coq() {
        return;
    }
    let args = filman_which(&["--one", "B"]);
    let stdout = success_stdout(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(stdout.starts_with("which: h4=B possible\n"), "{stdout}");
    assert!(
        stdout
            .contains("which: only h4=B: 2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4B/2PP2P1/4P2P/n7 b - - 0 1"),
        "{stdout}"
    );
    // A game reaching none of the cases is refused.
    let err = usage_error(&[
        "prove",
        "2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4?/2PP2P1/4P2P/n7 b - -",
        "--question",
        "which",
        "--one",
        "B",
        "--reached-by",
        "e2e4",
    ]);
    assert!(err.contains("reaches none"), "{err}");
}

/// Filman's puzzle with its premise (a man fell off h4, `--occupied`):
/// every other man on h4 is proven impossible (N, R and Q by the crossing
/// rule's colour count), the bishop possible, and the completed FEN
/// printed.
#[test]
fn which_occupied_proves_filman() {
    if skip_coq() {
        return;
    }
    let args = filman_which(&["--occupied"]);
    let stdout = success_stdout(&args.iter().map(String::as_str).collect::<Vec<_>>());
    for x in ['P', 'N', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'] {
        assert!(
            stdout.contains(&format!("proven: h4={x} impossible")),
            "{x}: {stdout}"
        );
    }
    assert!(
        stdout
            .contains("which: only h4=B: 2nR3K/pk1Rp1p1/p2p4/P1p5/1Pp4B/2PP2P1/4P2P/n7 b - - 0 1"),
        "{stdout}"
    );
}

#[test]
fn which_refuses_bad_unknowns() {
    let which = |fen: &str, extra: &[&str]| {
        let mut args = vec!["prove", fen, "--question", "which"];
        args.extend_from_slice(extra);
        usage_error(&args)
    };
    let err = which("4k3/8/8/8/8/8/8/4K3 w - -", &[]);
    assert!(err.contains("no '?'"), "{err}");
    let err = which("4k3/8/8/8/7?/8/8/4K3 w - -", &["--one", "Z"]);
    assert!(err.contains("not a man"), "{err}");
    let err = which("4k3/8/8/8/7?/8/8/4K3 w - -", &["--one", "K"]);
    assert!(err.contains("already has the white king"), "{err}");
    assert!(err.contains("--one K: no '?' square"), "{err}");
    let err = which("4k3/8/8/8/8/8/8/4K2? w - -", &["--one", "p"]);
    assert!(err.contains("first or last rank"), "{err}");
    let err = which("4k3/8/8/8/7?/8/8/4K3 w ? -", &[]);
    assert!(err.contains("castling field"), "{err}");
    let err = which("4k3/8/8/8/7?/8/8/4K3 w - ?", &[]);
    assert!(err.contains("en-passant field"), "{err}");
    let err = which("4k3/8/8/8/6??/8/8/4K3 w - -", &[]);
    assert!(err.contains("169 fillings"), "{err}");
    // '?' is read by `which` only; `--one` belongs to `which`.
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/7?/8/8/4K3 w - -",
        "--question",
        "illegal",
    ]);
    assert!(err.contains("--question which"), "{err}");
    let err = usage_error(&["legal", "4k3/8/8/8/7?/8/8/4K3 w - -"]);
    assert!(err.contains("--question which"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "--question",
        "illegal",
        "--one",
        "B",
    ]);
    assert!(err.contains("--one is for"), "{err}");
    // `--occupied`: every '?' square holds one of the 12 men.
    let err = which("4k3/8/8/8/6??/8/8/4K3 w - -", &["--occupied"]);
    assert!(err.contains("144 fillings"), "{err}");
    let err = which("4k3/8/8/8/8/8/8/4K3 ? - -", &["--occupied"]);
    assert!(
        err.contains("--occupied: the board has no '?' square"),
        "{err}"
    );
    let err = which("4k3/8/8/8/7?/8/8/4K3 w - -", &["--occupied", "--one", "B"]);
    assert!(err.contains("cannot be used with"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "--question",
        "illegal",
        "--occupied",
    ]);
    assert!(err.contains("--occupied is for"), "{err}");
    for option in ["--occupied", "--one=B"] {
        let err = usage_error(&[
            "export",
            "4k3/8/8/8/8/8/8/4K3 w - -",
            "--question",
            "illegal",
            option,
        ]);
        assert!(err.contains("is for `prove --question which`"), "{err}");
    }
}

#[test]
fn which_side_is_white() {
    if skip_coq() {
        return;
    }
    // Smullyan, The Chess Mysteries of Sherlock Holmes (1979), "Which
    // side is White?": as shown, every history dies or strands the bishop
    // on h1 behind the pawn; turned, it is legal (White plays downwards).
    let epd = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/retro-problems.epd"
    );
    let stdout = success_stdout(&[
        "prove",
        epd,
        "--id",
        "smullyan-direction-illegal",
        "--question",
        "orientation",
        "--game-time",
        "60",
    ]);
    assert!(
        stdout.starts_with("orientation: as-shown impossible, turned possible\n"),
        "{stdout}"
    );
    // Turned: h1 <-> a8, the men keep their colours.
    assert!(
        stdout.contains("orientation: only turned: B7/8/P7/4P3/3P1B2/8/3Q4/5K1k b - - 0 1"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "Theorem orientation : (reachable as_shown.P -> False) /\\ reachable turned.P\n"
        ),
        "{stdout}"
    );
}

#[test]
fn orientation_and_where_refuse_bad_input() {
    let err = usage_error(&[
        "prove",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -",
        "--question",
        "orientation",
    ]);
    assert!(err.contains("presuppose an orientation"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "--question",
        "where",
        "Z",
    ]);
    assert!(err.contains("not a man"), "{err}");
    let err = usage_error(&[
        "prove",
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "--question",
        "where",
        "k",
    ]);
    assert!(err.contains("already has the black king"), "{err}");
    // The message names the question asked, not `--one`.
    assert!(err.contains("where k: no empty square"), "{err}");
    assert!(!err.contains("--one"), "{err}");
    let err = usage_error(&["prove", "4k3/8/8/8/8/8/8/4K3 w - -", "--question", "where"]);
    assert!(err.contains("bad question"), "{err}");
    let err = usage_error(&[
        "export",
        LAST_MOVE_BY_KING_OR_ROOK,
        "--question",
        "castling",
    ]);
    assert!(err.contains("answered by `retroproof prove`"), "{err}");
}

#[test]
fn where_is_the_invisible_white_king() {
    if skip_coq() {
        return;
    }
    // Smullyan's invisible king (Manchester Guardian 1957; The Chess
    // Mysteries of Sherlock Holmes): the white king is not shown; it must
    // stand on c3 (1. c2-c4 b4xc3 e.p.+ 2. Kb3xc3 explains the check).
    let stdout = success_stdout(&[
        "prove",
        "8/8/8/1r1b4/B7/8/8/3k4 b - -",
        "--question",
        "where",
        "K",
        "--game-time",
        "60",
    ]);
    assert!(
        stdout.contains("\nwhere: only c3: 8/8/8/1r1b4/B7/2K5/8/3k4 b - - 0 1 (proven reachable;"),
        "{stdout}"
    );
    // Every empty square is a case: 64 - 4 men.
    let first = stdout.lines().next().unwrap();
    assert_eq!(first.matches(" impossible").count(), 59, "{first}");
    assert!(stdout.contains("Theorem where_square : (reachable filling_a8_K.P -> False) /\\"));
}
