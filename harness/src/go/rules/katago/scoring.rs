//! KataGo's count of a finished game (`BoardHistory::countAreaScoreWhiteMinusBlack` and
//! `countTerritoryAreaScoreWhiteMinusBlack`): the board's pass-alive areas
//! ([`crate::go::pass_alive::area_into`], KataGo's `calculateArea`), the independent-life
//! regions of the tax rules (`Board::calculateIndependentLifeArea`), and the points that
//! are not on the board: territory scoring's one point per play, the button, White's
//! handicap bonus and komi.

use super::params::{Params, Tax};
use crate::go::board::{Colour, EMPTY};
use crate::go::graph::{Graph, Vertex};
use crate::go::pass_alive::{area_into, AreaOptions, Benson, BLACK, WHITE};
use crate::go::score::Scoring;
use crate::go::SEAT_NAMES;
use crate::referee::{HalfPoints, Outcome, Part, Tally};

/// `Board::calculateIndependentLifeArea`: per vertex the colour of the independent-life
/// region it lies in (regions of the scoring area that touch no dame and hold no stone of
/// their owner in atari), plus, with `keep_territories`, every point the area gives a colour
/// other than its own and, with `keep_stones`, every stone the area gives its own colour.
/// Also returns how many independent-life regions each seat has (Black's, White's).
pub fn independent_life_area(
    graph: &Graph,
    cells: &[Colour],
    suicide: bool,
    keep_territories: bool,
    keep_stones: bool,
    benson: &mut Benson,
) -> (Vec<Colour>, [i64; 2]) {
    let mut basic = vec![EMPTY; cells.len()];
    area_into(
        graph,
        cells,
        suicide,
        AreaOptions::SCORING,
        benson,
        &mut basic,
    );
    let seki = seki_points(graph, cells, &basic);
    let mut result = vec![EMPTY; cells.len()];
    let mut regions = [0i64; 2];
    for v in 0..cells.len() {
        if basic[v] == EMPTY || seki[v] || result[v] == basic[v] {
            continue;
        }
        let owner = basic[v];
        regions[owner as usize - 1] += 1;
        flood(
            graph,
            v as Vertex,
            |p| basic[p] == owner,
            |p| result[p] = owner,
        );
    }
    for v in 0..cells.len() {
        let own = basic[v] == cells[v];
        if basic[v] != EMPTY && ((keep_territories && !own) || (keep_stones && own)) {
            result[v] = basic[v];
        }
    }
    (result, regions)
}

/// The points of area regions that touch a dame point (empty, nobody's area) or hold a stone
/// of the region's owner in atari: KataGo's `isSeki` marks.
fn seki_points(graph: &Graph, cells: &[Colour], basic: &[Colour]) -> Vec<bool> {
    let atari = in_atari(graph, cells);
    let mut seki = vec![false; cells.len()];
    for v in 0..cells.len() {
        if basic[v] == EMPTY || seki[v] {
            continue;
        }
        let touches_dame = graph
            .neighbours(v as Vertex)
            .iter()
            .any(|&n| cells[n as usize] == EMPTY && basic[n as usize] == EMPTY);
        if (cells[v] == basic[v] && atari[v]) || touches_dame {
            let owner = basic[v];
            let mut marked = Vec::new();
            flood(
                graph,
                v as Vertex,
                |p| basic[p] == owner,
                |p| marked.push(p),
            );
            marked.into_iter().for_each(|p| seki[p] = true);
        }
    }
    seki
}

/// Per vertex: a stone whose string has exactly one liberty.
fn in_atari(graph: &Graph, cells: &[Colour]) -> Vec<bool> {
    let mut atari = vec![false; cells.len()];
    let mut seen = vec![false; cells.len()];
    for v in 0..cells.len() {
        if cells[v] == EMPTY || seen[v] {
            continue;
        }
        let colour = cells[v];
        let mut stones = Vec::new();
        flood(
            graph,
            v as Vertex,
            |p| cells[p] == colour,
            |p| stones.push(p),
        );
        let mut liberties: Vec<Vertex> = stones
            .iter()
            .flat_map(|&s| graph.neighbours(s as Vertex).iter().copied())
            .filter(|&n| cells[n as usize] == EMPTY)
            .collect();
        liberties.sort_unstable();
        liberties.dedup();
        for s in stones {
            seen[s] = true;
            atari[s] = liberties.len() == 1;
        }
    }
    atari
}

/// Visits the connected set of points through `start` where `inside` holds.
fn flood(
    graph: &Graph,
    start: Vertex,
    inside: impl Fn(usize) -> bool,
    mut visit: impl FnMut(usize),
) {
    let mut seen = vec![false; graph.len()];
    let mut stack = vec![start];
    seen[start as usize] = true;
    while let Some(p) = stack.pop() {
        visit(p as usize);
        for &n in graph.neighbours(p) {
            if !seen[n as usize] && inside(n as usize) {
                seen[n as usize] = true;
                stack.push(n);
            }
        }
    }
}

/// What a finished game adds beyond its final board, all from the history.
#[derive(Debug, Clone, Default)]
pub struct Extras<'a> {
    /// Komi per seat (the case's, else KataGo's komi for White).
    pub komi: Vec<HalfPoints>,
    /// Who took the button, if the rules have one.
    pub button: Option<usize>,
    /// White's handicap bonus (`computeWhiteHandicapBonus`), in points.
    pub handicap_bonus: i64,
    /// Territory scoring: stones each seat played in the main phase and first cleanup phase,
    /// with its stones on the starting board.
    pub plays: [i64; 2],
    /// Territory scoring, game ended in the second cleanup phase: the board at its start.
    pub second_start: Option<&'a [Colour]>,
}

/// The count of the final board `cells` under `params`, with its tally.
pub fn count(
    graph: &Graph,
    cells: &[Colour],
    params: &Params,
    extras: &Extras,
    benson: &mut Benson,
) -> Outcome {
    let (area, regions) = board_area(graph, cells, params, extras.second_start, benson);
    let mut tally = Tally::new(params.scoring.name(), 2);
    let (stones, territory) = stones_and_territory(cells, &area);
    let owners = owner_letters(&area);
    for seat in 0..2 {
        tally.add(seat, Part::Stones, HalfPoints(2 * stones[seat]));
        tally.add(seat, Part::Territory, HalfPoints(2 * territory[seat]));
        if params.scoring == Scoring::Territory {
            tally.add(seat, Part::Plays, HalfPoints(-2 * extras.plays[seat]));
        }
    }
    if params.tax == Tax::All {
        for (seat, &n) in regions.iter().enumerate() {
            tally.add(seat, Part::Tax, HalfPoints(-4 * n));
        }
    }
    if let Some(seat) = extras.button {
        tally.add(seat, Part::Button, HalfPoints(1));
    }
    if extras.handicap_bonus != 0 {
        tally.add(
            1,
            Part::HandicapBonus,
            HalfPoints(2 * extras.handicap_bonus),
        );
    }
    for (seat, &komi) in extras.komi.iter().enumerate().take(2) {
        if komi.0 != 0 {
            tally.add(seat, Part::Komi, komi);
        }
    }
    tally.judged_by = "KataGo: pass-alive areas, no agreement".to_string();
    tally.owners = owners;
    Outcome::counted(&SEAT_NAMES[..2], tally)
}

/// Per seat (Black, White): the points the area gives it that hold its own stones, and
/// the others. Counted without a branch per point, so the loop runs on vectors.
fn stones_and_territory(cells: &[Colour], area: &[Colour]) -> ([i64; 2], [i64; 2]) {
    let (mut black, mut white, mut black_stones, mut white_stones) = (0u32, 0u32, 0u32, 0u32);
    for (&owner, &cell) in area.iter().zip(cells) {
        let (b, w, own) = (
            u32::from(owner == BLACK),
            u32::from(owner == WHITE),
            u32::from(cell == owner),
        );
        black += b;
        white += w;
        black_stones += b & own;
        white_stones += w & own;
    }
    let stones = [black_stones as i64, white_stones as i64];
    (stones, [black as i64 - stones[0], white as i64 - stones[1]])
}

/// The tally's owners: per vertex the letter of the seat the area gives it, `.` for none.
fn owner_letters(area: &[Colour]) -> String {
    let (b, w) = (SEAT_NAMES[0].as_bytes()[0], SEAT_NAMES[1].as_bytes()[0]);
    let letters: Vec<u8> = area
        .iter()
        .map(|&owner| match owner {
            BLACK => b,
            WHITE => w,
            _ => b'.',
        })
        .collect();
    String::from_utf8(letters).expect("seat letters are ASCII")
}

/// Per vertex the colour the board gives it, and each seat's independent-life regions
/// (none counted unless the tax rule uses them).
fn board_area(
    graph: &Graph,
    cells: &[Colour],
    params: &Params,
    second_start: Option<&[Colour]>,
    benson: &mut Benson,
) -> (Vec<Colour>, [i64; 2]) {
    let suicide = params.suicide;
    match (params.scoring, params.tax) {
        (Scoring::Area, Tax::None) => {
            let mut area = vec![EMPTY; cells.len()];
            area_into(
                graph,
                cells,
                suicide,
                AreaOptions::SCORING,
                benson,
                &mut area,
            );
            (area, [0; 2])
        }
        (Scoring::Area, _) => independent_life_area(graph, cells, suicide, false, true, benson),
        (Scoring::Territory, tax) => {
            let (mut area, regions) =
                independent_life_area(graph, cells, suicide, tax == Tax::None, false, benson);
            // Stones outside independent-life regions (seki) count for their colour, unless
            // they were not that colour when the second cleanup phase began (one-sided dame
            // filled during it earns nothing).
            for v in 0..cells.len() {
                let c = cells[v];
                let kept = second_start.is_none_or(|start| start[v] == c);
                if area[v] == EMPTY && c != EMPTY && kept {
                    area[v] = c;
                }
            }
            (area, regions)
        }
    }
}

/// `computeWhiteHandicapBonus` without `assumeMultipleStartingBlackMovesAreHandicap` (off by
/// default): the starting board's black stones, when it has no white stone and at least two
/// black ones; whoever moves first.
pub fn handicap_stones(cells: &[Colour]) -> i64 {
    if cells.contains(&WHITE) {
        return 0;
    }
    let black = cells.iter().filter(|&&c| c == BLACK).count() as i64;
    if black <= 1 {
        0
    } else {
        black
    }
}
