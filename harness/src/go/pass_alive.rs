//! Pass-alive areas: Benson's unconditional life, on any graph, for two players.
//!
//! Definitions (KataGo's rules page, version 2, "Additional Definitions"; the words are
//! Benson's idea made exact):
//! - A string of colour `c` is a **pass-alive group** if no sequence of consecutive
//!   pseudolegal plays by the opponent — `c` always passing — empties it. Pseudolegal: the
//!   capture rule, then the suicide rule of the game (single-stone suicide, which leaves the
//!   board unchanged, is never pseudolegal; multi-stone suicide is when the rules allow it).
//! - A maximal connected set of points not of colour `c` (empty points and opponent stones) is
//!   **pass-alive territory** of `c` if every `c` string bordering it is a pass-alive group,
//!   it borders at least one `c` stone, and all its points but at most one are adjacent to a
//!   `c` stone.
//!
//! [`pass_alive`] computes both by Benson's algorithm; `pass_alive_spec.rs` computes the
//! first by the definition itself (a search over every sequence of opponent plays, on small
//! boards) and the `pass_alive` fuzz target and `tests/pass_alive_props.rs` diff the two.
//!
//! Benson's algorithm (Benson 1976, as KataGo's `Board::calculateAreaForPla` runs it): the
//! *regions* of `c` are the maximal connected non-`c` sets that contain an empty point. A
//! region is *vital* to a `c` string when every empty point of it is adjacent to the string
//! (with multi-stone suicide allowed, every point of it: opponent stones there can vanish by
//! the opponent's own suicide, so they count as empty). Repeatedly remove every string with
//! fewer than two vital regions not yet bordering a removed string; what is left is exactly
//! the pass-alive groups.
//!
//! Two readings where the words leave room, both as KataGo's source decides:
//! - "borders at least one `c` stone": KataGo asks for at least one `c` stone anywhere on the
//!   board. On a connected board the two agree (a maximal non-`c` set that is not the whole
//!   board borders a `c` stone); on a board of several components this reading keeps an
//!   isolated empty component from being everybody's territory.
//! - When a point is territory of both colours (it never is on a legal position of a grid, but
//!   the code does not rely on it), White's marking wins, because KataGo marks Black first and
//!   White overwrites.
//!
//! More than two players: refused with [`PassAliveError::Players`]. With three or more
//! colours an opponent's stones inside a region can be captured by a third player, so
//! regions change in ways Benson's argument does not cover, and no definition is claimed.

use thiserror::Error;

use super::board::{Colour, EMPTY};
use super::graph::{Graph, Vertex};
use super::pass_alive_bits::{self, BitBenson};
use super::pass_alive_grid::GridBenson;

/// Black's colour, the first seat's.
pub const BLACK: Colour = 1;
/// White's colour, the second seat's.
pub const WHITE: Colour = 2;

/// Why pass-alive areas were not computed for a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PassAliveError {
    /// More than two players.
    #[error("pass-alive areas are defined for two players (Benson's unconditional life); this game has {players}")]
    Players {
        /// How many the game has.
        players: usize,
    },
    /// A stone of a third player's colour.
    #[error("vertex {vertex} holds colour {colour}: pass-alive areas take black (1) and white (2) stones only")]
    Colour {
        /// The vertex.
        vertex: Vertex,
        /// Its colour (neither empty, black nor white).
        colour: Colour,
    },
    /// The board's points do not match the graph.
    #[error("the board has {cells} points but the graph has {vertices} vertices")]
    Size {
        /// Points given.
        cells: usize,
        /// Vertices of the graph.
        vertices: usize,
    },
}

/// What, besides pass-alive groups and pass-alive territory, an area marks: KataGo's three
/// switches of `Board::calculateArea`, for scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AreaOptions {
    /// Every stone not in pass-alive area of either colour counts for its colour.
    pub non_pass_alive_stones: bool,
    /// An empty region bordered only by `c` strings that are all pass-alive is `c`'s,
    /// whatever its size.
    pub safe_big_territories: bool,
    /// An empty region bordered only by `c` is `c`'s, where nothing marked it before (so an
    /// opponent's pass-alive territory keeps the points of dead stones' eyes).
    pub unsafe_big_territories: bool,
}

impl AreaOptions {
    /// Pass-alive groups and pass-alive territory only.
    pub const PASS_ALIVE: AreaOptions = AreaOptions {
        non_pass_alive_stones: false,
        safe_big_territories: false,
        unsafe_big_territories: false,
    };
    /// Everything a finished board gives each colour under area scoring (KataGo's
    /// `calculateArea(…, true, true, true, …)`).
    pub const SCORING: AreaOptions = AreaOptions {
        non_pass_alive_stones: true,
        safe_big_territories: true,
        unsafe_big_territories: true,
    };
}

/// The pass-alive areas of a position: per vertex, the colour whose pass-alive group stands
/// there or whose pass-alive territory it is, else [`EMPTY`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassAlive {
    /// Per vertex: the colour whose pass-alive group or territory it is, else [`EMPTY`].
    pub owner: Vec<Colour>,
}

impl PassAlive {
    /// Is the stone at `v` (of colour `cells[v]`) in a pass-alive group?
    pub fn stone_is_pass_alive(&self, cells: &[Colour], v: Vertex) -> bool {
        let c = cells[v as usize];
        c != EMPTY && self.owner[v as usize] == c
    }

    /// The colour whose pass-alive territory `v` is (an empty point, or an opponent's stone
    /// that can never escape), if any.
    pub fn territory_of(&self, cells: &[Colour], v: Vertex) -> Option<Colour> {
        let o = self.owner[v as usize];
        (o != EMPTY && o != cells[v as usize]).then_some(o)
    }
}

/// Pass-alive groups and territory of both colours on a two-player position. `suicide`:
/// whether the game allows multi-stone suicide (it changes which plays the opponent has).
pub fn pass_alive(
    graph: &Graph,
    cells: &[Colour],
    players: usize,
    suicide: bool,
) -> Result<PassAlive, PassAliveError> {
    let mut scratch = Benson::default();
    let owner = area(
        graph,
        cells,
        players,
        suicide,
        AreaOptions::PASS_ALIVE,
        &mut scratch,
    )?;
    Ok(PassAlive { owner })
}

/// Checks that Benson's argument applies: two players, colours 1 and 2, one cell per vertex.
pub fn check_position(
    graph: &Graph,
    cells: &[Colour],
    players: usize,
) -> Result<(), PassAliveError> {
    if players != 2 {
        return Err(PassAliveError::Players { players });
    }
    if cells.len() != graph.len() {
        return Err(PassAliveError::Size {
            cells: cells.len(),
            vertices: graph.len(),
        });
    }
    match cells.iter().position(|&c| c > WHITE) {
        Some(v) => Err(PassAliveError::Colour {
            vertex: v as Vertex,
            colour: cells[v],
        }),
        None => Ok(()),
    }
}

/// KataGo's `Board::calculateArea`: per vertex the colour it counts for (pass-alive groups and
/// territory always, the rest as `options` say), else [`EMPTY`]. `scratch` is reused between
/// calls so scoring many positions allocates once.
pub fn area(
    graph: &Graph,
    cells: &[Colour],
    players: usize,
    suicide: bool,
    options: AreaOptions,
    scratch: &mut Benson,
) -> Result<Vec<Colour>, PassAliveError> {
    check_position(graph, cells, players)?;
    let mut result = vec![EMPTY; cells.len()];
    area_into(graph, cells, suicide, options, scratch, &mut result);
    Ok(result)
}

/// [`area`] into a caller's buffer, for a position already checked by [`check_position`].
/// A plain grid takes a grid path (the bit-parallel one, [`BitBenson`], up to 32 columns
/// and 62 rows; the block one, [`area_into_blocks`], beyond), every other graph the graph
/// path ([`area_into_graph`]); all give the same owners.
pub fn area_into(
    graph: &Graph,
    cells: &[Colour],
    suicide: bool,
    options: AreaOptions,
    scratch: &mut Benson,
    result: &mut [Colour],
) {
    match graph.grid_shape() {
        Some(grid)
            if !grid.wrap
                && grid.width <= pass_alive_bits::MAX_WIDTH
                && grid.height <= pass_alive_bits::MAX_HEIGHT =>
        {
            scratch
                .bits
                .area_into(grid.width, grid.height, cells, suicide, options, result)
        }
        _ => area_into_blocks(graph, cells, suicide, options, scratch, result),
    }
}

/// [`area_into`] by the block path ([`GridBenson`]) on a plain grid, by the graph path on
/// every other graph.
pub fn area_into_blocks(
    graph: &Graph,
    cells: &[Colour],
    suicide: bool,
    options: AreaOptions,
    scratch: &mut Benson,
    result: &mut [Colour],
) {
    match graph.grid_shape() {
        Some(grid) if !grid.wrap => {
            scratch
                .grid
                .area_into(grid.width, grid.height, cells, suicide, options, result)
        }
        _ => area_into_graph(graph, cells, suicide, options, scratch, result),
    }
}

/// [`area_into`] on any graph through its adjacency lists: the reference the grid path is
/// diffed against.
pub fn area_into_graph(
    graph: &Graph,
    cells: &[Colour],
    suicide: bool,
    options: AreaOptions,
    scratch: &mut Benson,
    result: &mut [Colour],
) {
    result.fill(EMPTY);
    for colour in [BLACK, WHITE] {
        scratch.run(graph, cells, colour, suicide);
        scratch.mark(colour, options, result);
    }
    if options.non_pass_alive_stones {
        for (r, &c) in result.iter_mut().zip(cells) {
            if *r == EMPTY {
                *r = c;
            }
        }
    }
}

const NONE: u32 = u32::MAX;
/// In `string_of`, a vertex not of the colour; in `region_of`, a stone of the colour. Each
/// flood then asks one array per neighbour instead of the colour and the label.
const OTHER: u32 = u32::MAX - 1;

/// Benson's algorithm for one colour, with buffers kept between runs (the graph path's, and
/// the grid path's).
#[derive(Debug, Default, Clone)]
pub struct Benson {
    /// Per vertex: index of its string of the colour, or `NONE`.
    string_of: Vec<u32>,
    /// Per vertex: index of its region, or `NONE`.
    region_of: Vec<u32>,
    /// Stones of each string, contiguous; `string_start[s]..string_start[s + 1]`.
    stones: Vec<Vertex>,
    string_start: Vec<u32>,
    /// Points of each region, contiguous, likewise.
    points: Vec<Vertex>,
    region_start: Vec<u32>,
    /// Strings each region is vital to, contiguous, likewise.
    vital: Vec<u32>,
    vital_start: Vec<u32>,
    /// Per region: points not adjacent to a stone of the colour (counted up to 2).
    interior: Vec<u8>,
    contains_opponent: Vec<bool>,
    borders_dead: Vec<bool>,
    /// Per string: vital regions not bordering a removed string; removed yet?
    vital_count: Vec<u32>,
    dead: Vec<bool>,
    has_stone: bool,
    /// The grid paths' buffers.
    grid: GridBenson,
    /// Boxed: its row sets take 7 KB, too much for the stack of every search that keeps a
    /// referee per level.
    bits: Box<BitBenson>,
}

impl Benson {
    fn run(&mut self, graph: &Graph, cells: &[Colour], colour: Colour, suicide: bool) {
        self.label_strings(graph, cells, colour);
        self.label_regions(graph, cells, colour, suicide);
        self.remove_unhealthy(graph);
    }

    fn label_strings(&mut self, graph: &Graph, cells: &[Colour], colour: Colour) {
        let n = cells.len();
        self.string_of.clear();
        self.string_of.extend(
            cells
                .iter()
                .map(|&c| if c == colour { NONE } else { OTHER }),
        );
        self.stones.clear();
        self.stones.resize(n, 0);
        self.string_start.clear();
        // Local slices, written by index: no capacity checks, and the compiler keeps the
        // pointers in registers.
        let (string_of, stones) = (&mut self.string_of[..], &mut self.stones[..]);
        let mut len = 0;
        for v in 0..n {
            if string_of[v] != NONE {
                continue;
            }
            let id = self.string_start.len() as u32;
            self.string_start.push(len as u32);
            string_of[v] = id;
            stones[len] = v as Vertex;
            let mut i = len;
            len += 1;
            while i < len {
                for &m in graph.neighbours(stones[i]) {
                    if string_of[m as usize] == NONE {
                        string_of[m as usize] = id;
                        stones[len] = m;
                        len += 1;
                    }
                }
                i += 1;
            }
        }
        self.stones.truncate(len);
        self.has_stone = len > 0;
        self.string_start.push(len as u32);
        let strings = self.string_start.len() - 1;
        self.vital_count.clear();
        self.vital_count.resize(strings, 0);
        self.dead.clear();
        self.dead.resize(strings, false);
    }

    /// Regions grow from empty points only (as KataGo's): a non-`colour` set of opponent stones
    /// alone has no liberty, so it exists only on a board that is not a legal position, and it
    /// is nobody's region.
    fn label_regions(&mut self, graph: &Graph, cells: &[Colour], colour: Colour, suicide: bool) {
        let n = cells.len();
        self.region_of.clear();
        self.region_of.extend(
            cells
                .iter()
                .map(|&c| if c == colour { OTHER } else { NONE }),
        );
        self.points.clear();
        self.points.resize(n, 0);
        self.region_start.clear();
        self.vital.clear();
        self.vital_start.clear();
        self.interior.clear();
        self.contains_opponent.clear();
        self.borders_dead.clear();
        let (region_of, points) = (&mut self.region_of[..], &mut self.points[..]);
        let string_of = &self.string_of[..];
        let mut len = 0;
        for v in 0..n {
            if cells[v] != EMPTY || region_of[v] != NONE {
                continue;
            }
            let id = self.region_start.len() as u32;
            self.region_start.push(len as u32);
            let vital_start = self.vital.len();
            self.vital_start.push(vital_start as u32);
            // Candidates: the strings next to the first point; each later point that must be
            // a liberty keeps only the strings it touches.
            for &m in graph.neighbours(v as Vertex) {
                let s = string_of[m as usize];
                if s < OTHER && !self.vital[vital_start..].contains(&s) {
                    self.vital.push(s);
                }
            }
            let (mut interior, mut opponent) = (0u8, false);
            region_of[v] = id;
            points[len] = v as Vertex;
            let mut i = len;
            len += 1;
            // One pass over each point's neighbours grows the region and sees whether the
            // point touches the colour; only while candidates remain does a point look at
            // which strings it touches.
            while i < len {
                let p = points[i];
                let neighbours = graph.neighbours(p);
                let mut touches = false;
                for &m in neighbours {
                    let r = region_of[m as usize];
                    if r == OTHER {
                        touches = true;
                    } else if r == NONE {
                        region_of[m as usize] = id;
                        points[len] = m;
                        len += 1;
                    }
                }
                let own = cells[p as usize];
                if !touches {
                    interior = (interior + 1).min(2);
                }
                opponent |= own != EMPTY;
                if self.vital.len() > vital_start && (suicide || own == EMPTY) {
                    let mut kept = vital_start;
                    if touches {
                        for k in vital_start..self.vital.len() {
                            let s = self.vital[k];
                            if neighbours.iter().any(|&m| string_of[m as usize] == s) {
                                self.vital[kept] = s;
                                kept += 1;
                            }
                        }
                    }
                    self.vital.truncate(kept);
                }
                i += 1;
            }
            self.interior.push(interior);
            self.contains_opponent.push(opponent);
            self.borders_dead.push(false);
            for &s in &self.vital[vital_start..] {
                self.vital_count[s as usize] += 1;
            }
        }
        self.points.truncate(len);
        self.region_start.push(len as u32);
        self.vital_start.push(self.vital.len() as u32);
    }

    fn remove_unhealthy(&mut self, graph: &Graph) {
        loop {
            let mut removed = false;
            for s in 0..self.dead.len() {
                if self.dead[s] || self.vital_count[s] >= 2 {
                    continue;
                }
                self.dead[s] = true;
                removed = true;
                let stones = self.string_start[s] as usize..self.string_start[s + 1] as usize;
                for i in stones {
                    for &m in graph.neighbours(self.stones[i]) {
                        let r = self.region_of[m as usize];
                        if r >= OTHER || self.borders_dead[r as usize] {
                            continue;
                        }
                        self.borders_dead[r as usize] = true;
                        let vital = self.vital_start[r as usize] as usize
                            ..self.vital_start[r as usize + 1] as usize;
                        for k in vital {
                            self.vital_count[self.vital[k] as usize] -= 1;
                        }
                    }
                }
            }
            if !removed {
                break;
            }
        }
    }

    fn mark(&self, colour: Colour, options: AreaOptions, result: &mut [Colour]) {
        for s in 0..self.dead.len() {
            if !self.dead[s] {
                let stones = self.string_start[s] as usize..self.string_start[s + 1] as usize;
                for &v in &self.stones[stones] {
                    result[v as usize] = colour;
                }
            }
        }
        for r in 0..self.interior.len() {
            let points =
                &self.points[self.region_start[r] as usize..self.region_start[r + 1] as usize];
            let alive = !self.borders_dead[r] && self.has_stone;
            let empty = !self.contains_opponent[r];
            let territory =
                alive && (self.interior[r] <= 1 || (options.safe_big_territories && empty));
            if territory {
                points.iter().for_each(|&p| result[p as usize] = colour);
            } else if options.unsafe_big_territories && empty && self.has_stone {
                for &p in points {
                    if result[p as usize] == EMPTY {
                        result[p as usize] = colour;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows top first: `X` black, `O` white, `.` empty.
    pub(crate) fn position(rows: &[&str]) -> (Graph, Vec<Colour>) {
        let (w, h) = (rows[0].len(), rows.len());
        let graph = Graph::grid(w, h, false).unwrap();
        let mut cells = vec![EMPTY; w * h];
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.bytes().enumerate() {
                cells[(h - 1 - r) * w + x] = match ch {
                    b'X' => BLACK,
                    b'O' => WHITE,
                    _ => EMPTY,
                };
            }
        }
        (graph, cells)
    }

    fn owners(rows: &[&str], suicide: bool) -> Vec<String> {
        let (graph, cells) = position(rows);
        let alive = pass_alive(&graph, &cells, 2, suicide).unwrap();
        let w = rows[0].len();
        let h = rows.len();
        (0..h)
            .map(|r| {
                (0..w)
                    .map(|x| letter(alive.owner[(h - 1 - r) * w + x]))
                    .collect()
            })
            .collect()
    }

    fn letter(c: Colour) -> char {
        match c {
            BLACK => 'b',
            WHITE => 'w',
            _ => '.',
        }
    }

    /// Owners on a named board with stones given as `X`/`O`/`.` in vertex order.
    fn owners_on(board: &str, stones: &str) -> String {
        let graph = Graph::parse_shape(board).unwrap();
        let cells: Vec<Colour> = stones
            .bytes()
            .map(|b| match b {
                b'X' => BLACK,
                b'O' => WHITE,
                _ => EMPTY,
            })
            .collect();
        let alive = pass_alive(&graph, &cells, 2, false).unwrap();
        alive.owner.iter().map(|&c| letter(c)).collect()
    }

    #[test]
    fn two_eyes_live_and_enclose_what_has_at_most_one_inner_point() {
        // Black's string has the eyes B3 and D3: both vital (every empty point touches it),
        // so it lives. {B3} is its territory; the region of D3 and the white string holds two
        // points touching no black stone (E3, E1), so it is not, and White (no vital region)
        // is dead.
        let rows = ["X.X.O", "XXXXO", "OOOOO"];
        assert_eq!(owners(&rows, false), ["bbb..", "bbbb.", "....."]);
    }

    #[test]
    fn one_eye_is_not_enough() {
        let rows = ["X..O.", "XXXO.", "OOOO."];
        assert_eq!(owners(&rows, false), [".....", ".....", "....."]);
    }

    #[test]
    fn shared_eyes_keep_two_strings_alive_on_a_path() {
        // Path 1-2-3-4-5, black at 2 and 4: {1} is vital to 2, {5} to 4, {3} to both; White
        // cannot play anywhere (every point would be suicide), so both live and every point is
        // Black's.
        assert_eq!(owners_on("path:5", ".X.X."), "bbbbb");
    }

    #[test]
    fn false_eye_on_a_path() {
        // Path 1-2-3-4, black at 2 and 4: 3 looks like a second eye of 2, but White at 3
        // captures 4 (its only liberty), then White at 1 captures 2.
        assert_eq!(owners_on("path:4", ".X.X"), "....");
    }

    #[test]
    fn big_eyes_are_not_vital_on_a_ring_and_a_complete_graph() {
        // Ring of 8, black at 1 and 5: each eye {2,3,4}, {6,7,8} has a point (3, 7) not
        // touching either stone, so neither is vital: White fills 2, 3 and 6, 7, then 8
        // captures 1. On K4 one black stone has one region: White fills it and captures.
        assert_eq!(owners_on("ring:8", "X...X..."), "........");
        assert_eq!(owners_on("complete:4", "X..."), "....");
    }

    #[test]
    fn seki_is_not_pass_alive() {
        // Ring of 4: black 1, white 3, shared liberties 2 and 4. Whoever plays first loses
        // (seki), but each side dies if only the other plays: Black at 2 then 4 captures 3.
        assert_eq!(owners_on("ring:4", "X.O."), "....");
    }

    #[test]
    fn more_players_refused() {
        let graph = Graph::path(3).unwrap();
        assert_eq!(
            pass_alive(&graph, &[1, 0, 3], 3, false),
            Err(PassAliveError::Players { players: 3 })
        );
        assert_eq!(
            pass_alive(&graph, &[1, 0, 3], 2, false),
            Err(PassAliveError::Colour {
                vertex: 2,
                colour: 3
            })
        );
    }
}
