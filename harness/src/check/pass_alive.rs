//! Pass-alive areas by Benson's algorithm ([`crate::go::pass_alive`]) against their
//! definition ([`crate::go::pass_alive_spec`]) on small positions built from bytes: the
//! `pass_alive` fuzz target and `tests/pass_alive_props.rs` call [`benson_matches_definition`].

use crate::go::board::{Colour, EMPTY};
use crate::go::graph::Graph;
use crate::go::pass_alive::pass_alive;
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
