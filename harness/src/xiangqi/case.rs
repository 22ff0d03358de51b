//! Xiangqi case files: a start position in FEN, the rank convention of the move text (always
//! given, since `e2e3` reads as a move in both), and optionally moves already played before
//! the case begins.
//!
//! ```toml
//! family = "xiangqi"
//! fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1"   # default: the standard opening
//! ranks = "0-9"             # "0-9" (ICCS/UCCI) or "1-10" (UCI as Fairy-Stockfish writes it)
//! history = "e1e2 e9d9"     # earlier moves: they count for repetitions, nobody rules on them
//! moves = "e2e1"
//! [expect]
//! wxf = { over = 1, result = "black" }
//! ```

use serde::Deserialize;
use toml::Spanned;

use super::board::Position;
use super::notation::Ranks;
use super::{fen, Xiangqi, XqSetup};
use crate::case::{Case, CaseError, Header, Source, COMMON_KEYS};
use crate::family::Family;

const XIANGQI_KEYS: &[&str] = &["fen", "ranks", "history"];

#[derive(Debug, Deserialize)]
struct XqKeys {
    fen: Option<Spanned<String>>,
    ranks: Option<Spanned<String>>,
    history: Option<Spanned<String>>,
}

/// Parses the xiangqi part of a case file whose header is already read.
pub fn parse(src: &Source, header: Header) -> Result<Case<Xiangqi>, CaseError> {
    let keys: Vec<&str> = COMMON_KEYS.iter().chain(XIANGQI_KEYS).copied().collect();
    src.check_keys(&keys)?;
    let xq: XqKeys = src.parse()?;
    let ranks = ranks(src, &xq)?;
    let start = start(src, &xq)?;
    let setup = history(src, &xq, start, ranks)?;
    let plays = header.plays::<Xiangqi>(src, &setup)?;
    header.into_case(src, setup, plays)
}

fn ranks(src: &Source, xq: &XqKeys) -> Result<Ranks, CaseError> {
    let Some(text) = &xq.ranks else {
        return Err(src.error_at(
            0,
            "missing `ranks`: say ranks = \"0-9\" (ICCS/UCCI, Red's back rank 0) or \"1-10\" (UCI as Fairy-Stockfish writes it)",
        ));
    };
    text.get_ref()
        .parse()
        .map_err(|e: super::notation::UnknownRanks| src.error_in(text, e))
}

fn start(src: &Source, xq: &XqKeys) -> Result<Position, CaseError> {
    match &xq.fen {
        None => Ok(Position::start()),
        Some(text) => fen::parse(text.get_ref()).map_err(|e| {
            // The span starts at the opening quote.
            src.error_at(text.span().start + 1 + e.column, e.message)
        }),
    }
}

fn history(src: &Source, xq: &XqKeys, start: Position, ranks: Ranks) -> Result<XqSetup, CaseError> {
    let Some(text) = &xq.history else {
        return Ok(XqSetup::new(start, ranks));
    };
    let tokens = src.tokens(text);
    let provisional = XqSetup::new(start.clone(), ranks);
    let moves = tokens
        .iter()
        .map(|(token, at)| {
            Xiangqi::parse_play(&provisional, token).map_err(|e| src.error_at(*at, e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    XqSetup::with_history(start, moves, ranks).map_err(|(i, message)| {
        src.error_at(tokens[i].1, format!("history move {}: {message}", i + 1))
    })
}
