//! The one board symmetry chess rules respect: the mirror that swaps the a- and h-files.
//! Pawns still move up or down the board and every piece moves the same way in the mirror,
//! so the mirror of a game is a game with the same rulings — except castling, whose rules
//! are not symmetric (the king and rooks start on fixed files), so the mirror is offered only
//! for starts with no castling rights (none can appear later). Swapping the colours is no
//! symmetry here: it changes who wins.

use shakmaty::uci::UciMove;
use shakmaty::Position;

use super::{Chess, ChessSetup};
use crate::family::Symmetric;

/// The identity, or the a–h file mirror.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mirror(pub bool);

/// A FEN with its files mirrored (placement and en passant square).
fn mirror_fen(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if let Some(placement) = fields.first_mut() {
        *placement = placement
            .split('/')
            .map(mirror_rank)
            .collect::<Vec<_>>()
            .join("/");
    }
    if let Some(ep) = fields.get_mut(3) {
        *ep = ep
            .chars()
            .map(|c| match c {
                'a'..='h' => (b'a' + (b'h' - c as u8)) as char,
                other => other,
            })
            .collect();
    }
    fields.join(" ")
}

fn mirror_rank(rank: &str) -> String {
    let squares: Vec<char> = rank
        .chars()
        .flat_map(|c| match c.to_digit(10) {
            Some(n) => vec!['1'; n as usize],
            None => vec![c],
        })
        .rev()
        .collect();
    let mut out = String::new();
    let mut empty = 0;
    for c in squares {
        if c == '1' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
            empty = 0;
        }
        out.push(c);
    }
    if empty > 0 {
        out.push_str(&empty.to_string());
    }
    out
}

impl Symmetric for Chess {
    type Map = Mirror;

    fn symmetries(setup: &ChessSetup, limit: usize) -> Vec<Mirror> {
        let no_castling = setup.start.castles().castling_rights().is_empty();
        let mut maps = vec![Mirror(false)];
        if no_castling && limit >= 2 {
            maps.push(Mirror(true));
        }
        maps
    }

    fn map_setup(map: &Mirror, setup: &ChessSetup) -> ChessSetup {
        if !map.0 {
            return setup.clone();
        }
        // The mirror of a legal position without castling rights is legal.
        ChessSetup::from_fen(&mirror_fen(&setup.fen)).expect("mirrored FEN is legal")
    }

    fn map_play(map: &Mirror, play: &UciMove) -> UciMove {
        match *play {
            UciMove::Normal {
                from,
                to,
                promotion,
            } if map.0 => UciMove::Normal {
                from: from.flip_horizontal(),
                to: to.flip_horizontal(),
                promotion,
            },
            UciMove::Put { role, to } if map.0 => UciMove::Put {
                role,
                to: to.flip_horizontal(),
            },
            other => other,
        }
    }

    fn compose(first: &Mirror, second: &Mirror) -> Mirror {
        Mirror(first.0 != second.0)
    }

    fn inverse(map: &Mirror) -> Mirror {
        *map
    }

    fn is_identity(map: &Mirror) -> bool {
        !map.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::uci_of;

    #[test]
    fn the_mirror_swaps_files_and_keeps_the_en_passant_capture() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(mirror_fen(fen), "3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 2");
        assert_eq!(mirror_fen(&mirror_fen(fen)), fen);
    }

    #[test]
    fn mirrored_starts_have_the_mirrored_moves() {
        let setup = ChessSetup::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
        let image = Chess::map_setup(&Mirror(true), &setup);
        let mut moves: Vec<String> = setup
            .start
            .legal_moves()
            .into_iter()
            .map(|m| Chess::map_play(&Mirror(true), &uci_of(m)).to_string())
            .collect();
        let mut mirrored: Vec<String> = image
            .start
            .legal_moves()
            .into_iter()
            .map(|m| uci_of(m).to_string())
            .collect();
        moves.sort();
        mirrored.sort();
        assert_eq!(moves, mirrored);
        // White's en passant capture e5xd6, mirrored.
        assert!(moves.contains(&"d5e6".to_string()), "{moves:?}");
    }

    #[test]
    fn castling_rights_leave_only_the_identity() {
        assert_eq!(Chess::symmetries(&ChessSetup::standard(), 64).len(), 1);
        let bare = ChessSetup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(Chess::symmetries(&bare, 64).len(), 2);
        assert_eq!(Chess::symmetries(&bare, 1).len(), 1);
    }
}
