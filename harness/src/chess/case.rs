//! Chess case files: a start position, then moves written out, imported from PGN, or
//! generated.
//!
//! ```toml
//! family = "chess"
//! fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1"   # optional; default the standard start
//! # pgn = "games.pgn"                     # import a game (path relative to this file) …
//! # game = 2                              # … the second in the file (default 1)
//! # generate = "euwe:10000"               # or a generated line (see chess::generate)
//! moves = "1. e4 e5 2. Nf3 g8f6"          # SAN or UCI; played after the imported moves
//! ```

use std::path::Path;

use serde::Deserialize;
use shakmaty::Position;
use toml::Spanned;

use shakmaty::uci::UciMove;

use super::notation::{fen_of, parse_move, parse_uci};
use super::{generate, pgn, uci_of, Chess, ChessSetup};
use crate::case::{Case, CaseError, Header, Source, COMMON_KEYS};

const CHESS_KEYS: &[&str] = &["fen", "pgn", "game", "generate"];

#[derive(Debug, Deserialize)]
struct ChessKeys {
    fen: Option<Spanned<String>>,
    pgn: Option<Spanned<String>>,
    game: Option<Spanned<usize>>,
    generate: Option<Spanned<String>>,
}

/// Parses the chess part of a case file whose header is already read.
pub fn parse(src: &Source, header: Header) -> Result<Case<Chess>, CaseError> {
    let keys: Vec<&str> = COMMON_KEYS.iter().chain(CHESS_KEYS).copied().collect();
    src.check_keys(&keys)?;
    let chess: ChessKeys = src.parse()?;
    if chess.pgn.is_some() && (chess.fen.is_some() || chess.generate.is_some()) {
        let key = chess
            .fen
            .as_ref()
            .or(chess.generate.as_ref())
            .expect("one is set");
        return Err(src.error_in(
            key,
            "a case imports `pgn` or sets `fen`/`generate`, not both",
        ));
    }
    if let (Some(game), None) = (&chess.game, &chess.pgn) {
        return Err(src.error_in(game, "`game` picks a game of the `pgn` file"));
    }
    let (setup, mut moves) = match &chess.pgn {
        Some(file) => from_pgn(src, file, chess.game.as_ref())?,
        None => (start(src, chess.fen.as_ref())?, Vec::new()),
    };
    let mut pos = setup.start.clone();
    for m in &moves {
        pos.play_unchecked(*m);
    }
    if let Some(spec) = &chess.generate {
        let line = generate::parse(spec.get_ref()).map_err(|e| src.error_in(spec, e))?;
        for (i, play) in line.iter().enumerate() {
            let m = play.to_move(&pos).map_err(|_| {
                src.error_in(
                    spec,
                    format!(
                        "generated move {} ({play}) is not legal in {}",
                        i + 1,
                        fen_of(&pos)
                    ),
                )
            })?;
            pos.play_unchecked(m);
            moves.push(m);
        }
    }
    let mut plays: Vec<UciMove> = moves.into_iter().map(uci_of).collect();
    written_moves(src, &header, pos, &mut plays)?;
    header.into_case(src, setup, plays)
}

fn start(src: &Source, fen: Option<&Spanned<String>>) -> Result<ChessSetup, CaseError> {
    match fen {
        None => Ok(ChessSetup::standard()),
        Some(fen) => ChessSetup::from_fen(fen.get_ref()).map_err(|e| src.error_in(fen, e)),
    }
}

/// The `moves` tokens (move numbers and a final result skipped), each checked in turn. A
/// UCI move that is illegal is kept, so cases can show referees refusing it; only UCI can
/// follow it, since SAN needs the position.
fn written_moves(
    src: &Source,
    header: &Header,
    pos: super::Pos,
    plays: &mut Vec<UciMove>,
) -> Result<(), CaseError> {
    let Some(text) = &header.moves else {
        return Ok(());
    };
    let mut pos = Some(pos);
    for (token, at) in src.tokens(text) {
        let bare = token.trim_start_matches(|c: char| c.is_ascii_digit());
        let bare = bare.trim_start_matches('.');
        if bare.is_empty() || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str()) {
            continue;
        }
        let bare = if bare.len() < token.len() {
            bare
        } else {
            token.as_str()
        };
        let err =
            |e: &dyn std::fmt::Display| src.error_at(at, format!("move {}: {e}", plays.len() + 1));
        let uci = parse_uci(bare).ok();
        match (&mut pos, uci) {
            (Some(p), uci) => match parse_move(p, bare) {
                Ok(m) => {
                    p.play_unchecked(m);
                    plays.push(uci_of(m));
                }
                Err(_) if uci.is_some() => {
                    plays.push(uci.expect("checked"));
                    pos = None;
                }
                Err(e) => return Err(err(&e)),
            },
            (None, Some(uci)) => plays.push(uci),
            (None, None) => {
                return Err(err(&format!(
                    "`{bare}`: after an illegal move, moves must be written in UCI"
                )))
            }
        }
    }
    Ok(())
}

fn from_pgn(
    src: &Source,
    file: &Spanned<String>,
    game: Option<&Spanned<usize>>,
) -> Result<(ChessSetup, Vec<shakmaty::Move>), CaseError> {
    let path = src
        .path
        .parent()
        .unwrap_or(Path::new("."))
        .join(file.get_ref());
    let text = crate::util::read::text(&path, crate::util::read::Kind::Pgn)
        .map_err(|e| src.error_in(file, format!("cannot read {e}")))?;
    let games = pgn::parse(&text).map_err(|e| CaseError {
        path: path.clone(),
        line: e.line,
        column: e.column,
        message: e.message,
    })?;
    let index = game.map_or(1, |g| *g.get_ref());
    let Some(chosen) = index.checked_sub(1).and_then(|i| games.get(i)) else {
        let at = game.map_or_else(|| file.span().start, |g| g.span().start);
        return Err(src.error_at(
            at,
            format!(
                "{} holds {} games; game {index} asked",
                path.display(),
                games.len()
            ),
        ));
    };
    let setup = ChessSetup {
        fen: fen_of(&chosen.start),
        start: chosen.start.clone(),
    };
    Ok((setup, chosen.moves.clone()))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    fn chess(text: &str) -> Result<crate::case::Case<super::Chess>, String> {
        crate::listed::parse_as::<super::Chess>(Path::new("t.toml"), text)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn moves_in_san_and_uci_with_numbers() {
        let case = chess("family = \"chess\"\nmoves = \"1. e4 e7e5 2. Nf3 Nc6 1-0\"\n").unwrap();
        let texts: Vec<String> = case.plays.iter().map(|p| p.to_string()).collect();
        assert_eq!(texts, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    }

    #[test]
    fn errors_point_at_the_token() {
        let err = chess("family = \"chess\"\nmoves = \"e4 e5 Ke3\"\n").unwrap_err();
        assert!(err.starts_with("t.toml:2:16: move 3:"), "{err}");
        let kept = chess("family = \"chess\"\nmoves = \"e4 e1e3 e7e5\"\n").unwrap();
        assert_eq!(kept.plays.len(), 3, "an illegal UCI move is kept");
        let err = chess("family = \"chess\"\nmoves = \"e4 e1e3 e5\"\n").unwrap_err();
        assert!(err.contains("must be written in UCI"), "{err}");
        let err = chess("family = \"chess\"\nfen = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n").unwrap_err();
        assert!(
            err.contains("t.toml:2:7") && err.contains("empty board"),
            "{err}"
        );
        let err = chess(
            "family = \"chess\"\ngenerate = \"euwe:4\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n",
        )
        .unwrap_err();
        assert!(err.contains("generated move 1"), "{err}");
    }

    #[test]
    fn generated_then_written() {
        let case = chess("family = \"chess\"\ngenerate = \"euwe:8\"\nmoves = \"e4\"\n").unwrap();
        assert_eq!(case.plays.len(), 9);
    }
}
