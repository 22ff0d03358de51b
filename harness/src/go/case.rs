//! Go case files: the board (a shape or an edge list), players, a setup diagram, komi and
//! agreed dead stones, or an SGF record to import.
//!
//! ```toml
//! family = "go"
//! board = "5x5"            # or "torus:5x5", "path:4", "ring:6", "complete:4"
//! # edges = "a-b b-c c-a"  # instead of board: any graph, vertices named as written
//! players = 2              # 2..=8; seats B W R G Y C M K in turn order
//! to_move = "B"
//! setup = """
//! . X O . .
//! X . X O .
//! . X O . .
//! . . . . .
//! . . . . .
//! """                      # grid: top row first; other graphs: one symbol per vertex in order
//! komi = 0.5               # for the second player, or a list with one entry per seat
//! dead = "A1 B2"           # stones agreed dead on the final board (each names its string)
//! seki = "C1"              # stones agreed to be in seki on the final board
//! # sgf = "game.sgf"       # instead of setup/moves: import an SGF record (path relative to here)
//! ```
//!
//! `dead` and `seki` name stones of the board the moves end on; one stone names its whole
//! string (a string lives or dies as one). A point that holds no stone there, or a stone
//! named both dead and in seki, is an error naming the token.

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::board::{Board, Colour, EMPTY};
use super::explore::final_board;
use super::graph::{Graph, Vertex};
use super::rules::counting::pass_alive_stones;
use super::{colour_of, sgf, Go, GoPlay, GoSetup, MAX_PLAYERS, SEAT_NAMES};
use crate::case::{Case, CaseError, Header, Source, COMMON_KEYS};
use crate::referee::HalfPoints;

const GO_KEYS: &[&str] = &[
    "board", "edges", "players", "to_move", "setup", "komi", "dead", "seki", "sgf",
];

#[derive(Debug, Deserialize)]
struct GoKeys {
    board: Option<Spanned<String>>,
    edges: Option<Spanned<String>>,
    players: Option<Spanned<usize>>,
    to_move: Option<Spanned<String>>,
    setup: Option<Spanned<String>>,
    komi: Option<Spanned<Komi>>,
    dead: Option<Spanned<String>>,
    seki: Option<Spanned<String>>,
    sgf: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Komi {
    One(f64),
    PerSeat(Vec<f64>),
}

/// Parses the Go part of a case file whose header is already read.
pub fn parse(src: &Source, header: Header) -> Result<Case<Go>, CaseError> {
    let keys: Vec<&str> = COMMON_KEYS.iter().chain(GO_KEYS).copied().collect();
    src.check_keys(&keys)?;
    let go: GoKeys = src.parse()?;
    if let Some(file) = &go.sgf {
        return from_sgf(src, header, &go, file);
    }
    let graph = graph(src, &go)?;
    let players = players(src, &go)?;
    let mut setup = GoSetup::empty(graph, players);
    if let Some(diagram) = &go.setup {
        setup.stones = stones(src, diagram, &setup.graph, players)?;
        check_liberties(src, diagram, &setup)?;
    }
    finish_setup(src, &go, &mut setup)?;
    let plays = header.plays::<Go>(src, &setup)?;
    agreement(src, &go, &mut setup, &plays)?;
    header.into_case(src, setup, plays)
}

fn from_sgf(
    src: &Source,
    header: Header,
    go: &GoKeys,
    file: &Spanned<String>,
) -> Result<Case<Go>, CaseError> {
    if go.board.is_some() || go.edges.is_some() || go.setup.is_some() || header.moves.is_some() {
        return Err(src.error_in(
            file,
            "`sgf` brings its own board, setup and moves; drop those keys",
        ));
    }
    let path = src
        .path
        .parent()
        .unwrap_or(std::path::Path::new("."))
        .join(file.get_ref());
    let text = crate::util::read::lossy_text(&path, crate::util::read::Kind::Sgf)
        .map_err(|e| src.error_in(file, format!("cannot read {e}")))?;
    let game = sgf::import(&text)
        .map_err(|e| src.error_in(file, e.in_file(&path.display().to_string())))?;
    if game.trees > 1 {
        return Err(src.error_in(
            file,
            format!(
                "{} holds {} game trees; a case imports one (give each game its own file)",
                path.display(),
                game.trees
            ),
        ));
    }
    let mut setup = game.setup;
    finish_setup(src, go, &mut setup)?;
    agreement(src, go, &mut setup, &game.plays)?;
    header.into_case(src, setup, game.plays)
}

fn finish_setup(src: &Source, go: &GoKeys, setup: &mut GoSetup) -> Result<(), CaseError> {
    if let Some(name) = &go.to_move {
        setup.to_move = SEAT_NAMES[..setup.players]
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name.get_ref()))
            .ok_or_else(|| {
                src.error_in(
                    name,
                    format!(
                        "`{}` is not one of the seats {:?}",
                        name.get_ref(),
                        &SEAT_NAMES[..setup.players]
                    ),
                )
            })?;
    }
    if let Some(komi) = &go.komi {
        setup.komi = Some(komi_per_seat(src, komi, setup.players)?);
    }
    Ok(())
}

/// The case's `dead` and `seki` lists (which replace an SGF record's own), checked against
/// the board the moves end on, each stone standing for its string.
fn agreement(
    src: &Source,
    go: &GoKeys,
    setup: &mut GoSetup,
    plays: &[GoPlay],
) -> Result<(), CaseError> {
    if go.dead.is_none() && go.seki.is_none() {
        return Ok(());
    }
    let board = final_board(setup, plays);
    let alive = pass_alive_stones(&setup.graph, board.cells(), setup.players);
    let named = |list: &Option<Spanned<String>>, what: &str| -> Result<Vec<Vertex>, CaseError> {
        let mut stones = Vec::new();
        for (token, at) in list.iter().flat_map(|l| src.tokens(l)) {
            let v = setup
                .graph
                .vertex(&token)
                .ok_or_else(|| src.error_at(at, format!("`{token}` is not a vertex")))?;
            if board.colour(v) == EMPTY {
                return Err(src.error_at(
                    at,
                    format!("`{token}` is marked {what} but holds no stone on the final board"),
                ));
            }
            if what == "dead" && alive.as_ref().is_some_and(|a| a[v as usize]) {
                return Err(src.error_at(
                    at,
                    format!(
                        "`{token}` is marked dead but its string is pass-alive: no sequence of \
                         opponent plays can capture it, under any suicide rule"
                    ),
                ));
            }
            for s in board.string(v) {
                if !stones.contains(&s) {
                    stones.push(s);
                }
            }
        }
        stones.sort_unstable();
        Ok(stones)
    };
    let dead = named(&go.dead, "dead")?;
    let seki = named(&go.seki, "in seki")?;
    if let (Some(v), Some(list)) = (dead.iter().find(|v| seki.contains(v)), &go.seki) {
        return Err(src.error_in(
            list,
            format!(
                "the string at {} is marked both dead and in seki",
                setup.graph.name(*v)
            ),
        ));
    }
    if go.dead.is_some() {
        setup.dead = dead;
    }
    if go.seki.is_some() {
        setup.seki = seki;
    }
    Ok(())
}

fn graph(src: &Source, go: &GoKeys) -> Result<Graph, CaseError> {
    match (&go.board, &go.edges) {
        (Some(shape), None) => {
            Graph::parse_shape(shape.get_ref()).map_err(|e| src.error_in(shape, e.to_string()))
        }
        (None, Some(edges)) => {
            Graph::parse_edges(edges.get_ref()).map_err(|e| src.error_in(edges, e.to_string()))
        }
        (Some(shape), Some(_)) => {
            Err(src.error_in(shape, "give either `board` or `edges`, not both"))
        }
        (None, None) => Err(src.error_at(0, "missing `board` (e.g. \"9x9\") or `edges`")),
    }
}

fn players(src: &Source, go: &GoKeys) -> Result<usize, CaseError> {
    match &go.players {
        None => Ok(2),
        Some(p) if (2..=MAX_PLAYERS).contains(p.get_ref()) => Ok(*p.get_ref()),
        Some(p) => Err(src.error_in(p, format!("players must be 2..={MAX_PLAYERS}"))),
    }
}

fn komi_per_seat(
    src: &Source,
    komi: &Spanned<Komi>,
    players: usize,
) -> Result<Vec<HalfPoints>, CaseError> {
    let values = match komi.get_ref() {
        Komi::One(k) if players == 2 => vec![0.0, *k],
        Komi::One(_) => {
            return Err(src.error_in(
                komi,
                "with more than two players give komi as a list, one per seat",
            ))
        }
        Komi::PerSeat(list) if list.len() == players => list.clone(),
        Komi::PerSeat(list) => {
            return Err(src.error_in(
                komi,
                format!("{} komi values for {players} players", list.len()),
            ))
        }
    };
    values
        .iter()
        .map(|&k| {
            HalfPoints::from_f64(k).ok_or_else(|| {
                src.error_in(
                    komi,
                    format!("komi {} {}", HalfPoints::shown(k), HalfPoints::refusal(k)),
                )
            })
        })
        .collect()
}

/// Reads a setup diagram: `.`/`+` empty, `X` first seat, `O` second, or seat letters.
fn stones(
    src: &Source,
    diagram: &Spanned<String>,
    graph: &Graph,
    players: usize,
) -> Result<Vec<Colour>, CaseError> {
    let at = diagram.span().start;
    let symbol = |ch: char| -> Result<Colour, CaseError> {
        let seat = match ch {
            '.' | '+' => return Ok(EMPTY),
            'X' => 0,
            'O' => 1,
            c => SEAT_NAMES
                .iter()
                .position(|s| s.starts_with(c))
                .ok_or_else(|| {
                    src.error_at(
                        at,
                        format!("setup symbol `{c}` is not `.`, `X`, `O` or a seat letter"),
                    )
                })?,
        };
        if seat >= players {
            return Err(src.error_at(
                at,
                format!("setup uses seat `{ch}` but the game has {players} players"),
            ));
        }
        Ok(colour_of(seat))
    };
    let text = diagram.get_ref();
    let rows: Vec<String> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .filter(|l: &String| !l.is_empty())
        .collect();
    let mut cells = vec![EMPTY; graph.len()];
    match graph.grid_shape() {
        Some(grid) => {
            if rows.len() != grid.height || rows.iter().any(|r| r.chars().count() != grid.width) {
                return Err(src.error_at(
                    at,
                    format!(
                        "setup must be {} rows of {} symbols (top row first)",
                        grid.height, grid.width
                    ),
                ));
            }
            for (i, row) in rows.iter().enumerate() {
                let y = grid.height - 1 - i;
                for (x, ch) in row.chars().enumerate() {
                    cells[y * grid.width + x] = symbol(ch)?;
                }
            }
        }
        None => {
            let symbols: Vec<char> = rows.concat().chars().collect();
            if symbols.len() != graph.len() {
                return Err(src.error_at(
                    at,
                    format!(
                        "setup must give {} symbols, one per vertex in order",
                        graph.len()
                    ),
                ));
            }
            for (v, ch) in symbols.into_iter().enumerate() {
                cells[v] = symbol(ch)?;
            }
        }
    }
    Ok(cells)
}

fn check_liberties(
    src: &Source,
    diagram: &Spanned<String>,
    setup: &GoSetup,
) -> Result<(), CaseError> {
    let board = Board::with_stones(Arc::clone(&setup.graph), &setup.stones);
    match board.strings_without_liberties().first() {
        None => Ok(()),
        Some(&v) => Err(src.error_in(
            diagram,
            format!(
                "setup has a string without liberties at {}",
                setup.graph.name(v)
            ),
        )),
    }
}
