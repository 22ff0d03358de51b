//! Random cleanup-phase play under KataGo's rules, through the lock-step runner (issue 33):
//! bytes choose a start, a territory preset and a game that passes twice into the cleanup
//! phases and plays on there (ko-recapture blocks, unblock actions, once-only ko captures),
//! within [`STEP_BUDGET`] plays. The game is run through every `katago-*` referee (fast and
//! spec), and the board the runner keeps must be the referee's after every play.

use std::path::PathBuf;

use crate::case::{Case, Places};
use crate::go::rules::katago::params::{Params, NAMED};
use crate::go::rules::katago::referee::KataGoReferee;
use crate::go::score::Scoring;
use crate::go::{Go, GoPlay, GoSetup};
use crate::referee::{Referee, RefereeInfo, Status, Verdict};
use crate::runner::minimize::state_after;
use crate::runner::{run_case, Options};
use crate::Refereed;

/// Plays a game may have: the runner must end every run within it.
pub const STEP_BUDGET: usize = 64;

/// Plays in the main phase before the two passes that start the first cleanup phase, at most.
const MAIN_PHASE: usize = 24;

/// A pick below this passes; any other picks a stone play (an unblock action included).
const PASS_BELOW: u8 = 24;

/// The start of issue 33's case, where an unblock action once made the runner's board part
/// from the referees'.
const ISSUE_33: &str = r#"family = "go"
board = "5x5"
to_move = "B"
komi = 7.5
setup = """
. O O O .
O O X X O
X X X X X
X X X . X
. X . X X
"""
"#;

/// A game drawn from fuzz bytes.
#[derive(Debug, Clone)]
pub struct CleanupGame {
    /// Where it starts.
    pub setup: GoSetup,
    /// The territory preset whose legal plays it picked, without `katago-`.
    pub preset: &'static str,
    /// Its plays, each legal under `preset`.
    pub plays: Vec<GoPlay>,
    /// How many of them are unblock actions under `preset`.
    pub unblocks: usize,
}

/// First byte: the start (an empty 4×4 or 5×5 board, or issue 33's); second: the territory
/// preset; third: main-phase plays before the two passes; then one pick per play.
pub fn game(data: &[u8]) -> Option<CleanupGame> {
    let (&start, rest) = data.split_first()?;
    let (&which, rest) = rest.split_first()?;
    let (&main, picks) = rest.split_first()?;
    let territory: Vec<(&'static str, Params)> = NAMED
        .iter()
        .filter(|(_, p)| p.scoring == Scoring::Territory)
        .copied()
        .collect();
    let (preset, params) = *territory.get(which as usize % territory.len().max(1))?;
    let setup = start_position(start)?;
    let mut referee = KataGoReferee::new(format!("katago-{preset}"), params);
    referee.start(&setup).ok()?;
    let main = main as usize % MAIN_PHASE;
    let mut picks = picks.iter();
    let mut plays = Vec::new();
    let mut unblocks = 0;
    while plays.len() < STEP_BUDGET && referee.status().ok()? == Status::Ongoing {
        let play = match plays.len() {
            n if n == main || n == main + 1 => GoPlay::Pass,
            _ => pick(&mut referee, *picks.next()?)?,
        };
        if referee.play(&play).ok()? != Verdict::Legal {
            return None;
        }
        unblocks += referee.last_play_unchanged() as usize;
        plays.push(play);
    }
    Some(CleanupGame {
        setup,
        preset,
        plays,
        unblocks,
    })
}

fn start_position(byte: u8) -> Option<GoSetup> {
    match byte % 3 {
        0 => Some(GoSetup::empty(crate::Graph::grid(4, 4, false).ok()?, 2)),
        1 => Some(GoSetup::empty(crate::Graph::grid(5, 5, false).ok()?, 2)),
        _ => match crate::parse_case("issue-33.toml".as_ref(), ISSUE_33).ok()? {
            crate::AnyCase::Go(case) => Some(case.setup),
            _ => None,
        },
    }
}

fn pick(referee: &mut KataGoReferee, byte: u8) -> Option<GoPlay> {
    if byte < PASS_BELOW {
        return Some(GoPlay::Pass);
    }
    let stones: Vec<GoPlay> = referee
        .legal_plays()
        .ok()?
        .into_iter()
        .filter(|p| matches!(p, GoPlay::Stone(_)))
        .collect();
    match stones.len() {
        0 => Some(GoPlay::Pass),
        n => Some(stones[byte as usize % n]),
    }
}

/// The game's properties: after every play the runner's board ([`state_after`], the state a
/// run and a minimization keep) is the board of a referee of the game's preset; the run
/// through every `katago-*` referee ends, within the budget, with each fast referee ruling
/// as its `@spec` twin at every step. The error says which play or referee broke which.
pub fn check(game: &CleanupGame) -> Result<(), super::Violation> {
    properties(game).map_err(super::Violation)
}

fn properties(game: &CleanupGame) -> Result<(), String> {
    let registry = Go::registry();
    let id = format!("katago-{}", game.preset);
    let info = registry
        .iter()
        .find(|r| r.id == id)
        .ok_or_else(|| format!("no referee {id}"))?;
    boards_agree(game, info)?;
    let katago: Vec<&RefereeInfo<Go>> = registry
        .iter()
        .filter(|r| r.id.starts_with("katago-"))
        .collect();
    let case = Case {
        path: PathBuf::from("fuzz-cleanup.toml"),
        title: String::new(),
        comment: String::new(),
        setup: game.setup.clone(),
        plays: game.plays.clone(),
        rules: None,
        expect: Vec::new(),
        places: Places::default(),
    };
    let run = run_case(&case, &katago, &Options::default());
    if run.steps.len() != game.plays.len() {
        return Err(format!(
            "{} steps recorded for {} plays",
            run.steps.len(),
            game.plays.len()
        ));
    }
    for (i, fast) in run.referees.iter().enumerate() {
        let spec = format!("{fast}@spec");
        let Some(j) = run.referees.iter().position(|r| *r == spec) else {
            continue;
        };
        let differs = run
            .column(i)
            .zip(run.column(j))
            .position(|(a, b)| !a.same_as(b));
        if let Some(step) = differs {
            return Err(format!(
                "ply {}: {fast} rules {} but {spec} {}",
                step + 1,
                run.steps[step].rulings[i],
                run.steps[step].rulings[j]
            ));
        }
    }
    Ok(())
}

/// After each play, the runner's board is the preset's referee's.
fn boards_agree(game: &CleanupGame, info: &RefereeInfo<Go>) -> Result<(), String> {
    let params = NAMED
        .iter()
        .find(|(name, _)| *name == game.preset)
        .map(|(_, p)| *p)
        .ok_or_else(|| format!("no preset {}", game.preset))?;
    let mut referee = KataGoReferee::new(info.id.clone(), params);
    referee.start(&game.setup).map_err(|f| f.to_string())?;
    for k in 1..=game.plays.len() {
        referee
            .play(&game.plays[k - 1])
            .map_err(|f| f.to_string())?;
        let kept = state_after(&game.setup, &[info], &game.plays[..k]);
        if Some(kept.board.cells()) != referee.cells() {
            return Err(format!(
                "after ply {k} ({}) the runner's board is not {}'s",
                <Go as crate::Family>::play_text(&game.setup, &game.plays[k - 1]),
                info.id
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Explore;
    use crate::go::board::Colour;

    /// The boards after every play as the family's own notion of each play makes them, which
    /// is how the runner once kept its board.
    fn placed_boards(game: &CleanupGame) -> Vec<Vec<Colour>> {
        let mut state = Go::initial(&game.setup);
        game.plays
            .iter()
            .map(|p| {
                Go::advance(&game.setup, &mut state, p);
                state.board.cells().to_vec()
            })
            .collect()
    }

    /// The boards after every play as the preset's referee has them.
    fn referee_boards(game: &CleanupGame) -> Vec<Vec<Colour>> {
        let params = NAMED.iter().find(|(n, _)| *n == game.preset).unwrap().1;
        let mut referee = KataGoReferee::new("katago", params);
        referee.start(&game.setup).unwrap();
        game.plays
            .iter()
            .map(|p| {
                referee.play(p).unwrap();
                referee.cells().unwrap().to_vec()
            })
            .collect()
    }

    #[test]
    fn random_cleanup_games_keep_the_referees_board_where_placing_the_stone_would_not() {
        let (mut unblocked, mut parted) = (0, 0);
        for n in 0..40u32 {
            let data: Vec<u8> = (0..80u32)
                .map(|i| (n.wrapping_mul(2_654_435_761) ^ i.wrapping_mul(40_503)) as u8)
                .map(|b| b.rotate_left(n % 8))
                .collect();
            let Some(game) = game(&data) else { continue };
            check(&game).unwrap_or_else(|e| panic!("bytes {data:?}: {e}"));
            unblocked += (game.unblocks > 0) as usize;
            // The check can fail: the stone placed for an unblock action parts the boards.
            parted += (placed_boards(&game) != referee_boards(&game)) as usize;
        }
        assert!(unblocked > 0, "no game made an unblock action");
        assert!(
            parted > 0,
            "no game's boards parted under the family's own plays"
        );
    }
}
