//! SGF import (main variation of a 2-player grid game: size, setup stones, handicap, komi,
//! moves and passes) and export of a grid case back to SGF.

use std::collections::HashSet;
use std::fmt::Write as _;

use sgf_parse::go::{Move, Point, Prop};
use sgf_parse::{Color, SgfNode, SgfProp};

use super::board::{Colour, EMPTY};
use super::explore::final_board;
use super::graph::{Graph, Vertex, MAX_GRID_SIDE};
use super::rules::counting::pass_alive_stones;
use super::{colour_of, sgf_places, GoPlay, GoSetup};
use crate::referee::HalfPoints;

/// A game read from SGF: where it starts, the plays made, and what the record says of its
/// end. Stones the territory markup (TB, TW) puts in the other colour's territory are the
/// setup's dead stones.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The start: board, setup stones, komi, who moves, dead stones.
    pub setup: GoSetup,
    /// The plays of the main variation.
    pub plays: Vec<GoPlay>,
    /// What the record says of the game's end.
    pub record: Record,
    /// What the import left out (the file's other game trees), for the reader to be told.
    pub warnings: Vec<String>,
    /// How many game trees the file holds (the first is the one read).
    pub trees: usize,
}

/// The game information a counted game needs, as the record gives it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    /// RE, as written.
    pub result: Option<String>,
    /// RU, as written.
    pub rules: Option<String>,
    /// HA.
    pub handicap: Option<i64>,
    /// Whether KM was given.
    pub komi_given: bool,
    /// TB and TW of the last node that has them.
    pub black_territory: Vec<Vertex>,
    /// TW, likewise.
    pub white_territory: Vec<Vertex>,
}

impl Record {
    /// Whether the record marks territory.
    pub fn has_markup(&self) -> bool {
        !self.black_territory.is_empty() || !self.white_territory.is_empty()
    }
}

/// Why an SGF could not be read or written; its message names the property or point at
/// fault, and `place` (line, column) where in the text that property stands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", place.map_or(String::new(), |(line, column)| format!("line {line}, column {column}: ")))]
pub struct SgfError {
    /// Line and column of the property at fault, where known.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl SgfError {
    /// `file:line:column: message`, or `file: message` where the place is unknown.
    pub fn in_file(&self, file: &str) -> String {
        match self.place {
            Some((line, column)) => format!("{file}:{line}:{column}: {}", self.message),
            None => format!("{file}: {}", self.message),
        }
    }
}

/// An import error and the byte offset it is at, when known.
struct Fault {
    offset: Option<usize>,
    message: String,
}

impl From<String> for Fault {
    fn from(message: String) -> Self {
        Fault {
            offset: None,
            message,
        }
    }
}

impl From<&str> for Fault {
    fn from(message: &str) -> Self {
        message.to_string().into()
    }
}

/// Attaches the offset of the property at fault to an error that has none.
fn at<T>(offset: usize, result: Result<T, String>) -> Result<T, Fault> {
    result.map_err(|message| Fault {
        offset: Some(offset),
        message,
    })
}

/// Reads the first game tree's main variation.
pub fn import(text: &str) -> Result<Imported, SgfError> {
    import_game(text).map_err(|fault| SgfError {
        place: fault.offset.map(|o| crate::util::line_column(text, o)),
        message: fault.message,
    })
}

fn import_game(text: &str) -> Result<Imported, Fault> {
    let places = sgf_places::main_variation(text);
    let trees = Trees(sgf_parse::go::parse(text).map_err(|e| Fault {
        offset: places.as_ref().err().copied(),
        message: format!("not a Go SGF: {e}"),
    })?);
    let places = places.unwrap_or_default();
    let root = trees.0.first().ok_or("the SGF holds no game")?;
    let size_at = places.first().map_or(0, |n| n.prop("SZ", 0));
    let (width, height) = at(size_at, size(root))?;
    let graph = at(
        size_at,
        Graph::grid(width, height, false).map_err(|e| e.to_string()),
    )?;
    let mut setup = GoSetup::empty(graph, 2);
    let mut plays = Vec::new();
    let mut record = Record::default();
    // Where the last node with territory markup has its TB and TW.
    let mut markup_at = [0, 0];
    let mut next_seat: Option<usize> = None;
    let last = root.main_variation().count() - 1;
    let placement = handicap_placement(root);
    for (index, node) in root.main_variation().enumerate() {
        let place = places.get(index).cloned().unwrap_or_default();
        let offsets = prop_offsets(node, &place);
        check_node(index, node, &offsets)?;
        check_place(index, last, node, &offsets)?;
        let mut territory: Option<(Vec<Vertex>, Vec<Vertex>)> = None;
        for (prop, &offset) in node.properties().zip(&offsets) {
            match prop {
                Prop::Invalid(id, values) if id == "HA" && handicap_none(values) => {}
                Prop::RE(text) => record.result = Some(text.text.trim().to_string()),
                Prop::RU(text) => record.rules = Some(text.text.trim().to_string()),
                Prop::HA(n) => record.handicap = Some(*n),
                Prop::TB(points) | Prop::TW(points) => {
                    let list = at(offset, vertices(points, width, height))?;
                    let (black, white) = territory.get_or_insert_with(Default::default);
                    match prop {
                        Prop::TB(_) => *black = list,
                        _ => *white = list,
                    }
                    markup_at[usize::from(matches!(prop, Prop::TW(_)))] = offset;
                }
                Prop::AB(_) | Prop::AW(_) | Prop::AE(_) if !plays.is_empty() => {
                    return at(
                        offset,
                        Err(format!(
                            "node {index}: setup stones after the first move are not supported"
                        )),
                    );
                }
                Prop::AB(points) => at(offset, place_stones(&mut setup, points, colour_of(0)))?,
                Prop::AW(points) => at(offset, place_stones(&mut setup, points, colour_of(1)))?,
                Prop::AE(points) => at(offset, place_stones(&mut setup, points, EMPTY))?,
                Prop::PL(colour) if plays.is_empty() => setup.to_move = seat(*colour),
                Prop::KM(komi) => {
                    let k = HalfPoints::from_f64(*komi).ok_or(format!(
                        "KM[{}]: komi {}",
                        HalfPoints::shown(*komi),
                        HalfPoints::refusal(*komi)
                    ));
                    setup.komi = Some(vec![HalfPoints(0), at(offset, k)?]);
                    record.komi_given = true;
                }
                Prop::B(Move::Move(point)) if (1..=placement).contains(&index) => {
                    let stone = HashSet::from([*point]);
                    at(offset, place_stones(&mut setup, &stone, colour_of(0)))?;
                    setup.to_move = 1;
                }
                Prop::B(mv) | Prop::W(mv) => {
                    let mover = if matches!(prop, Prop::B(_)) { 0 } else { 1 };
                    if plays.is_empty() && !node_has_pl(root) {
                        setup.to_move = mover;
                    }
                    let expected = next_seat.unwrap_or(setup.to_move);
                    if mover != expected {
                        return at(offset, Err(format!(
                            "node {index}: {} plays out of turn (rulediff's turn order needs a pass in between)",
                            if mover == 0 { "B" } else { "W" }
                        )));
                    }
                    plays.push(at(offset, play(&setup.graph, mv, width, height))?);
                    next_seat = Some(1 - mover);
                }
                _ => {}
            }
        }
        if let Some((black, white)) = territory {
            record.black_territory = black;
            record.white_territory = white;
        }
    }
    if record.has_markup() {
        setup.dead = dead_from_markup(&setup, &plays, &record).map_err(|message| {
            // An error about White's markup names TW first; every other one, TB.
            let tw = usize::from(message.starts_with("TW"));
            Fault {
                offset: Some(markup_at[tw]),
                message,
            }
        })?;
    }
    let mut warnings = Vec::new();
    if placement > 0 {
        warnings.push(format!(
            "the first {placement} Black moves read as the handicap placement (HA[{placement}])"
        ));
    }
    if trees.0.len() > 1 {
        warnings.push(format!(
            "the file holds {} game trees; only the first is read (give each game its own file)",
            trees.0.len()
        ));
    }
    Ok(Imported {
        setup,
        plays,
        record,
        warnings,
        trees: trees.0.len(),
    })
}

/// Parsed game trees, taken apart node by node when dropped: the parser's nodes own their
/// children, so the default drop recurses once per node and a long main line (40,000 nodes
/// is 40 KB of SGF) overflows the stack.
struct Trees(Vec<SgfNode<Prop>>);

impl Drop for Trees {
    fn drop(&mut self) {
        let mut pending = std::mem::take(&mut self.0);
        while let Some(mut node) = pending.pop() {
            pending.append(&mut node.children);
        }
    }
}

/// The offset of each of `node`'s properties, in the parser's order (the text's).
fn prop_offsets(node: &SgfNode<Prop>, place: &sgf_places::NodePlace) -> Vec<usize> {
    let mut seen: Vec<String> = Vec::new();
    node.properties()
        .map(|prop| {
            let id = prop.identifier();
            let nth = seen.iter().filter(|s| **s == id).count();
            seen.push(id.clone());
            place.prop(&id, nth)
        })
        .collect()
}

/// What the SGF standard forbids in one node and the importer would otherwise take silently:
/// a value it cannot read in a property the import uses, two moves, or one point given two
/// setup colours (`AB[cc]AW[cc]`). `offsets`: where each property stands.
fn check_node(index: usize, node: &SgfNode<Prop>, offsets: &[usize]) -> Result<(), Fault> {
    const USED: [&str; 13] = [
        "B", "W", "AB", "AW", "AE", "PL", "KM", "HA", "SZ", "TB", "TW", "RU", "RE",
    ];
    let mut moves = 0;
    let mut placed: Vec<(&Point, &str)> = Vec::new();
    for (prop, &offset) in node.properties().zip(offsets) {
        match prop {
            Prop::Invalid(id, values) if id == "HA" && handicap_none(values) => {}
            Prop::Invalid(id, values) if USED.contains(&id.as_str()) => {
                return at(
                    offset,
                    Err(format!(
                        "node {index}: {id}[{}] is not a valid {id} value",
                        values.join("][")
                    )),
                );
            }
            Prop::B(_) | Prop::W(_) => {
                moves += 1;
                if moves > 1 {
                    return at(
                        offset,
                        Err(format!(
                        "node {index}: 2 moves in one node (SGF allows one; give each its own node)"
                    )),
                    );
                }
            }
            Prop::AB(points) | Prop::AW(points) | Prop::AE(points) => {
                let tag = match prop {
                    Prop::AB(_) => "AB",
                    Prop::AW(_) => "AW",
                    _ => "AE",
                };
                for point in points {
                    if let Some((_, other)) = placed.iter().find(|(p, _)| *p == point) {
                        return at(
                            offset,
                            Err(format!(
                                "node {index}: {other} and {tag} both set {}{}",
                                sgf_letter(point.x as usize),
                                sgf_letter(point.y as usize)
                            )),
                        );
                    }
                    placed.push((point, tag));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// How many of the first moves are the handicap's free placement: a record with `HA[n]` and
/// no `AB` whose first n move nodes are Black stone plays followed by White (or the end), as
/// KGS writes free placement; 0 otherwise.
fn handicap_placement(root: &SgfNode<Prop>) -> usize {
    let Some(Prop::HA(n)) = root.get_property("HA") else {
        return 0;
    };
    if *n < 2 || root.get_property("AB").is_some() {
        return 0;
    }
    let black_stone = |node: &SgfNode<Prop>| {
        matches!(node.get_property("B"), Some(Prop::B(Move::Move(_))))
            && node.get_property("W").is_none()
    };
    let leading = root
        .main_variation()
        .skip(1)
        .take_while(|node| black_stone(node))
        .count();
    if leading as i64 == *n {
        leading
    } else {
        0
    }
}

/// SGF FF[4] game-information properties (and Go's HA and KM).
const GAME_INFO: [&str; 26] = [
    "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC", "PW", "RE", "RO", "RU",
    "SO", "TM", "US", "WR", "WT", "HA", "KM", "GM", "FF", "SZ",
];

/// Where a property may stand: game information (and the root properties GM, FF, SZ) in the
/// root only, so that a later node cannot silently replace the root's rules or result (FF[4]
/// allows one game-info node on a path; rulediff reads it from the root); territory markup in
/// the last node of the main line only, since markup elsewhere is a comment on a position
/// that is not the final one; and no property twice in a node ("Only one of each property is
/// allowed per node", FF[4]).
fn check_place(
    index: usize,
    last: usize,
    node: &SgfNode<Prop>,
    offsets: &[usize],
) -> Result<(), Fault> {
    let mut seen: Vec<String> = Vec::new();
    for (prop, &offset) in node.properties().zip(offsets) {
        let id = prop.identifier();
        if seen.contains(&id) {
            return at(
                offset,
                Err(format!(
                    "node {index}: {id} given twice in one node (SGF allows each property once per node)"
                )),
            );
        }
        if index > 0 && GAME_INFO.contains(&id.as_str()) {
            return at(
                offset,
                Err(format!(
                    "node {index}: {id} is game information, read from the root (node 0) only"
                )),
            );
        }
        if index != last && matches!(prop, Prop::TB(_) | Prop::TW(_)) {
            return at(
                offset,
                Err(format!(
                    "node {index}: {id} before the last node; territory markup is read from \
                     the last node of the main line (node {last}) only"
                )),
            );
        }
        seen.push(id);
    }
    Ok(())
}

/// `HA[0]` and `HA[1]` (which real records write for an even game) mean no handicap stones;
/// the parser marks them invalid because SGF says HA is at least 2.
fn handicap_none(values: &[String]) -> bool {
    matches!(values, [v] if matches!(v.trim(), "0" | "1"))
}

/// The stones the territory markup counts as dead: every stone in the other colour's
/// territory. A stone in its own colour's territory, a point in both TB and TW, or a string
/// only partly marked is inconsistent markup, an error naming the property and the point.
fn dead_from_markup(
    setup: &GoSetup,
    plays: &[GoPlay],
    record: &Record,
) -> Result<Vec<Vertex>, String> {
    let board = final_board(setup, plays);
    let graph = &setup.graph;
    let grid = graph.grid_shape().ok_or("SGF import needs a grid")?;
    let point = |v: Vertex| {
        let v = v as usize;
        let (x, y) = (v % grid.width, grid.height - 1 - v / grid.width);
        format!(
            "{}{} ({})",
            sgf_letter(x),
            sgf_letter(y),
            graph.name(v as Vertex)
        )
    };
    if let Some(&v) = record
        .black_territory
        .iter()
        .find(|v| record.white_territory.contains(v))
    {
        return Err(format!("TB and TW both mark {}", point(v)));
    }
    let mut dead = Vec::new();
    for (property, list, owner) in [
        ("TB", &record.black_territory, colour_of(0)),
        ("TW", &record.white_territory, colour_of(1)),
    ] {
        for &v in list {
            match board.colour(v) {
                EMPTY => {}
                c if c == owner => {
                    return Err(format!(
                        "{property}[{}] marks a {} stone as its own colour's territory",
                        point(v),
                        if c == colour_of(0) { "black" } else { "white" }
                    ))
                }
                _ => dead.push(v),
            }
        }
    }
    let alive = pass_alive_stones(graph, board.cells(), 2);
    for &v in &dead {
        if alive.as_ref().is_some_and(|a| a[v as usize]) {
            return Err(format!(
                "territory markup takes {} as dead, but its string is pass-alive",
                point(v)
            ));
        }
        if let Some(&rest) = board.string(v).iter().find(|s| !dead.contains(s)) {
            return Err(format!(
                "territory markup takes {} as dead but not {} of the same string",
                point(v),
                point(rest)
            ));
        }
    }
    dead.sort_unstable();
    Ok(dead)
}

fn vertices(points: &HashSet<Point>, width: usize, height: usize) -> Result<Vec<Vertex>, String> {
    let mut list = points
        .iter()
        .map(|p| vertex(p, width, height).map(|v| v as Vertex))
        .collect::<Result<Vec<_>, _>>()?;
    list.sort_unstable();
    Ok(list)
}

fn node_has_pl(root: &SgfNode<Prop>) -> bool {
    root.get_property("PL").is_some()
}

fn seat(colour: Color) -> usize {
    match colour {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn size(root: &SgfNode<Prop>) -> Result<(usize, usize), String> {
    match root.get_property("SZ") {
        None => Ok((19, 19)),
        Some(Prop::SZ((w, h))) => {
            let (w, h) = (*w as usize, *h as usize);
            if w == 0 || h == 0 || w > MAX_GRID_SIDE || h > MAX_GRID_SIDE {
                return Err(format!("board size {w}x{h} is outside 1..={MAX_GRID_SIDE}"));
            }
            Ok((w, h))
        }
        Some(_) => Err("SZ is malformed".into()),
    }
}

/// SGF counts rows from the top; rulediff's grid counts them from the bottom.
fn vertex(point: &Point, width: usize, height: usize) -> Result<usize, String> {
    let (x, y) = (point.x as usize, point.y as usize);
    if x >= width || y >= height {
        return Err(format!("point ({x},{y}) is off the {width}x{height} board"));
    }
    Ok((height - 1 - y) * width + x)
}

fn place_stones(
    setup: &mut GoSetup,
    points: &HashSet<Point>,
    colour: Colour,
) -> Result<(), String> {
    let grid = setup.graph.grid_shape().ok_or("SGF import needs a grid")?;
    for p in points {
        setup.stones[vertex(p, grid.width, grid.height)?] = colour;
    }
    Ok(())
}

fn play(graph: &Graph, mv: &Move, width: usize, height: usize) -> Result<GoPlay, String> {
    match mv {
        Move::Pass => Ok(GoPlay::Pass),
        // FF[3] writes a pass as `tt` on boards up to 19x19.
        Move::Move(Point { x: 19, y: 19 }) if width <= 19 && height <= 19 => Ok(GoPlay::Pass),
        Move::Move(p) => {
            let v = vertex(p, width, height)?;
            debug_assert!(v < graph.len());
            Ok(GoPlay::Stone(v as u16))
        }
    }
}

/// Writes a 2-player grid game (setup stones, komi, plays) as SGF.
pub fn export(setup: &GoSetup, plays: &[GoPlay]) -> Result<String, SgfError> {
    export_game(setup, plays).map_err(|message| SgfError {
        place: None,
        message,
    })
}

fn export_game(setup: &GoSetup, plays: &[GoPlay]) -> Result<String, String> {
    let grid = setup
        .graph
        .grid_shape()
        .filter(|g| !g.wrap)
        .ok_or("SGF export needs a grid without wrap-around")?;
    if setup.players != 2 {
        return Err(format!(
            "SGF export needs 2 players, the game has {}",
            setup.players
        ));
    }
    if plays.contains(&GoPlay::Appeal) {
        return Err("SGF has no appealing pass".into());
    }
    let point = |v: usize| {
        let (x, y) = (v % grid.width, grid.height - 1 - v / grid.width);
        format!("{}{}", sgf_letter(x), sgf_letter(y))
    };
    let mut out = format!("(;GM[1]FF[4]CA[UTF-8]AP[rulediff]SZ[{}", grid.width);
    if grid.width != grid.height {
        write!(out, ":{}", grid.height).expect("writing to a String");
    }
    out.push(']');
    if let Some(komi) = &setup.komi {
        write!(
            out,
            "KM[{}]",
            komi[1].0 as f64 / 2.0 - komi[0].0 as f64 / 2.0
        )
        .expect("writing to a String");
    }
    for (tag, colour) in [("AB", colour_of(0)), ("AW", colour_of(1))] {
        let stones: Vec<String> = (0..setup.stones.len())
            .filter(|&v| setup.stones[v] == colour)
            .map(|v| format!("[{}]", point(v)))
            .collect();
        if !stones.is_empty() {
            write!(out, "{tag}{}", stones.concat()).expect("writing to a String");
        }
    }
    check_plays_on_empty(setup, plays, &point)?;
    write!(out, "PL[{}]", ["B", "W"][setup.to_move]).expect("writing to a String");
    for (i, p) in plays.iter().enumerate() {
        let tag = ["B", "W"][(setup.to_move + i) % 2];
        match p {
            GoPlay::Stone(v) => write!(out, "\n;{tag}[{}]", point(*v as usize)),
            _ => write!(out, "\n;{tag}[]"),
        }
        .expect("writing to a String");
    }
    out.push_str(")\n");
    Ok(out)
}

/// SGF records moves that were made; a stone on an occupied point (a case about the
/// occupied rule) was never made, and a reader would take it as a capture-free overwrite.
fn check_plays_on_empty(
    setup: &GoSetup,
    plays: &[GoPlay],
    point: &dyn Fn(usize) -> String,
) -> Result<(), String> {
    use crate::family::Explore;
    let mut state = super::Go::initial(setup);
    for (i, play) in plays.iter().enumerate() {
        if let GoPlay::Stone(v) = play {
            if state.board.colour(*v) != EMPTY {
                return Err(format!(
                    "play {} ({}, SGF {}) is on an occupied point; SGF cannot record it",
                    i + 1,
                    setup.graph.name(*v),
                    point(*v as usize)
                ));
            }
        }
        super::Go::advance(setup, &mut state, play);
    }
    Ok(())
}

fn sgf_letter(i: usize) -> char {
    // SGF uses a–z then A–Z; boards here are at most 25 wide.
    (b'a' + i as u8) as char
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The public functions with their errors as displayed, which is what users read.
    fn import(text: &str) -> Result<Imported, String> {
        super::import(text).map_err(|e| e.to_string())
    }

    fn export(setup: &GoSetup, plays: &[GoPlay]) -> Result<String, String> {
        super::export(setup, plays).map_err(|e| e.to_string())
    }

    /// Black (seat 0) has a setup stone on each of `points`.
    fn assert_black_at(game: &Imported, points: &[&str]) {
        let g = &game.setup.graph;
        for point in points {
            let v = g.vertex(point).unwrap() as usize;
            assert_eq!(game.setup.stones[v], colour_of(0), "at {point}");
        }
    }

    #[test]
    fn imports_setup_handicap_and_passes() {
        let game = import("(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]AB[cc][gg];W[ee];B[];W[tt])").unwrap();
        assert_black_at(&game, &["C7", "G3"]);
        let g = &game.setup.graph;
        assert_eq!(game.setup.to_move, 1);
        assert_eq!(
            game.plays,
            vec![
                GoPlay::Stone(g.vertex("E5").unwrap()),
                GoPlay::Pass,
                GoPlay::Pass
            ]
        );
        assert_eq!(game.setup.komi, Some(vec![HalfPoints(0), HalfPoints(1)]));
    }

    #[test]
    fn rejects_out_of_turn_and_off_board() {
        assert!(import("(;SZ[5];B[aa];B[bb])")
            .unwrap_err()
            .contains("out of turn"));
        assert!(import("(;SZ[5];B[gg])")
            .unwrap_err()
            .contains("off the 5x5"));
        assert!(import("(;SZ[30])").is_err());
        let both = import("(;SZ[5]AB[cc]AW[cc])").unwrap_err();
        assert!(both.contains("node 0: AB and AW both set cc"), "{both}");
        let komi = import("(;SZ[5]KM[abc])").unwrap_err();
        assert!(komi.contains("KM[abc] is not a valid KM value"), "{komi}");
        let handicap = import("(;SZ[5]HA[-5])").unwrap_err();
        assert!(handicap.contains("HA[-5]"), "{handicap}");
        assert!(import("(;SZ[5]HA[0];B[aa])").is_ok());
        let two = import("(;SZ[5];B[aa]W[bb])").unwrap_err();
        assert!(two.contains("node 1: 2 moves in one node"), "{two}");
        assert!(import("garbage").is_err());
    }

    #[test]
    fn errors_name_the_line_and_column_of_the_property() {
        let place = |text: &str| super::import(text).unwrap_err().place;
        assert_eq!(place("(;SZ[5]\n;B[aa]\n;B[bb])"), Some((3, 2)));
        assert_eq!(place("(;SZ[5]\n ;B[aa]\n;W[zz])"), Some((3, 2)));
        assert_eq!(place("(;SZ[5]AB[cc]\n  AW[cc])"), Some((2, 3)));
        assert_eq!(place("(;SZ[5]\nKM[abc])"), Some((2, 1)));
        assert_eq!(place("(;SZ[5]\n;B[aa]W[bb])"), Some((2, 7)));
        assert_eq!(place("(;SZ[30])"), Some((1, 3)));
        assert_eq!(place("(;SZ[5];B[aa]\n;TB[aa])"), Some((2, 2)));
        assert_eq!(place("\n garbage"), Some((2, 2)));
        // Variations after the main line do not shift the places.
        assert_eq!(place("(;SZ[5](;B[aa]\n;B[bb])(;W[cc]))"), Some((2, 2)));
        let error = super::import("(;SZ[5]\n;B[aa]\n;B[bb])").unwrap_err();
        assert_eq!(
            error.in_file("g.sgf"),
            "g.sgf:3:2: node 2: B plays out of turn (rulediff's turn order needs a pass in between)"
        );
    }

    #[test]
    fn territory_markup_gives_the_dead_stones() {
        // White D4 inside Black's territory (TB), Black's wall on column C.
        let game = import(
            "(;SZ[5]RE[B+9]RU[Japanese]KM[0.5];B[ca];W[dd];B[cb];W[];B[cc];W[];B[cd];W[];B[ce];W[]\
             ;TB[da][db][dc][dd][de][ea][eb][ec][ed][ee])",
        )
        .unwrap();
        let g = &game.setup.graph;
        assert_eq!(game.setup.dead, vec![g.vertex("D2").unwrap()]);
        assert_eq!(game.record.result.as_deref(), Some("B+9"));
        assert_eq!(game.record.rules.as_deref(), Some("Japanese"));
        assert!(game.record.komi_given);
    }

    #[test]
    fn inconsistent_markup_is_an_error_naming_property_and_point() {
        let own = import("(;SZ[5];B[aa];W[ee];TB[aa])").unwrap_err();
        assert!(
            own.contains("TB[aa (A5)]") && own.contains("black stone"),
            "{own}"
        );
        let both = import("(;SZ[5];B[aa];W[ee];TB[cc]TW[cc])").unwrap_err();
        assert!(both.contains("TB and TW both mark cc (C3)"), "{both}");
        let part = import("(;SZ[5];B[aa];W[ee];B[cc];W[ed];TB[ee])").unwrap_err();
        assert!(part.contains("not ed (E2)"), "{part}");
    }

    #[test]
    fn game_information_from_the_root_once_and_markup_from_the_last_node() {
        let twice = import("(;SZ[5]RU[Japanese]RU[Chinese])").unwrap_err();
        assert!(
            twice.contains("node 0: RU given twice in one node"),
            "{twice}"
        );
        let later = import("(;SZ[5]RU[Japanese];B[aa]RU[Chinese])").unwrap_err();
        assert!(
            later.contains("node 1: RU is game information, read from the root"),
            "{later}"
        );
        let second = import("(;SZ[5]RE[B+1];B[aa];W[bb]RE[W+2])").unwrap_err();
        assert!(
            second.contains("node 2: RE is game information"),
            "{second}"
        );
        let values = import("(;SZ[5]RU[Japanese][Chinese])").unwrap_err();
        assert!(
            values.contains("node 0: RU[Japanese][Chinese] is not a valid RU value"),
            "{values}"
        );
        let middle = import("(;SZ[5];B[aa]TB[ee];W[bb];B[])").unwrap_err();
        assert!(
            middle.contains("node 1: TB before the last node") && middle.contains("(node 3)"),
            "{middle}"
        );
    }

    #[test]
    fn consecutive_black_moves_matching_ha_are_the_handicap_placement() {
        let game = import("(;SZ[9]HA[2]KM[0.5];B[cc];B[gg];W[ee];B[ec])").unwrap();
        assert_black_at(&game, &["C7", "G3"]);
        assert_eq!(game.setup.to_move, 1);
        assert_eq!(game.plays.len(), 2);
        assert_eq!(
            game.warnings,
            vec!["the first 2 Black moves read as the handicap placement (HA[2])"]
        );
        // Three Black moves for HA[2] is not a placement: the third is out of turn.
        let three = import("(;SZ[9]HA[2];B[cc];B[gg];B[ee])").unwrap_err();
        assert!(three.contains("node 2: B plays out of turn"), "{three}");
    }

    #[test]
    fn other_game_trees_are_named_in_a_warning() {
        let game = import("(;SZ[5];B[aa])(;SZ[9])(;SZ[7])").unwrap();
        assert_eq!(
            game.warnings,
            vec![
                "the file holds 3 game trees; only the first is read (give each game its own file)"
            ]
        );
        assert!(import("(;SZ[5];B[aa])").unwrap().warnings.is_empty());
    }

    #[test]
    fn export_refuses_a_play_on_an_occupied_point() {
        let game = import("(;SZ[5];B[cc];W[dd])").unwrap();
        let mut plays = game.plays.clone();
        plays.push(plays[0]);
        let error = export(&game.setup, &plays).unwrap_err();
        assert!(
            error.contains("play 3 (C3, SGF cc) is on an occupied point"),
            "{error}"
        );
    }

    #[test]
    fn export_round_trips() {
        let sgf = "(;GM[1]FF[4]SZ[7:5]KM[6.5]AB[ab][cd]AW[ee];W[ba];B[];W[dd])";
        let game = import(sgf).unwrap();
        let again = import(&export(&game.setup, &game.plays).unwrap()).unwrap();
        assert_eq!(again.setup.stones, game.setup.stones);
        assert_eq!(again.setup.to_move, game.setup.to_move);
        assert_eq!(again.setup.komi, game.setup.komi);
        assert_eq!(again.plays, game.plays);
    }
}
