//! Properties of the fast Go board and the Go referees on random graphs and random games:
//! the board agrees with a from-scratch flood fill after every play, and every fast referee
//! agrees with its `@spec` twin on every step, including the full set of legal plays.

use std::sync::Arc;

use proptest::prelude::*;

use rulediff::go::plain_play;
use rulediff::go::{colour_of, GoSetup};
use rulediff::go::{Board, Scratch};
use rulediff::Graph;

/// Grids (some wrapping), paths, rings, complete graphs and random edge lists.
fn graphs() -> impl Strategy<Value = Graph> {
    prop_oneof![
        (1usize..=7, 1usize..=7, any::<bool>())
            .prop_map(|(w, h, wrap)| Graph::grid(w, h, wrap).unwrap()),
        (1usize..=12).prop_map(|n| Graph::path(n).unwrap()),
        (3usize..=12).prop_map(|n| Graph::ring(n).unwrap()),
        (1usize..=6).prop_map(|n| Graph::complete(n).unwrap()),
        (2usize..=12, prop::collection::vec(any::<(u8, u8)>(), 0..30))
            .prop_map(|(n, pairs)| random_graph(n, &pairs)),
    ]
}

fn random_graph(n: usize, pairs: &[(u8, u8)]) -> Graph {
    let mut text: Vec<String> = (0..n).map(|v| format!("v{v}")).collect();
    for &(a, b) in pairs {
        let (a, b) = (a as usize % n, b as usize % n);
        if a != b {
            text.push(format!("v{a}-v{b}"));
        }
    }
    Graph::parse_edges(&text.join(" ")).unwrap()
}

/// Hash of the same stones laid down on an empty board.
fn fresh_hash(graph: &Arc<Graph>, cells: &[u8]) -> u64 {
    Board::with_stones(Arc::clone(graph), cells).hash()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// After every play: the board equals the plain flood-fill result, the capture and
    /// suicide counts match it, no string is left without liberties, and the incremental
    /// hash equals a from-scratch hash.
    #[test]
    fn board_matches_flood_fill(graph in graphs(), players in 2usize..=4, picks in prop::collection::vec(any::<u16>(), 0..150)) {
        let graph = Arc::new(graph);
        let mut board = Board::new(Arc::clone(&graph));
        let mut scratch = Scratch::default();
        for (i, pick) in picks.iter().enumerate() {
            let empties: Vec<u16> = graph.vertices().filter(|&v| board.colour(v) == 0).collect();
            if empties.is_empty() { break; }
            let v = empties[*pick as usize % empties.len()];
            let colour = colour_of(i % players);
            let expected = plain_play(&graph, board.cells(), v, colour);
            let effect = board.play_stone(v, colour, &mut scratch);
            prop_assert_eq!(board.cells(), &expected.cells[..]);
            prop_assert_eq!(effect.captured, expected.captured);
            prop_assert_eq!(effect.suicided, expected.suicided);
            prop_assert!(board.strings_without_liberties().is_empty());
            prop_assert_eq!(board.hash(), fresh_hash(&graph, board.cells()));
            prop_assert_eq!(effect.hash_after, board.hash());
        }
    }

    /// Fast referees and their `@spec` twins give the same legal sets, verdicts and status
    /// at every step of random games.
    #[test]
    fn fast_referees_agree_with_spec(graph in graphs(), players in 2usize..=4, picks in prop::collection::vec(any::<u16>(), 0..120)) {
        let setup = GoSetup::empty(graph, players);
        if let Err(disagreement) = rulediff::check::spec_agreement_all(&setup, &picks) {
            prop_assert!(false, "{}", disagreement);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Referees that claim finiteness end every stubborn game on graphs of up to 6 vertices.
    #[test]
    fn finite_rulesets_end_every_game(graph in small_graphs(), players in 2usize..=3, picks in prop::collection::vec(any::<u16>(), 0..40)) {
        let setup = GoSetup::empty(graph, players);
        for info in &rulediff::check::termination_rulesets() {
            if let Err(endless) = rulediff::check::termination_check(info, &setup, &picks) {
                prop_assert!(false, "{:?}", endless);
            }
        }
    }
}

fn small_graphs() -> impl Strategy<Value = Graph> {
    prop_oneof![
        (1usize..=3, 1usize..=2).prop_map(|(w, h)| Graph::grid(w, h, false).unwrap()),
        (1usize..=6).prop_map(|n| Graph::path(n).unwrap()),
        (3usize..=6).prop_map(|n| Graph::ring(n).unwrap()),
        (2usize..=6, prop::collection::vec(any::<(u8, u8)>(), 0..10))
            .prop_map(|(n, pairs)| random_graph(n, &pairs)),
    ]
}
