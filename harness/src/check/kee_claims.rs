//! Kee's claims as checks, on random games drawn from a seed (random small graph, 2–4
//! players), for every reading ([`crate::go::rules::kee::VARIANTS`]) and two player policies.
//!
//! - Claim 3, "a game always ends in a finite number of plays": a game whose state (the fast
//!   referee's exact state key) comes round again can repeat that stretch for ever — a lasso,
//!   which refutes the claim; a game still going at [`ply_budget`] is flagged as suspiciously
//!   long (the exhaustive search of `rulediff finite` is what settles finiteness).
//! - Claim 4, "a game always ends by consecutive passes of all players, with each player
//!   passing once": when the game ends, its last play is a pass and the passes after the last
//!   stone play of the live game (the game as rule 14 restarts it) are one per player.
//! - Claim 5, "a game always ends with one single board for a definite score": the result is a
//!   count of the live board, which an observer rebuilds independently (plain boards, taking a
//!   stone play back whenever the referee gives the passer the move again).
//! - Claim 6, "unless the player who placed the last stone is himself bounded by an immediate
//!   cycle prohibition, none of his opponent(s) shall be": at the end, if the player of the
//!   last live stone play could not appeal, no opponent of his could (an opponent is "bound"
//!   when rule 12 would let him appeal).
//!
//! Policies: [`Policy::AnyPlay`] picks any legal play (weighted toward captures, so positions
//! repeat); [`Policy::AppealWhenBound`] is the same player who, when he passes and may appeal,
//! always appeals. Which claim holds under which reading and policy is [`expected`], which the
//! tests and the `kee_claims` fuzz target hold the referees to.

use std::collections::HashMap;
use std::fmt;

use rand::distributions::{Distribution, WeightedIndex};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::go::board::Colour;
use crate::go::regions::plain_play;
use crate::go::rules::kee::fast::KeeReferee;
use crate::go::rules::kee::spec::KeeSpec;
use crate::go::rules::kee::{axes, Reading, Variant, VARIANTS};
use crate::go::score::{score, Count, Scoring};
use crate::go::{colour_of, random, GoPlay, GoSetup};
use crate::referee::{Outcome, Referee, Status};

/// A Kee referee the claims are checked under: a named reading or any combination of the
/// axes (`kee[…]`), by its id.
#[derive(Debug, Clone, PartialEq)]
pub struct Subject {
    /// The referee id (a named reading or `kee[…]`).
    pub id: String,
    /// The reading the id names.
    pub reading: Reading,
}

impl From<&Variant> for Subject {
    fn from(variant: &Variant) -> Self {
        Subject {
            id: variant.id.to_string(),
            reading: variant.reading,
        }
    }
}

impl Subject {
    /// The combination `reading`, under its id ([`axes::id_of`]).
    pub fn of(reading: Reading) -> Self {
        Subject {
            id: axes::id_of(&reading),
            reading,
        }
    }
}

/// How the random players choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Policy {
    /// Any legal play.
    AnyPlay,
    /// Any legal play, but a pass is an appeal whenever an appeal is allowed.
    AppealWhenBound,
}

impl Policy {
    /// Both policies, in the tables' order.
    pub const ALL: [Policy; 2] = [Policy::AnyPlay, Policy::AppealWhenBound];

    /// The policy as the tables name it.
    pub fn name(self) -> &'static str {
        match self {
            Policy::AnyPlay => "any legal play",
            Policy::AppealWhenBound => "appeal whenever you may",
        }
    }
}

/// The claims checked here, by their number in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Claim {
    /// Claim 3: a game always ends in a finite number of plays.
    Finite = 3,
    /// Claim 4: a game ends by one pass of each player in a row.
    EndsByPasses = 4,
    /// Claim 5: a game ends with a single board to score.
    OneBoard = 5,
    /// Claim 6 as written: at the end, no opponent of the last stone's player is bound by
    /// an immediate cycle prohibition unless that player is.
    NoOpponentBound = 6,
    /// Claim 6 read at each player's own pass: see [`Claim::text`].
    NoOpponentBoundAtPass = 7,
}

impl Claim {
    /// Every claim, in the order of the text.
    pub const ALL: [Claim; 5] = [
        Claim::Finite,
        Claim::EndsByPasses,
        Claim::OneBoard,
        Claim::NoOpponentBound,
        Claim::NoOpponentBoundAtPass,
    ];

    /// The claim's number in the text, and the reading for claim 6: `6` literally ("when a
    /// game ends"), `6-at-pass` at each player's own last pass.
    pub fn label(self) -> &'static str {
        match self {
            Claim::Finite => "3",
            Claim::EndsByPasses => "4",
            Claim::OneBoard => "5",
            Claim::NoOpponentBound => "6",
            Claim::NoOpponentBoundAtPass => "6-at-pass",
        }
    }

    /// The claim's column in the tables, naming claim 6's reading.
    pub fn column(self) -> &'static str {
        match self {
            Claim::Finite => "claim 3 (endless)",
            Claim::EndsByPasses => "claim 4",
            Claim::OneBoard => "claim 5",
            Claim::NoOpponentBound => "claim 6 literal (at the end)",
            Claim::NoOpponentBoundAtPass => "claim 6 at own pass",
        }
    }

    /// The claim as the text states it (for claim 6 at a pass: the reading, with the
    /// sentence it rests on).
    pub fn text(self) -> &'static str {
        match self {
            Claim::Finite => "a game always ends in a finite number of plays",
            Claim::EndsByPasses => {
                "a game always ends by consecutive passes of all players, with each player passing once"
            }
            Claim::OneBoard => "a game always ends with one single board for a definite score",
            Claim::NoOpponentBound => {
                "when a game ends, unless the player who placed the last stone is himself bounded by an immediate cycle prohibition, none of his opponent(s) shall be"
            }
            // Rule 12 says when being bound matters: "When making a pass play, a player may
            // choose to appeal if ... it is prohibited for him". Read so, claim 6 asks whether
            // each player was bound when he made his own pass of the final round, not at the
            // end (after the others' passes have changed rule 11's exceptions).
            Claim::NoOpponentBoundAtPass => {
                "when a game ends, unless the player who placed the last stone was himself bound by an immediate cycle prohibition when he made his own final pass, none of his opponent(s) was bound when he made his (the reading \"at his own pass\", after rule 12: \"When making a pass play, a player may choose to appeal if ...\")"
            }
        }
    }
}

/// Which reading of claim 6 a run asks (`kee-claims --claim6`): the sentence "When a game
/// ends, ... none of his opponent(s) shall be bounded" read at the end of the game
/// (literally), at each player's own final pass (after rule 12), or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Claim6 {
    /// "When a game ends": boundness read once the game is over.
    Literal,
    /// Boundness read when each player made his own final pass.
    AtOwnPass,
    /// Both readings, side by side.
    #[default]
    Both,
}

impl Claim6 {
    /// The claims a run with this reading checks, in the order of the text.
    pub fn claims(self) -> Vec<Claim> {
        Claim::ALL
            .into_iter()
            .filter(|c| {
                !matches!(
                    (self, c),
                    (Claim6::Literal, Claim::NoOpponentBoundAtPass)
                        | (Claim6::AtOwnPass, Claim::NoOpponentBound)
                )
            })
            .collect()
    }
}

/// What random games are expected to show about a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// No random game may violate it.
    Holds,
    /// Random games do violate it (the tests demand that they find a violation).
    Fails,
    /// Not held either way by random games.
    Open,
}

/// What each claim does under each reading and policy, as the random games found and the
/// reasons in the README explain:
/// - claim 3: under every reading that keeps the record, stone plays must stop (rule 11's
///   exceptions need a witness opponent who never passes again, whom rule 11 then stops from
///   making stone plays for ever) and rescinds only shrink the live game; under
///   `kee:rescind-erases` `rulediff finite` finds endless games, which random play may or may
///   not stumble on;
/// - claim 4 fails only where a rescind restarts the round of passes (the live game then ends
///   with one player's pass twice in its final run);
/// - claim 5 holds by construction of rules 13–15 (the live board is the one counted);
/// - claim 6 fails under both policies and every reading: a player's pass breaks his
///   opponent's exception 11(b), so the last pass of the game can bind an opponent who was
///   free when he passed himself.
///
/// Claim 6 at each player's own pass is not held either way ([`Expect::Open`]): the table of
/// `rulediff kee-claims` shows under which readings random games break it.
pub fn expected(variant: &str, policy: Policy, claim: Claim) -> Expect {
    let _ = policy;
    match claim {
        Claim::NoOpponentBoundAtPass => Expect::Open,
        Claim::Finite if variant == "kee:rescind-erases" => Expect::Open,
        Claim::Finite | Claim::OneBoard => Expect::Holds,
        Claim::EndsByPasses if variant == "kee:rescind-restarts-round" => Expect::Fails,
        Claim::EndsByPasses => Expect::Holds,
        Claim::NoOpponentBound => Expect::Fails,
    }
}

/// A claim that failed on one game.
#[derive(Debug, Clone)]
pub struct Violation {
    /// The claim violated.
    pub claim: Claim,
    /// The referee id (a named reading or `kee[…]`).
    pub variant: String,
    /// The reading the referee plays by.
    pub reading: Reading,
    /// How the random players chose.
    pub policy: Policy,
    /// The start of the game.
    pub setup: GoSetup,
    /// The game's plays from the start, up to where the claim failed.
    pub plays: Vec<GoPlay>,
    /// What broke the claim, in words.
    pub what: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plays: Vec<String> = self
            .plays
            .iter()
            .map(|p| <crate::go::Go as crate::family::Family>::play_text(&self.setup, p))
            .collect();
        write!(
            f,
            "claim {} under {} ({}) on {} with {} players: {}; plays: {}",
            self.claim.label(),
            self.variant,
            self.policy.name(),
            self.setup.graph.description(),
            self.setup.players,
            self.what,
            plays.join(" ")
        )
    }
}

/// Plies after which a random game is suspiciously long. Random games on these boards end
/// within about 40 plies per point and player (41 was the most in 4,000 seeds × every reading
/// and policy); five times that is suspicious.
pub fn ply_budget(vertices: usize, players: usize) -> usize {
    200 * vertices * players
}

/// One random game's start: an empty random small graph for 2–4 players, and the generator
/// for its plays. The same seed gives the same game for every reading and policy.
pub fn start(seed: u64) -> (GoSetup, ChaCha8Rng) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = rng.gen_range(2..=4);
    let setup = random::setup(&mut rng, players);
    (setup, rng)
}

/// How much the random player likes a play: captures (which open repetitions) most.
fn weight(board: &[Colour], setup: &GoSetup, seat: usize, play: GoPlay) -> u32 {
    match play {
        GoPlay::Stone(v) => {
            if plain_play(&setup.graph, board, v, colour_of(seat)).captured > 0 {
                8
            } else {
                3
            }
        }
        GoPlay::Pass => 2,
        GoPlay::Appeal => 3,
    }
}

/// Plays one random game under `reading` and `policy` until it ends or reaches the budget.
pub fn play(
    reading: Reading,
    policy: Policy,
    setup: &GoSetup,
    rng: &mut ChaCha8Rng,
) -> Vec<GoPlay> {
    let mut referee = KeeReferee::new("kee", reading);
    let mut plays = Vec::new();
    if referee.start(setup).is_err() {
        return plays;
    }
    let budget = ply_budget(setup.graph.len(), setup.players);
    while plays.len() < budget && referee.status().is_ok_and(|s| s == Status::Ongoing) {
        let legal = referee.legal_plays().unwrap_or_default();
        let seat = referee.seat_to_move().unwrap_or(0);
        let board = referee
            .board()
            .map(|b| b.cells().to_vec())
            .unwrap_or_default();
        let weights: Vec<u32> = legal
            .iter()
            .map(|&p| weight(&board, setup, seat, p))
            .collect();
        let Ok(index) = WeightedIndex::new(&weights) else {
            break;
        };
        let mut choice = legal[index.sample(rng)];
        if policy == Policy::AppealWhenBound
            && choice == GoPlay::Pass
            && legal.contains(&GoPlay::Appeal)
        {
            choice = GoPlay::Appeal;
        }
        if referee.play(&choice).map_or(true, |v| !v.is_legal()) {
            break;
        }
        plays.push(choice);
    }
    plays
}

/// The live game as an observer sees it: plain boards, a stone play taken back whenever the
/// referee's live game lost one on a pass (rule 13; under `turn=next` the next player moves
/// after a rescind, so who moves next cannot tell).
struct Observer {
    cells: Vec<Colour>,
    /// Live plays: seat, play, board before.
    live: Vec<(usize, GoPlay, Vec<Colour>)>,
    to_move: usize,
}

impl Observer {
    fn new(setup: &GoSetup) -> Self {
        Observer {
            cells: setup.stones.clone(),
            live: Vec::new(),
            to_move: setup.to_move,
        }
    }

    fn observe(&mut self, setup: &GoSetup, play: GoPlay, next: usize, rescinded: bool) {
        let mover = self.to_move;
        let before = self.cells.clone();
        match play {
            GoPlay::Stone(v) => {
                self.cells = plain_play(&setup.graph, &before, v, colour_of(mover)).cells;
                self.live.push((mover, play, before));
            }
            _ if rescinded => {
                if let Some(at) = self
                    .live
                    .iter()
                    .rposition(|e| matches!(e.1, GoPlay::Stone(_)))
                {
                    self.cells = self.live[at].2.clone();
                    self.live.truncate(at);
                }
            }
            _ => self.live.push((mover, play, before)),
        }
        self.to_move = next;
    }

    fn last_stone_player(&self) -> Option<usize> {
        self.live
            .iter()
            .rev()
            .find(|e| matches!(e.1, GoPlay::Stone(_)))
            .map(|e| e.0)
    }
}

/// What one game showed.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The claims the game broke (empty: none).
    pub violations: Vec<Violation>,
    /// The game reached [`ply_budget`] without ending.
    pub long: bool,
}

/// Replays `plays` under `variant` and checks every claim on how the game went. A game the
/// policy would not play (a pass where an appeal was allowed, under
/// [`Policy::AppealWhenBound`]) shows nothing.
pub fn check(subject: &Subject, policy: Policy, setup: &GoSetup, plays: &[GoPlay]) -> Checked {
    let violation = |claim: Claim, what: String| Violation {
        claim,
        variant: subject.id.clone(),
        reading: subject.reading,
        policy,
        setup: setup.clone(),
        plays: plays.to_vec(),
        what,
    };
    let mut checked = Checked::default();
    let mut referee = KeeReferee::new(subject.id.clone(), subject.reading);
    let mut observer = Observer::new(setup);
    // Per seat: was he bound when he made his latest pass (claim 6 at his own pass)?
    let mut bound_at_pass: Vec<Option<bool>> = vec![None; setup.players];
    if referee.start(setup).is_err() {
        return checked;
    }
    let mut states: HashMap<Vec<u64>, usize> = HashMap::new();
    for (i, &play) in plays.iter().enumerate() {
        if let Some(key) = referee.state_key() {
            if let Some(&earlier) = states.get(&key) {
                let what = format!("the state after ply {earlier} comes back after ply {i}");
                checked.violations.push(violation(Claim::Finite, what));
                return checked;
            }
            states.insert(key, i);
        }
        if policy == Policy::AppealWhenBound
            && play == GoPlay::Pass
            && referee.judge(&GoPlay::Appeal).is_ok_and(|v| v.is_legal())
        {
            // Not a game this policy plays (a minimizer's candidate): nothing to check.
            return Checked::default();
        }
        if !matches!(play, GoPlay::Stone(_)) {
            if let Some(seat) = referee.seat_to_move() {
                bound_at_pass[seat] = Some(referee.bound(seat));
            }
        }
        let live = referee.live_stones();
        if referee.play(&play).map_or(true, |v| !v.is_legal()) {
            let what = format!("{play:?} was refused on replay");
            checked.violations.push(violation(Claim::OneBoard, what));
            return checked;
        }
        let rescinded = referee.live_stones() < live;
        observer.observe(setup, play, referee.seat_to_move().unwrap_or(0), rescinded);
    }
    let outcome = match referee.status() {
        Ok(Status::Over { outcome }) => outcome,
        _ => {
            checked.long = plays.len() >= ply_budget(setup.graph.len(), setup.players);
            return checked;
        }
    };
    let found = [
        (Claim::EndsByPasses, ends_by_passes(setup, &observer, plays)),
        (Claim::OneBoard, one_board(setup, &observer, &outcome)),
        (
            Claim::NoOpponentBound,
            no_opponent_bound(&mut referee, &observer),
        ),
        (
            Claim::NoOpponentBoundAtPass,
            no_opponent_bound_at_pass(&referee, &observer, &bound_at_pass),
        ),
    ];
    for (claim, what) in found {
        if let Some(what) = what {
            checked.violations.push(violation(claim, what));
        }
    }
    checked
}

/// Claim 4 on a finished game.
fn ends_by_passes(setup: &GoSetup, observer: &Observer, plays: &[GoPlay]) -> Option<String> {
    if matches!(plays.last(), Some(GoPlay::Stone(_)) | None) {
        return Some("the game ended on a stone play".into());
    }
    let start = observer
        .live
        .iter()
        .rposition(|e| matches!(e.1, GoPlay::Stone(_)))
        .map_or(0, |at| at + 1);
    let mut seats: Vec<usize> = observer.live[start..].iter().map(|e| e.0).collect();
    let passes = seats.len();
    seats.sort_unstable();
    seats.dedup();
    (passes != setup.players || seats.len() != setup.players).then(|| {
        format!(
            "the live game ends with {passes} passes by {} distinct players of {}",
            seats.len(),
            setup.players
        )
    })
}

/// Claim 5 on a finished game.
fn one_board(setup: &GoSetup, observer: &Observer, outcome: &Outcome) -> Option<String> {
    let counted = score(
        &Count::new(&setup.graph, &observer.cells, setup.players, Scoring::Area)
            .komi(setup.komi.as_deref().unwrap_or(&[]))
            .dead(&setup.dead, "agreement"),
    );
    (counted != *outcome).then(|| {
        format!(
            "the result {} is not the count {} of the live board",
            outcome.summary(),
            counted.summary()
        )
    })
}

/// Claim 6 on a finished game.
fn no_opponent_bound(referee: &mut KeeReferee, observer: &Observer) -> Option<String> {
    let last = observer.last_stone_player()?;
    if referee.bound(last) {
        return None;
    }
    let bound: Vec<usize> = referee
        .opponents(last)
        .into_iter()
        .filter(|&o| referee.bound(o))
        .collect();
    (!bound.is_empty()).then(|| {
        let names: Vec<&str> = bound.iter().map(|&s| crate::go::SEAT_NAMES[s]).collect();
        format!(
            "{} placed the last stone and is free, but {} can still appeal",
            crate::go::SEAT_NAMES[last],
            names.join(", ")
        )
    })
}

/// Claim 6 at each player's own pass, on a finished game: the boundness each player had
/// when he made his latest pass (a player who never passed is judged at the end, by
/// `bound_at_pass` left empty: free).
fn no_opponent_bound_at_pass(
    referee: &KeeReferee,
    observer: &Observer,
    bound_at_pass: &[Option<bool>],
) -> Option<String> {
    let last = observer.last_stone_player()?;
    let bound = |seat: usize| bound_at_pass.get(seat).copied().flatten().unwrap_or(false);
    if bound(last) {
        return None;
    }
    let opponents: Vec<usize> = referee
        .opponents(last)
        .into_iter()
        .filter(|&o| bound(o))
        .collect();
    (!opponents.is_empty()).then(|| {
        let names: Vec<&str> = opponents
            .iter()
            .map(|&s| crate::go::SEAT_NAMES[s])
            .collect();
        format!(
            "{} placed the last stone and was free at his own last pass, but {} was bound at his",
            crate::go::SEAT_NAMES[last],
            names.join(", ")
        )
    })
}

/// One game per reading and policy from `seed`, checked.
pub fn survey(seed: u64) -> Vec<(Subject, Policy, Checked)> {
    let subjects: Vec<Subject> = VARIANTS.iter().map(Subject::from).collect();
    survey_of(seed, &subjects)
        .into_iter()
        .map(|(i, policy, checked)| (subjects[i].clone(), policy, checked))
        .collect()
}

/// As [`survey`], for some referees only: each finding with its subject's index.
pub fn survey_of(seed: u64, subjects: &[Subject]) -> Vec<(usize, Policy, Checked)> {
    let mut all = Vec::new();
    for (i, subject) in subjects.iter().enumerate() {
        for policy in Policy::ALL {
            let (setup, mut rng) = start(seed);
            let plays = play(subject.reading, policy, &setup, &mut rng);
            all.push((i, policy, check(subject, policy, &setup, &plays)));
        }
    }
    all
}

/// What contradicts [`expected`] in the games from `seed`: a violation of a claim that holds,
/// or a long game under a reading that should be finite.
pub fn unexpected(seed: u64) -> Vec<String> {
    let mut found = Vec::new();
    for (variant, policy, checked) in survey(seed) {
        for v in &checked.violations {
            if expected(&variant.id, policy, v.claim) == Expect::Holds {
                found.push(v.to_string());
            }
        }
        if checked.long && expected(&variant.id, policy, Claim::Finite) == Expect::Holds {
            found.push(format!(
                "{} ({}), seed {seed}: a suspiciously long game",
                variant.id,
                policy.name()
            ));
        }
    }
    found
}

/// The shortest game (delta debugging over the plays) that still violates the same claim
/// under the same reading; every shorter candidate must replay legally.
pub fn minimize(violation: &Violation) -> Violation {
    let subject = Subject {
        id: violation.variant.clone(),
        reading: violation.reading,
    };
    let keeps = |plays: &[GoPlay]| {
        check(&subject, violation.policy, &violation.setup, plays)
            .violations
            .iter()
            .any(|v| v.claim == violation.claim)
    };
    let plays = crate::runner::minimize::minimize(&violation.plays, keeps);
    check(&subject, violation.policy, &violation.setup, &plays)
        .violations
        .into_iter()
        .find(|v| v.claim == violation.claim)
        .unwrap_or_else(|| violation.clone())
}

/// The fast referee and its spec twin agree on every step of the game drawn from `seed`
/// under a combination of readings picked by the seed (any of [`axes::every_reading`]): legal
/// plays, seat to move, status, and which seats are bound (claim 6's question, asked of
/// every seat).
pub fn spec_agrees(seed: u64) -> Result<(), super::Violation> {
    let (setup, mut rng) = start(seed);
    let space = axes::every_reading();
    let reading = space[rng.gen_range(0..space.len())];
    spec_agrees_under(seed, reading, &setup, &mut rng)
}

/// As [`spec_agrees`], under a given combination: the game drawn from `rng` on `setup`.
pub fn spec_agrees_under(
    seed: u64,
    reading: Reading,
    setup: &GoSetup,
    rng: &mut ChaCha8Rng,
) -> Result<(), super::Violation> {
    let id = axes::id_of(&reading);
    let policy = Policy::ALL[rng.gen_range(0..2)];
    let plays = play(reading, policy, setup, rng);
    let mut fast = KeeReferee::new(id.clone(), reading);
    let mut spec = KeeSpec::new(id.clone(), reading);
    let err = |e: crate::referee::Fault| e.to_string();
    fast.start(setup).map_err(err)?;
    spec.start(setup).map_err(err)?;
    for (i, play) in plays.iter().chain([&GoPlay::Pass]).enumerate() {
        let at = || format!("{id} seed {seed} step {i} on {}", setup.graph.description());
        let (a, b) = (
            fast.legal_plays().map_err(err)?,
            spec.legal_plays().map_err(err)?,
        );
        if a != b {
            return Err(format!("legal plays {a:?} vs spec {b:?}: {}", at()).into());
        }
        if fast.seat_to_move() != spec.seat_to_move() {
            return Err(format!("seat to move differs: {}", at()).into());
        }
        for seat in 0..setup.players {
            if fast.bound(seat) != spec.bound(seat).map_err(err)? {
                return Err(format!("bound({seat}) differs: {}", at()).into());
            }
        }
        let (a, b) = (fast.play(play).map_err(err)?, spec.play(play).map_err(err)?);
        if a != b {
            return Err(format!("{play:?}: fast {a}, spec {b}: {}", at()).into());
        }
        if fast.status().map_err(err)? != spec.status().map_err(err)? {
            return Err(format!("status differs: {}", at()).into());
        }
    }
    Ok(())
}

/// What a violation of each claim shows, for the comment of its case.
pub fn explanation(claim: Claim) -> &'static str {
    match claim {
        Claim::Finite => "The state after the cycle equals the state before it, so the cycle can be played for ever: an endless game.",
        Claim::EndsByPasses => "After the rescind the round of passes started afresh, so the live game ends with one player's pass twice in its final run of passes instead of every player passing once.",
        Claim::OneBoard => "The result is not the count of the live board.",
        Claim::NoOpponentBoundAtPass => "Each player's boundness is read when he made his own last pass (rule 12: \"When making a pass play, a player may choose to appeal\"): the player who placed the last stone could not appeal at his, but an opponent could at his.",
        Claim::NoOpponentBound => "At the end the player who placed the last stone could not appeal, but an opponent could: a stone play of his is forbidden by rule 11, typically because the last player's final pass broke exception (b) for him after he had passed himself while still free.",
    }
}

/// `violation` (minimized) as a case file: the game, what every reading that shows the same
/// violation on it rules, and a comment saying what it shows.
pub fn case_file(violation: &Violation, readings: &[&str]) -> String {
    let registry = <crate::go::Go as crate::referee::Refereed>::registry_for(&readings.join(","));
    let referees: Vec<&crate::referee::RefereeInfo<crate::go::Go>> = readings
        .iter()
        .filter_map(|id| registry.iter().find(|r| r.id == *id))
        .collect();
    let title = format!(
        "Kee claim {} fails under {} ({})",
        violation.claim.label(),
        readings.join(", "),
        violation.policy.name()
    );
    let comment = format!(
        "Claim {}: \"{}\" Found by `rulediff kee-claims` with players who choose {}; minimized. {} Here: {}.",
        violation.claim.label(),
        violation.claim.text(),
        violation.policy.name(),
        explanation(violation.claim),
        violation.what
    );
    crate::runner::campaign::case_file(
        &violation.setup,
        &referees,
        &violation.plays,
        &title,
        &comment,
    )
    .0
}
