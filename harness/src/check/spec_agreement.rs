//! Oracle: every fast referee agrees with its `@spec` twin on every step of a game.

use std::fmt;

use crate::go::{Go, GoPlay, GoSetup};
use crate::referee::{RefereeInfo, Refereed, Status};

/// Where a fast referee and its spec twin parted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    pub fast: String,
    pub spec: String,
    /// The plays made before the disagreement.
    pub history: Vec<GoPlay>,
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
    for spec in registry.iter().filter(|r| r.id.ends_with("@spec")) {
        let fast_id = spec.id.trim_end_matches("@spec");
        if let Some(fast) = registry.iter().find(|r| r.id == fast_id) {
            check_pair(fast, spec, setup, picks)?;
        }
    }
    Ok(())
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
    if a.start(setup).is_err() || b.start(setup).is_err() {
        return Err(differ(&history, "a referee refused to start".into()));
    }
    for pick in picks {
        let legal = a.legal_plays().unwrap_or_default();
        let spec_legal = b.legal_plays().unwrap_or_default();
        if legal != spec_legal {
            return Err(differ(
                &history,
                format!("legal plays {legal:?} vs {spec_legal:?}"),
            ));
        }
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
        let (va, vb) = (a.play(&play).ok(), b.play(&play).ok());
        if va != vb {
            return Err(differ(&history, format!("{play:?} ruled {va:?} vs {vb:?}")));
        }
        history.push(play);
        let (sa, sb) = (a.status().ok(), b.status().ok());
        if sa != sb {
            return Err(differ(&history, format!("status {sa:?} vs {sb:?}")));
        }
        if sa != Some(Status::Ongoing) {
            break;
        }
    }
    Ok(())
}
