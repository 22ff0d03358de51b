//! The fast count ([`score`]: buffers kept per thread, regions labelled once, dead stones
//! and seki looked up by vertex) equals the plain one ([`score_plain`]: flood fill per
//! region, every region scanned for dead stones and seki) on random boards of random graphs
//! with two to four players: any colours (legal positions or not), dead lists with empty
//! points, repeats and vertices off the board, seki lists, prisoners, komi and a handicap
//! bonus, by area and by territory.

use proptest::prelude::*;
use rulediff::check::GoInput;
use rulediff::go::outcome_of_count_plain as score_plain;
use rulediff::go::Colour;
use rulediff::go::Vertex;
use rulediff::go::{outcome_of_count as score, Count, Scoring};
use rulediff::HalfPoints;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_count_equals_plain_count(
        shape in prop::collection::vec(any::<u8>(), 3..24),
        colours in prop::collection::vec(any::<u8>(), 0..64),
        dead in prop::collection::vec(0u16..70, 0..12),
        seki in prop::collection::vec(0u16..70, 0..4),
        prisoners in prop::array::uniform9(0u32..50),
        komi in prop::collection::vec(-20i64..20, 0..4),
        territory in any::<bool>(),
        bonus in 0i64..8,
    ) {
        let Some(input) = GoInput::from_bytes(&shape) else {
            return Ok(());
        };
        let graph = &input.setup.graph;
        let players = input.setup.players;
        let cells: Vec<Colour> = (0..graph.len())
            .map(|v| colours.get(v).map_or(0, |&c| c % (players as u8 + 1)))
            .collect();
        let dead: Vec<Vertex> = dead.into_iter().collect();
        // Seki stones are named in the tally, so they lie on the board.
        let seki: Vec<Vertex> = seki
            .into_iter()
            .map(|v| v % graph.len() as Vertex)
            .collect();
        let komi: Vec<HalfPoints> = komi.into_iter().map(HalfPoints).collect();
        let scoring = if territory { Scoring::Territory } else { Scoring::Area };
        let count = Count::new(graph, &cells, players, scoring)
            .komi(&komi)
            .dead(&dead, "agreement")
            .seki(&seki)
            .prisoners(&prisoners)
            .handicap_bonus(HalfPoints(bonus));
        prop_assert_eq!(score(&count), score_plain(&count), "{} {:?}", graph.description(), cells);
    }
}
