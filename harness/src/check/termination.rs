//! Oracle: a ruleset that claims every game is finite really ends every game.
//!
//! The game is chosen by the picks, then goes on with the most stubborn policy there is:
//! the first legal stone play, passing only when none is legal. A finite ruleset must still
//! end it; the budget is the number of boards, (players + 1)^vertices, times the players
//! (each stone play under positional superko makes a new board, and a round of passes ends
//! the game), so a game past it is a counterexample, not bad luck.

use crate::go::{Go, GoPlay, GoSetup};
use crate::referee::{RefereeInfo, Refereed, Status};

/// The referees this oracle holds to their claim: every one that claims finiteness, except
/// the `@spec` twins. Those rescan the whole history at every step, so a stubborn game of
/// thousands of plies costs them minutes; the differential oracle holds each twin to its
/// fast version step by step instead, which carries termination over.
pub fn rulesets() -> Vec<RefereeInfo<Go>> {
    Go::registry()
        .into_iter()
        .filter(|r| r.claims_finite && !r.id.ends_with("@spec"))
        .collect()
}

/// A game that outlived its bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endless {
    /// The referee's id.
    pub referee: String,
    /// Plies played before it gave up.
    pub plies: usize,
    /// The plays the input chose, from the start.
    pub start: Vec<GoPlay>,
}

/// The ply bound for a board of `vertices` points and `players` players, if it is small
/// enough to play out (larger boards are left to the finiteness checker).
pub fn budget(vertices: usize, players: usize) -> Option<usize> {
    let boards = (players as u64 + 1).checked_pow(vertices as u32)?;
    let plies = boards.checked_mul(players as u64 + 1)?;
    (plies <= 2_000_000).then_some(plies as usize)
}

/// Plays the game for one referee; `Ok(plies)` when it ended within the budget.
pub fn check(info: &RefereeInfo<Go>, setup: &GoSetup, picks: &[u16]) -> Result<usize, Endless> {
    let Some(limit) = budget(setup.graph.len(), setup.players) else {
        return Ok(0);
    };
    let mut referee = (info.make)();
    let endless = |plies, start: &[GoPlay]| Endless {
        referee: info.id.clone(),
        plies,
        start: start.to_vec(),
    };
    if referee.start(setup).is_err() {
        // A ruleset that refuses the game (KataGo's, with three players) plays none.
        return Ok(0);
    }
    let mut start = Vec::new();
    for plies in 0..limit {
        if referee.status().map_or(true, |s| s != Status::Ongoing) {
            return Ok(plies);
        }
        let legal = referee.legal_plays().unwrap_or_default();
        let stones: Vec<GoPlay> = legal
            .into_iter()
            .filter(|p| matches!(p, GoPlay::Stone(_)))
            .collect();
        let play = match picks.get(plies) {
            Some(pick) if !stones.is_empty() && pick % 8 != 0 => {
                stones[*pick as usize % stones.len()]
            }
            Some(_) => GoPlay::Pass,
            None => stones.first().copied().unwrap_or(GoPlay::Pass),
        };
        if plies < picks.len() {
            start.push(play);
        }
        if referee.play(&play).is_err() {
            return Err(endless(plies, &start));
        }
    }
    Err(endless(limit, &start))
}
