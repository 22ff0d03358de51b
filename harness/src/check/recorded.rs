//! Real games counted again: an SGF record that ends by counting (RE with a margin) is
//! replayed through the referee of its recorded rules (RU) and any others asked for, each
//! counts the final board with the dead stones the territory markup (TB, TW) implies, and
//! each result is compared with RE.

use serde::{Deserialize, Serialize};

use crate::go::explore::final_board;
use crate::go::sgf::{self, Record};
use crate::go::{Go, GoPlay, GoSetup};
use crate::referee::{HalfPoints, Outcome, RefereeInfo, Status, Verdict};

/// What RE says, read as SGF defines it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Recorded {
    /// `B+3.5`: the winner and the margin, counted.
    Score {
        /// `B` or `W`.
        winner: String,
        /// By how much.
        margin: HalfPoints,
    },
    /// `0`, `Draw`, `Jigo`.
    Draw,
    /// `Void`: no result.
    Void,
    /// A win not by counting (`B+R`, `W+Time`, `B+F`) or without a margin (`B+`); `?`.
    NotCounted {
        /// RE as written.
        text: String,
    },
}

impl Recorded {
    /// The result as rulediff writes it (`B+3.5`, `draw:jigo`), where the game was counted.
    pub fn summary(&self) -> Option<String> {
        match self {
            Recorded::Score { winner, margin } => Some(format!("{winner}+{margin}")),
            Recorded::Draw => Some("draw:jigo".into()),
            Recorded::Void | Recorded::NotCounted { .. } => None,
        }
    }
}

/// An RE value that is not a result SGF defines.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("RE[{0}] is not a result (B+3.5, W+R, 0, Void, ?)")]
pub struct NotAResult(pub String);

/// Reads RE; an unreadable one is an error naming the property.
pub fn parse_result(text: &str) -> Result<Recorded, NotAResult> {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    match lower.as_str() {
        "0" | "draw" | "jigo" | "d" => return Ok(Recorded::Draw),
        "void" => return Ok(Recorded::Void),
        "?" => return Ok(Recorded::NotCounted { text: t.into() }),
        _ => {}
    }
    let unreadable = || NotAResult(t.to_string());
    let (winner, rest) = match lower.split_once('+') {
        Some(("b", rest)) => ("B", rest),
        Some(("w", rest)) => ("W", rest),
        _ => return Err(unreadable()),
    };
    // `B+R`, `B+T`, `B+F` in SGF's words, and the longer forms programs write (`W+Time
    // Over`, `B+Illegal`): a win, not by counting.
    let Ok(margin) = rest.trim().parse::<f64>() else {
        return Ok(Recorded::NotCounted { text: t.into() });
    };
    let margin = HalfPoints::from_f64(margin)
        .filter(|m| m.0 >= 0)
        .ok_or_else(unreadable)?;
    // FF[4] writes a draw `0` or `Draw`, and `B+score` for a win by the difference; a
    // difference of 0 is equal points, so `B+0` is compared as the draw it describes.
    if margin.0 == 0 {
        return Ok(Recorded::Draw);
    }
    Ok(Recorded::Score {
        winner: winner.into(),
        margin,
    })
}

/// The preset for a record's RU, as the servers and programs that write SGF spell it.
pub fn preset_for(rules: &str) -> Option<&'static str> {
    let key: String = rules
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    Some(match key.as_str() {
        "japanese" | "jp" => "japanese",
        "korean" => "korean",
        "chinese" | "cn" => "chinese",
        "aga" => "aga",
        "newzealand" | "nz" => "new-zealand",
        "ing" | "goe" => "ing",
        "trompt" | "tromptaylor" => "tromp-taylor",
        _ => return None,
    })
}

/// One referee's count of a recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Count {
    /// The referee's id.
    pub referee: String,
    /// The result, or why there is none (an illegal play, a fault, a game not over).
    pub outcome: Result<Outcome, String>,
    /// Whether the result is RE's (None where RE or the count has no counted result).
    pub agrees: Option<bool>,
}

/// A recorded game counted by each referee.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The SGF file.
    pub file: String,
    /// The board (`19x19`).
    pub size: String,
    /// RE as written.
    pub result: String,
    /// RU as written.
    pub rules: String,
    /// The preset RU maps to, if any.
    pub preset: Option<String>,
    /// KM as counted.
    pub komi: String,
    /// HA.
    pub handicap: u32,
    /// Stones the territory markup takes as dead.
    pub dead: Vec<String>,
    /// What was adjusted to count the record (passes dropped where play resumed, passes
    /// added to end it, KM missing).
    pub notes: Vec<String>,
    /// Each referee's count.
    pub counts: Vec<Count>,
    /// Points whose markup differs from the count of the recorded rules' referee: the
    /// record's TB/TW against the points that referee counted for each colour (empty points
    /// and dead stones only).
    pub markup_differs: Vec<String>,
}

/// Why a record is not counted: it did not end by counting, or it is broken.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Skip {
    /// It did not end by counting (RE says why).
    NotCounted(String),
    /// It cannot be read or replayed: what is wrong.
    Error(String),
}

/// Counts the record in `text` (from `file`) by the preset of its RU and by `extra`.
pub fn count(
    file: &str,
    text: &str,
    registry: &[RefereeInfo<Go>],
    extra: &[&RefereeInfo<Go>],
) -> Result<Game, Skip> {
    let error = |e: String| Skip::Error(format!("{file}: {e}"));
    let game = sgf::import(text).map_err(|e| Skip::Error(e.in_file(file)))?;
    let record = &game.record;
    let re = record
        .result
        .as_deref()
        .ok_or_else(|| Skip::NotCounted(format!("{file}: no RE")))?;
    let recorded = parse_result(re).map_err(|e| error(e.to_string()))?;
    let Some(summary) = recorded.summary() else {
        return Err(Skip::NotCounted(format!("{file}: RE[{re}]")));
    };
    if !record.has_markup() {
        return Err(Skip::NotCounted(format!(
            "{file}: RE[{re}] but no territory markup (TB/TW), so the dead stones are unknown"
        )));
    }
    let rules = record.rules.clone().unwrap_or_default();
    let preset = preset_for(&rules);
    let mut referees: Vec<&RefereeInfo<Go>> = preset
        .and_then(|p| registry.iter().find(|r| r.id == p))
        .into_iter()
        .collect();
    for r in extra {
        if !referees.iter().any(|c| c.id == r.id) {
            referees.push(r);
        }
    }
    let mut setup = game.setup.clone();
    let mut notes = game.warnings.clone();
    if !record.komi_given {
        setup.komi = Some(vec![HalfPoints(0), HalfPoints(0)]);
        notes.push("no KM: komi 0".into());
    }
    let plays = resumed(&game.plays, &mut notes);
    let counts: Vec<Count> = referees
        .iter()
        .map(|info| {
            let outcome = play_out(info, &setup, &plays);
            let agrees = outcome.as_ref().ok().map(|o| o.summary() == summary);
            Count {
                referee: info.id.clone(),
                outcome,
                agrees,
            }
        })
        .collect();
    if setup.dead.is_empty() && counts.first().and_then(|c| c.agrees) == Some(false) {
        notes.push("the markup takes no stone as dead".into());
    }
    let markup_differs = counts
        .first()
        .filter(|_| preset.is_some())
        .and_then(|c| c.outcome.as_ref().ok())
        .and_then(Outcome::tally)
        .map(|tally| markup_differences(&setup, &plays, record, &tally.owners))
        .unwrap_or_default();
    let grid = setup.graph.grid_shape();
    Ok(Game {
        file: file.to_string(),
        size: grid.map_or(String::new(), |g| format!("{}x{}", g.width, g.height)),
        result: re.to_string(),
        rules,
        preset: preset.map(str::to_string),
        komi: setup
            .komi
            .as_ref()
            .map_or(String::new(), |k| HalfPoints(k[1].0 - k[0].0).to_string()),
        handicap: crate::go::rules::counting::handicap_stones(&setup),
        dead: setup
            .dead
            .iter()
            .map(|&v| setup.graph.name(v).to_string())
            .collect(),
        notes,
        counts,
        markup_differs,
    })
}

/// The plays with the passes that stopped the game dropped where play went on after them
/// (the players resumed; Japanese Rules Article 9, KGS and OGS let them): a run of k passes
/// followed by a stone keeps k mod 2 of them, so the turn order is unchanged.
fn resumed(plays: &[GoPlay], notes: &mut Vec<String>) -> Vec<GoPlay> {
    let mut out = Vec::with_capacity(plays.len());
    let mut run = 0usize;
    let mut dropped = 0usize;
    for play in plays {
        match play {
            GoPlay::Stone(_) => {
                if run >= 2 {
                    dropped += run - run % 2;
                    out.extend(std::iter::repeat_n(GoPlay::Pass, run % 2));
                } else {
                    out.extend(std::iter::repeat_n(GoPlay::Pass, run));
                }
                run = 0;
                out.push(*play);
            }
            _ => run += 1,
        }
    }
    out.extend(std::iter::repeat_n(GoPlay::Pass, run));
    if dropped > 0 {
        notes.push(format!(
            "play resumed after the game stopped: {dropped} passes dropped"
        ));
    }
    out
}

/// Plays the record through a fresh referee and passes until the game is over.
fn play_out(info: &RefereeInfo<Go>, setup: &GoSetup, plays: &[GoPlay]) -> Result<Outcome, String> {
    let mut referee = (info.make)();
    referee.start(setup).map_err(|f| f.to_string())?;
    for (i, play) in plays.iter().enumerate() {
        if let Status::Over { outcome } = referee.status().map_err(|f| f.to_string())? {
            // Passes after the end change nothing; a stone would have been play resumed,
            // which `resumed` already folded away, so one here is a real disagreement.
            if plays[i..].iter().all(|p| *p == GoPlay::Pass) {
                return Ok(outcome);
            }
            return Err(format!("over at ply {i}, before the record ends"));
        }
        match referee.play(play).map_err(|f| f.to_string())? {
            Verdict::Legal => {}
            Verdict::Illegal { rule } => return Err(format!("ply {} illegal ({rule})", i + 1)),
        }
    }
    for _ in 0..2 * setup.players + 2 {
        if let Status::Over { outcome } = referee.status().map_err(|f| f.to_string())? {
            return Ok(outcome);
        }
        referee.play(&GoPlay::Pass).map_err(|f| f.to_string())?;
    }
    match referee.status().map_err(|f| f.to_string())? {
        Status::Over { outcome } => Ok(outcome),
        Status::Ongoing => Err("not over after the record and its passes".into()),
    }
}

/// Empty points and dead stones whose owner in the record's markup is not the one counted.
fn markup_differences(
    setup: &GoSetup,
    plays: &[GoPlay],
    record: &Record,
    owners: &str,
) -> Vec<String> {
    let board = final_board(setup, plays);
    let owners = owners.as_bytes();
    let mut differs = Vec::new();
    for v in setup.graph.vertices() {
        let dead = setup.dead.contains(&v);
        if board.colour(v) != crate::go::board::EMPTY && !dead {
            continue;
        }
        let marked = if record.black_territory.contains(&v) {
            b'B'
        } else if record.white_territory.contains(&v) {
            b'W'
        } else {
            b'.'
        };
        let counted = owners.get(v as usize).copied().unwrap_or(b'.');
        if marked != counted {
            differs.push(format!(
                "{} ({} in the record, {} counted)",
                setup.graph.name(v),
                marked as char,
                counted as char
            ));
        }
    }
    differs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_sgf_writes_them() {
        let score = |w: &str, m: i64| Recorded::Score {
            winner: w.into(),
            margin: HalfPoints(m),
        };
        assert_eq!(parse_result("B+3.5"), Ok(score("B", 7)));
        assert_eq!(parse_result("W+12"), Ok(score("W", 24)));
        assert_eq!(parse_result("0"), Ok(Recorded::Draw));
        assert_eq!(parse_result("Jigo"), Ok(Recorded::Draw));
        assert_eq!(parse_result("Draw"), Ok(Recorded::Draw));
        assert_eq!(parse_result("B+0"), Ok(Recorded::Draw));
        assert_eq!(parse_result("W+0.0"), Ok(Recorded::Draw));
        assert!(matches!(
            parse_result("W+Resign"),
            Ok(Recorded::NotCounted { .. })
        ));
        assert!(matches!(
            parse_result("B+"),
            Ok(Recorded::NotCounted { .. })
        ));
        assert!(parse_result("Black wins")
            .unwrap_err()
            .to_string()
            .contains("RE[Black wins]"));
        assert!(matches!(
            parse_result("W+Time Over"),
            Ok(Recorded::NotCounted { .. })
        ));
        assert!(parse_result("White resigns.").is_err());
        assert!(parse_result("B+0.3").is_err());
        assert!(parse_result("B+-2").is_err());
    }

    #[test]
    fn resumed_play_drops_the_passes_that_stopped_it() {
        let mut notes = Vec::new();
        let s = GoPlay::Stone(3);
        let p = GoPlay::Pass;
        assert_eq!(resumed(&[s, p, p, s, p, p], &mut notes), vec![s, s, p, p]);
        assert_eq!(resumed(&[s, p, p, p, s], &mut notes), vec![s, p, s]);
        assert_eq!(resumed(&[s, p, s], &mut notes), vec![s, p, s]);
        assert_eq!(notes.len(), 2);
    }

    #[test]
    fn rules_names() {
        assert_eq!(preset_for("Japanese"), Some("japanese"));
        assert_eq!(preset_for("New Zealand"), Some("new-zealand"));
        assert_eq!(preset_for("AGA"), Some("aga"));
        assert_eq!(preset_for("Chinese"), Some("chinese"));
        assert_eq!(preset_for("Mars"), None);
    }
}
