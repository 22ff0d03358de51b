//! The referee model: one implementation of one ruleset judging a game step by step.
//!
//! Internal rulesets, external programs and library crates all implement [`Referee`].
//! What referees say ([`Verdict`], [`Status`], [`Outcome`]) is family-independent so the
//! runner and reports can compare and print it without knowing the game.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::family::Family;

/// Is the next play allowed?
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    Legal,
    /// Forbidden; `rule` is a short kebab-case id of the rule that forbids it
    /// (`occupied`, `suicide`, `ko`, `superko-positional`, …).
    Illegal {
        rule: String,
    },
}

impl Verdict {
    pub fn illegal(rule: impl Into<String>) -> Self {
        Verdict::Illegal { rule: rule.into() }
    }
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal)
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Legal => f.write_str("legal"),
            Verdict::Illegal { rule } => write!(f, "illegal({rule})"),
        }
    }
}

/// Has the game ended?
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Status {
    Ongoing,
    Over { outcome: Outcome },
}

impl Status {
    pub fn is_over(&self) -> bool {
        matches!(self, Status::Over { .. })
    }
}

/// A game's outcome so far, if it has one, as its status.
impl From<Option<Outcome>> for Status {
    fn from(outcome: Option<Outcome>) -> Status {
        match outcome {
            Some(outcome) => Status::Over { outcome },
            None => Status::Ongoing,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Over { outcome } => write!(f, "over {outcome}"),
        }
    }
}

/// Points in half-point units, so komi such as 6.5 is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct HalfPoints(pub i64);

impl HalfPoints {
    pub fn from_f64(x: f64) -> Option<Self> {
        let doubled = x * 2.0;
        (doubled.fract() == 0.0 && doubled.abs() < 1e15).then_some(HalfPoints(doubled as i64))
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
        points: Vec<(String, HalfPoints)>,
        /// What the points are made of, where the referee knows (`None` for a bare margin).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tally: Option<Box<Tally>>,
    },
    /// One player wins by a rule (checkmate, perpetual check, resignation…).
    Win {
        winner: String,
        rule: String,
    },
    Draw {
        rule: String,
    },
    /// The game is void (Japanese-style cycles, a replay ordered).
    NoResult {
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
        let points = seats
            .iter()
            .enumerate()
            .map(|(seat, name)| (name.to_string(), tally.total(seat)))
            .collect();
        Outcome::Score {
            points,
            tally: Some(Box::new(tally)),
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

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

/// Something went wrong with the referee itself, not with the game: an external engine timed
/// out, crashed, or answered garbage. Never a divergence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum Fault {
    #[error("engine timed out after {millis} ms on `{command}`")]
    Timeout { command: String, millis: u64 },
    #[error("engine exited or closed its pipe: {detail}")]
    Crashed { detail: String },
    #[error("engine answered `{reply}` to `{command}`, which makes no sense here")]
    Garbage { command: String, reply: String },
    #[error("referee cannot handle this game: {detail}")]
    Unsupported { detail: String },
}

/// One implementation of one ruleset, judging one game at a time.
///
/// Call order: [`start`](Referee::start), then any mix of [`judge`](Referee::judge),
/// [`legal_plays`](Referee::legal_plays), [`status`](Referee::status) and
/// [`play`](Referee::play).
pub trait Referee<F: Family>: Send {
    /// Kebab-case id, as on the command line (`simple-ko`, `psk+suicide`, `fide`, …).
    fn id(&self) -> &str;
    /// Begins a new game from `setup`, forgetting any previous one.
    fn start(&mut self, setup: &F::Setup) -> Result<(), Fault>;
    /// Would `play` be allowed now? Changes nothing.
    fn judge(&mut self, play: &F::Play) -> Result<Verdict, Fault>;
    /// Makes `play` if it is legal and says so; an illegal play changes nothing.
    fn play(&mut self, play: &F::Play) -> Result<Verdict, Fault>;
    /// Has the game ended, and how?
    fn status(&mut self) -> Result<Status, Fault>;
    /// Every play allowed now for the player to move.
    fn legal_plays(&mut self) -> Result<Vec<F::Play>, Fault>;

    /// The seat whose turn it is, for rulesets in which a play can change the turn order (Kee
    /// Rules: a rescinded player replaces his play, so he moves again). `None` means the
    /// family's fixed order ([`Family::seat_to_move`]) holds.
    fn seat_to_move(&self) -> Option<usize> {
        None
    }

    /// For exhaustive search: an independent copy of this referee as it stands. `None` where
    /// the referee cannot be copied (external programs).
    fn fork(&self) -> Option<Box<dyn Referee<F>>> {
        None
    }

    /// For exhaustive search: a summary of the history that decides every future ruling on
    /// legality and on the end of the game (equal keys, equal futures), written into `out`
    /// (cleared first) so a search can reuse one buffer; `false` where the referee has no
    /// such summary. Referees with a key implement this; [`state_key`](Referee::state_key)
    /// follows from it.
    fn state_key_into(&self, out: &mut Vec<u64>) -> bool {
        out.clear();
        false
    }

    /// For the solver: what of the history besides the state key decides the score of every
    /// game from here (the prisoners, under territory scoring), appended to `out`; `false`
    /// (nothing appended) where the state key decides the score alone. Legality never
    /// depends on it, so the finiteness search leaves it out: with it, a cycle that captures
    /// would never come back to the same state.
    fn score_key_into(&self, _out: &mut Vec<u64>) -> bool {
        false
    }

    /// [`state_key_into`](Referee::state_key_into) as a new vector; `None` where there is
    /// no key.
    fn state_key(&self) -> Option<Vec<u64>> {
        let mut key = Vec::new();
        self.state_key_into(&mut key).then_some(key)
    }

    /// Faults the referee recovered from since the last call (an engine restarted and the
    /// game replayed), for the run's record. Internal rulesets have none.
    fn incidents(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// The layer of the rules a disagreement is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layer {
    /// Which plays are allowed (ko or superko kind, suicide policy, a Kee reading…).
    Legality,
    /// When the game ends and how, other than by counting (passes, cycles, repetitions).
    End,
    /// How a finished game is counted (area or territory, komi, dead stones, bonuses).
    Scoring,
}

impl Layer {
    pub fn name(self) -> &'static str {
        match self {
            Layer::Legality => "legality",
            Layer::End => "end of game",
            Layer::Scoring => "scoring",
        }
    }
}

/// What a referee claims to implement, layer by layer. Two referees that claim the same
/// layer must rule the same wherever only that layer decides; a divergence between them is
/// a *defect* (one of them is wrong), while one between referees that claim different
/// things is an *expected rule difference*.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Claims {
    pub legality: String,
    pub end: String,
    pub scoring: String,
}

impl Claims {
    pub fn new(
        legality: impl Into<String>,
        end: impl Into<String>,
        scoring: impl Into<String>,
    ) -> Claims {
        Claims {
            legality: legality.into(),
            end: end.into(),
            scoring: scoring.into(),
        }
    }

    /// A ruleset known by its id alone claims, in every layer, to be that ruleset; an
    /// `@spec` twin claims what its fast twin claims.
    pub fn own(id: &str) -> Claims {
        let base = id.strip_suffix("@spec").unwrap_or(id);
        Claims::new(base, base, base)
    }

    pub fn layer(&self, layer: Layer) -> &str {
        match layer {
            Layer::Legality => &self.legality,
            Layer::End => &self.end,
            Layer::Scoring => &self.scoring,
        }
    }
}

/// A referee in a registry: its id, what it is, where its definition comes from, and how to
/// make one.
pub struct RefereeInfo<F: Family> {
    pub id: String,
    pub summary: String,
    pub source: String,
    /// Longer description for `rulediff rules --verbose`.
    pub details: String,
    /// The ruleset claims every game ends (the termination checks hold it to that).
    pub claims_finite: bool,
    /// Why every game ends, where the rules give a measure that each play decreases; the
    /// finiteness checker may settle finiteness by it (never the longest game).
    pub termination: Option<String>,
    /// What an exhaustive search that runs out of budget should add for this ruleset (why
    /// it cannot settle it, where another tool does).
    pub search_note: Option<String>,
    /// Referees with the same class allow exactly the same plays after every history (the
    /// same code with the same parameters: a preset and the ko rule it uses differ only in
    /// scoring). Campaigns ask one referee per class for its legal set; every referee is
    /// still asked about each play made and about the end of the game.
    pub legality: Option<String>,
    /// What it claims to implement, per layer (see [`Claims`]).
    pub claims: Claims,
    pub make: Box<dyn Fn() -> Box<dyn Referee<F>> + Send + Sync>,
}

impl<F: Family> RefereeInfo<F> {
    pub fn new(
        id: impl Into<String>,
        summary: impl Into<String>,
        source: impl Into<String>,
        make: impl Fn() -> Box<dyn Referee<F>> + Send + Sync + 'static,
    ) -> Self {
        let id: String = id.into();
        RefereeInfo {
            claims: Claims::own(&id),
            id,
            summary: summary.into(),
            source: source.into(),
            details: String::new(),
            claims_finite: false,
            termination: None,
            search_note: None,
            legality: None,
            make: Box::new(make),
        }
    }

    pub fn with_details(mut self, details: impl Into<String>) -> Self {
        self.details = details.into();
        self
    }

    /// Records the termination argument of a ruleset (which then claims finiteness).
    pub fn with_termination(mut self, argument: Option<&str>) -> Self {
        self.claims_finite |= argument.is_some();
        self.termination = argument.map(str::to_string);
        self
    }

    /// Records what an exhaustive search should say when its budget runs out (see
    /// [`RefereeInfo::search_note`]).
    pub fn with_search_note(mut self, note: Option<&str>) -> Self {
        self.search_note = note.map(str::to_string);
        self
    }

    /// Records the legality class (see [`RefereeInfo::legality`]).
    pub fn with_legality(mut self, class: impl Into<String>) -> Self {
        self.legality = Some(class.into());
        self
    }

    /// Records what the referee claims to implement (see [`Claims`]).
    pub fn with_claims(mut self, claims: Claims) -> Self {
        self.claims = claims;
        self
    }

    /// Records whether the ruleset claims every game is finite.
    pub fn finite(mut self, claims_finite: bool) -> Self {
        self.claims_finite = claims_finite;
        self
    }
}

/// Picks referees from a registry by a `--rules` list: comma-separated tokens, each `all`,
/// an id, or a pattern with `*` wildcards (`kee*`, `*@spec`); a token prefixed with `-`
/// removes what it matches (`all,-*@spec` is every referee but the spec twins). Referees
/// come in the order the tokens first name them. A token that names nothing is an error, and
/// so is a list that leaves no referee (`''`, `-all`): a run with no referee checks nothing.
pub fn select<'a, F: Family>(
    registry: &'a [RefereeInfo<F>],
    spec: &str,
) -> Result<Vec<&'a RefereeInfo<F>>, String> {
    let chosen = select_tokens(registry, spec, true)?;
    if chosen.is_empty() {
        return Err(format!(
            "--rules `{spec}` selects no {} referee; `rulediff rules` lists them",
            F::NAME
        ));
    }
    Ok(chosen)
}

/// The first ids of a registry, for an error message (there are hundreds).
fn some_ids<F: Family>(registry: &[RefereeInfo<F>]) -> String {
    const SHOWN: usize = 12;
    let ids: Vec<&str> = registry.iter().map(|r| r.id.as_str()).collect();
    match ids.len() {
        n if n > SHOWN => format!(
            "{}, … ({n} in all; `rulediff rules` lists them)",
            ids[..SHOWN].join(", ")
        ),
        _ => ids.join(", "),
    }
}

/// As [`select`], but tokens that name no referee of this family are ignored (a `--rules`
/// list given to a run over cases of several families).
pub fn select_own<'a, F: Family>(
    registry: &'a [RefereeInfo<F>],
    spec: &str,
) -> Vec<&'a RefereeInfo<F>> {
    select_tokens(registry, spec, false).unwrap_or_default()
}

fn select_tokens<'a, F: Family>(
    registry: &'a [RefereeInfo<F>],
    spec: &str,
    strict: bool,
) -> Result<Vec<&'a RefereeInfo<F>>, String> {
    let mut chosen: Vec<&RefereeInfo<F>> = Vec::new();
    for token in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (remove, pattern) = match token.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let hits: Vec<&RefereeInfo<F>> = registry
            .iter()
            .filter(|r| rule_matches(pattern, &r.id))
            .collect();
        if hits.is_empty() && strict {
            return Err(format!(
                "unknown referee `{pattern}` for {}; known: {}",
                F::NAME,
                some_ids(registry)
            ));
        }
        if remove {
            chosen.retain(|c| !hits.iter().any(|h| h.id == c.id));
        } else {
            for hit in hits {
                if !chosen.iter().any(|c| c.id == hit.id) {
                    chosen.push(hit);
                }
            }
        }
    }
    Ok(chosen)
}

/// Does one `--rules` token (without its `-`) name referee `id`? `all` names every referee;
/// `*` matches any run of characters.
pub fn rule_matches(pattern: &str, id: &str) -> bool {
    if pattern == "all" {
        return true;
    }
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = id.strip_prefix(first) else {
        return false;
    };
    let tail: Vec<&str> = parts.collect();
    let Some((last, middle)) = tail.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// A family with referees: the registry the command line picks from.
pub trait Refereed: Family {
    /// Referees a run uses when neither the command line nor the case names any.
    const DEFAULT_RULES: &'static str;
    /// Every referee of this family, by id.
    fn registry() -> Vec<RefereeInfo<Self>>;
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
    fn rule_patterns() {
        assert!(rule_matches("all", "psk"));
        assert!(rule_matches("psk", "psk"));
        assert!(!rule_matches("psk", "psk+suicide"));
        assert!(rule_matches("psk*", "psk+suicide"));
        assert!(rule_matches("*@spec", "psk@spec"));
        assert!(!rule_matches("*@spec", "psk"));
        assert!(rule_matches("k*e", "kee"));
        assert!(!rule_matches("ab*ba", "aba"));
        assert!(rule_matches("*", ""));
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
