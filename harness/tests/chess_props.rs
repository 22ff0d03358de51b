//! The chess properties of `rulediff::check::chess_game` on random inputs (the fuzz targets
//! `differential` and `termination` run the same oracles on whatever the fuzzer finds).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rulediff::check::{ChessInput, CHESS_STARTS as STARTS};

fn inputs(count: usize, picks: usize) -> impl Iterator<Item = ChessInput> {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    (0..count).map(move |i| {
        let mut bytes = vec![(i % STARTS.len()) as u8];
        bytes.extend((0..2 * picks).map(|_| rng.gen::<u8>()));
        ChessInput::from_bytes(&bytes).expect("every byte string is a game")
    })
}

#[test]
fn fast_chess_referees_agree_with_their_spec_twins() {
    for input in inputs(150, 120) {
        if let Err(disagreement) = rulediff::check::chess_spec_agreement(&input) {
            panic!("{disagreement}");
        }
    }
}

#[test]
fn finite_chess_rulesets_end_every_game_within_the_75_move_bound() {
    for input in inputs(40, 40) {
        if let Err(overdue) = rulediff::check::chess_termination(&input) {
            panic!("{overdue:?}");
        }
    }
}

#[test]
fn the_german_rule_is_caught_passing_the_bound() {
    // The oracle must be able to fail: the German rule has no move-count rule, and stubborn
    // reversible play outlasts 150 half-moves under it.
    let registry = <rulediff::chess::Chess as rulediff::Refereed>::registry();
    let german = registry.iter().find(|r| r.id == "german").unwrap();
    let input = ChessInput::from_bytes(&[1]).unwrap();
    let overdue = rulediff::check::chess_check_ends(german, &input).unwrap_err();
    assert!(overdue.moves.len() >= 150);
}
