//! Xiangqi generators and oracles: arbitrary bytes → a game (a start position from a fixed
//! list of composed positions rich in checks and chases, then moves picked from the legal
//! ones with the weights random campaigns use, which favour returning to earlier positions,
//! undoing the mover's last move, checks and attacks, so that repetitions come quickly);
//! every fast referee must agree with its `@spec` twin on it; and the FEN parser must never
//! panic and must round-trip what it accepts.

use std::fmt;

use crate::check::spec_agreement::step_pair;
use crate::family::Explore;
use crate::referee::{RefereeInfo, Refereed};
use crate::xiangqi::board::Move;
use crate::xiangqi::explore::XqState;
use crate::xiangqi::notation::Ranks;
use crate::xiangqi::{fen, Xiangqi, XqSetup};

/// Start positions: the opening and composed positions from the WXF test data (checks, a
/// chase by two pieces, cannons and chariots chasing, a king-and-pawn chase, a pinned rook).
pub const STARTS: &[&str] = &[
    fen::START,
    "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
    "2c1kab2/4a4/4b4/9/9/9/P1p5P/2r1N1cC1/4A4/3ACK3 w - - 0 1",
    "3rkabc1/4a3R/4b4/9/9/9/9/B8/1R2A4/c1BAK4 w - - 0 1",
    "2b1ka1P1/4a4/b8/p5R2/8c/7R1/P1p3p2/3rBn3/N2C2n1C/3K1NB2 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1",
    "2bak4/4a4/4b3n/p3p4/4n3p/4R4/Pr2P4/4BC1C1/3rA4/R3KAB2 w - - 0 1",
    "3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/4p4 w - - 0 1",
];

/// A decoded input: the setup and one pick per move.
#[derive(Debug, Clone)]
pub struct XqInput {
    /// The start.
    pub setup: XqSetup,
    /// One pick per move: an index into the legal moves then.
    pub picks: Vec<u16>,
}

impl XqInput {
    /// First byte: the start position; the rest: picks, two bytes each.
    pub fn from_bytes(data: &[u8]) -> Option<XqInput> {
        let (&start, rest) = data.split_first()?;
        let text = STARTS[start as usize % STARTS.len()];
        let position = fen::parse(text).expect("the listed start positions are valid");
        let picks = rest
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        Some(XqInput {
            setup: XqSetup::new(position, Ranks::ZeroToNine),
            picks,
        })
    }

    /// The input a seed gives (for property tests): `moves` picks.
    pub fn from_seed(seed: u64, moves: usize) -> XqInput {
        let mut state = seed;
        let mut bytes = Vec::with_capacity(1 + 2 * moves);
        for _ in 0..=2 * moves {
            state = crate::util::hash::mix(state);
            bytes.push(state as u8);
        }
        XqInput::from_bytes(&bytes).expect("non-empty")
    }
}

/// The move a pick chooses among `legal`, in proportion to the campaign weights.
pub fn choose(setup: &XqSetup, state: &XqState, legal: &[Move], pick: u16) -> Option<Move> {
    let weights: Vec<u32> = legal
        .iter()
        .map(|mv| Xiangqi::weight(setup, state, mv))
        .collect();
    let total: u32 = weights.iter().sum();
    if total == 0 {
        return None;
    }
    let mut at = (pick as u32 * 7919) % total;
    for (mv, w) in legal.iter().zip(weights) {
        if at < w {
            return Some(*mv);
        }
        at -= w;
    }
    None
}

/// Where a fast referee and its spec twin parted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The fast referee's id.
    pub fast: String,
    /// Its spec twin's id.
    pub spec: String,
    /// The start, as FEN.
    pub setup: String,
    /// The moves before the disagreement.
    pub history: Vec<String>,
    /// What they said.
    pub what: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} vs {} from {} after {}: {}",
            self.fast,
            self.spec,
            self.setup,
            self.history.join(" "),
            self.what
        )
    }
}

/// Every fast/spec pair of the registry on the game the input picks.
pub fn spec_agrees(input: &XqInput) -> Result<(), Disagreement> {
    let registry = Xiangqi::registry();
    for spec in registry.iter().filter(|r| r.id.ends_with("@spec")) {
        let fast_id = spec.id.trim_end_matches("@spec");
        if let Some(fast) = registry.iter().find(|r| r.id == fast_id) {
            check_pair(fast, spec, input)?;
        }
    }
    Ok(())
}

/// One fast/spec pair on one game: the same legal moves, verdicts and statuses at every step.
pub fn check_pair(
    fast: &RefereeInfo<Xiangqi>,
    spec: &RefereeInfo<Xiangqi>,
    input: &XqInput,
) -> Result<(), Disagreement> {
    let (mut a, mut b) = ((fast.make)(), (spec.make)());
    let mut history: Vec<Move> = Vec::new();
    let differ = |history: &[Move], what: String| Disagreement {
        fast: fast.id.clone(),
        spec: spec.id.clone(),
        setup: fen::format(&input.setup.start),
        history: history
            .iter()
            .map(|&m| Ranks::ZeroToNine.format(m))
            .collect(),
        what,
    };
    if a.start(&input.setup).is_err() || b.start(&input.setup).is_err() {
        return Err(differ(&history, "a referee refused to start".into()));
    }
    let mut state = Xiangqi::initial(&input.setup);
    for &pick in &input.picks {
        let mut legal = a.legal_plays().unwrap_or_default();
        let mut spec_legal = b.legal_plays().unwrap_or_default();
        legal.sort();
        spec_legal.sort();
        if legal != spec_legal {
            return Err(differ(
                &history,
                format!("legal moves {legal:?} vs {spec_legal:?}"),
            ));
        }
        let Some(mv) = choose(&input.setup, &state, &legal, pick) else {
            break;
        };
        Xiangqi::advance(&input.setup, &mut state, &mv);
        let ongoing = step_pair(a.as_mut(), b.as_mut(), &mv, &mut history)
            .map_err(|what| differ(&history, what.0))?;
        if !ongoing {
            break;
        }
    }
    Ok(())
}

/// The FEN parser on arbitrary text: an error or a position, and a position it accepts
/// formats to a FEN that parses to the same position.
pub fn fen_round_trip(text: &str) -> Result<(), super::Violation> {
    let Ok(position) = fen::parse(text) else {
        return Ok(());
    };
    let again = fen::format(&position);
    match fen::parse(&again) {
        Ok(back) if back == position => Ok(()),
        Ok(_) => Err(super::Violation(format!(
            "{text:?} formats as {again:?}, which parses differently"
        ))),
        Err(e) => Err(super::Violation(format!(
            "{text:?} formats as {again:?}, which does not parse: {e}"
        ))),
    }
}
