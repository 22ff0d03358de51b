//! Replays the checked-in seed corpus of every fuzz target (`fuzz/seeds/<target>/`, rebuilt
//! by `fuzz/seed.sh`) through the same functions the targets call, on the stable toolchain.

use std::path::Path;

use rulediff::check::fuzz;

fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        run(&std::fs::read(&path).unwrap());
        count += 1;
    }
    assert!(count > 0, "no seeds in {}", dir.display());
}

#[test]
fn case_file_seeds() {
    replay("case_file", fuzz::case_file);
}

#[test]
fn sgf_seeds() {
    replay("sgf", fuzz::sgf);
}

#[test]
fn differential_seeds() {
    replay("differential", fuzz::differential);
}

#[test]
fn termination_seeds() {
    replay("termination", fuzz::termination);
}

#[test]
fn fen_seeds() {
    replay("fen", fuzz::fen);
}

#[test]
fn pgn_seeds() {
    replay("pgn", fuzz::pgn);
}

#[test]
fn go_rules_seeds() {
    replay("go_rules", fuzz::go_rules);
}

#[test]
fn gtp_reply_seeds() {
    replay("gtp_reply", fuzz::gtp_reply);
}

#[test]
fn xiangqi_fen_seeds() {
    replay("xiangqi_fen", fuzz::xiangqi_fen);
}

#[test]
fn xiangqi_differential_seeds() {
    replay("xiangqi_differential", fuzz::xiangqi_differential);
}

#[test]
fn kee_claims_seeds() {
    replay("kee_claims", fuzz::kee_claims);
}

#[test]
fn pass_alive_seeds() {
    replay("pass_alive", fuzz::pass_alive);
}

#[test]
fn engines_file_seeds() {
    replay("engines_file", fuzz::engines_file);
}

#[test]
fn results_json_seeds() {
    replay("results_json", fuzz::results_json);
}

#[test]
fn case_writer_seeds() {
    replay("case_writer", fuzz::case_writer);
}

proptest::proptest! {
    /// Any bytes: a Go setup, plays, and a title and comment of any characters.
    #[test]
    fn the_case_writer_round_trips(data in proptest::collection::vec(proptest::prelude::any::<u8>(), 3..160)) {
        fuzz::case_writer(&data);
    }
}
