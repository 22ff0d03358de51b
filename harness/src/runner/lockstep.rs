//! Plays one case through several referees at once.

use crate::case::Case;
use crate::family::{CountedBoard, Explore, Family};
use crate::referee::{Fault, Referee, RefereeInfo, Refereed, Status, Tally, Verdict};

use super::record::{CaseRun, ResultSplit, Ruling, StepRecord};
use super::{check_expectations, divergences, Divergence};

/// How a run is made.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Also ask every referee, before each step, for all the plays it allows.
    pub legal_sets: bool,
}

/// The registry a case's run picks from: the family's, plus every referee named by parts
/// (`kee[…]`) on the command line (`rules`), in the case's `rules` key or in an expectation.
pub fn case_registry<F: Refereed>(case: &Case<F>, rules: Option<&str>) -> Vec<RefereeInfo<F>> {
    let mut named: Vec<&str> = vec![rules.or(case.rules.as_deref()).unwrap_or_default()];
    named.extend(case.expect.iter().map(|(id, _)| id.as_str()));
    F::registry_for(&named.join(","))
}

/// The referees for a case: those named on the command line, or else the case's own list
/// (or the family's defaults) together with every referee the case has an expectation for.
/// An error names the case file, and the line of the `rules` key or expectation at fault.
pub fn referees_for<'r, F: Refereed>(
    registry: &'r [RefereeInfo<F>],
    case: &Case<F>,
    named: Option<&str>,
) -> Result<Vec<&'r RefereeInfo<F>>, ChoiceError> {
    let at = |place: Option<(usize, usize)>, problem| ChoiceError {
        path: case.path.clone(),
        place,
        problem,
    };
    if let Some(spec) = named {
        return crate::referee::select(registry, spec).map_err(|e| at(None, e.into()));
    }
    let base = case.rules.as_deref().unwrap_or(F::DEFAULT_RULES);
    let mut chosen =
        crate::referee::select(registry, base).map_err(|e| at(case.places.rules, e.into()))?;
    for (id, _) in &case.expect {
        let canonical = F::canonical_spelling(id);
        let info = registry.iter().find(|r| r.id == canonical).ok_or_else(|| {
            at(
                case.places.expect.get(id).copied(),
                ChoiceProblem::UnknownExpectation(id.clone()),
            )
        })?;
        if !chosen.iter().any(|c| c.id == info.id) {
            chosen.push(info);
        }
    }
    Ok(chosen)
}

/// Why the referees for a case cannot be chosen: the case file, the line and column of the
/// `rules` key or expectation at fault where known, and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", place_text(path, place))]
pub struct ChoiceError {
    /// The case file.
    pub path: std::path::PathBuf,
    /// Line and column of the `rules` key or expectation at fault; `None` for a list given
    /// on the command line.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub problem: ChoiceProblem,
}

/// What is wrong with the referees a case names.
#[derive(Debug, thiserror::Error)]
pub enum ChoiceProblem {
    /// The `--rules` list (the command line's, the case's or the family's default).
    #[error(transparent)]
    Select(#[from] crate::referee::SelectError),
    /// An expectation for a referee no registry has.
    #[error("expectation for unknown referee `{0}`")]
    UnknownExpectation(String),
}

fn place_text(path: &std::path::Path, place: &Option<(usize, usize)>) -> String {
    match place {
        Some((line, column)) => format!("{}:{line}:{column}", path.display()),
        None => path.display().to_string(),
    }
}

/// One referee's part in a run.
struct Seat<F: Family> {
    referee: Box<dyn Referee<F>>,
    active: bool,
}

/// Runs `case` through `referees` in lock-step and checks the case's expectations.
///
/// ```
/// use rulediff::{parse_case, run_case, select, AnyCase, Go, Refereed, RunOptions};
///
/// // White takes the ko at B3; Black's retake at C3 is illegal under a ko rule.
/// let text = r#"
/// family = "go"
/// board = "5x5"
/// setup = """
/// . . . . .
/// . X O . .
/// X . X O .
/// . X O . .
/// . . . . .
/// """
/// to_move = "W"
/// moves = "B3 C3"
/// "#;
/// let AnyCase::Go(case) = parse_case("ko.toml".as_ref(), text)? else { unreachable!() };
/// let registry = Go::registry();
/// let run = run_case(&case, &select(&registry, "no-ko,simple-ko")?, &RunOptions::default());
/// assert_eq!(run.divergences.len(), 1);
/// assert_eq!(run.divergences[0].ply, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_case<F: Explore>(
    case: &Case<F>,
    referees: &[&RefereeInfo<F>],
    options: &Options,
) -> CaseRun {
    let mut seats: Vec<Seat<F>> = referees
        .iter()
        .map(|info| Seat {
            referee: (info.make)(),
            active: true,
        })
        .collect();
    let start = seats
        .iter_mut()
        .map(|seat| start_seat(seat, &case.setup))
        .collect();
    let mut steps = Vec::with_capacity(case.plays.len());
    let mut boards = Vec::new();
    // The game after each step where a referee ended it, to count its board on.
    let mut end_states: Vec<(usize, F::State)> = Vec::new();
    // The game as the referees that still play it see it; `None` once none accepts a play.
    let mut state = Some(F::initial(&case.setup));
    for (i, play) in case.plays.iter().enumerate() {
        let repeats = state.as_ref().and_then(|st| repetition(case, st, i));
        let legal = options.legal_sets.then(|| {
            seats
                .iter_mut()
                .map(|seat| legal_set(seat, &case.setup))
                .collect()
        });
        let mover = mover_name::<F>(case, &seats, steps.len());
        let rulings: Vec<Ruling> = seats.iter_mut().map(|seat| rule(seat, play)).collect();
        let accepted = rulings
            .iter()
            .any(|r| matches!(r, Ruling::Legal | Ruling::Ends { .. }));
        steps.push(StepRecord {
            ply: i + 1,
            seat: mover,
            play: F::play_text(&case.setup, play),
            rulings,
            repeats,
            legal,
        });
        if !accepted {
            state = None;
        }
        if let Some(st) = state.as_mut() {
            let ruled =
                super::random::ruled_by(seats.iter().filter(|s| s.active).map(|s| &s.referee));
            F::advance_ruled(&case.setup, st, play, ruled);
            if let Some(board) = counted_board(case, referees, st, steps.last()) {
                boards.push((i + 1, board));
            }
            let last = steps.last().map(|s| &s.rulings);
            if last.is_some_and(|r| r.iter().any(|r| matches!(r, Ruling::Ends { .. }))) {
                end_states.push((i + 1, st.clone()));
            }
        }
    }
    let mut run = CaseRun {
        case: case.path.display().to_string(),
        family: F::NAME.to_string(),
        title: case.title.clone(),
        referees: referees.iter().map(|r| r.id.clone()).collect(),
        start,
        steps,
        divergences: Vec::new(),
        expectations: Vec::new(),
        incidents: seats
            .iter_mut()
            .flat_map(|seat| seat.referee.incidents())
            .collect(),
    };
    run.divergences = divergences(&run);
    for d in &mut run.divergences {
        d.board = boards
            .iter()
            .find(|(ply, _)| *ply == d.ply)
            .map(|(_, b)| b.clone());
    }
    if let Some(mut d) = ended_apart(&run) {
        d.board = boards_apart(case, &run, &d, &end_states);
        run.divergences.push(d);
    }
    run.expectations = check_expectations(&run, &case.expect);
    run
}

/// The results of referees that ended the game at different steps (some played on where
/// others ended it), compared once the run is over: a result divergence at the last of those
/// steps where they differ, each referee with the ruling it ended the game with (or
/// [`Ruling::Stopped`], not ended, where it played on to the end of the case).
fn ended_apart(run: &CaseRun) -> Option<Divergence> {
    let ended: Vec<Option<(usize, &Ruling)>> = (0..run.referees.len())
        .map(|r| {
            run.steps
                .iter()
                .map(|s| (s.ply, &s.rulings[r]))
                .find(|(_, r)| matches!(r, Ruling::Ends { .. }))
        })
        .collect();
    // Referees refused a play or failed take no part: they neither ended nor play on.
    let plies: Vec<Option<usize>> = ended
        .iter()
        .enumerate()
        .filter(|(r, e)| e.is_some() || run.column(*r).last() == Some(&Ruling::Legal))
        .map(|(_, e)| e.map(|(p, _)| p))
        .collect();
    if !super::record::ended_apart(&plies) {
        return None;
    }
    let rulings: Vec<Ruling> = ended
        .iter()
        .map(|e| e.map_or(Ruling::Stopped, |(_, r)| r.clone()))
        .collect();
    let result = ResultSplit::of(&rulings)?;
    let ply = plies.iter().flatten().copied().max()?;
    Some(Divergence {
        ply,
        play: run.steps[ply - 1].play.clone(),
        groups: super::divergence::split(&run.referees, &rulings),
        result: Some(result),
        board: None,
        ended_at: run
            .referees
            .iter()
            .zip(&ended)
            .filter_map(|(id, e)| e.map(|(p, _)| (id.clone(), p)))
            .collect(),
    })
}

/// For a result divergence between referees that ended the game at different steps, the
/// board of each of those steps as the referees that ended it there counted it.
fn boards_apart<F: Explore>(
    case: &Case<F>,
    run: &CaseRun,
    d: &Divergence,
    end_states: &[(usize, F::State)],
) -> Option<CountedBoard> {
    let mut text = String::new();
    let mut svg = String::new();
    for (ply, state) in end_states {
        let counts: Vec<(String, &Tally)> = d
            .groups
            .iter()
            .flat_map(|g| &g.referees)
            .filter(|(id, _)| d.ended_at.iter().any(|(e, p)| e == id && p == ply))
            .filter_map(|(id, r)| match r {
                Ruling::Ends { outcome } => Some((id.clone(), outcome.tally()?)),
                _ => None,
            })
            .collect();
        if counts.is_empty() {
            continue;
        }
        let board = F::counted_board(&case.setup, state, &counts)?;
        let play = &run.steps[ply - 1].play;
        text += &format!("counted after ply {ply} {play}:\n{}", board.text);
        svg += &format!("<p>counted after ply {ply} {play}:</p>{}", board.svg);
    }
    (!text.is_empty()).then_some(CountedBoard { text, svg })
}

/// The final board as each referee counted it, where the step is a result divergence.
fn counted_board<F: Explore>(
    case: &Case<F>,
    referees: &[&RefereeInfo<F>],
    state: &F::State,
    step: Option<&StepRecord>,
) -> Option<CountedBoard> {
    let step = step?;
    ResultSplit::of(&step.rulings)?;
    let counts: Vec<(String, &Tally)> = referees
        .iter()
        .zip(&step.rulings)
        .filter_map(|(info, ruling)| match ruling {
            Ruling::Ends { outcome } => Some((info.id.clone(), outcome.tally()?)),
            _ => None,
        })
        .collect();
    if counts.is_empty() {
        return None;
    }
    F::counted_board(&case.setup, state, &counts)
}

/// The repetition play `i` of the case makes from `state`, in words: its kind, the earlier
/// position it recreates, and the plays that led back to it.
fn repetition<F: Explore>(case: &Case<F>, state: &F::State, i: usize) -> Option<String> {
    let (kind, back) = F::cycle(&case.setup, state, &case.plays[i])?;
    let since = (i + 1).checked_sub(back);
    let earlier = match since {
        Some(0) => "the start position".to_string(),
        Some(ply) => format!("the position after ply {ply}"),
        None => "a position from before the case's first move".to_string(),
    };
    let cycle: Vec<String> = case.plays[since.unwrap_or(0)..=i]
        .iter()
        .map(|p| F::play_text(&case.setup, p))
        .collect();
    let shown = match cycle.len() {
        n if n > 16 => format!("{} … {}", cycle[..8].join(" "), cycle[n - 4..].join(" ")),
        _ => cycle.join(" "),
    };
    Some(format!("{kind}: {earlier} again, by {shown}"))
}

/// Who makes the next play: as each referee still in the game sees it (a referee that does
/// not report a seat follows the family's fixed turn order). Referees can disagree (Kee Rules
/// give a rescinded player the move again; other rulesets do not), and then every seat named
/// is shown, in referee order: `W/B`.
fn mover_name<F: Family>(case: &Case<F>, seats: &[Seat<F>], plies: usize) -> String {
    let fixed = F::seat_to_move(&case.setup, plies);
    let mut names: Vec<String> = Vec::new();
    for seat in seats.iter().filter(|s| s.active) {
        let name = F::seat_name(&case.setup, seat.referee.seat_to_move().unwrap_or(fixed));
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.is_empty() {
        return F::seat_name(&case.setup, fixed);
    }
    names.join("/")
}

fn start_seat<F: Family>(seat: &mut Seat<F>, setup: &F::Setup) -> Result<Status, String> {
    let status = seat
        .referee
        .start(setup)
        .and_then(|()| seat.referee.status());
    seat.active = matches!(status, Ok(Status::Ongoing));
    status.map_err(|fault| fault.to_string())
}

fn legal_set<F: Family>(seat: &mut Seat<F>, setup: &F::Setup) -> Option<Vec<String>> {
    if !seat.active {
        return None;
    }
    let plays = seat.referee.legal_plays().ok()?;
    let mut texts: Vec<String> = plays.iter().map(|p| F::play_text(setup, p)).collect();
    texts.sort();
    Some(texts)
}

fn rule<F: Family>(seat: &mut Seat<F>, play: &F::Play) -> Ruling {
    if !seat.active {
        return Ruling::Stopped;
    }
    let ruling = match seat.referee.play(play) {
        Ok(Verdict::Legal) => match seat.referee.status() {
            Ok(Status::Ongoing) => Ruling::Legal,
            Ok(Status::Over { outcome }) => Ruling::Ends { outcome },
            Err(fault) => fault_ruling(fault),
        },
        Ok(Verdict::Illegal { rule }) => Ruling::Illegal { rule },
        Err(fault) => fault_ruling(fault),
    };
    seat.active = ruling.continues();
    ruling
}

fn fault_ruling(fault: Fault) -> Ruling {
    Ruling::Fault {
        message: fault.to_string(),
    }
}
