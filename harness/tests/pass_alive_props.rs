//! Pass-alive areas by Benson's algorithm equal those by the definition (every sequence of
//! opponent plays while the owner passes) on small random positions of random graphs, with
//! and without multi-stone suicide; and the grid path of `area_into` gives the graph path's
//! owners on small grids of any cells.

use proptest::prelude::*;
use rulediff::check::{benson_matches_definition, grid_matches_graph_on_bytes};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn benson_equals_definition(data in prop::collection::vec(any::<u8>(), 3..60)) {
        if let Err(difference) = benson_matches_definition(&data) {
            prop_assert!(false, "{}", difference);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn grid_path_equals_graph_path(data in prop::collection::vec(any::<u8>(), 2..52)) {
        if let Err(difference) = grid_matches_graph_on_bytes(&data) {
            prop_assert!(false, "{}", difference);
        }
    }
}
