//! Text forms of positions and moves: FEN in, FEN out, UCI moves, and move tokens that may
//! be UCI or SAN (as case files and PGN write them).

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, EnPassantMode, Move, PositionErrorKinds};
use thiserror::Error;

use super::Pos;

/// The longest FEN accepted; anything longer is not a position.
const MAX_FEN: usize = 256;

/// Parses a standard-chess FEN into a position a legal game could reach. Castling rights
/// the position cannot have (no king or rook on its home square) and an en passant square
/// no double step can explain are errors, not dropped in silence as python-chess and many
/// GUIs drop them: a case that names them meant something else.
pub fn parse_fen(text: &str) -> Result<Pos, FenError> {
    let text = text.trim();
    if text.len() > MAX_FEN {
        return Err(FenError::TooLong);
    }
    let fen: Fen = text.parse().map_err(|e| FenError::NotFen {
        text: text.to_string(),
        reason: format!("{e}"),
    })?;
    fen.into_position::<Pos>(CastlingMode::Standard)
        .map_err(|error| FenError::Illegal {
            text: text.to_string(),
            reason: describe(error.kinds(), text),
        })
}

/// Why a text is not the FEN of a legal chess position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Longer than any position's FEN.
    #[error("FEN longer than {MAX_FEN} characters")]
    TooLong,
    /// Not FEN at all.
    #[error("`{text}` is not FEN: {reason}")]
    NotFen {
        /// The text given.
        text: String,
        /// What the FEN reader said.
        reason: String,
    },
    /// FEN, but of a position no legal game reaches.
    #[error("`{text}` is not a legal position: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// What is wrong with it (castling rights, en passant square, kings, …).
        reason: String,
    },
}

/// Why a token is not a (legal) chess move.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not of the UCI form.
    #[error("`{0}` is not a UCI move")]
    NotUci(String),
    /// UCI, but not a move of standard chess (a drop, a null move).
    #[error("`{0}` is not a standard chess move")]
    NotStandard(String),
    /// A UCI move the position does not allow.
    #[error("`{token}` is not legal in {fen}")]
    Illegal {
        /// The move as written.
        token: String,
        /// The position's FEN.
        fen: String,
    },
    /// Neither UCI nor SAN.
    #[error("`{0}` is neither a UCI nor a SAN move")]
    NotAMove(String),
    /// A SAN move the position does not allow (or allows several ways).
    #[error("`{token}` in {fen}: {reason}")]
    San {
        /// The move as written.
        token: String,
        /// The position's FEN.
        fen: String,
        /// Why the SAN names no single legal move.
        reason: String,
    },
}

fn describe(kinds: PositionErrorKinds, text: &str) -> String {
    let field = |n: usize| text.split_whitespace().nth(n).unwrap_or("-");
    let castling = format!(
        "castling rights `{}` without the king and rook on their home squares",
        field(2)
    );
    let en_passant = format!(
        "en passant square `{}` that no pawn's double step just made",
        field(3)
    );
    let names = [
        (
            PositionErrorKinds::INVALID_CASTLING_RIGHTS,
            castling.as_str(),
        ),
        (PositionErrorKinds::INVALID_EP_SQUARE, en_passant.as_str()),
        (PositionErrorKinds::EMPTY_BOARD, "empty board"),
        (PositionErrorKinds::MISSING_KING, "a king is missing"),
        (PositionErrorKinds::TOO_MANY_KINGS, "too many kings"),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "pawns on a back rank",
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            "the side not to move is in check",
        ),
        (PositionErrorKinds::IMPOSSIBLE_CHECK, "impossible check"),
        (PositionErrorKinds::TOO_MUCH_MATERIAL, "too much material"),
    ];
    let found: Vec<&str> = names
        .iter()
        .filter(|(k, _)| kinds.contains(*k))
        .map(|(_, n)| *n)
        .collect();
    if found.is_empty() {
        format!("{kinds:?}")
    } else {
        found.join(", ")
    }
}

/// FEN of a position, with the en passant square only where a legal capture exists.
pub fn fen_of(pos: &Pos) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Parses a UCI move (`e2e4`, `e7e8q`).
pub fn parse_uci(text: &str) -> Result<UciMove, MoveError> {
    let uci: UciMove = text
        .parse()
        .map_err(|_| MoveError::NotUci(text.to_string()))?;
    match uci {
        UciMove::Normal { .. } => Ok(uci),
        _ => Err(MoveError::NotStandard(text.to_string())),
    }
}

/// A move token in `pos`: UCI (`g1f3`) or SAN (`Nf3`, `O-O`, `exd6`, with or without `+`,
/// `#`, `!?`). The error says why the token is not a legal move there.
pub fn parse_move(pos: &Pos, token: &str) -> Result<Move, MoveError> {
    if looks_like_uci(token) {
        let uci = parse_uci(token)?;
        return uci.to_move(pos).map_err(|_| MoveError::Illegal {
            token: token.to_string(),
            fen: fen_of(pos),
        });
    }
    let trimmed = token.trim_end_matches(['!', '?']);
    let trimmed = trimmed.strip_suffix("e.p.").unwrap_or(trimmed);
    let normalized = trimmed.replace('0', "O");
    let san: SanPlus = normalized
        .parse()
        .map_err(|_| MoveError::NotAMove(token.to_string()))?;
    san.san.to_move(pos).map_err(|e| MoveError::San {
        token: token.to_string(),
        fen: fen_of(pos),
        reason: e.to_string(),
    })
}

fn looks_like_uci(token: &str) -> bool {
    let b = token.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
}

/// SAN of a legal move in `pos`, with `+` or `#`.
pub fn san_of(pos: &Pos, m: Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_round_trip_and_impossible_rights() {
        let start = parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        assert_eq!(start, Pos::default());
        let castling = parse_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")
            .unwrap_err()
            .to_string();
        assert!(
            castling.contains("castling rights `KQkq` without the king and rook"),
            "{castling}"
        );
        let passant = parse_fen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1")
            .unwrap_err()
            .to_string();
        assert!(passant.contains("en passant square `e6`"), "{passant}");
        // A double step that no pawn can capture is still a double step.
        assert!(parse_fen("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2").is_ok());
        assert!(parse_fen("8/8/8/8/8/8/8/8 w - - 0 1")
            .unwrap_err()
            .to_string()
            .contains("empty board"));
        assert!(parse_fen("nonsense")
            .unwrap_err()
            .to_string()
            .contains("not FEN"));
    }

    #[test]
    fn tokens_in_uci_or_san() {
        let pos = Pos::default();
        let a = parse_move(&pos, "g1f3").unwrap();
        let b = parse_move(&pos, "Nf3!?").unwrap();
        assert_eq!(a, b);
        assert!(parse_move(&pos, "e2e5")
            .unwrap_err()
            .to_string()
            .contains("not legal"));
        assert!(parse_move(&pos, "Qh5").is_err());
        assert_eq!(san_of(&pos, a), "Nf3");
    }
}
