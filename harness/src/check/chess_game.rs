//! Chess generators and oracles: arbitrary bytes → a chess game pushed toward repetitions,
//! and the properties every chess referee must keep on it: fast referees agree with their
//! `@spec` twins at every step (legal moves, status and search state key), and a referee that claims
//! finiteness never lets a game pass the 75-move bound (150 half-moves without a capture or
//! pawn move) without ending it.

use shakmaty::uci::UciMove;
use shakmaty::{Move, Position};

use crate::chess::{uci_of, Chess, ChessSetup, Pos};
use crate::referee::{RefereeInfo, Refereed, Status};

/// Start positions the inputs choose from: the standard start, castling rights to lose,
/// en passant possible, en passant pinned, locked pawns with the clock near 100.
pub const STARTS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "4k3/2p5/1n6/3P4/8/5N2/8/4K3 b - - 0 1",
    "8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 96 50",
];

/// A decoded input: a start and one pick per step.
#[derive(Clone, Debug)]
pub struct ChessInput {
    /// The start.
    pub setup: ChessSetup,
    /// One pick per step: an index into the legal moves then.
    pub picks: Vec<u16>,
}

impl ChessInput {
    /// First byte: the start; then two bytes per pick.
    pub fn from_bytes(data: &[u8]) -> Option<ChessInput> {
        let (&start, rest) = data.split_first()?;
        let setup = ChessSetup::from_fen(STARTS[start as usize % STARTS.len()]).ok()?;
        let picks = rest
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        Some(ChessInput { setup, picks })
    }
}

/// The move a pick chooses: mostly a reversible one (so positions repeat), one in four any
/// legal move.
pub fn pick_move(pos: &Pos, pick: u16) -> Option<Move> {
    let legal = pos.legal_moves();
    let quiet: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| !pos.is_irreversible(*m))
        .collect();
    let pool: &[Move] = if pick.is_multiple_of(4) || quiet.is_empty() {
        &legal
    } else {
        &quiet
    };
    (!pool.is_empty()).then(|| pool[(pick / 4) as usize % pool.len()])
}

/// Every fast chess referee against its `@spec` twin on the input's game.
pub fn spec_agreement(input: &ChessInput) -> Result<(), super::Violation> {
    let registry = Chess::registry();
    for spec in registry.iter().filter(|r| r.id.ends_with("@spec")) {
        let fast_id = spec.id.trim_end_matches("@spec");
        if let Some(fast) = registry.iter().find(|r| r.id == fast_id) {
            pair(fast, spec, input)?;
        }
    }
    Ok(())
}

fn pair(
    fast: &RefereeInfo<Chess>,
    spec: &RefereeInfo<Chess>,
    input: &ChessInput,
) -> Result<(), String> {
    let (mut a, mut b) = ((fast.make)(), (spec.make)());
    let fault = |e: crate::referee::Fault| e.to_string();
    a.start(&input.setup).map_err(fault)?;
    b.start(&input.setup).map_err(fault)?;
    let mut pos = input.setup.start.clone();
    let mut played: Vec<String> = Vec::new();
    for pick in &input.picks {
        let (sa, sb) = (a.status().map_err(fault)?, b.status().map_err(fault)?);
        let at = || {
            format!(
                "{} vs {} from {} after {}",
                fast.id,
                spec.id,
                input.setup.fen,
                played.join(" ")
            )
        };
        if sa != sb {
            return Err(format!("status {sa} vs {sb}: {}", at()));
        }
        // The finiteness search trusts the keys as summaries of the game: both twins must
        // summarize it the same way.
        if a.state_key() != b.state_key() {
            return Err(format!("state keys differ: {}", at()));
        }
        if sa.is_over() {
            return Ok(());
        }
        let (la, lb) = (
            a.legal_plays().map_err(fault)?,
            b.legal_plays().map_err(fault)?,
        );
        if la != lb {
            return Err(format!("legal moves differ: {}", at()));
        }
        let Some(m) = pick_move(&pos, *pick) else {
            return Ok(());
        };
        let play = uci_of(m);
        a.play(&play).map_err(fault)?;
        b.play(&play).map_err(fault)?;
        pos.play_unchecked(m);
        played.push(play.to_string());
    }
    Ok(())
}

/// A game that passed the 75-move bound under a referee that claims finiteness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overdue {
    /// The referee's id.
    pub referee: String,
    /// The start position's FEN.
    pub start: String,
    /// The moves, in UCI.
    pub moves: Vec<String>,
}

/// Plies played after the picks run out, by [`stubborn_move`].
const STUBBORN: usize = 400;

/// The most stubborn play against the draw rules: a reversible move to a position not seen
/// before if there is one (no repetition rule can fire), else any reversible move, else any.
pub fn stubborn_move(pos: &Pos, seen: &std::collections::HashSet<u64>) -> Option<Move> {
    let legal = pos.legal_moves();
    let fresh = |m: &&&Move| {
        let mut after = pos.clone();
        after.play_unchecked(***m);
        !seen.contains(&crate::chess::position::fide_key(&after))
    };
    let quiet: Vec<&Move> = legal.iter().filter(|m| !pos.is_irreversible(**m)).collect();
    quiet
        .iter()
        .find(fresh)
        .or(quiet.first())
        .map(|m| **m)
        .or_else(|| legal.first().copied())
}

/// Plays the input's game under every chess referee that claims finiteness: none may be
/// still going once 150 half-moves passed without a capture or a pawn move.
pub fn termination(input: &ChessInput) -> Result<(), Overdue> {
    for info in Chess::registry().iter().filter(|r| r.claims_finite) {
        check_ends(info, input)?;
    }
    Ok(())
}

/// One referee on the input's game.
pub fn check_ends(info: &RefereeInfo<Chess>, input: &ChessInput) -> Result<(), Overdue> {
    let mut referee = (info.make)();
    let mut moves: Vec<UciMove> = Vec::new();
    let overdue = |moves: &[UciMove]| Overdue {
        referee: info.id.clone(),
        start: input.setup.fen.clone(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
    };
    if referee.start(&input.setup).is_err() {
        return Err(overdue(&moves));
    }
    let mut pos = input.setup.start.clone();
    let mut seen = std::collections::HashSet::from([crate::chess::position::fide_key(&pos)]);
    for ply in 0..input.picks.len() + STUBBORN {
        match referee.status() {
            Ok(Status::Over { .. }) => return Ok(()),
            Ok(Status::Ongoing) if pos.halfmoves() >= 150 => return Err(overdue(&moves)),
            Ok(Status::Ongoing) => {}
            Err(_) => return Err(overdue(&moves)),
        }
        let chosen = match input.picks.get(ply) {
            Some(pick) => pick_move(&pos, *pick),
            None => stubborn_move(&pos, &seen),
        };
        let Some(m) = chosen else {
            return Err(overdue(&moves));
        };
        let play = uci_of(m);
        if referee.play(&play).map_or(true, |v| !v.is_legal()) {
            return Err(overdue(&moves));
        }
        pos.play_unchecked(m);
        seen.insert(crate::chess::position::fide_key(&pos));
        moves.push(play);
    }
    Ok(())
}
