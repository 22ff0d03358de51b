//! Upcoming repetition by cuckoo tables (Marcel van Kervinck's method, as Stockfish uses it
//! in `has_game_cycle`): every reversible move of a non-pawn piece between two squares has a
//! key difference, z(piece, from) ⊕ z(piece, to) ⊕ z(side); the 3,668 such moves are
//! stored in a cuckoo hash table (two slots per key). For each earlier position an odd number
//! of plies back, the difference between its key and the current one is looked up: a hit
//! whose squares in between are empty, with a piece of the side to move on one of its two
//! squares, is a move that recreates that position — found without generating any move.
//!
//! Here it finds FIDE's claim by intended move (9.2 a): such a move to a position that has
//! already appeared twice ([`super::fide::Upcoming::Cuckoo`]; the `detect-cuckoo` referee of
//! `chess::detect`). The keys are FIDE's (en passant only with a legal capture, as Stockfish
//! hashes it since 2021), so any divergence from `fide` is the method's own.

use std::sync::OnceLock;

use shakmaty::attacks;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, Color, Piece, Position, Role, Square};

use super::fide::Window;
use crate::chess::Pos;

const SLOTS: usize = 8192;

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    a: Square,
    b: Square,
}

fn h1(key: u64) -> usize {
    (key as usize) & (SLOTS - 1)
}

fn h2(key: u64) -> usize {
    ((key >> 16) as usize) & (SLOTS - 1)
}

fn reach(role: Role, sq: Square) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(sq),
        Role::Bishop => attacks::bishop_attacks(sq, Bitboard::EMPTY),
        Role::Rook => attacks::rook_attacks(sq, Bitboard::EMPTY),
        Role::Queen => attacks::queen_attacks(sq, Bitboard::EMPTY),
        _ => attacks::king_attacks(sq),
    }
}

/// The cuckoo table and how many moves it holds.
fn table() -> &'static (Vec<Option<Entry>>, usize) {
    static TABLE: OnceLock<(Vec<Option<Entry>>, usize)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut slots: Vec<Option<Entry>> = vec![None; SLOTS];
        let mut count = 0;
        let side = Zobrist64::zobrist_for_white_turn().0;
        for color in [Color::White, Color::Black] {
            for role in [
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
            ] {
                let piece = Piece { color, role };
                for a in Square::ALL {
                    for b in reach(role, a) {
                        if b <= a {
                            continue;
                        }
                        let key = Zobrist64::zobrist_for_piece(a, piece).0
                            ^ Zobrist64::zobrist_for_piece(b, piece).0
                            ^ side;
                        insert(&mut slots, Entry { key, a, b });
                        count += 1;
                    }
                }
            }
        }
        (slots, count)
    })
}

fn insert(slots: &mut [Option<Entry>], mut entry: Entry) {
    let mut i = h1(entry.key);
    loop {
        let evicted = slots[i].replace(entry);
        let Some(out) = evicted else { return };
        entry = out;
        i = if i == h1(entry.key) {
            h2(entry.key)
        } else {
            h1(entry.key)
        };
    }
}

fn lookup(key: u64) -> Option<Entry> {
    let slots = &table().0;
    [h1(key), h2(key)]
        .into_iter()
        .filter_map(|i| slots[i])
        .find(|e| e.key == key)
}

/// Reversible piece moves the table holds (3,668 in standard chess).
pub fn moves_in_table() -> usize {
    table().1
}

/// Does the side to move have a reversible move to a position of the window (an odd number
/// of plies back) that appeared there at least twice?
pub fn upcoming(pos: &Pos, window: &Window) -> bool {
    let keys = &window.keys;
    let n = keys.len() - 1;
    let current = keys[n];
    let occupied = pos.board().occupied();
    (3..=n).step_by(2).any(|i| {
        let earlier = keys[n - i];
        let Some(e) = lookup(current ^ earlier) else {
            return false;
        };
        let path_clear = (attacks::between(e.a, e.b) & occupied).is_empty();
        let mover = pos.board().color_at(e.a).or(pos.board().color_at(e.b));
        path_clear && mover == Some(pos.turn()) && window.count(earlier) >= 2
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_table_holds_every_reversible_piece_move() {
        assert_eq!(super::moves_in_table(), 3668);
    }
}
