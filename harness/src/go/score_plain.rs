//! Counting a finished game the plain way: the board copied, dead stones taken off, every
//! empty region found by flood fill and credited to its sole bordering colour. Obviously
//! right and slower; [`super::score::score`] computes the same outcome with reused buffers,
//! and `tests/score_props.rs` diffs the two on random positions of random graphs.

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};
use super::regions::empty_regions;
use super::score::{Count, Scoring};
use super::SEAT_NAMES;
use crate::referee::{HalfPoints, Outcome, Part, Tally};

/// Points per player, as an [`Outcome::Score`] with its [`Tally`]: [`super::score::score`]
/// computed the plain way.
pub fn score_plain(count: &Count) -> Outcome {
    let players = count.players;
    let mut cells = count.cells.to_vec();
    // A dead vertex without a stone (another referee's board, a rescinded play) is ignored.
    let dead: Vec<Vertex> = count
        .dead
        .iter()
        .copied()
        .filter(|&v| cells.get(v as usize).is_some_and(|&c| c != EMPTY))
        .collect();
    let mut dead_colour = vec![EMPTY; cells.len()];
    for &v in &dead {
        // A stone listed twice is taken off once (and stays the colour it was).
        if cells[v as usize] != EMPTY {
            dead_colour[v as usize] = cells[v as usize];
            cells[v as usize] = EMPTY;
        }
    }
    let mut owners = vec![b'.'; cells.len()];
    let mut stones = [0i64; 9];
    if count.scoring == Scoring::Area {
        for (v, &c) in cells.iter().enumerate().filter(|(_, &c)| c != EMPTY) {
            stones[c as usize] += 1;
            owners[v] = seat_letter(c);
        }
    }
    let mut territory = [0i64; 9];
    let mut dead_taken = [0u32; 9];
    let in_seki = |region: &[Vertex]| {
        count.scoring == Scoring::Territory
            && !count.seki.is_empty()
            && region.iter().any(|&v| {
                count
                    .graph
                    .neighbours(v)
                    .iter()
                    .any(|n| count.seki.contains(n))
            })
    };
    empty_regions(count.graph, &cells, |region, border| {
        if border.count_ones() != 1 || in_seki(region) {
            return;
        }
        let owner = border.trailing_zeros() as usize;
        territory[owner] += region.len() as i64;
        for &v in region {
            owners[v as usize] = seat_letter(owner as Colour);
        }
        // A dead stone is taken by the player whose territory it lay in (Japanese Rules,
        // Article 10.1: "removes any opposing dead stones from his territory"); one that
        // lay in no one's territory (dame, a seki eye) is nobody's prisoner.
        let taken = region
            .iter()
            .filter(|&&v| {
                !matches!(dead_colour[v as usize], EMPTY)
                    && dead_colour[v as usize] as usize != owner
            })
            .count();
        dead_taken[owner] += taken as u32;
    });
    let mut tally = Tally::new(count.scoring.name(), players);
    for seat in 0..players {
        let c = seat + 1;
        let whole = |n: i64| HalfPoints(n * 2);
        match count.scoring {
            Scoring::Area => {
                tally.add(seat, Part::Stones, whole(stones[c]));
                tally.add(seat, Part::Territory, whole(territory[c]));
            }
            Scoring::Territory => {
                tally.add(seat, Part::Territory, whole(territory[c]));
                tally.add(seat, Part::Prisoners, whole(count.prisoners[c] as i64));
                tally.add(seat, Part::DeadStones, whole(dead_taken[c] as i64));
            }
        }
        if seat == 1 && players == 2 && count.handicap_bonus.0 != 0 {
            tally.add(seat, Part::HandicapBonus, count.handicap_bonus);
        }
        let komi = count.komi.get(seat).copied().unwrap_or(HalfPoints(0));
        if komi.0 != 0 {
            tally.add(seat, Part::Komi, komi);
        }
    }
    tally.dead = names(count.graph, &dead);
    tally.seki = names(count.graph, count.seki);
    tally.judged_by = count.judged_by.to_string();
    tally.owners = String::from_utf8(owners).expect("seat letters are ASCII");
    Outcome::counted(&SEAT_NAMES[..players], tally)
}

fn seat_letter(c: Colour) -> u8 {
    SEAT_NAMES[c as usize - 1].as_bytes()[0]
}

fn names(graph: &Graph, vertices: &[Vertex]) -> Vec<String> {
    vertices
        .iter()
        .map(|&v| graph.name(v).to_string())
        .collect()
}
