//! Counting a finished game: area (Kee rule 17 b–d) or territory, with komi and agreed dead
//! stones.

use serde::{Deserialize, Serialize};

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};
use super::regions::empty_regions;
use super::SEAT_NAMES;
use crate::referee::{HalfPoints, Outcome};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones on the board plus empty regions bordered by that player only.
    Area,
    /// Empty regions bordered by that player only, plus prisoners (captured and dead stones).
    Territory,
}

/// What the counting needs to know besides the board.
pub struct Count<'a> {
    pub graph: &'a Graph,
    pub cells: &'a [Colour],
    pub players: usize,
    pub scoring: Scoring,
    pub komi: &'a [HalfPoints],
    pub dead: &'a [Vertex],
    /// Stones captured by each colour during the game (index = colour).
    pub prisoners: &'a [u32; 9],
}

/// Points per player, as an [`Outcome::Score`].
pub fn score(count: &Count) -> Outcome {
    let mut cells = count.cells.to_vec();
    let mut dead_of = [0u32; 9];
    for &v in count.dead {
        dead_of[cells[v as usize] as usize] += 1;
        cells[v as usize] = EMPTY;
    }
    let mut points = [0i64; 9];
    let mut dead_taken = [0u32; 9];
    if count.scoring == Scoring::Area {
        for &c in cells.iter().filter(|&&c| c != EMPTY) {
            points[c as usize] += 1;
        }
    }
    empty_regions(count.graph, &cells, |region, border| {
        if border.count_ones() != 1 {
            return;
        }
        let owner = border.trailing_zeros() as usize;
        points[owner] += region.len() as i64;
        if count.players > 2 {
            let dead_here = region.iter().filter(|v| count.dead.contains(v)).count();
            dead_taken[owner] += dead_here as u32;
        }
    });
    // Two players: a dead stone is always the opponent's prisoner. With more players nobody
    // is "the" opponent, so it goes to whoever owns the region it lay in, if anyone.
    if count.players == 2 {
        dead_taken[1] += dead_of[2];
        dead_taken[2] += dead_of[1];
    }
    if count.scoring == Scoring::Territory {
        for c in 1..=count.players {
            points[c] += (count.prisoners[c] + dead_taken[c]) as i64;
        }
    }
    let points = (0..count.players)
        .map(|seat| {
            let komi = count.komi.get(seat).copied().unwrap_or(HalfPoints(0));
            (
                SEAT_NAMES[seat].to_string(),
                HalfPoints(points[seat + 1] * 2 + komi.0),
            )
        })
        .collect();
    Outcome::Score { points }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(cells: &[Colour], scoring: Scoring, dead: &[Vertex]) -> String {
        let g = Graph::grid(3, 3, false).unwrap();
        let komi = [HalfPoints(0), HalfPoints(1)];
        score(&Count {
            graph: &g,
            cells,
            players: 2,
            scoring,
            komi: &komi,
            dead,
            prisoners: &[0, 2, 0, 0, 0, 0, 0, 0, 0],
        })
        .summary()
    }

    #[test]
    fn area_and_territory() {
        // Column A black, column C white, B empty between: dame.
        let cells = [1, 0, 2, 1, 0, 2, 1, 0, 2];
        assert_eq!(count(&cells, Scoring::Area, &[]), "W+0.5");
        assert_eq!(count(&cells, Scoring::Territory, &[]), "B+1.5");
        // A white stone at C1 marked dead: the region it leaves still touches white at C2, so
        // only the prisoner counts.
        assert_eq!(count(&cells, Scoring::Territory, &[2]), "B+2.5");
    }
}
