//! KataGo's rules, every parameter, as KataGo's source runs them (`cpp/game/rules.h`,
//! `rules.cpp`, `boardhistory.cpp` and `board.cpp` of lightvector/KataGo, commit
//! 6a1fc5de9fc253723ac475a0683bf0b9d9b7bd19) and its rules page describes them
//! (lightvector.github.io/KataGo/rules.html, version 2).
//!
//! - [`params`]: ko rule, scoring, tax, suicide, button, handicap bonus, friendly passing,
//!   komi; KataGo's named rulesets.
//! - [`ko`]: basic ko, superko, the ko hash and its history, the no-result rule.
//! - [`end`]: consecutive passes, Spight's pass ending, the button, which phase ends the game.
//! - [`encore`]: the cleanup phases' ko-recapture blocks, unblock actions and once-only ko
//!   captures.
//! - [`scoring`]: the count, with independent-life regions for the tax rules.
//! - [`referee`]: the fast referee; [`spec`]: its twin, recomputing everything from the whole
//!   history by the page's wording.
//!
//! Where the page and the source differ, the source is followed (it is what KataGo runs):
//! 1. Ko rules: the page has simple, positional and situational; the source also has
//!    `KO_SPIGHT` (superko over positions since the last pass; two passes do not end the
//!    main phase, only a pass from a position the same player already passed from does).
//! 2. Scoring: the page removes stones inside the opponent's pass-alive territory before
//!    counting only "if SelfPlayOpts is Enabled"; the source always does (`calculateArea`
//!    gives pass-alive territory to its owner, stones in it included).
//! 3. The page's "SelfPlayOpts" ending (the game ends when every point is pass-alive) is
//!    not part of `BoardHistory::makeBoardMoveAssumeLegal`; KataGo's self-play calls
//!    `endGameIfAllPassAlive` itself. It is not a rule here.
//! 4. Territory scoring: the page counts captures, plays in the second cleanup phase and
//!    stones changed in it; the source counts the board like area scoring and takes a point
//!    off per stone played in the main phase and first cleanup phase, and per stone on the
//!    starting board (`whiteBonusScore`), the page's "equivalent formulation" — which differs
//!    from the first one on a board that does not start empty.
//! 5. The page describes no handicap; the source gives White `whiteHandicapBonus` points for
//!    a starting board of two or more black stones and no white stone, whoever moves first.
//! 6. The button: when a game ends with the button untaken (no pass in the main phase: a
//!    no-result never counts, so only a count by other means), the source gives it to the
//!    player to move; the page is silent.
//! 7. Unblock actions are written as plays (the page's footnote 7): a play on a blocked lone
//!    opponent stone in atari, or a play that would capture one as a ko.
//! 8. Named rulesets (not on the page): `new-zealand` has komi 7 and `stone-scoring` no
//!    handicap bonus in the source.
//!
//! KataGo is a two-player program: a game of three or more players is refused at start.

pub mod encore;
pub mod end;
pub mod ko;
pub mod params;
pub mod referee;
pub mod scoring;
pub mod spec;

use crate::go::{Go, GoSetup};
use crate::referee::{Fault, RefereeInfo};
use params::{KoRule, Params, NAMED};
use referee::KataGoReferee;
use spec::KataGoSpec;

fn not_started() -> Fault {
    Fault::Unsupported {
        detail: "referee asked about a game before start".into(),
    }
}

/// KataGo is two-player only.
fn check_players(setup: &GoSetup) -> Result<(), Fault> {
    if setup.players == 2 {
        Ok(())
    } else {
        Err(Fault::Unsupported {
            detail: format!(
                "KataGo's rules are for two players (Black and White); this game has {}",
                setup.players
            ),
        })
    }
}

const SOURCE: &str = "KataGo, cpp/game/rules.cpp (Rules::parseRulesHelper) and cpp/game/boardhistory.cpp, commit 6a1fc5de; rules page version 2 (lightvector.github.io/KataGo/rules.html)";

/// Named KataGo rulesets that collide with no preset of ours, also registered bare.
const BARE: [&str; 6] = [
    "chinese-ogs",
    "chinese-kgs",
    "stone-scoring",
    "ancient-territory",
    "bga",
    "aga-button",
];

const TERMINATION: &str = "between two passes no state occurs three times under simple ko (the third voids the game) and none twice under superko; each player passes from each state at most once before such a pass ends the phase (simple ko, Spight, cleanup) or two passes end it; there are finitely many states and at most three phases";

fn summary(name: &str, params: &Params) -> String {
    format!(
        "KataGo `{name}`: {} ko, {} scoring{}{}",
        params.ko.name(),
        params.scoring.name(),
        if params.tax == params::Tax::None {
            String::new()
        } else {
            format!(", {} tax", params.tax.name())
        },
        if params.button { ", button" } else { "" }
    )
}

fn details(params: &Params) -> String {
    let ko = match params.ko {
        KoRule::Simple => "Simple ko: a basic-ko recapture is illegal; a repetition does not end the game. The main phase also ends when a player passes from a state (board, player to move) he already passed from, and the game ends without result when a stone play makes a state for the third time since the last pass.",
        KoRule::Positional => "Positional superko: a stone play may not recreate any earlier board (the history is cleared when the button is taken).",
        KoRule::Situational => "Situational superko: a stone play may not recreate any earlier board with the same player to move, passes included.",
        KoRule::Spight => "Spight ko: a stone play may not recreate a board seen since the last pass; two passes do not end the main phase, only a pass from a board the same player already passed from does.",
    };
    let scoring = match params.scoring {
        crate::go::score::Scoring::Area => "Area scoring by pass-alive areas: stones and empty regions bordered by one colour, with stones inside the opponent's pass-alive territory counted for the opponent; no agreement on dead stones (capture them before passing).",
        crate::go::score::Scoring::Territory => "Territory scoring with two cleanup phases after the main phase (ko-recapture blocks, unblock actions, once-only ko captures); the board is counted like area scoring (no points in seki under the seki tax) minus one point per stone played in the main phase and first cleanup phase.",
    };
    format!(
        "{}.\n{ko}\n{scoring}\nfriendlyPassOk only guides KataGo's search; it changes no ruling. Page-vs-source differences: see docs/katago.md.",
        params.describe()
    )
}

/// The `katago-*` presets (and the bare aliases), fast, and their `@spec` twins.
pub fn registry() -> Vec<RefereeInfo<Go>> {
    let mut all = Vec::new();
    for (name, params) in NAMED {
        let mut ids = vec![format!("katago-{name}")];
        if BARE.contains(&name) {
            ids.push(name.to_string());
        }
        for id in ids {
            let made = id.clone();
            all.push(
                RefereeInfo::new(id, summary(name, &params), SOURCE, move || {
                    Box::new(KataGoReferee::new(made.clone(), params))
                })
                .with_details(details(&params))
                .with_termination(Some(TERMINATION))
                .with_legality(params.legality_class()),
            );
        }
        let spec_id = format!("katago-{name}@spec");
        let made = spec_id.clone();
        all.push(
            RefereeInfo::new(
                spec_id.clone(),
                format!("Spec of katago-{name} (whole-history recomputation from the rules page)"),
                SOURCE,
                move || Box::new(KataGoSpec::new(made.clone(), params)),
            )
            .with_details(details(&params))
            .with_termination(Some(TERMINATION))
            .with_legality(spec_id),
        );
    }
    all
}
