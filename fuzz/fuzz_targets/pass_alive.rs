//! Pass-alive areas: Benson's algorithm (`rulediff::go::pass_alive`) against the definition
//! (every sequence of opponent plays while the owner passes) on small positions of any graph;
//! and the grid path of `area_into` against its graph path on small grids.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| rulediff::check::fuzz::pass_alive(data));
