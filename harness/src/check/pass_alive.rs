//! Pass-alive areas by Benson's algorithm ([`crate::go::pass_alive`]) against their
//! definition ([`crate::go::pass_alive_spec`]) on small positions built from bytes: the
//! `pass_alive` fuzz target and `tests/pass_alive_props.rs` call [`benson_matches_definition`].
//! The same two diff the grid path of [`area_into`] against its graph path
//! ([`grid_matches_graph`]), on any cells of a small grid.

use crate::go::board::{Colour, EMPTY};
use crate::go::graph::Graph;
use crate::go::pass_alive::{
    area_into, area_into_blocks, area_into_graph, pass_alive, AreaOptions, Benson,
};
use crate::go::pass_alive_spec::pass_alive_by_search;
use crate::go::regions::plain_play;

use super::go_input::GoInput;

/// Most boards the definition may visit per colour before the input is skipped.
const SEARCH_LIMIT: usize = 50_000;
/// Largest board the definition is tried on.
const MAX_POINTS: usize = 12;

/// A two-player position from bytes: the board shape as [`GoInput`] reads it, then one stone
/// per pick (colour from the pick's low bit, point from the rest), skipping plays that would
/// be suicide, so every string keeps a liberty; the last byte says whether multi-stone suicide
/// is allowed.
pub fn position(data: &[u8]) -> Option<(Graph, Vec<Colour>, bool)> {
    let input = GoInput::from_bytes(data)?;
    let graph = (*input.setup.graph).clone();
    if graph.len() > MAX_POINTS {
        return None;
    }
    let mut cells = vec![EMPTY; graph.len()];
    for pick in input.picks {
        let empties: Vec<u16> = graph
            .vertices()
            .filter(|&v| cells[v as usize] == EMPTY)
            .collect();
        if empties.is_empty() {
            break;
        }
        let v = empties[(pick >> 1) as usize % empties.len()];
        let played = plain_play(&graph, &cells, v, 1 + (pick & 1) as Colour);
        if played.suicided == 0 {
            cells = played.cells;
        }
    }
    let suicide = data.last().is_some_and(|b| b & 0x80 != 0);
    Some((graph, cells, suicide))
}

/// Benson's areas equal the definition's, where the definition's search fits its budget.
pub fn benson_matches_definition(data: &[u8]) -> Result<(), super::Violation> {
    let Some((graph, cells, suicide)) = position(data) else {
        return Ok(());
    };
    let fast = pass_alive(&graph, &cells, 2, suicide).map_err(|e| e.to_string())?;
    let Some(spec) = pass_alive_by_search(&graph, &cells, 2, suicide, SEARCH_LIMIT)
        .map_err(|e| e.to_string())?
    else {
        return Ok(());
    };
    if fast == spec {
        return Ok(());
    }
    let show = |owner: &[Colour]| -> String {
        graph
            .vertices()
            .map(|v| {
                format!(
                    "{}:{}{}",
                    graph.name(v),
                    cells[v as usize],
                    owner[v as usize]
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    Err(super::Violation(format!(
        "pass-alive areas differ on {} (suicide {suicide}); vertex:colour+owner\n  benson:     {}\n  definition: {}",
        graph.description(),
        show(&fast.owner),
        show(&spec.owner)
    )))
}

/// Every combination of [`AreaOptions`]' switches.
pub fn all_area_options() -> impl Iterator<Item = AreaOptions> {
    (0..8u8).map(|bits| AreaOptions {
        non_pass_alive_stones: bits & 1 != 0,
        safe_big_territories: bits & 2 != 0,
        unsafe_big_territories: bits & 4 != 0,
    })
}

/// Both grid paths of [`area_into`] (the bit-parallel one it takes and the block one,
/// [`area_into_blocks`]) give the graph path's owner to every vertex of `cells` on the plain
/// grid `graph`, with every option and with and without multi-stone suicide. The cells need
/// not be a legal position (strings without liberties included): every path is defined on
/// any two-colour board.
pub fn grid_matches_graph(graph: &Graph, cells: &[Colour]) -> Result<(), super::Violation> {
    let (mut grid, mut reference) = (Benson::default(), Benson::default());
    let mut bits = vec![EMPTY; cells.len()];
    let mut blocks = vec![EMPTY; cells.len()];
    let mut slow = vec![EMPTY; cells.len()];
    for options in all_area_options() {
        for suicide in [false, true] {
            area_into(graph, cells, suicide, options, &mut grid, &mut bits);
            area_into_blocks(graph, cells, suicide, options, &mut grid, &mut blocks);
            area_into_graph(graph, cells, suicide, options, &mut reference, &mut slow);
            for (path, fast) in [("bits", &bits), ("blocks", &blocks)] {
                if *fast != slow {
                    let row =
                        |owner: &[Colour]| owner.iter().map(|c| c.to_string()).collect::<String>();
                    return Err(super::Violation(format!(
                        "the {path} grid path and the graph path differ on {} ({options:?}, suicide {suicide}), vertex order\n  cells: {}\n  grid:  {}\n  graph: {}",
                        graph.description(),
                        row(cells),
                        row(fast),
                        row(&slow)
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A grid of up to 7×7 from the first two bytes and a colour (0–2) per vertex from the rest
/// (missing bytes are empty), for [`grid_matches_graph`].
pub fn grid_from_bytes(data: &[u8]) -> Option<(Graph, Vec<Colour>)> {
    let (&w, &h) = (data.first()?, data.get(1)?);
    let graph = Graph::grid(1 + w as usize % 7, 1 + h as usize % 7, false).ok()?;
    let cells = (0..graph.len())
        .map(|v| data.get(2 + v).map_or(EMPTY, |b| b % 3))
        .collect();
    Some((graph, cells))
}

/// [`grid_matches_graph`] on the grid the bytes build.
pub fn grid_matches_graph_on_bytes(data: &[u8]) -> Result<(), super::Violation> {
    match grid_from_bytes(data) {
        Some((graph, cells)) => grid_matches_graph(&graph, &cells),
        None => Ok(()),
    }
}
