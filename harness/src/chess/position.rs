//! Position identity as FIDE defines it (Laws of Chess, art. 9.2.3): "the same player has the
//! move, pieces of the same kind and colour occupy the same squares and the possible moves of
//! all the pieces of both players are the same" — so castling rights count, and an en passant
//! square counts only when an en passant capture is legal (the 2014+ reading, and
//! python-chess's). Engines often hash the en passant square differently; [`EpMode`] names
//! the readings so the detectors of issue 9 can use theirs.

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Bitboard, Board, Color, EnPassantMode, Position, Square};

use super::Pos;

/// When an en passant square is part of a position's identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EpMode {
    /// Only when a legal en passant capture exists (FIDE, python-chess).
    Legal,
    /// When an enemy pawn stands ready to capture, legal or not (a pinned pawn counts).
    PseudoLegal,
    /// After every double step (FEN before 2008, many engines' hashes).
    DoubleStep,
}

impl EpMode {
    fn shakmaty(self) -> EnPassantMode {
        match self {
            EpMode::Legal => EnPassantMode::Legal,
            EpMode::PseudoLegal => EnPassantMode::PseudoLegal,
            EpMode::DoubleStep => EnPassantMode::Always,
        }
    }
}

/// Everything that makes two positions the same, compared in full (no hashing).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Identity {
    /// The pieces.
    pub board: Board,
    /// Who moves.
    pub turn: Color,
    /// Rook squares that still carry a castling right.
    pub castling: Bitboard,
    /// The en passant square, as the mode reads it.
    pub ep: Option<Square>,
}

impl Identity {
    /// The identity of `pos`, its en passant square read as `mode` says.
    pub fn of(pos: &Pos, mode: EpMode) -> Identity {
        Identity {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling: pos.castles().castling_rights(),
            ep: pos.ep_square(mode.shakmaty()),
        }
    }

    /// FIDE's identity.
    pub fn fide(pos: &Pos) -> Identity {
        Identity::of(pos, EpMode::Legal)
    }
}

/// 64-bit Zobrist key of a position under an en passant reading.
pub fn key(pos: &Pos, mode: EpMode) -> u64 {
    pos.zobrist_hash::<Zobrist64>(mode.shakmaty()).0
}

/// 64-bit Zobrist key of FIDE's identity.
pub fn fide_key(pos: &Pos) -> u64 {
    key(pos, EpMode::Legal)
}

/// A key of the pieces on their squares and the side to move only (no castling rights, no
/// en passant), for rules that speak of "all pieces in exactly the same positions".
pub fn placement_key(board: &Board, turn: Color) -> u64 {
    let (roles, colors) = board.clone().into_bitboards();
    let mut h: u64 = if turn == Color::White {
        0x9E37_79B9_7F4A_7C15
    } else {
        0xC2B2_AE3D_27D4_EB4F
    };
    for bb in roles.into_iter().chain(colors) {
        h = (h ^ bb.0).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::parse_fen;

    #[test]
    fn en_passant_counts_only_when_legal_under_fide() {
        // After e2e4 with no black pawn on d4/f4: no capture possible.
        let quiet = parse_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1").unwrap();
        assert_eq!(Identity::fide(&quiet).ep, None);
        assert!(Identity::of(&quiet, EpMode::DoubleStep).ep.is_some());
        // A black pawn on d4 can take: the square counts.
        let live = parse_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
        assert!(Identity::fide(&live).ep.is_some());
        // The same pawn pinned against its king by a rook on a4: pseudo-legal only.
        let pinned = parse_fen("8/8/8/8/R2pP2k/8/8/4K3 b - e3 0 1").unwrap();
        assert_eq!(Identity::fide(&pinned).ep, None);
        assert!(Identity::of(&pinned, EpMode::PseudoLegal).ep.is_some());
        assert_ne!(
            key(&pinned, EpMode::Legal),
            key(&pinned, EpMode::PseudoLegal)
        );
    }

    #[test]
    fn placement_ignores_rights() {
        let a = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let b = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
        assert_ne!(fide_key(&a), fide_key(&b));
        assert_eq!(
            placement_key(a.board(), a.turn()),
            placement_key(b.board(), b.turn())
        );
        assert_ne!(
            placement_key(a.board(), Color::White),
            placement_key(a.board(), Color::Black)
        );
    }
}
