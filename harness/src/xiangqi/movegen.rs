//! How the pieces move: the king and advisors inside the palace, elephants two points
//! diagonally on their own side unless the "eye" between is occupied, horses one step straight
//! then one diagonally unless the "leg" is occupied, rooks along lines, cannons along lines but
//! capturing only by jumping exactly one screen, pawns forward and, once across the river,
//! sideways. A move is legal when afterwards the mover's king is not attacked and the two kings
//! do not face each other on an open file (the flying general).

use super::board::{crossed, Colour, Kind, Move, Piece, Position, Square};

const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Horse jumps and, for each, the leg (the point next to the horse that must be empty).
const HORSE: [((i8, i8), (i8, i8)); 8] = [
    ((1, 2), (0, 1)),
    ((-1, 2), (0, 1)),
    ((1, -2), (0, -1)),
    ((-1, -2), (0, -1)),
    ((2, 1), (1, 0)),
    ((2, -1), (1, 0)),
    ((-2, 1), (-1, 0)),
    ((-2, -1), (-1, 0)),
];

/// Every square the piece on `from` can move to (empty, or holding an opponent's piece),
/// ignoring whether its own king would be exposed.
pub fn targets(pos: &Position, from: Square, mut visit: impl FnMut(Square)) {
    let Some(piece) = pos.at(from) else { return };
    let c = piece.colour;
    let mut step = |to: Option<Square>| {
        if let Some(to) = to {
            if pos.at(to).is_none_or(|p| p.colour != c) {
                visit(to);
            }
        }
    };
    match piece.kind {
        Kind::King => ORTHOGONAL.iter().for_each(|&(df, dr)| {
            step(from.offset(df, dr).filter(|&s| c.in_palace(s)));
        }),
        Kind::Advisor => DIAGONAL.iter().for_each(|&(df, dr)| {
            step(from.offset(df, dr).filter(|&s| c.in_palace(s)));
        }),
        Kind::Elephant => DIAGONAL.iter().for_each(|&(df, dr)| {
            let eye = from.offset(df, dr);
            if eye.is_some_and(|e| pos.at(e).is_none()) {
                step(from.offset(2 * df, 2 * dr).filter(|&s| c.own_half(s)));
            }
        }),
        Kind::Horse => HORSE.iter().for_each(|&((df, dr), (lf, lr))| {
            if from.offset(lf, lr).is_some_and(|leg| pos.at(leg).is_none()) {
                step(from.offset(df, dr));
            }
        }),
        Kind::Pawn => {
            step(from.offset(0, c.forward()));
            if crossed(c, from) {
                step(from.offset(1, 0));
                step(from.offset(-1, 0));
            }
        }
        Kind::Rook => slide(pos, from, c, false, visit),
        Kind::Cannon => slide(pos, from, c, true, visit),
    }
}

fn slide(pos: &Position, from: Square, c: Colour, cannon: bool, mut visit: impl FnMut(Square)) {
    for (df, dr) in ORTHOGONAL {
        let mut at = from.offset(df, dr);
        let mut screened = false;
        while let Some(sq) = at {
            match (pos.at(sq), screened) {
                (None, false) => visit(sq),
                (None, true) => {}
                (Some(p), false) if !cannon => {
                    if p.colour != c {
                        visit(sq);
                    }
                    break;
                }
                (Some(_), false) => screened = true,
                (Some(p), true) => {
                    if p.colour != c {
                        visit(sq);
                    }
                    break;
                }
            }
            at = sq.offset(df, dr);
        }
    }
}

/// Pseudo-legal moves of `colour`'s pieces (whoever is to move), appended to `out`.
pub fn pseudo_moves(pos: &Position, colour: Colour, out: &mut Vec<Move>) {
    for from in Square::all() {
        if pos.at(from).is_some_and(|p| p.colour == colour) {
            targets(pos, from, |to| out.push(Move::new(from, to)));
        }
    }
}

/// Whether a piece of `by` attacks `sq` (could move there if it held an opponent's piece).
pub fn attacked(pos: &Position, sq: Square, by: Colour) -> bool {
    line_attack(pos, sq, by) || horse_attack(pos, sq, by) || step_attack(pos, sq, by)
}

/// Rooks on an open line, cannons with exactly one screen.
fn line_attack(pos: &Position, sq: Square, by: Colour) -> bool {
    for (df, dr) in ORTHOGONAL {
        let mut at = sq.offset(df, dr);
        let mut screens = 0;
        while let Some(s) = at {
            if let Some(p) = pos.at(s) {
                let mine = p.colour == by;
                match screens {
                    0 if mine && p.kind == Kind::Rook => return true,
                    1 if mine && p.kind == Kind::Cannon => return true,
                    1 => break,
                    _ => {}
                }
                screens += 1;
            }
            at = s.offset(df, dr);
        }
    }
    false
}

fn horse_attack(pos: &Position, sq: Square, by: Colour) -> bool {
    HORSE.iter().any(|&((df, dr), (lf, lr))| {
        let Some(h) = sq.offset(-df, -dr) else {
            return false;
        };
        pos.at(h) == Some(Piece::new(by, Kind::Horse))
            && h.offset(lf, lr).is_some_and(|leg| pos.at(leg).is_none())
    })
}

/// Pawns, king, advisors and elephants: the short-range pieces.
fn step_attack(pos: &Position, sq: Square, by: Colour) -> bool {
    let is = |s: Option<Square>, kind| s.is_some_and(|s| pos.at(s) == Some(Piece::new(by, kind)));
    let pawn_behind = sq.offset(0, -by.forward());
    if is(pawn_behind, Kind::Pawn) {
        return true;
    }
    for df in [1, -1] {
        let beside = sq.offset(df, 0);
        if is(beside, Kind::Pawn) && beside.is_some_and(|s| crossed(by, s)) {
            return true;
        }
    }
    let palace = || {
        ORTHOGONAL
            .iter()
            .any(|&(df, dr)| is(sq.offset(df, dr), Kind::King))
            || DIAGONAL
                .iter()
                .any(|&(df, dr)| is(sq.offset(df, dr), Kind::Advisor))
    };
    if by.in_palace(sq) && palace() {
        return true;
    }
    by.own_half(sq)
        && DIAGONAL.iter().any(|&(df, dr)| {
            is(sq.offset(2 * df, 2 * dr), Kind::Elephant)
                && sq.offset(df, dr).is_some_and(|eye| pos.at(eye).is_none())
        })
}

/// Whether the two kings face each other on a file with nothing between.
pub fn kings_facing(pos: &Position) -> bool {
    let (red, black) = (pos.king(Colour::Red), pos.king(Colour::Black));
    if red.file() != black.file() {
        return false;
    }
    (red.rank() + 1..black.rank()).all(|r| {
        pos.at(Square::new(red.file(), r).expect("on the board"))
            .is_none()
    })
}

/// Whether `colour`'s king is attacked, or faces the other king.
pub fn in_check(pos: &Position, colour: Colour) -> bool {
    let king = pos.king(colour);
    let by = colour.opponent();
    line_attack(pos, king, by)
        || horse_attack(pos, king, by)
        || pawn_attack(pos, king, by)
        || kings_facing(pos)
}

fn pawn_attack(pos: &Position, sq: Square, by: Colour) -> bool {
    let pawn = Some(Piece::new(by, Kind::Pawn));
    sq.offset(0, -by.forward())
        .is_some_and(|s| pos.at(s) == pawn)
        || [1, -1].iter().any(|&df| {
            sq.offset(df, 0)
                .is_some_and(|s| pos.at(s) == pawn && crossed(by, s))
        })
}

/// Whether `colour` may make the pseudo-legal `mv` (its king safe afterwards), whoever is to
/// move in `pos`.
pub fn safe_for(pos: &Position, colour: Colour, mv: Move) -> bool {
    let mut p = pos.clone();
    p.make(mv);
    !in_check(&p, colour)
}

/// Every legal move of the side to move.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mover = pos.to_move();
    let mut pseudo = Vec::with_capacity(64);
    pseudo_moves(pos, mover, &mut pseudo);
    let mut scratch = pos.clone();
    pseudo.retain(|&mv| {
        let undo = scratch.make(mv);
        let ok = !in_check(&scratch, mover);
        scratch.unmake(undo);
        ok
    });
    pseudo
}

/// Whether `mv` is a legal move of the side to move.
pub fn is_legal(pos: &Position, mv: Move) -> bool {
    let mover = pos.to_move();
    if pos.at(mv.from).is_none_or(|p| p.colour != mover) {
        return false;
    }
    let mut reaches = false;
    targets(pos, mv.from, |to| reaches |= to == mv.to);
    reaches && safe_for(pos, mover, mv)
}

/// Leaf nodes of the legal move tree `depth` plies deep.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut p = pos.clone();
    moves
        .into_iter()
        .map(|mv| {
            let undo = p.make(mv);
            let n = perft(&p, depth - 1);
            p.unmake(undo);
            n
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::fen;

    fn sq(name: &str) -> Square {
        let b = name.as_bytes();
        Square::new(b[0] - b'a', b[1] - b'0').unwrap()
    }

    fn moves_from(fen_text: &str, from: &str) -> Vec<String> {
        let pos = fen::parse(fen_text).unwrap();
        let mut out: Vec<String> = legal_moves(&pos)
            .into_iter()
            .filter(|m| m.from == sq(from))
            .map(|m| format!("{}{}", (b'a' + m.to.file()) as char, m.to.rank()))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn horse_leg_blocks() {
        // Red horse on e4, a red pawn on e5 blocks the two forward jumps.
        let f = "4k4/9/9/9/4P4/4N4/9/9/9/3K5 w - - 0 1";
        assert_eq!(
            moves_from(f, "e4"),
            ["c3", "c5", "d2", "f2", "g3", "g5"],
            "jumps over e5 are blocked"
        );
    }

    #[test]
    fn elephant_eye_and_river() {
        // Red elephant on c4 cannot cross the river; its eye at d3 is blocked.
        let f = "4k4/9/9/9/9/2B6/3n5/9/9/3K5 w - - 0 1";
        assert_eq!(moves_from(f, "c4"), ["a2"]);
    }

    #[test]
    fn cannon_needs_one_screen_to_capture() {
        // The b0 cannon and the black b4 cannon with nothing between: no capture.
        let f = "4k4/9/9/9/9/1c1R1r3/9/9/9/1C1K5 w - - 0 1";
        let m = moves_from(f, "b0");
        assert!(m.contains(&"b3".to_string()));
        assert!(!m.contains(&"b4".to_string()), "no screen, no capture");
        // A red rook on b2 is the screen: b4 can be taken, b3 cannot be reached.
        let f2 = "4k4/9/9/9/9/1c7/9/1R7/9/1C1K5 w - - 0 1";
        let m2 = moves_from(f2, "b0");
        assert!(m2.contains(&"b4".to_string()), "jumps the b2 rook: {m2:?}");
        assert!(m2.contains(&"b1".to_string()));
        assert!(!m2.contains(&"b3".to_string()));
    }

    #[test]
    fn flying_general_and_palace() {
        // Kings on the e-file with one red advisor between: the advisor is pinned.
        let f = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
        assert_eq!(moves_from(f, "e1"), Vec::<String>::new());
        assert_eq!(moves_from(f, "e0"), ["d0", "f0"]);
    }

    #[test]
    fn pawns_go_sideways_only_across_the_river() {
        let f = "4k4/9/9/9/2P6/9/P8/9/9/3K5 w - - 0 1";
        assert_eq!(moves_from(f, "a3"), ["a4"]);
        assert_eq!(moves_from(f, "c5"), ["b5", "c6", "d5"]);
    }

    #[test]
    fn perft_from_the_start() {
        let start = Position::start();
        assert_eq!(perft(&start, 1), 44);
        assert_eq!(perft(&start, 2), 1920);
        assert_eq!(perft(&start, 3), 79666);
    }

    #[test]
    fn attacked_agrees_with_move_generation() {
        // Every square a piece of a side can move to (holding an opponent or empty) is
        // attacked by that side, and no other empty or opponent square is.
        for text in [
            fen::START,
            "2bak4/9/3a5/p3N4/4c4/2R6/P7p/2n1B1p2/4A4/3AK1B2 w",
        ] {
            let pos = fen::parse(text).unwrap();
            for by in Colour::BOTH {
                let mut reach = [false; 90];
                let mut moves = Vec::new();
                pseudo_moves(&pos, by, &mut moves);
                moves.iter().for_each(|m| reach[m.to.index()] = true);
                for s in Square::all() {
                    if pos.at(s).is_some_and(|p| p.colour == by) {
                        continue;
                    }
                    // Cannons move to empty squares without attacking them.
                    let cannon_quiet = pos.at(s).is_none()
                        && moves.iter().any(|m| {
                            m.to == s && pos.at(m.from).is_some_and(|p| p.kind == Kind::Cannon)
                        });
                    if cannon_quiet && !attacked(&pos, s, by) {
                        continue;
                    }
                    if pos.at(s).is_some() {
                        assert_eq!(reach[s.index()], attacked(&pos, s, by), "{s:?} by {by:?}");
                    }
                }
            }
        }
    }
}
