//! How a finished game came out: counted scores in half points, wins, draws, and what a
//! count is made of.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Points in half-point units, so komi such as 6.5 is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HalfPoints(pub i64);

impl HalfPoints {
    /// `x` points, where `x` is a multiple of 0.5 (and not absurdly large).
    pub fn from_f64(x: f64) -> Option<Self> {
        let doubled = x * 2.0;
        (doubled.fract() == 0.0 && doubled.abs() < 1e15).then_some(HalfPoints(doubled as i64))
    }

    /// `x` for a message about it: as written where it is in bounds, else in exponent form
    /// (`1e300`, not its 301 digits).
    pub fn shown(x: f64) -> String {
        if x.is_finite() && x.abs() < 1e15 {
            x.to_string()
        } else {
            format!("{x:e}")
        }
    }

    /// Why [`HalfPoints::from_f64`] refuses `x`, for messages: the bound, or the half point.
    pub fn refusal(x: f64) -> &'static str {
        if !x.is_finite() || (x * 2.0).abs() >= 1e15 {
            "is outside the points rulediff counts (less than 5e14 either way)"
        } else {
            "is not a multiple of 0.5"
        }
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, half) = (self.0 / 2, self.0 % 2 != 0);
        match (half, self.0 < 0 && whole == 0) {
            (true, true) => write!(f, "-0.5"),
            (true, false) => write!(f, "{whole}.5"),
            (false, _) => write!(f, "{whole}"),
        }
    }
}

/// A counted outcome's tally and its points per seat, taken apart for a later count to
/// refill ([`Outcome::into_parts`], [`Outcome::counted_into`]).
pub type CountedParts = (Box<Tally>, Vec<(String, HalfPoints)>);

/// How a finished game came out. Player names are the family's seat names.
///
/// What counts as *the result*, for divergences and for case expectations, is its
/// [`summary`](Outcome::summary): the winner and margin (`B+4`), the draw, or the no-result.
/// The [`Tally`] of a counted game only explains it: two referees that both say `W+0.5`
/// agree even where one counted territory and prisoners and the other area.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Outcome {
    /// Counted: points per player in turn order (komi included); the ranking follows.
    Score {
        /// Each player's name and points.
        points: Vec<(String, HalfPoints)>,
        /// What the points are made of, where the referee knows (`None` for a bare margin).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tally: Option<Box<Tally>>,
    },
    /// One player wins by a rule (checkmate, perpetual check, resignation…).
    Win {
        /// The winner's name.
        winner: String,
        /// The rule that decides it (`checkmate`).
        rule: String,
    },
    /// Nobody wins, by a rule (`stalemate`, `threefold`, `jigo`).
    Draw {
        /// The rule.
        rule: String,
    },
    /// The game is void (Japanese-style cycles, a replay ordered).
    NoResult {
        /// The rule.
        rule: String,
    },
}

/// One kind of points in a counted result. A player's points are the sum of its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// The player's stones left on the board, dead ones taken off (area scoring).
    Stones,
    /// Empty points, and points of dead stones taken off, that only the player's stones
    /// surround.
    Territory,
    /// Stones the player captured during the game (territory scoring).
    Prisoners,
    /// The opponent's stones taken off as dead at the end, counted as prisoners
    /// (territory scoring).
    DeadStones,
    /// Points in seki credited to the player, where a ruleset counts them.
    Seki,
    /// Points a ruleset takes away per group (KataGo's `tax`), negative.
    Tax,
    /// The button: half a point to the first player to pass (KataGo's `button`).
    Button,
    /// Komi: points given for moving second (or later).
    Komi,
    /// White's compensation for Black's handicap stones (KataGo's `whiteHandicapBonus`,
    /// AGA).
    HandicapBonus,
    /// A program's own count, not broken down (a GTP engine's `final_score`).
    Reported,
    /// Minus one point per stone the player played in the main phase and the first cleanup
    /// phase, and per stone of the player's on the starting board (KataGo's territory
    /// scoring counts the board like area scoring, then takes these off), negative.
    Plays,
}

impl Part {
    /// Lower-case words, as in reports: `dead stones`, `handicap bonus`.
    pub fn name(self) -> &'static str {
        match self {
            Part::Stones => "stones",
            Part::Territory => "territory",
            Part::Prisoners => "prisoners",
            Part::DeadStones => "dead stones",
            Part::Seki => "seki",
            Part::Tax => "tax",
            Part::Button => "button",
            Part::Komi => "komi",
            Part::HandicapBonus => "handicap bonus",
            Part::Reported => "reported",
            Part::Plays => "plays",
        }
    }
}

/// What a counted result is made of: each player's parts, and the board as it was counted
/// (which stones were taken off as dead, which were in seki, whose point each vertex is).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Tally {
    /// How the board was counted: `area`, `territory`, or `engine` (a program's count).
    pub scoring: String,
    /// Per seat in turn order: its parts, in the order they were counted. A part that the
    /// scoring uses appears even when it is zero (prisoners 0 under territory scoring).
    pub parts: Vec<Vec<(Part, HalfPoints)>>,
    /// Stones taken off as dead before counting (vertex names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dead: Vec<String>,
    /// Stones counted as in seki (vertex names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seki: Vec<String>,
    /// Who said which stones are dead: `agreement` (the case's `dead` list), `all alive`
    /// (a ruleset that counts every stone on the board), an engine's name, ….
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub judged_by: String,
    /// One character per vertex, in vertex order: the seat name of the player the point
    /// counted for (a stone under area scoring, a territory point), `.` for none. Empty
    /// when the referee does not say.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub owners: String,
}

impl Tally {
    /// A tally for `seats` players, counted by `scoring`, with no parts yet.
    pub fn new(scoring: impl Into<String>, seats: usize) -> Self {
        Tally {
            scoring: scoring.into(),
            parts: vec![Vec::new(); seats],
            ..Tally::default()
        }
    }

    /// Makes this tally equal to `Tally::new(scoring, seats)`, keeping its lists' memory: a
    /// referee counts every game it ends, and a fresh tally's dozen allocations and frees
    /// cost as much as the count.
    pub fn reset(&mut self, scoring: &str, seats: usize) {
        self.scoring.clear();
        self.scoring.push_str(scoring);
        self.parts.truncate(seats);
        self.parts.iter_mut().for_each(Vec::clear);
        self.parts.resize_with(seats, Vec::new);
        self.dead.clear();
        self.seki.clear();
        self.judged_by.clear();
        self.owners.clear();
    }

    /// Adds `value` of `part` to `seat` (to the part already there, if any).
    pub fn add(&mut self, seat: usize, part: Part, value: HalfPoints) {
        let parts = &mut self.parts[seat];
        match parts.iter_mut().find(|(p, _)| *p == part) {
            Some((_, v)) => v.0 += value.0,
            None => parts.push((part, value)),
        }
    }

    /// The value of `part` for `seat` (zero where it has none).
    pub fn part(&self, seat: usize, part: Part) -> HalfPoints {
        self.parts
            .get(seat)
            .and_then(|parts| parts.iter().find(|(p, _)| *p == part))
            .map_or(HalfPoints(0), |(_, v)| *v)
    }

    /// A seat's points: the sum of its parts.
    pub fn total(&self, seat: usize) -> HalfPoints {
        HalfPoints(self.parts[seat].iter().map(|(_, v)| v.0).sum())
    }

    /// The kinds of part whose value differs for some seat between these tallies (a part
    /// one tally has and another lacks differs unless it is zero), in [`Part`] order.
    pub fn differing(tallies: &[&Tally]) -> Vec<Part> {
        let mut kinds: Vec<Part> = tallies
            .iter()
            .flat_map(|t| t.parts.iter().flatten().map(|(p, _)| *p))
            .collect();
        kinds.sort();
        kinds.dedup();
        let seats = tallies.iter().map(|t| t.parts.len()).max().unwrap_or(0);
        kinds
            .into_iter()
            .filter(|&kind| {
                (0..seats).any(|seat| {
                    let first = tallies.first().map(|t| t.part(seat, kind));
                    tallies.iter().any(|t| Some(t.part(seat, kind)) != first)
                })
            })
            .collect()
    }

    /// `stones 95, territory 86, komi 7.5`: one seat's parts, zero komi left out.
    pub fn describe_seat(&self, seat: usize) -> String {
        self.parts[seat]
            .iter()
            .filter(|(p, v)| !(*p == Part::Komi && v.0 == 0))
            .map(|(p, v)| format!("{} {v}", p.name()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Outcome {
    /// A counted result whose points are the sums of the tally's parts, one per seat name.
    pub fn counted(seats: &[&str], tally: Tally) -> Outcome {
        Outcome::counted_into(seats, Box::new(tally), Vec::with_capacity(seats.len()))
    }

    /// [`Outcome::counted`] with the tally boxed already and the seat names written into
    /// the strings of `points` (an earlier outcome's, see [`Outcome::into_parts`]), keeping
    /// their memory.
    pub fn counted_into(
        seats: &[&str],
        tally: Box<Tally>,
        mut points: Vec<(String, HalfPoints)>,
    ) -> Outcome {
        points.truncate(seats.len());
        for (seat, name) in seats.iter().enumerate() {
            let total = tally.total(seat);
            match points.get_mut(seat) {
                Some((kept, points)) => {
                    kept.clear();
                    kept.push_str(name);
                    *points = total;
                }
                None => points.push((name.to_string(), total)),
            }
        }
        Outcome::Score {
            points,
            tally: Some(tally),
        }
    }

    /// A counted outcome's tally and points, for a later count to refill (see
    /// [`Outcome::counted_into`]); `None` for any other outcome.
    pub fn into_parts(self) -> Option<CountedParts> {
        match self {
            Outcome::Score {
                points,
                tally: Some(tally),
            } => Some((tally, points)),
            _ => None,
        }
    }

    /// Points per player with nothing known of their parts.
    pub fn score(points: Vec<(String, HalfPoints)>) -> Outcome {
        Outcome::Score {
            points,
            tally: None,
        }
    }

    /// The parts of a counted result, where the referee gave them.
    pub fn tally(&self) -> Option<&Tally> {
        match self {
            Outcome::Score { tally, .. } => tally.as_deref(),
            _ => None,
        }
    }

    /// Compact text: `B+4`, `W+0.5`, `draw:jigo`, `white+checkmate`, `no-result:cycle`,
    /// `B=10 W=7 R=7` for more than two players.
    pub fn summary(&self) -> String {
        match self {
            Outcome::Score { points, .. } if points.len() == 2 => {
                let (a, b) = (&points[0], &points[1]);
                match a.1.cmp(&b.1) {
                    std::cmp::Ordering::Equal => "draw:jigo".to_string(),
                    std::cmp::Ordering::Greater => {
                        format!("{}+{}", a.0, HalfPoints(a.1 .0 - b.1 .0))
                    }
                    std::cmp::Ordering::Less => format!("{}+{}", b.0, HalfPoints(b.1 .0 - a.1 .0)),
                }
            }
            Outcome::Score { points, .. } => points
                .iter()
                .map(|(name, p)| format!("{name}={p}"))
                .collect::<Vec<_>>()
                .join(" "),
            Outcome::Win { winner, rule } => format!("{winner}+{rule}"),
            Outcome::Draw { rule } => format!("draw:{rule}"),
            Outcome::NoResult { rule } => format!("no-result:{rule}"),
        }
    }

    /// Does this outcome match an expectation written in a case file? The expectation is the
    /// summary or a prefix of it that ends at a separator: `B` matches `B+4`, `draw` matches
    /// `draw:threefold`.
    pub fn matches(&self, expected: &str) -> bool {
        let s = self.summary();
        s == expected
            || (s.starts_with(expected)
                && matches!(s.as_bytes().get(expected.len()), Some(b'+' | b':')))
    }

    /// Checks that `expected` is a result some outcome with these `seats` (names in turn
    /// order) could [`matches`](Outcome::matches): a case file's `result = "Q+3"` is a typo
    /// to report, not an expectation that can only fail.
    pub fn check_expected(expected: &str, seats: &[String]) -> Result<(), NotAResult> {
        if Self::expected_form(expected, seats) {
            return Ok(());
        }
        Err(NotAResult {
            expected: expected.to_string(),
            seats: seats.to_vec(),
        })
    }

    fn expected_form(expected: &str, seats: &[String]) -> bool {
        let is_seat = |s: &str| seats.iter().any(|seat| seat == s);
        for prefix in ["draw", "no-result"] {
            if let Some(rest) = expected.strip_prefix(prefix) {
                if rest.is_empty() || rest.strip_prefix(':').is_some_and(is_rule_word) {
                    return true;
                }
            }
        }
        if is_seat(expected) {
            return true;
        }
        if let Some((seat, rest)) = expected.split_once('+') {
            let margin = seats.len() == 2 && is_points(rest) && rest != "0";
            return is_seat(seat) && (margin || is_rule_word(rest));
        }
        let entries: Vec<&str> = expected.split(' ').collect();
        seats.len() > 2
            && entries.len() == seats.len()
            && entries.iter().zip(seats).all(|(entry, seat)| {
                entry
                    .strip_prefix(seat.as_str())
                    .and_then(|r| r.strip_prefix('='))
                    .is_some_and(|p| is_points(p.strip_prefix('-').unwrap_or(p)))
            })
    }

    /// Seat names ordered best first; players with equal points share a rank (same inner Vec).
    pub fn ranking(&self) -> Vec<Vec<String>> {
        match self {
            Outcome::Score { points, .. } => {
                let mut sorted: Vec<_> = points.clone();
                sorted.sort_by_key(|entry| std::cmp::Reverse(entry.1));
                let mut ranks: Vec<Vec<String>> = Vec::new();
                let mut last = None;
                for (name, p) in sorted {
                    if last == Some(p) {
                        ranks.last_mut().expect("a rank exists").push(name);
                    } else {
                        ranks.push(vec![name]);
                    }
                    last = Some(p);
                }
                ranks
            }
            Outcome::Win { winner, .. } => vec![vec![winner.clone()]],
            Outcome::Draw { .. } | Outcome::NoResult { .. } => Vec::new(),
        }
    }
}

/// A rule's name in a summary: `checkmate`, `sequence-played-three-times`.
fn is_rule_word(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_lowercase())
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Points as [`HalfPoints`] prints them (no sign): `4`, `0.5`, `12.5`.
fn is_points(text: &str) -> bool {
    let (whole, half) = match text.split_once('.') {
        Some((whole, "5")) => (whole, true),
        Some(_) => return false,
        None => (text, false),
    };
    let digits = !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit());
    let _ = half;
    digits && (whole == "0" || !whole.starts_with('0'))
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

/// A case's expected result that no outcome with its seats could match (a typo such as
/// `Q+3`); the message lists the forms a result takes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{expected}` is not a result: write {}", result_forms(seats))]
pub struct NotAResult {
    /// The result as the case writes it.
    pub expected: String,
    /// The players' names in turn order.
    pub seats: Vec<String>,
}

/// The forms a result takes with these seats, for [`NotAResult`]'s message.
fn result_forms(seats: &[String]) -> String {
    let mut forms = vec![
        format!("`{}` (who won)", seats.join("` or `")),
        format!("`{}+3.5` (by points)", seats[0]),
        format!(
            "`{}+RULE` (a win by a rule, e.g. `white+checkmate`)",
            seats[0]
        ),
        "`draw` or `draw:RULE`".to_string(),
        "`no-result` or `no-result:RULE`".to_string(),
    ];
    if seats.len() > 2 {
        let all: Vec<String> = seats.iter().map(|s| format!("{s}=1")).collect();
        forms.push(format!("`{}` (every player's points)", all.join(" ")));
    }
    forms.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(b: i64, w: i64) -> Outcome {
        Outcome::score(vec![
            ("B".into(), HalfPoints(b)),
            ("W".into(), HalfPoints(w)),
        ])
    }

    #[test]
    fn summaries() {
        assert_eq!(score(10, 2).summary(), "B+4");
        assert_eq!(score(2, 15).summary(), "W+6.5");
        assert_eq!(score(3, 3).summary(), "draw:jigo");
        assert_eq!(HalfPoints(-1).to_string(), "-0.5");
    }

    #[test]
    fn matching_is_by_prefix_at_a_separator() {
        assert!(score(10, 2).matches("B"));
        assert!(score(10, 2).matches("B+4"));
        assert!(!score(10, 2).matches("B+"));
        assert!(!score(10, 2).matches("W"));
        assert!(score(3, 3).matches("draw"));
        assert!(!Outcome::Draw { rule: "x".into() }.matches("dr"));
    }

    #[test]
    fn expected_results_are_checked_for_form() {
        let two: Vec<String> = vec!["B".into(), "W".into()];
        for good in [
            "B",
            "W+4",
            "B+0.5",
            "W+12.5",
            "draw",
            "draw:jigo",
            "no-result:cycle",
            "no-result",
            "B+resign",
        ] {
            assert_eq!(Outcome::check_expected(good, &two), Ok(()), "{good}");
        }
        for bad in [
            "Q+3",
            "B+",
            "B+0",
            "B+3.25",
            "B+03",
            "b+3",
            "draw:",
            "draw:Jigo",
            "draws",
            "",
            "B=1 W=2",
            "W+3.",
        ] {
            let error = Outcome::check_expected(bad, &two).unwrap_err().to_string();
            assert!(
                error.contains(&format!("`{bad}` is not a result")),
                "{error}"
            );
        }
        let three: Vec<String> = vec!["B".into(), "W".into(), "R".into()];
        assert_eq!(Outcome::check_expected("B=18 W=0 R=-0.5", &three), Ok(()));
        assert!(Outcome::check_expected("B=1 R=1 W=1", &three).is_err());
        assert!(Outcome::check_expected("B+3", &three).is_err());
        let chess: Vec<String> = vec!["white".into(), "black".into()];
        assert_eq!(Outcome::check_expected("white+checkmate", &chess), Ok(()));
        assert!(Outcome::check_expected("W+1", &chess).is_err());
    }

    #[test]
    fn ranking_shares_ties() {
        let o = Outcome::score(vec![
            ("B".into(), HalfPoints(4)),
            ("W".into(), HalfPoints(8)),
            ("R".into(), HalfPoints(4)),
        ]);
        assert_eq!(
            o.ranking(),
            vec![vec!["W".to_string()], vec!["B".into(), "R".into()]]
        );
    }
}
