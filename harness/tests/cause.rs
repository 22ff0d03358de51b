//! A divergence keeps its cause through minimization: a referee that has two superko bugs,
//! one for returns to the start position and one for long cycles (as OGS's GobanEngine has,
//! reports/engines/ogs-goban-superko-window.md), gets one minimized case per bug, each of
//! which a copy of the referee with only that bug fixed rules as positional superko does.
//! Re-rooting a game's prefix into setup stones would turn a long cycle back to a position
//! after a play into a long cycle back to the start position, which blames both bugs.

use rulediff::go::GoState;
use rulediff::Explore;
use rulediff::SignatureSummary;
use rulediff::{
    parse_case, run_case, select, AnyCase, Fault, Go, GoPlay, GoSetup, Graph, Referee, RefereeInfo,
    Refereed, Ruling, RunOptions, Status, Verdict,
};
use rulediff::{Plan, Results};

/// What a blind referee does not see of positional superko.
#[derive(Clone, Copy, Debug)]
struct Blind {
    /// Returns to the start position are allowed.
    start: bool,
    /// Repetitions more than this many plies back are allowed.
    window: Option<usize>,
}

/// `psk`, except where it is blind.
struct BlindPsk {
    inner: Box<dyn Referee<Go>>,
    blind: Blind,
    id: String,
    game: Option<(GoSetup, GoState, usize)>,
}

impl BlindPsk {
    fn misses(&self, play: &GoPlay) -> bool {
        let Some((setup, state, plies)) = &self.game else {
            return false;
        };
        let Some((_, back)) = Go::cycle(setup, state, play) else {
            return false;
        };
        (self.blind.start && back == plies + 1) || self.blind.window.is_some_and(|w| back > w)
    }

    fn forgive(&self, play: &GoPlay, verdict: Verdict) -> Verdict {
        match &verdict {
            Verdict::Illegal { rule } if rule.starts_with("superko") && self.misses(play) => {
                Verdict::Legal
            }
            _ => verdict,
        }
    }
}

impl Referee<Go> for BlindPsk {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        self.inner.start(setup)?;
        self.game = Some((setup.clone(), Go::initial(setup), 0));
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let verdict = self.inner.judge(play)?;
        Ok(self.forgive(play, verdict))
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        let verdict = self.inner.judge(play)?;
        let verdict = self.forgive(play, verdict);
        if verdict == Verdict::Legal {
            self.inner.play(play)?;
            if let Some((setup, state, plies)) = &mut self.game {
                Go::advance(setup, state, play);
                *plies += 1;
            }
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        self.inner.status()
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        let mut plays = self.inner.legal_plays()?;
        let points = self.game.as_ref().map_or(0, |(s, _, _)| s.graph.len());
        for v in 0..points as u16 {
            let play = GoPlay::Stone(v);
            if !plays.contains(&play) && self.judge(&play)? == Verdict::Legal {
                plays.push(play);
            }
        }
        Ok(plays)
    }
}

fn blind(id: &str, blind: Blind) -> RefereeInfo<Go> {
    let registry = Go::registry();
    let psk = registry.iter().find(|r| r.id == "psk").unwrap();
    let claims = psk.claims.clone();
    let name = id.to_string();
    RefereeInfo::new(id, "psk with blind spots", "test", move || {
        let registry = Go::registry();
        let inner = (registry.iter().find(|r| r.id == "psk").unwrap().make)();
        Box::new(BlindPsk {
            inner,
            blind,
            id: name.clone(),
            game: None,
        })
    })
    .with_claims(claims)
}

const BOTH: Blind = Blind {
    start: true,
    window: Some(8),
};
const START_ONLY: Blind = Blind {
    start: true,
    window: None,
};
const WINDOW_ONLY: Blind = Blind {
    start: false,
    window: Some(8),
};

fn campaign(setup: &GoSetup, games: u64, max_plies: usize) -> Results {
    let registry = Go::registry();
    let mut referees = select(&registry, "psk").unwrap();
    let both = blind("both", BOTH);
    referees.push(&both);
    let plan = Plan {
        family: "go".into(),
        setup: Go::setup_keys(setup),
        referees: referees.iter().map(|r| r.id.clone()).collect(),
        seed: 7,
        games,
        max_plies,
        shard: None,
    };
    let mut results = Results::new(plan);
    rulediff::run_campaign(setup, &referees, &mut results, 64, |_, _, _| Ok(())).unwrap();
    results
}

/// The case repeats the position its signature names: its last step's repetition, as
/// `rulediff run` words it, is the start position or one after a play of the case.
fn repeats_what_it_says(summary: &SignatureSummary) {
    let AnyCase::Go(case) = parse_case("case.toml".as_ref(), &summary.case_file).unwrap() else {
        panic!("a Go case")
    };
    let registry = Go::registry();
    let mut referees = select(&registry, "psk").unwrap();
    let both = blind("both", BOTH);
    referees.push(&both);
    let run = run_case(&case, &referees, &RunOptions::default());
    let repeats = run
        .steps
        .last()
        .unwrap()
        .repeats
        .clone()
        .unwrap_or_default();
    let words = if summary.description.contains("back to the start position") {
        "the start position again"
    } else {
        "the position after ply"
    };
    assert!(repeats.contains(words), "{repeats}\n{}", summary.case_file);
}

/// The last ruling of `id` when the summary's case is replayed with `psk` and `id`.
fn replayed(summary: &SignatureSummary, id: &str, blind_spots: Blind) -> (Ruling, Ruling) {
    let AnyCase::Go(case) = parse_case("case.toml".as_ref(), &summary.case_file).unwrap() else {
        panic!("a Go case")
    };
    let registry = Go::registry();
    let mut referees = select(&registry, "psk").unwrap();
    let other = blind(id, blind_spots);
    referees.push(&other);
    let run = run_case(&case, &referees, &RunOptions::default());
    let last = run.steps.last().unwrap();
    (last.rulings[0].clone(), last.rulings[1].clone())
}

/// The case's comment tells how it was made: found after F plies, minimized to M from the
/// position after C of them (C + M <= F), or not minimized.
fn told(summary: &SignatureSummary) -> (usize, usize, usize) {
    let comment = summary
        .case_file
        .lines()
        .find(|l| l.starts_with("comment"))
        .unwrap();
    let number = |after: &str| -> Option<usize> {
        let at = comment.find(after)? + after.len();
        comment[at..]
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
    };
    let found = number("after ").unwrap();
    let minimized = number("minimized to ").unwrap_or(found);
    let cut = number("from the position after ").unwrap_or(0);
    assert_eq!(found, summary.shortest_found, "{comment}");
    assert_eq!(minimized, summary.minimized_plies, "{comment}");
    assert!(cut + minimized <= found, "{comment}");
    (found, minimized, cut)
}

fn divergences_of(results: &Results) -> Vec<&SignatureSummary> {
    results
        .signatures
        .iter()
        .filter(|s| s.signature.groups.len() > 1)
        .inspect(|s| {
            told(s);
            repeats_what_it_says(s);
        })
        .collect()
}

#[test]
fn a_long_cycle_stays_a_long_cycle_back_to_a_position_after_a_play() {
    let setup = GoSetup::empty(Graph::grid(4, 4, false).unwrap(), 2);
    let results = campaign(&setup, 128, 128);
    let long: Vec<&SignatureSummary> = divergences_of(&results)
        .into_iter()
        .filter(|s| s.description.contains("9+"))
        .collect();
    assert!(!long.is_empty(), "{:#?}", results.signatures);
    for s in long {
        // The window fixed, the start position still missed: the case is the window's alone.
        let (psk, fixed) = replayed(s, "start-only", START_ONLY);
        assert_eq!(psk, fixed, "{}\n{}", s.description, s.case_file);
        let (psk, unfixed) = replayed(s, "window-only", WINDOW_ONLY);
        assert_ne!(psk, unfixed, "{}\n{}", s.description, s.case_file);
        assert!(
            s.description.contains("back to a position after a play"),
            "{}",
            s.description
        );
    }
}

#[test]
fn a_return_to_the_start_position_stays_one() {
    // The triple ko of corpus/go/katago/triple-ko-superko-positional.toml: White's F4 at
    // ply 6 recreates the start position.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/go/katago/triple-ko-superko-positional.toml"
    );
    let AnyCase::Go(case) =
        parse_case(path.as_ref(), &std::fs::read_to_string(path).unwrap()).unwrap()
    else {
        panic!("a Go case")
    };
    let results = campaign(&case.setup, 256, 40);
    let start: Vec<&SignatureSummary> = divergences_of(&results)
        .into_iter()
        .filter(|s| s.description.contains("back to the start position"))
        .collect();
    assert!(!start.is_empty(), "{:#?}", results.signatures);
    for s in start {
        // The start position fixed, the window still short: the case is the start's alone.
        let (psk, fixed) = replayed(s, "window-only", WINDOW_ONLY);
        assert_eq!(psk, fixed, "{}\n{}", s.description, s.case_file);
        let (psk, unfixed) = replayed(s, "start-only", START_ONLY);
        assert_ne!(psk, unfixed, "{}\n{}", s.description, s.case_file);
    }
}

#[test]
fn a_long_cycle_is_re_rooted_no_further_than_its_cause_allows() {
    // Blind only to long cycles, the referee rules a long cycle back to the start position
    // as it rules one back to a position after a play: re-rooting at the repeated position
    // would keep its rulings, and only the signature's cause refuses it.
    let setup = GoSetup::empty(Graph::grid(4, 4, false).unwrap(), 2);
    let registry = Go::registry();
    let mut referees = select(&registry, "psk").unwrap();
    let window = blind("window", WINDOW_ONLY);
    referees.push(&window);
    let plan = Plan {
        family: "go".into(),
        setup: Go::setup_keys(&setup),
        referees: referees.iter().map(|r| r.id.clone()).collect(),
        seed: 11,
        games: 128,
        max_plies: 128,
        shard: None,
    };
    let mut results = Results::new(plan);
    rulediff::run_campaign(&setup, &referees, &mut results, 64, |_, _, _| Ok(())).unwrap();
    let long: Vec<&SignatureSummary> = results
        .signatures
        .iter()
        .filter(|s| s.description.contains("9+"))
        .collect();
    assert!(!long.is_empty(), "{:#?}", results.signatures);
    let mut rooted = 0;
    for s in long {
        assert!(s.description.contains("back to a position after a play"));
        let (_, _, cut) = told(s);
        rooted += usize::from(cut > 0);
        let AnyCase::Go(case) = parse_case("case.toml".as_ref(), &s.case_file).unwrap() else {
            panic!("a Go case")
        };
        let run = run_case(&case, &referees, &RunOptions::default());
        let repeats = run
            .steps
            .last()
            .unwrap()
            .repeats
            .clone()
            .unwrap_or_default();
        assert!(repeats.contains("the position after ply"), "{repeats}");
    }
    assert!(rooted > 0, "some case starts where its game was re-rooted");
}

#[test]
fn a_third_occurrence_names_where_its_position_was_first_seen() {
    use rulediff::Signature;
    use rulediff::{Chess, ChessSetup, Family};
    let setup = ChessSetup::standard();
    // The class of the last of `moves`, after the others.
    let class = |moves: &[&str]| {
        let (last, before) = moves.split_last().unwrap();
        let mut state = Chess::initial(&setup);
        for m in before {
            Chess::advance(&setup, &mut state, &Chess::parse_play(&setup, m).unwrap());
        }
        let last = Chess::parse_play(&setup, last).unwrap();
        Signature::cycle_of::<Chess>(&setup, &state, &last, before.len())
    };
    // Knights out and back twice: the start position after plies 4 and 8, the latest the one a
    // play made, the first the start itself (what a rule counting occurrences counts).
    let dance = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    assert_eq!(
        class(&dance).as_deref(),
        Some("cycle of 4 plies back to a position after a play, first seen at the start")
    );
    // Two moves first: every occurrence is a position after a play.
    let later: Vec<&str> = ["b1c3", "b8c6"].into_iter().chain(dance).collect();
    assert_eq!(
        class(&later).as_deref(),
        Some("cycle of 4 plies back to a position after a play")
    );
}
