//! What a move does in the WXF sense (Tan & Watkinson, "Complete Implementation of WXF
//! Chinese Chess Rules", sections 4.2–4.4): check, chase (with the set of chased pieces), or
//! idle. This is the fast version used by the `wxf` referees; `spec.rs` has the plain one.
//!
//! A *threat* of side A in a position is a capture A could make next that would win a piece:
//! legal for A; not by the king ("If a lone king or pawn chases a piece, the game will be
//! ruled as a draw", §4.3) nor, by default, by any pawn (Algorithm 4: "Skip king moves and pawn
//! moves"); not of the king or of a pawn still on its own side ("Pawns remaining on their side
//! of the board that did not cross the river … cannot be chased"); not an exchange ("If one
//! side can legally capture the piece but the other side cannot legally capture the piece
//! back, then it is considered a chase rather than an exchange"); and of an unprotected piece
//! (Algorithm 2: a less valuable attacker makes any victim unprotected, else the victim is
//! protected when some defender can legally recapture).
//!
//! A move *chases* the pieces it leaves under threat that the opponent's reply then saves
//! ("A chase is determined when a piece is unprotected on one turn and then protected on the
//! next turn. If the opposing player's response does nothing to thwart the capture of the free
//! piece, then it cannot be considered a chase", §4.4).

use super::super::board::{crossed, Colour, Kind, Move, Piece, Position, Square};
use super::super::movegen::{in_check, safe_for, targets};
use super::history::History;

/// Which pawns count as chasing pieces.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PawnChasers {
    /// None (Algorithm 4 skips pawn moves; WXF diagram 67: a crossed pawn chasing a cannon is
    /// a draw).
    None,
    /// Pawns across the river (the wording "chases by … an uncrossed pawn excluded").
    Crossed,
}

/// Where a cannon's screen and a rook's open line are read when asking whether a rook or
/// cannon protects the victim.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Screen {
    /// In the position before the capture (Algorithm 2 reads `occupied` before `make_move`:
    /// "The cannon and rook defending a piece is determined from the position and pieces
    /// occupied in the current position in consideration rather than the subsequent move").
    Before,
    /// After the capture, as an ordinary recapture would see it.
    After,
}

/// Whether a threat is a chase only when the opponent's reply answers it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Response {
    /// A threatened piece is chased when the reply stops at least one of the captures that
    /// threatened it ("we iterate through each possible capture move on an unprotected piece
    /// and check the opposing player's response to the capture move. If the opposing player's
    /// response to the capture is to evade the attack by moving, blocking, or protecting the
    /// piece, then we add the piece to a set of chased pieces", §4.4).
    PerCapture,
    /// A threatened piece is chased only when after the reply no free capture of it is left
    /// ("If the opposing player's response does nothing to thwart the capture of the free
    /// piece, then it cannot be considered a chase", §4.4).
    PerPiece,
    /// Every threat the move leaves counts ("chase - a move that threatens to capture a piece
    /// other than the king in the next move", §3).
    Ignored,
}

/// Which free captures after a move count as the move's threats.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Fresh {
    /// Every free capture the mover has after the move (Algorithm 5 generates all captures
    /// on unprotected pieces in the position after the move).
    Any,
    /// Only captures that were not already free before the move ("chase - a move that
    /// threatens to capture", §3, read as: the move makes the threat; Fairy-Stockfish's AXF
    /// rule counts only new attacks too).
    New,
}

/// How many pieces chased on every move make a perpetual chase.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Victims {
    /// At least one (Algorithm 7 keeps the intersection of the chased sets and calls the
    /// repetition a chase while it is not empty).
    Any,
    /// Exactly one ("a perpetual chase on a single unprotected piece other than a king … If
    /// multiple victim pieces are being chased, it is not considered a chase", §4.5).
    One,
}

/// One reading of every sentence of the paper that admits more than one.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Readings {
    /// Which pawns count as chasing pieces.
    pub pawns: PawnChasers,
    /// Where screens and open lines are read for protection.
    pub screen: Screen,
    /// Whether a threat is a chase only when the reply answers it.
    pub response: Response,
    /// Which free captures after a move are its threats.
    pub fresh: Fresh,
    /// How many pieces chased on every move make a perpetual chase.
    pub victims: Victims,
}

impl Readings {
    /// The readings the plain `wxf` referee uses.
    pub const DEFAULT: Readings = Readings {
        pawns: PawnChasers::None,
        screen: Screen::Before,
        response: Response::PerCapture,
        fresh: Fresh::Any,
        victims: Victims::Any,
    };
}

/// What one move did, for the repetition judge.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlyStatus {
    /// It gave check.
    Check,
    /// The identities (bits 0..32) of the pieces chased.
    Chase(u32),
    /// Neither check nor chase.
    Idle,
}

/// Piece values for the value rule: "If a less valuable piece is attacking a more valuable
/// piece (e.g. cannon attacks rook, knight attacks rook), then is_protected returns false".
/// Horse and cannon are worth the same, as are advisor and elephant.
pub fn value(kind: Kind) -> u8 {
    match kind {
        Kind::Pawn => 1,
        Kind::Advisor | Kind::Elephant => 2,
        Kind::Horse | Kind::Cannon => 4,
        Kind::Rook => 9,
        Kind::King => 100,
    }
}

/// Whether the piece on `from` may chase.
pub fn may_chase(piece: Piece, from: Square, r: &Readings) -> bool {
    match piece.kind {
        Kind::King => false,
        Kind::Pawn => r.pawns == PawnChasers::Crossed && crossed(piece.colour, from),
        _ => true,
    }
}

/// Whether the piece on `sq` may be chased.
pub fn may_be_chased(piece: Piece, sq: Square) -> bool {
    match piece.kind {
        Kind::King => false,
        Kind::Pawn => crossed(piece.colour, sq),
        _ => true,
    }
}

/// The captures `a` could make next in `pos` that would win a piece (see the module docs).
pub fn threats(pos: &Position, a: Colour, r: &Readings) -> Vec<Move> {
    let mut candidates = Vec::new();
    for from in Square::all() {
        let Some(attacker) = pos.at(from) else {
            continue;
        };
        if attacker.colour != a || !may_chase(attacker, from, r) {
            continue;
        }
        targets(pos, from, |to| {
            if pos.at(to).is_some_and(|v| may_be_chased(v, to)) {
                candidates.push(Move::new(from, to));
            }
        });
    }
    candidates.retain(|&mv| safe_for(pos, a, mv) && !exchange(pos, mv) && !protected(pos, mv, r));
    candidates
}

/// A capture of a piece of the attacker's own kind that can legally capture back.
pub fn exchange(pos: &Position, mv: Move) -> bool {
    let (Some(attacker), Some(victim)) = (pos.at(mv.from), pos.at(mv.to)) else {
        return false;
    };
    if attacker.kind != victim.kind {
        return false;
    }
    let back = Move::new(mv.to, mv.from);
    let mut reaches = false;
    targets(pos, mv.to, |to| reaches |= to == mv.from);
    reaches && safe_for(pos, victim.colour, back)
}

/// Whether the victim of the capture `mv` is protected (Algorithm 2).
pub fn protected(pos: &Position, mv: Move, r: &Readings) -> bool {
    let (Some(attacker), Some(victim)) = (pos.at(mv.from), pos.at(mv.to)) else {
        return false;
    };
    if value(victim.kind) > value(attacker.kind) {
        return false;
    }
    let v = victim.colour;
    let mut after = pos.clone();
    after.make(mv);
    Square::all().any(|s| {
        let Some(defender) = after.at(s) else {
            return false;
        };
        if defender.colour != v {
            return false;
        }
        let reaches = match (defender.kind, r.screen) {
            (Kind::Rook, Screen::Before) => screens_between(pos, s, mv.to) == Some(0),
            (Kind::Cannon, Screen::Before) => screens_between(pos, s, mv.to) == Some(1),
            _ => {
                let mut hit = false;
                targets(&after, s, |to| hit |= to == mv.to);
                hit
            }
        };
        reaches && safe_for(&after, v, Move::new(s, mv.to))
    })
}

/// The number of pieces strictly between two squares on one file or rank.
pub fn screens_between(pos: &Position, a: Square, b: Square) -> Option<usize> {
    let (df, dr) = (
        (b.file() as i8 - a.file() as i8).signum(),
        (b.rank() as i8 - a.rank() as i8).signum(),
    );
    if a == b || (df != 0 && dr != 0) {
        return None;
    }
    let mut count = 0;
    let mut at = a.offset(df, dr);
    while let Some(s) = at {
        if s == b {
            return Some(count);
        }
        count += pos.at(s).is_some() as usize;
        at = s.offset(df, dr);
    }
    None
}

/// The threats of `a` in position `t` as (attacker, victim) identities.
fn threatened(h: &History, t: usize, a: Colour, r: &Readings) -> Vec<(u8, u8)> {
    threats(h.position(t), a, r)
        .iter()
        .map(|mv| (h.id(t, mv.from), h.id(t, mv.to)))
        .collect()
}

/// What the move into position `t` did; the reply (move `t + 1`) must have been made.
pub fn ply_status(h: &History, t: usize, r: &Readings) -> PlyStatus {
    let pos = h.position(t);
    let v = pos.to_move();
    if in_check(pos, v) {
        return PlyStatus::Check;
    }
    let a = v.opponent();
    let mut now = threatened(h, t, a, r);
    // The start has no move into it: its threats count as new.
    if r.fresh == Fresh::New && t > 0 && !now.is_empty() {
        let before = threatened(h, t - 1, a, r);
        now.retain(|threat| !before.contains(threat));
    }
    let answered: Vec<&(u8, u8)> = if now.is_empty() || r.response == Response::Ignored {
        now.iter().collect()
    } else {
        let next = threatened(h, t + 1, a, r);
        now.iter()
            .filter(|threat| match r.response {
                Response::PerCapture => !next.contains(threat),
                _ => next.iter().all(|(_, victim)| *victim != threat.1),
            })
            .collect()
    };
    let chased = answered
        .iter()
        .fold(0u32, |set, (_, victim)| set | 1 << victim);
    if chased == 0 {
        PlyStatus::Idle
    } else {
        PlyStatus::Chase(chased)
    }
}
