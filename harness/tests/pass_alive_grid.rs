//! The grid paths of pass-alive areas (`go::pass_alive_bits`, taken by `area_into` on every
//! plain grid, and `go::pass_alive_grid`, `area_into_blocks`) give the graph path's owners
//! (`area_into_graph`, the reference) in every mode, with and without multi-stone suicide:
//! on 200,000 random boards up to 5×5 (any cells, illegal ones included), and on random 9×9,
//! 19×19 and 25×25 boards (the largest grid), filled at random and played out to the end.
//! The 20 boards of `benches/score.rs` are diffed where the bench builds them.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rulediff::check::grid_matches_graph;
use rulediff::go::Vertex;
use rulediff::go::{Board, Scratch};
use rulediff::go::{Colour, EMPTY};
use rulediff::go::{BLACK, WHITE};
use rulediff::Graph;

#[test]
fn small_random_grids() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let graphs: Vec<Vec<Graph>> = (1..=5)
        .map(|w| (1..=5).map(|h| Graph::grid(w, h, false).unwrap()).collect())
        .collect();
    for _ in 0..200_000 {
        let graph = &graphs[rng.gen_range(0..5)][rng.gen_range(0..5)];
        let cells: Vec<Colour> = (0..graph.len()).map(|_| rng.gen_range(0..3)).collect();
        if let Err(difference) = grid_matches_graph(graph, &cells) {
            panic!("{difference}");
        }
    }
}

/// A random playout to the end: stones of alternating colours on random empty points that
/// are neither suicide nor the filling of a one-point eye of the player's own, until neither
/// player has such a point; so the board ends with eyes, dead stones and seki.
fn played_out(graph: &Arc<Graph>, rng: &mut ChaCha8Rng) -> Vec<Colour> {
    let mut board = Board::new(graph.clone());
    let mut scratch = Scratch::default();
    let mut colour = BLACK;
    let mut passes = 0;
    // There is no ko rule here, so a playout can take a ko back and forth forever: it stops
    // after four plays per point, the board still all but full.
    let mut plays = 0;
    while passes < 2 && plays < 4 * graph.len() {
        plays += 1;
        let mut empties: Vec<Vertex> = graph
            .vertices()
            .filter(|&v| board.colour(v) == EMPTY)
            .collect();
        let mut played = false;
        while !empties.is_empty() {
            let v = empties.swap_remove(rng.gen_range(0..empties.len()));
            let own_eye = graph
                .neighbours(v)
                .iter()
                .all(|&m| board.colour(m) == colour);
            if !own_eye && !board.analyze(v, colour, &mut scratch).is_suicide() {
                board.play(v, colour, &scratch);
                played = true;
                break;
            }
        }
        passes = if played { 0 } else { passes + 1 };
        colour = if colour == BLACK { WHITE } else { BLACK };
    }
    board.cells().to_vec()
}

#[test]
fn random_and_played_out_9x9_19x19_and_25x25() {
    let mut rng = ChaCha8Rng::seed_from_u64(1917);
    for (side, boards) in [(9, 60), (19, 12), (25, 4)] {
        let graph = Arc::new(Graph::grid(side, side, false).unwrap());
        for _ in 0..boards {
            let empty_share = rng.gen_range(0.0..0.6);
            let filled: Vec<Colour> = (0..graph.len())
                .map(|_| {
                    if rng.gen_bool(empty_share) {
                        EMPTY
                    } else {
                        rng.gen_range(1..3)
                    }
                })
                .collect();
            for cells in [filled, played_out(&graph, &mut rng)] {
                if let Err(difference) = grid_matches_graph(&graph, &cells) {
                    panic!("{difference}");
                }
            }
        }
    }
}
