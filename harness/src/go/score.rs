//! Counting a finished game: area (Kee rule 17 b–d) or territory, with komi, the stones taken
//! off as dead and the stones in seki. The result carries its [`Tally`]: each player's parts
//! and whose point every vertex counted as.

use serde::{Deserialize, Serialize};

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};
use super::regions::empty_regions;
use super::SEAT_NAMES;
use crate::referee::{HalfPoints, Outcome, Part, Tally};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones on the board plus empty regions bordered by that player only.
    Area,
    /// Empty regions bordered by that player only, plus prisoners (captured and dead stones).
    Territory,
}

impl Scoring {
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }
}

/// What the counting needs to know besides the board. Build it with [`Count::new`] and the
/// setters, so that a field added later does not touch every caller.
#[derive(Clone, Copy)]
pub struct Count<'a> {
    pub graph: &'a Graph,
    pub cells: &'a [Colour],
    pub players: usize,
    pub scoring: Scoring,
    /// Points per seat, in turn order (missing seats get none).
    pub komi: &'a [HalfPoints],
    /// Stones taken off as dead before counting.
    pub dead: &'a [Vertex],
    /// Stones in seki. Under territory scoring an empty region that touches one is no one's
    /// territory (Japanese Rules 1989, Article 8: territory is eye points "surrounded by
    /// stones that are alive but not in seki"); area scoring counts as if none were marked.
    pub seki: &'a [Vertex],
    /// Stones captured by each colour during the game (index = colour).
    pub prisoners: &'a [u32; 9],
    /// Who judged the dead stones, for the tally (`agreement`, `all alive`, an engine…).
    pub judged_by: &'a str,
    /// White's compensation for handicap stones (two players only).
    pub handicap_bonus: HalfPoints,
}

const NO_PRISONERS: [u32; 9] = [0; 9];

impl<'a> Count<'a> {
    /// Every stone alive, no komi, no prisoners.
    pub fn new(graph: &'a Graph, cells: &'a [Colour], players: usize, scoring: Scoring) -> Self {
        Count {
            graph,
            cells,
            players,
            scoring,
            komi: &[],
            dead: &[],
            seki: &[],
            prisoners: &NO_PRISONERS,
            judged_by: "",
            handicap_bonus: HalfPoints(0),
        }
    }

    pub fn handicap_bonus(self, handicap_bonus: HalfPoints) -> Self {
        Count {
            handicap_bonus,
            ..self
        }
    }

    pub fn komi(self, komi: &'a [HalfPoints]) -> Self {
        Count { komi, ..self }
    }

    /// The stones taken off as dead, and who said so.
    pub fn dead(self, dead: &'a [Vertex], judged_by: &'a str) -> Self {
        Count {
            dead,
            judged_by,
            ..self
        }
    }

    pub fn seki(self, seki: &'a [Vertex]) -> Self {
        Count { seki, ..self }
    }

    pub fn prisoners(self, prisoners: &'a [u32; 9]) -> Self {
        Count { prisoners, ..self }
    }
}

/// Points per player, as an [`Outcome::Score`] with its [`Tally`].
pub fn score(count: &Count) -> Outcome {
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
        dead_colour[v as usize] = cells[v as usize];
        cells[v as usize] = EMPTY;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn count(cells: &[Colour], scoring: Scoring, dead: &[Vertex], seki: &[Vertex]) -> Outcome {
        let g = Graph::grid(3, 3, false).unwrap();
        let komi = [HalfPoints(0), HalfPoints(1)];
        score(
            &Count::new(&g, cells, 2, scoring)
                .komi(&komi)
                .dead(dead, "agreement")
                .seki(seki)
                .prisoners(&[0, 2, 0, 0, 0, 0, 0, 0, 0]),
        )
    }

    #[test]
    fn area_and_territory() {
        // Column A black, column C white, B empty between: dame.
        let cells = [1, 0, 2, 1, 0, 2, 1, 0, 2];
        assert_eq!(count(&cells, Scoring::Area, &[], &[]).summary(), "W+0.5");
        assert_eq!(
            count(&cells, Scoring::Territory, &[], &[]).summary(),
            "B+1.5"
        );
        // A white stone at C1 marked dead: the region it leaves still touches white at C2, so
        // it is no one's territory and the stone nobody's prisoner (Article 10.1).
        assert_eq!(
            count(&cells, Scoring::Territory, &[2], &[]).summary(),
            "B+1.5"
        );
        // White C1, C2, C3 all dead: column B and C are black territory, three prisoners.
        let outcome = count(&cells, Scoring::Territory, &[2, 5, 8], &[]);
        assert_eq!(
            outcome.tally().unwrap().part(0, Part::Territory),
            HalfPoints(12)
        );
        assert_eq!(
            outcome.tally().unwrap().part(0, Part::DeadStones),
            HalfPoints(6)
        );
    }

    #[test]
    fn parts_add_up_and_name_the_board() {
        // Black A1 A2 A3 B2, white C1 C2 C3; B1 and B3 empty. B1 and B3 touch both colours.
        let cells = [1, 0, 2, 1, 1, 2, 1, 0, 2];
        let outcome = count(&cells, Scoring::Area, &[5], &[]);
        let tally = outcome.tally().unwrap();
        // C2 dead: the column C stones C1, C3 stay, so B1 and B3 still touch white.
        assert_eq!(tally.part(0, Part::Stones), HalfPoints(8));
        assert_eq!(tally.part(1, Part::Stones), HalfPoints(4));
        assert_eq!(tally.part(1, Part::Komi), HalfPoints(1));
        assert_eq!(tally.dead, vec!["C2".to_string()]);
        assert_eq!(tally.owners, "B.WBB.B.W");
        assert_eq!(tally.describe_seat(1), "stones 2, territory 0, komi 0.5");
        assert_eq!(tally.describe_seat(0), "stones 4, territory 0");
        for (seat, (_, points)) in match &outcome {
            Outcome::Score { points, .. } => points.iter().enumerate(),
            _ => unreachable!(),
        } {
            assert_eq!(*points, tally.total(seat));
        }
    }

    #[test]
    fn seki_takes_eyes_out_of_territory_only() {
        // Black A column with an eye at A2 marked in seki: no territory under territory
        // scoring, the eye still counts under area scoring.
        let cells = [1, 0, 2, 0, 1, 2, 1, 0, 2];
        let territory = count(&cells, Scoring::Territory, &[], &[0]);
        assert_eq!(
            territory.tally().unwrap().part(0, Part::Territory),
            HalfPoints(0)
        );
        let unmarked = count(&cells, Scoring::Territory, &[], &[]);
        assert_eq!(
            unmarked.tally().unwrap().part(0, Part::Territory),
            HalfPoints(2)
        );
        let area = count(&cells, Scoring::Area, &[], &[0]);
        assert_eq!(
            area.tally().unwrap().part(0, Part::Territory),
            HalfPoints(2)
        );
    }
}
