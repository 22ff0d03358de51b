//! Pass-alive areas by their definition, not by Benson's algorithm: every board the opponent
//! can reach by consecutive pseudolegal plays while the owner passes is visited, and a string
//! is a pass-alive group when none of them empties it. Exponential, so for small boards only;
//! [`super::pass_alive`] is diffed against it (the `pass_alive` fuzz target,
//! `tests/pass_alive_props.rs`).

use std::collections::HashSet;

use super::board::{Colour, EMPTY};
use super::graph::Graph;
use super::pass_alive::{check_position, PassAlive, PassAliveError, BLACK, WHITE};
use super::regions::plain_play;

/// Pass-alive groups and territory by definition, or `Ok(None)` when the opponent of some
/// colour can reach more than `limit` boards.
pub fn pass_alive_by_search(
    graph: &Graph,
    cells: &[Colour],
    players: usize,
    suicide: bool,
    limit: usize,
) -> Result<Option<PassAlive>, PassAliveError> {
    check_position(graph, cells, players)?;
    let mut alive = vec![false; cells.len()];
    for colour in [BLACK, WHITE] {
        let Some(survivors) = never_emptied(graph, cells, colour, suicide, limit) else {
            return Ok(None);
        };
        for (v, survives) in survivors.into_iter().enumerate() {
            alive[v] |= survives && cells[v] == colour;
        }
    }
    let mut owner = vec![EMPTY; cells.len()];
    for colour in [BLACK, WHITE] {
        mark_by_definition(graph, cells, colour, &alive, &mut owner);
    }
    Ok(Some(PassAlive { owner }))
}

/// Per vertex: does a `colour` stone stand there on every board the opponent can reach?
/// The owner never plays, so a stone leaves only when its whole string is captured.
fn never_emptied(
    graph: &Graph,
    cells: &[Colour],
    colour: Colour,
    suicide: bool,
    limit: usize,
) -> Option<Vec<bool>> {
    let opponent = if colour == BLACK { WHITE } else { BLACK };
    let mut survives: Vec<bool> = cells.iter().map(|&c| c == colour).collect();
    let mut seen: HashSet<Vec<Colour>> = HashSet::from([cells.to_vec()]);
    let mut frontier = vec![cells.to_vec()];
    while let Some(board) = frontier.pop() {
        for v in graph.vertices().filter(|&v| board[v as usize] == EMPTY) {
            let after = plain_play(graph, &board, v, opponent);
            let pseudolegal = match after.suicided {
                0 => true,
                // One stone gone and nothing else: the board is unchanged, never allowed.
                1 => false,
                _ => suicide,
            };
            if !pseudolegal || seen.contains(&after.cells) {
                continue;
            }
            for (s, &c) in survives.iter_mut().zip(&after.cells) {
                *s &= c == colour;
            }
            if seen.len() >= limit {
                return None;
            }
            seen.insert(after.cells.clone());
            frontier.push(after.cells);
        }
    }
    Some(survives)
}

/// The territory definition, read literally over maximal non-`colour` sets: every `colour`
/// string bordering the set is pass-alive, some `colour` stone exists (KataGo's reading, see
/// the module docs of `pass_alive`), all points but at most one touch a `colour` stone, and
/// the set holds an empty point (sets of stones alone exist only on illegal boards).
fn mark_by_definition(
    graph: &Graph,
    cells: &[Colour],
    colour: Colour,
    alive: &[bool],
    owner: &mut [Colour],
) {
    let has_stone = cells.contains(&colour);
    for v in graph.vertices() {
        if cells[v as usize] == colour && alive[v as usize] {
            owner[v as usize] = colour;
        }
    }
    let mut seen = vec![false; cells.len()];
    for start in graph.vertices() {
        if cells[start as usize] == colour || seen[start as usize] {
            continue;
        }
        let mut set = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < set.len() {
            for &m in graph.neighbours(set[i]) {
                if cells[m as usize] != colour && !seen[m as usize] {
                    seen[m as usize] = true;
                    set.push(m);
                }
            }
            i += 1;
        }
        let touches = |p: &u16| {
            graph
                .neighbours(*p)
                .iter()
                .any(|&m| cells[m as usize] == colour)
        };
        let borders_only_alive = set.iter().all(|&p| {
            graph
                .neighbours(p)
                .iter()
                .all(|&m| cells[m as usize] != colour || alive[m as usize])
        });
        let interior = set.iter().filter(|p| !touches(p)).count();
        let has_empty = set.iter().any(|&p| cells[p as usize] == EMPTY);
        if has_stone && borders_only_alive && interior <= 1 && has_empty {
            set.iter().for_each(|&p| owner[p as usize] = colour);
        }
    }
}
