//! Oracle: every fast referee agrees with its `@spec` twin on every step of a game.

use std::fmt;

use crate::family::Family;
use crate::go::{Go, GoPlay, GoSetup};
use crate::referee::{Referee, RefereeInfo, Refereed, Status, StepMemo};

/// Where a fast referee and its spec twin parted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The fast referee's id.
    pub fast: String,
    /// Its spec twin's id.
    pub spec: String,
    /// The plays made before the disagreement.
    pub history: Vec<GoPlay>,
    /// What they said.
    pub what: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} vs {} after {:?}: {}",
            self.fast, self.spec, self.history, self.what
        )
    }
}

/// Plays the game chosen by `picks` (indices into the fast referee's legal stone plays; a
/// pass when there is none or one pick in sixteen; an appeal one pick in eight where one is
/// allowed) through every fast/spec pair.
pub fn check_all(setup: &GoSetup, picks: &[u16]) -> Result<(), Disagreement> {
    let registry = Go::registry();
    for (fast, spec) in twins(&registry) {
        check_pair(fast, spec, setup, picks)?;
    }
    Ok(())
}

/// Like [`check_all`], for the `which`-th fast/spec pair only (modulo their number), so a
/// fuzzer spends each run on one pair and tries more games.
pub fn check_one(setup: &GoSetup, picks: &[u16], which: usize) -> Result<(), Disagreement> {
    let registry = Go::registry();
    let pairs = twins(&registry);
    match pairs.get(which % pairs.len().max(1)) {
        Some((fast, spec)) => check_pair(fast, spec, setup, picks),
        None => Ok(()),
    }
}

/// Every fast referee of `registry` with its `@spec` twin.
fn twins<F: Family>(registry: &[RefereeInfo<F>]) -> Vec<(&RefereeInfo<F>, &RefereeInfo<F>)> {
    registry
        .iter()
        .filter(|r| r.id.ends_with("@spec"))
        .filter_map(|spec| {
            let fast_id = spec.id.trim_end_matches("@spec");
            let fast = registry.iter().find(|r| r.id == fast_id)?;
            Some((fast, spec))
        })
        .collect()
}

/// One fast/spec pair on one game.
pub fn check_pair(
    fast: &RefereeInfo<Go>,
    spec: &RefereeInfo<Go>,
    setup: &GoSetup,
    picks: &[u16],
) -> Result<(), Disagreement> {
    let (mut a, mut b) = ((fast.make)(), (spec.make)());
    let mut history = Vec::new();
    let differ = |history: &Vec<GoPlay>, what: String| Disagreement {
        fast: fast.id.clone(),
        spec: spec.id.clone(),
        history: history.clone(),
        what,
    };
    match (a.start(setup).is_err(), b.start(setup).is_err()) {
        // Both refuse the game (KataGo's rules with three players): they agree.
        (true, true) => return Ok(()),
        (false, false) => {}
        _ => return Err(differ(&history, "a referee refused to start".into())),
    }
    let mut memo = StepMemo::default();
    for pick in picks {
        let legal = a.legal_plays().unwrap_or_default();
        let spec_legal = b.legal_plays().unwrap_or_default();
        if legal != spec_legal {
            return Err(differ(
                &history,
                format!("legal plays {legal:?} vs {spec_legal:?}"),
            ));
        }
        memo_agrees(a.as_mut(), &legal, &mut memo).map_err(|what| differ(&history, what))?;
        // The spec twin's plain plays are shared through the same memo in a campaign.
        memo_agrees(b.as_mut(), &spec_legal, &mut memo)
            .map_err(|what| differ(&history, format!("{}: {what}", spec.id)))?;
        let stones: Vec<GoPlay> = legal
            .iter()
            .copied()
            .filter(|p| matches!(p, GoPlay::Stone(_)))
            .collect();
        // Appeals are legal only under Kee Rules, where they lead to rescinds.
        let play = if pick % 8 == 1 && legal.contains(&GoPlay::Appeal) {
            GoPlay::Appeal
        } else if stones.is_empty() || pick % 16 == 0 {
            GoPlay::Pass
        } else {
            stones[*pick as usize % stones.len()]
        };
        let ongoing = step_pair(a.as_mut(), b.as_mut(), &play, &mut history)
            .map_err(|what| differ(&history, what.0))?;
        if !ongoing {
            break;
        }
    }
    Ok(())
}

/// The legal plays a campaign gets through a step memo (see [`Referee::legal_plays_memo`])
/// are `legal`: from `memo` as the step before left it (empty at the first step; at the
/// others made for another board), and again from the memo that call left.
fn memo_agrees<F: Family>(
    referee: &mut dyn Referee<F>,
    legal: &[F::Play],
    memo: &mut StepMemo,
) -> Result<(), String> {
    for round in ["the memo of the step before", "this step's memo"] {
        let via_memo = referee.legal_plays_memo(memo).unwrap_or_default();
        if via_memo != legal {
            return Err(format!(
                "legal plays {legal:?} vs {via_memo:?} through {round}"
            ));
        }
    }
    Ok(())
}

/// Plays `play` through both referees and records it: the difference in verdict (before
/// recording) or in status (after) if they differ, else whether the game goes on.
pub fn step_pair<F: Family>(
    a: &mut dyn Referee<F>,
    b: &mut dyn Referee<F>,
    play: &F::Play,
    history: &mut Vec<F::Play>,
) -> Result<bool, super::Violation> {
    let (va, vb) = (a.play(play).ok(), b.play(play).ok());
    if va != vb {
        return Err(super::Violation(format!("{play:?} ruled {va:?} vs {vb:?}")));
    }
    history.push(play.clone());
    let (sa, sb) = (a.status().ok(), b.status().ok());
    if sa != sb {
        return Err(super::Violation(format!("status {sa:?} vs {sb:?}")));
    }
    Ok(sa == Some(Status::Ongoing))
}
