//! Squares, pieces and positions of xiangqi: 9 files (a–i, from Red's left) × 10 ranks
//! (0–9 inside the library, rank 0 being Red's back rank), the river between ranks 4 and 5.
//!
//! A [`Position`] can only be built through [`Position::new`], which checks what no legal game
//! can reach (a missing king, a king outside its palace, the side not to move in check, too
//! many pieces of a kind…), so the move generator may rely on one king per side.

use std::fmt;

/// Files a–i.
pub const FILES: u8 = 9;
/// Ranks 0–9.
pub const RANKS: u8 = 10;
/// Points of the board.
pub const SQUARES: usize = 90;

/// A point of the board, `rank * 9 + file`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = Red's back rank), if on the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < FILES && rank < RANKS).then_some(Square(rank * FILES + file))
    }
    /// The square with this index (0..90).
    pub fn from_index(index: usize) -> Option<Square> {
        (index < SQUARES).then_some(Square(index as u8))
    }
    /// 0 (a) to 8 (i).
    #[inline]
    pub fn file(self) -> u8 {
        self.0 % FILES
    }
    /// 0 (Red's back rank) to 9.
    #[inline]
    pub fn rank(self) -> u8 {
        self.0 / FILES
    }
    /// `rank * 9 + file`.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..FILES as i8).contains(&f) && (0..RANKS as i8).contains(&r) {
            Some(Square(r as u8 * FILES + f as u8))
        } else {
            None
        }
    }
    /// Every square, by index.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

/// The two sides; Red moves first in the standard opening.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Colour {
    /// Red (seat 0).
    Red,
    /// Black (seat 1).
    Black,
}

impl Colour {
    /// The other side.
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }
    /// 0 for Red, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// Rank direction of this side's pawns.
    #[inline]
    pub fn forward(self) -> i8 {
        match self {
            Colour::Red => 1,
            Colour::Black => -1,
        }
    }
    /// Whether `sq` is on this side's half of the river.
    #[inline]
    pub fn own_half(self, sq: Square) -> bool {
        match self {
            Colour::Red => sq.rank() <= 4,
            Colour::Black => sq.rank() >= 5,
        }
    }
    /// Whether `sq` is in this side's palace (files d–f, three ranks at its end).
    #[inline]
    pub fn in_palace(self, sq: Square) -> bool {
        let file_ok = (3..=5).contains(&sq.file());
        file_ok
            && match self {
                Colour::Red => sq.rank() <= 2,
                Colour::Black => sq.rank() >= 7,
            }
    }
    /// `red` or `black`, as results name the players.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }
    /// Red, then Black.
    pub const BOTH: [Colour; 2] = [Colour::Red, Colour::Black];
}

/// The seven kinds of piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Kind {
    /// The general (帥/將).
    King,
    /// 仕/士.
    Advisor,
    /// 相/象.
    Elephant,
    /// 馬.
    Horse,
    /// The chariot (車).
    Rook,
    /// 炮/砲.
    Cannon,
    /// 兵/卒.
    Pawn,
}

impl Kind {
    /// Every kind, in this order.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];
    /// FEN letter (Red's, upper case): K A B N R C P.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Rook => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }
    /// Most pieces of this kind one side can have.
    pub fn most(self) -> usize {
        match self {
            Kind::King => 1,
            Kind::Pawn => 5,
            _ => 2,
        }
    }
}

/// A piece: its side and kind.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose it is.
    pub colour: Colour,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// The piece of `colour` and `kind`.
    pub fn new(colour: Colour, kind: Kind) -> Piece {
        Piece { colour, kind }
    }
    /// FEN letter: upper case for Red, lower case for Black.
    pub fn letter(self) -> char {
        match self.colour {
            Colour::Red => self.kind.letter(),
            Colour::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }
    /// Index 0..14 for tables keyed by piece.
    #[inline]
    pub fn index(self) -> usize {
        self.colour.index() * 7 + self.kind as usize
    }
}

/// One move: a piece goes from one square to another (capturing what stands there).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

/// What [`Position::make`] needs to take a move back.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    /// The move made.
    pub mv: Move,
    /// What it captured.
    pub captured: Option<Piece>,
    hash: u64,
}

/// Why a set of pieces is not a position of a legal game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side without its king.
    #[error("{0} has no king")]
    NoKing(&'static str),
    /// More pieces of a kind than a side starts with.
    #[error("{side} has {count} pieces `{letter}`, at most {most} are possible")]
    TooMany {
        /// The side.
        side: &'static str,
        /// The piece's FEN letter.
        letter: char,
        /// How many there are.
        count: usize,
        /// How many there can be.
        most: usize,
    },
    /// A piece on a point no legal game brings it to (a king outside its palace).
    #[error("`{letter}` on {square} is on a point that piece can never reach")]
    Unreachable {
        /// The piece's FEN letter.
        letter: char,
        /// The square's name.
        square: String,
    },
    /// The side not to move is in check.
    #[error("{0} is in check but it is not {0}'s turn (the king could be captured)")]
    WaitingInCheck(&'static str),
}

/// Pieces on the board, the side to move, and a Zobrist hash of both.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    cells: [Option<Piece>; SQUARES],
    to_move: Colour,
    kings: [Square; 2],
    hash: u64,
}

impl Position {
    /// Checks that the pieces could stand so in a legal game with `to_move` to play.
    pub fn new(
        cells: [Option<Piece>; SQUARES],
        to_move: Colour,
    ) -> Result<Position, PositionError> {
        let mut counts = [[0usize; 7]; 2];
        let mut kings = [None, None];
        for sq in Square::all() {
            let Some(piece) = cells[sq.index()] else {
                continue;
            };
            counts[piece.colour.index()][piece.kind as usize] += 1;
            if !reachable(piece, sq) {
                return Err(PositionError::Unreachable {
                    letter: piece.letter(),
                    square: format!("{}{}", (b'a' + sq.file()) as char, sq.rank()),
                });
            }
            if piece.kind == Kind::King {
                kings[piece.colour.index()] = Some(sq);
            }
        }
        for colour in Colour::BOTH {
            for kind in Kind::ALL {
                let count = counts[colour.index()][kind as usize];
                if count > kind.most() {
                    return Err(PositionError::TooMany {
                        side: colour.name(),
                        letter: Piece::new(colour, kind).letter(),
                        count,
                        most: kind.most(),
                    });
                }
            }
        }
        let kings = [
            kings[0].ok_or(PositionError::NoKing("red"))?,
            kings[1].ok_or(PositionError::NoKing("black"))?,
        ];
        let mut position = Position {
            cells,
            to_move,
            kings,
            hash: 0,
        };
        position.hash = position.full_hash();
        let waiting = to_move.opponent();
        if super::movegen::in_check(&position, waiting) {
            return Err(PositionError::WaitingInCheck(waiting.name()));
        }
        Ok(position)
    }

    /// The standard opening position, Red to move.
    pub fn start() -> Position {
        super::fen::parse(super::fen::START).expect("the start position is valid")
    }

    /// The piece on `sq`.
    #[inline]
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }
    /// Who moves.
    #[inline]
    pub fn to_move(&self) -> Colour {
        self.to_move
    }
    /// Where `colour`'s king stands.
    #[inline]
    pub fn king(&self, colour: Colour) -> Square {
        self.kings[colour.index()]
    }
    /// Zobrist hash of the pieces and the side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Every square's piece, by square index.
    pub fn cells(&self) -> &[Option<Piece>; SQUARES] {
        &self.cells
    }

    /// Makes a move of the side to move (assumed pseudo-legal: the mover's own piece goes to
    /// a square without one of its own) and passes the turn.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            mv,
            captured: self.cells[mv.to.index()],
            hash: self.hash,
        };
        self.shift(mv);
        self.to_move = self.to_move.opponent();
        self.hash ^= keys().side;
        undo
    }

    /// Takes back the move `undo` was made for.
    #[inline]
    pub fn unmake(&mut self, undo: Undo) {
        let piece = self.cells[undo.mv.to.index()].expect("a moved piece");
        self.cells[undo.mv.from.index()] = Some(piece);
        self.cells[undo.mv.to.index()] = undo.captured;
        if piece.kind == Kind::King {
            self.kings[piece.colour.index()] = undo.mv.from;
        }
        self.to_move = self.to_move.opponent();
        self.hash = undo.hash;
    }

    /// Moves a piece without passing the turn (for asking what it would attack from there).
    #[inline]
    fn shift(&mut self, mv: Move) {
        let piece = self.cells[mv.from.index()].expect("a piece on the from square");
        let k = keys();
        if let Some(captured) = self.cells[mv.to.index()] {
            self.hash ^= k.piece[captured.index()][mv.to.index()];
        }
        self.hash ^=
            k.piece[piece.index()][mv.from.index()] ^ k.piece[piece.index()][mv.to.index()];
        self.cells[mv.to.index()] = Some(piece);
        self.cells[mv.from.index()] = None;
        if piece.kind == Kind::King {
            self.kings[piece.colour.index()] = mv.to;
        }
    }

    /// The same pieces with the other side to move (for asking what that side could do).
    pub fn with_turn(&self, colour: Colour) -> Position {
        let mut p = self.clone();
        if p.to_move != colour {
            p.to_move = colour;
            p.hash ^= keys().side;
        }
        p
    }

    fn full_hash(&self) -> u64 {
        let k = keys();
        let mut h = if self.to_move == Colour::Black {
            k.side
        } else {
            0
        };
        for sq in Square::all() {
            if let Some(p) = self.cells[sq.index()] {
                h ^= k.piece[p.index()][sq.index()];
            }
        }
        h
    }
}

/// Whether a piece may ever stand on `sq` in a legal game.
fn reachable(piece: Piece, sq: Square) -> bool {
    let c = piece.colour;
    let (f, r) = (sq.file(), c_rank(c, sq));
    match piece.kind {
        Kind::King => c.in_palace(sq),
        Kind::Advisor => c.in_palace(sq) && (f + r) % 2 == 1,
        Kind::Elephant => r <= 4 && r % 2 == 0 && f % 2 == 0 && (r % 4 == 0) == (f % 4 == 2),
        // Composed positions (WXF diagram 71 has a black pawn behind its starting rank) put
        // pawns anywhere; a pawn on its own half just cannot move sideways.
        Kind::Pawn | Kind::Horse | Kind::Rook | Kind::Cannon => true,
    }
}

/// Rank of `sq` counted from side `c`'s back rank.
#[inline]
fn c_rank(c: Colour, sq: Square) -> u8 {
    match c {
        Colour::Red => sq.rank(),
        Colour::Black => RANKS - 1 - sq.rank(),
    }
}

/// Whether a pawn of `colour` on `sq` has crossed the river.
#[inline]
pub fn crossed(colour: Colour, sq: Square) -> bool {
    !colour.own_half(sq)
}

struct Keys {
    piece: [[u64; SQUARES]; 14],
    side: u64,
}

fn keys() -> &'static Keys {
    static KEYS: std::sync::OnceLock<Keys> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut piece = [[0u64; SQUARES]; 14];
        for (p, row) in piece.iter_mut().enumerate() {
            for (s, key) in row.iter_mut().enumerate() {
                *key = crate::util::hash::mix(0x7841_0000_0000 | ((p as u64) << 8) | s as u64);
            }
        }
        Keys {
            piece,
            side: crate::util::hash::mix(0x7841_FFFF_FFFF),
        }
    })
}

impl fmt::Display for Position {
    /// The board as text, Black's back rank first, `.` for an empty point.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            let row: String = (0..FILES)
                .map(|file| {
                    let sq = Square::new(file, rank).expect("on the board");
                    self.at(sq).map_or('.', Piece::letter)
                })
                .collect();
            writeln!(f, "{rank} {row}")?;
        }
        writeln!(f, "  abcdefghi  {} to move", self.to_move.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reachable_points() {
        let red = |k| Piece::new(Colour::Red, k);
        let black = |k| Piece::new(Colour::Black, k);
        let sq = |f: u8, r: u8| Square::new(f, r).unwrap();
        assert!(reachable(red(Kind::Elephant), sq(2, 0)));
        assert!(reachable(red(Kind::Elephant), sq(4, 2)));
        assert!(reachable(red(Kind::Elephant), sq(0, 2)));
        assert!(!reachable(red(Kind::Elephant), sq(2, 2)));
        assert!(!reachable(red(Kind::Elephant), sq(2, 6)));
        assert!(reachable(black(Kind::Elephant), sq(2, 9)));
        assert!(reachable(black(Kind::Elephant), sq(4, 7)));
        assert!(reachable(red(Kind::Advisor), sq(4, 1)));
        assert!(!reachable(red(Kind::Advisor), sq(4, 0)));
        assert!(reachable(black(Kind::Advisor), sq(3, 9)));
        assert!(reachable(black(Kind::Pawn), sq(8, 7)));
        assert!(!reachable(black(Kind::King), sq(4, 2)));
    }

    #[test]
    fn make_and_unmake_restore_everything() {
        let mut p = Position::start();
        let before = p.clone();
        let mv = Move::new(Square::new(7, 2).unwrap(), Square::new(7, 9).unwrap());
        let undo = p.make(mv);
        assert_eq!(p.to_move(), Colour::Black);
        assert_eq!(p.hash(), p.full_hash());
        p.unmake(undo);
        assert_eq!(p, before);
    }
}
