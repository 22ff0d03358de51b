//! Counting a finished game: area (Kee rule 17 b–d) or territory, with komi, the stones taken
//! off as dead and the stones in seki. The result carries its [`Tally`]: each player's parts
//! and whose point every vertex counted as.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};
use super::SEAT_NAMES;
use crate::referee::{HalfPoints, Outcome, Part, Tally};

/// How a finished board is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones on the board plus empty regions bordered by that player only.
    Area,
    /// Empty regions bordered by that player only, plus prisoners (captured and dead stones).
    Territory,
}

impl Scoring {
    /// The scoring's name in rule lists and case files (`area`, `territory`).
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
    /// The board's graph.
    pub graph: &'a Graph,
    /// Colour per vertex of the final board (dead stones still on it).
    pub cells: &'a [Colour],
    /// How many play.
    pub players: usize,
    /// Area or territory.
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

    /// Sets White's compensation for handicap stones.
    pub fn handicap_bonus(self, handicap_bonus: HalfPoints) -> Self {
        Count {
            handicap_bonus,
            ..self
        }
    }

    /// Sets the points per seat, in turn order.
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

    /// Sets the stones in seki.
    pub fn seki(self, seki: &'a [Vertex]) -> Self {
        Count { seki, ..self }
    }

    /// Sets the stones each colour captured during the game.
    pub fn prisoners(self, prisoners: &'a [u32; 9]) -> Self {
        Count { prisoners, ..self }
    }
}

/// Points per player, as an [`Outcome::Score`] with its [`Tally`]. Scoring runs at the end
/// of every game of a campaign and in every leaf of a search, so it works in buffers kept per
/// thread; [`super::score_plain::score_plain`] is the same count done the plain way.
pub fn score(count: &Count) -> Outcome {
    score_reusing(count, None)
}

/// [`score`], refilling the lists of `spare` (an earlier count's outcome, which would be
/// dropped otherwise) instead of allocating new ones; the result is the same.
pub fn score_reusing(count: &Count, spare: Option<Outcome>) -> Outcome {
    thread_local! {
        static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
    }
    SCRATCH.with_borrow_mut(|scratch| scratch.score(count, spare))
}

const NO_REGION: u32 = u32::MAX;

/// One empty region of the counted board.
#[derive(Clone, Copy)]
struct Region {
    /// Bit `c` set when a stone of colour `c` borders it.
    border: u16,
    points: u32,
    /// It touches a stone in seki (territory scoring only).
    seki: bool,
}

impl Region {
    /// The colour whose territory it is, if any.
    fn owner(self) -> Option<usize> {
        (self.border.count_ones() == 1 && !self.seki).then(|| self.border.trailing_zeros() as usize)
    }
}

#[derive(Default)]
struct Scratch {
    /// The board with the dead stones taken off.
    cells: Vec<Colour>,
    /// Vertices of dead stones taken off, and their colours.
    taken: Vec<(Vertex, Colour)>,
    region_of: Vec<u32>,
    regions: Vec<Region>,
    /// Per region: the letter of the seat whose territory it is, or `.`.
    letters: Vec<u8>,
    /// Per vertex: the letter of the seat it counts for, or `.`.
    owners: Vec<u8>,
    stack: Vec<Vertex>,
}

/// The letter of each colour's seat (index = colour), `.` for none.
const LETTERS: [u8; 9] = *b".BWRGYCMK";

impl Scratch {
    fn score(&mut self, count: &Count, spare: Option<Outcome>) -> Outcome {
        let graph = count.graph;
        let dead = self.take_dead(count);
        self.label_regions(graph);
        if count.scoring == Scoring::Territory && !count.seki.is_empty() {
            self.mark_seki(graph, count.seki);
        }
        let mut territory = [0i64; 9];
        self.letters.clear();
        for region in &self.regions {
            let owner = region.owner();
            if let Some(owner) = owner {
                territory[owner] += region.points as i64;
            }
            self.letters.push(owner.map_or(b'.', |o| LETTERS[o]));
        }
        let area = count.scoring == Scoring::Area;
        let mut stones = [0i64; 9];
        self.owners.clear();
        self.owners.resize(self.cells.len(), b'.');
        let owners = &mut self.owners;
        for ((owner, &c), &r) in owners.iter_mut().zip(&self.cells).zip(&self.region_of) {
            if c == EMPTY {
                *owner = self.letters[r as usize];
            } else if area {
                stones[c as usize] += 1;
                *owner = LETTERS[c as usize];
            }
        }
        // A dead stone is taken by the player whose territory it lay in (Japanese Rules,
        // Article 10.1: "removes any opposing dead stones from his territory"); one that
        // lay in no one's territory (dame, a seki eye) is nobody's prisoner.
        let mut dead_taken = [0u32; 9];
        for &(v, colour) in &self.taken {
            let region = self.regions[self.region_of[v as usize] as usize];
            if let Some(owner) = region.owner().filter(|&o| o != colour as usize) {
                dead_taken[owner] += 1;
            }
        }
        let (mut tally, points) = spare
            .and_then(Outcome::into_parts)
            .unwrap_or_else(|| (Box::default(), Vec::with_capacity(count.players)));
        fill_tally(&mut tally, count, &stones, &territory, &dead_taken);
        tally.dead = dead;
        tally.seki = names(graph, count.seki);
        tally.judged_by.push_str(count.judged_by);
        let owners = std::str::from_utf8(&self.owners).expect("seat letters are ASCII");
        tally.owners.push_str(owners);
        Outcome::counted_into(&SEAT_NAMES[..count.players], tally, points)
    }

    /// Copies the board without the dead stones; returns the names of those taken off. A
    /// dead vertex without a stone (another referee's board, a rescinded play) is ignored,
    /// and a stone listed twice is taken once.
    fn take_dead(&mut self, count: &Count) -> Vec<String> {
        self.cells.clear();
        self.cells.extend_from_slice(count.cells);
        self.taken.clear();
        let mut names = Vec::with_capacity(count.dead.len());
        for &v in count.dead {
            if count.cells.get(v as usize).is_some_and(|&c| c != EMPTY) {
                names.push(count.graph.name(v).to_string());
                let cell = &mut self.cells[v as usize];
                if *cell != EMPTY {
                    self.taken.push((v, *cell));
                    *cell = EMPTY;
                }
            }
        }
        names
    }

    /// Every empty region by flood fill: `region_of` per vertex, and each region's border.
    fn label_regions(&mut self, graph: &Graph) {
        let cells = &self.cells;
        let n = cells.len();
        self.region_of.clear();
        self.region_of.resize(n, NO_REGION);
        self.regions.clear();
        for v in 0..n {
            if cells[v] != EMPTY || self.region_of[v] != NO_REGION {
                continue;
            }
            let id = self.regions.len() as u32;
            self.region_of[v] = id;
            self.stack.push(v as Vertex);
            let (mut border, mut points) = (0u16, 0u32);
            while let Some(p) = self.stack.pop() {
                points += 1;
                for &m in graph.neighbours(p) {
                    match cells[m as usize] {
                        EMPTY => {
                            if self.region_of[m as usize] == NO_REGION {
                                self.region_of[m as usize] = id;
                                self.stack.push(m);
                            }
                        }
                        c => border |= 1 << c,
                    }
                }
            }
            self.regions.push(Region {
                border,
                points,
                seki: false,
            });
        }
    }

    /// Under territory scoring an empty region that touches a stone in seki is no one's
    /// territory (Japanese Rules 1989, Article 8).
    fn mark_seki(&mut self, graph: &Graph, seki: &[Vertex]) {
        for &s in seki.iter().filter(|&&s| (s as usize) < self.cells.len()) {
            for &m in graph.neighbours(s) {
                let r = self.region_of[m as usize];
                if r != NO_REGION {
                    self.regions[r as usize].seki = true;
                }
            }
        }
    }
}

/// Each seat's parts, written into `tally` (reset first).
fn fill_tally(
    tally: &mut Tally,
    count: &Count,
    stones: &[i64; 9],
    territory: &[i64; 9],
    dead_taken: &[u32; 9],
) {
    tally.reset(count.scoring.name(), count.players);
    let whole = |n: i64| HalfPoints(n * 2);
    for seat in 0..count.players {
        let c = seat + 1;
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
        if seat == 1 && count.players == 2 && count.handicap_bonus.0 != 0 {
            tally.add(seat, Part::HandicapBonus, count.handicap_bonus);
        }
        let komi = count.komi.get(seat).copied().unwrap_or(HalfPoints(0));
        if komi.0 != 0 {
            tally.add(seat, Part::Komi, komi);
        }
    }
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
