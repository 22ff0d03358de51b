//! Delta debugging over a move list: the shortest history (found greedily, 1-minimal) after
//! which the same play still shows the same divergence signature, from the latest start the
//! found game can be re-rooted at without changing it; and the check that the case made of
//! it shows that signature when `rulediff run` replays it.

use crate::case::Case;
use crate::family::Explore;
use crate::referee::{Referee, RefereeInfo, Status, Verdict};

use super::divergence::split;
use super::random::Found;
use super::record::Ruling;
use super::signature::Signature;
use super::{run_case, Options};

/// Replays `history` through fresh referees (every play must be legal for all still in the
/// game; a referee that ends it leaves the game with its result), then judges `play`: the
/// signature it shows, if the history is playable. With `apart` the signature is that of the
/// results of referees that ended the game at different steps ([`Signature::ended_apart`]),
/// `play` made.
pub fn signature_after<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    history: &[F::Play],
    play: &F::Play,
    ends: bool,
    apart: bool,
) -> Option<Signature> {
    let ids: Vec<String> = referees.iter().map(|r| r.id.clone()).collect();
    let mut seats: Vec<Box<dyn Referee<F>>> = referees.iter().map(|r| (r.make)()).collect();
    for seat in &mut seats {
        seat.start(setup).ok()?;
    }
    let mut ended: Vec<Option<(usize, Ruling)>> = vec![None; seats.len()];
    let mut state = F::initial(setup);
    for (ply, p) in history.iter().enumerate() {
        for (seat, end) in seats.iter_mut().zip(&mut ended) {
            if end.is_some() {
                continue;
            }
            if seat.play(p).ok()? != Verdict::Legal {
                return None;
            }
            if let Status::Over { outcome } = seat.status().ok()? {
                *end = Some((ply + 1, Ruling::Ends { outcome }));
            }
        }
        let still = seats.iter().zip(&ended).filter(|(_, e)| e.is_none());
        F::advance_ruled(
            setup,
            &mut state,
            p,
            super::random::ruled_by(still.map(|(s, _)| s)),
        );
    }
    if ended.iter().all(Option::is_some) {
        return None;
    }
    let rulings = final_rulings(&mut seats, &ended, play, ends || apart)?;
    if apart {
        let last = history.len() + 1;
        let mut plies: Vec<Option<usize>> = Vec::new();
        let mut composite: Vec<Ruling> = Vec::with_capacity(rulings.len());
        for (end, now) in ended.into_iter().zip(rulings) {
            let (ply, ruling) = match (end, now) {
                (Some((ply, r)), _) => (Some(ply), r),
                (None, r @ Ruling::Ends { .. }) => (Some(last), r),
                (None, Ruling::Legal) => (None, Ruling::Stopped),
                // Refused: it neither ended the game nor plays on.
                (None, _) => {
                    composite.push(Ruling::Stopped);
                    continue;
                }
            };
            plies.push(ply);
            composite.push(ruling);
        }
        return super::record::ended_apart(&plies)
            .then(|| Signature::ended_apart(&ids, &composite))
            .flatten();
    }
    let cycle = Signature::cycle_of::<F>(setup, &state, play, history.len());
    Some(Signature::new(&ids, &rulings, cycle))
}

/// Rulings on the final play: judged only, or (for an end-of-game divergence) played; a
/// referee that already ended the game is stopped.
fn final_rulings<F: Explore>(
    seats: &mut [Box<dyn Referee<F>>],
    ended: &[Option<(usize, Ruling)>],
    play: &F::Play,
    ends: bool,
) -> Option<Vec<Ruling>> {
    seats
        .iter_mut()
        .zip(ended)
        .map(|(s, end)| {
            if end.is_some() {
                return Some(Ruling::Stopped);
            }
            let verdict = if ends {
                s.play(play).ok()?
            } else {
                s.judge(play).ok()?
            };
            Some(match (verdict, ends) {
                (Verdict::Illegal { rule }, _) => Ruling::Illegal { rule },
                (Verdict::Legal, false) => Ruling::Legal,
                (Verdict::Legal, true) => match s.status().ok()? {
                    Status::Ongoing => Ruling::Legal,
                    Status::Over { outcome } => Ruling::Ends { outcome },
                },
            })
        })
        .collect()
}

/// The runner's state after `plays`, advanced as the lock-step runner advances it: each play
/// as ruled by the referees still in the game (a referee leaves once it ends the game, refuses a
/// play or faults), so that a play only some referees see (KataGo's cleanup-phase unblock,
/// which leaves the board as it was) moves the state as those referees say.
pub fn state_after<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    plays: &[F::Play],
) -> F::State {
    let mut state = F::initial(setup);
    let mut judges: Vec<Box<dyn Referee<F>>> = referees
        .iter()
        .filter_map(|info| {
            let mut judge = (info.make)();
            judge.start(setup).is_ok().then_some(judge)
        })
        .collect();
    for p in plays {
        judges.retain_mut(|j| matches!(j.play(p), Ok(Verdict::Legal)));
        F::advance_ruled(setup, &mut state, p, super::random::ruled_by(&judges));
        judges.retain_mut(|j| matches!(j.status(), Ok(Status::Ongoing)));
    }
    state
}

/// Where the family can start a game from any position, the latest position of the found
/// history from which the rest still shows the divergence (so a long game that wandered into a
/// repetition becomes a short case), and the plays left; otherwise the history as it is.
pub fn reroot<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    found: &Found<F::Play>,
    ends: bool,
) -> (Option<F::Setup>, Vec<F::Play>) {
    let h = &found.history;
    let apart = found.signature.apart;
    for cut in (1..=h.len()).rev() {
        let Some(rooted) = F::reroot(setup, &h[..cut]) else {
            break;
        };
        let sig = signature_after(&rooted, referees, &h[cut..], &found.play, ends, apart);
        if sig.as_ref() == Some(&found.signature) {
            return (Some(rooted), h[cut..].to_vec());
        }
    }
    (None, h.clone())
}

/// The case that shows a found divergence: its start (a re-rooted one, or `None` for the
/// campaign's), its plays (the disputed one last), each referee's rulings on them, and why
/// it is the game as found rather than a minimized one, if it is.
pub struct Shown<P, S> {
    /// The re-rooted start, or `None` for the campaign's own.
    pub rooted: Option<S>,
    /// Plies of the found history folded into `rooted`.
    pub cut: usize,
    /// The plays, the disputed one last.
    pub plays: Vec<P>,
    /// Each referee's rulings on them, in the referees' order.
    pub columns: Vec<Vec<Ruling>>,
    /// Why the case is the game as found, if it is.
    pub unminimized: Option<String>,
}

/// Minimizes a found divergence (re-rooted where the family can, then delta-debugged, both
/// keeping its signature) and replays the case as `rulediff run` will. A minimized case
/// whose replay shows another signature (a referee that rules a play it makes otherwise
/// than one it is asked about, or that is not the same in a new process) would blame its
/// referees for something else: the game as found is kept instead, and where even that
/// replay does not show the signature (a referee that broke for good), the rulings are those
/// the campaign saw, so a defect stays a defect.
pub fn shown_case<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    found: &Found<F::Play>,
    ends: bool,
) -> Shown<F::Play, F::Setup> {
    let (rooted, later) = reroot::<F>(setup, referees, found, ends);
    let cut = found.history.len() - later.len();
    let small_setup = rooted.as_ref().unwrap_or(setup);
    let apart = found.signature.apart;
    let keeps = |h: &[F::Play]| {
        signature_after(small_setup, referees, h, &found.play, ends, apart).as_ref()
            == Some(&found.signature)
    };
    let mut plays = minimize(&later, keeps);
    plays.push(found.play.clone());
    let whole = rooted.is_none() && plays.len() == found.history.len() + 1;
    let small = replay::<F>(small_setup, referees, &plays, ends, apart);
    if small.shows.as_ref() == Some(&found.signature) {
        return Shown {
            rooted,
            cut,
            plays,
            columns: small.columns,
            unminimized: None,
        };
    }
    let mut plays = found.history.clone();
    plays.push(found.play.clone());
    let again = if whole {
        small.clone()
    } else {
        replay::<F>(setup, referees, &plays, ends, apart)
    };
    if again.shows.as_ref() == Some(&found.signature) {
        return Shown {
            rooted: None,
            cut: 0,
            plays,
            columns: again.columns,
            unminimized: Some(format!("minimized, it showed {}", small.words())),
        };
    }
    // The rulings the campaign saw: every play before the disputed one was common to all.
    let columns = found
        .rulings
        .iter()
        .map(|last| {
            let mut column = vec![Ruling::Legal; found.history.len()];
            column.push(last.clone());
            column
        })
        .collect();
    Shown {
        rooted: None,
        cut: 0,
        plays,
        columns,
        unminimized: Some(format!(
            "replayed, it shows {}, so its expectations are the rulings as found",
            again.words()
        )),
    }
}

/// A case replayed as `rulediff run` replays it.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// Each referee's rulings, in the referees' order.
    pub columns: Vec<Vec<Ruling>>,
    /// The signature the last step shows; `None` without a divergence there.
    pub shows: Option<Signature>,
    /// Each referee that could not start or faulted, with why.
    pub faults: Vec<String>,
}

impl Replayed {
    /// What the replay showed, in words: the signature or none, and the faults.
    pub fn words(&self) -> String {
        let mut text = match &self.shows {
            Some(s) => format!("`{}`", s.describe()),
            None => "no divergence at its last play".to_string(),
        };
        if !self.faults.is_empty() {
            text += &format!(" ({})", self.faults.join("; "));
        }
        text
    }
}

/// Runs `plays` through fresh referees as `rulediff run` does: each referee's column of
/// rulings, the signature its last step shows and the faults. For a divergence over a play
/// judged but not made (`ends` false), a play that is legal and ends the game counts as
/// legal, as the campaign's question was only whether it is legal. With `apart`, the
/// signature is that of the run's comparison of results of referees that ended the game at
/// different steps, if it makes one.
pub fn replay<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    plays: &[F::Play],
    ends: bool,
    apart: bool,
) -> Replayed {
    let case = scratch_case::<F>(setup, referees, plays);
    let run = run_case(&case, referees, &Options::default());
    let columns: Vec<Vec<Ruling>> = (0..referees.len())
        .map(|r| run.column(r).cloned().collect())
        .collect();
    let faults = run
        .referees
        .iter()
        .zip(&run.start)
        .zip(&columns)
        .filter_map(|((id, start), column)| {
            let fault = column.iter().find_map(|r| match r {
                Ruling::Fault { message } => Some(message.clone()),
                _ => None,
            });
            match (start, fault) {
                (Err(why), _) => Some(format!("{id} could not start: {why}")),
                (_, Some(why)) => Some(format!("{id} faulted: {why}")),
                _ => None,
            }
        })
        .collect();
    let shows = plays.split_last().and_then(|(play, history)| {
        if apart {
            let ended = ended_rulings(&columns);
            return ended_at_different_steps(&columns)
                .then(|| Signature::ended_apart(&run.referees, &ended))
                .flatten();
        }
        let last: Vec<Ruling> = columns
            .iter()
            .map(|c| match c.last() {
                Some(Ruling::Ends { .. }) if !ends => Ruling::Legal,
                Some(r) => r.clone(),
                None => Ruling::Stopped,
            })
            .collect();
        if split(&run.referees, &last).len() < 2 {
            return None;
        }
        let state = state_after(setup, referees, history);
        let cycle = Signature::cycle_of::<F>(setup, &state, play, history.len());
        Some(Signature::new(&run.referees, &last, cycle))
    });
    Replayed {
        columns,
        shows,
        faults,
    }
}

/// Per referee, the ruling with which it ended the game in its column of rulings, or
/// [`Ruling::Stopped`] where it did not end it.
pub fn ended_rulings(columns: &[Vec<Ruling>]) -> Vec<Ruling> {
    columns
        .iter()
        .map(|c| {
            c.iter()
                .find(|r| matches!(r, Ruling::Ends { .. }))
                .cloned()
                .unwrap_or(Ruling::Stopped)
        })
        .collect()
}

/// The boards a case's run counted where its referees ended the game at different steps.
pub fn apart_board<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    plays: &[F::Play],
) -> Option<crate::family::CountedBoard> {
    let case = scratch_case::<F>(setup, referees, plays);
    let run = run_case(&case, referees, &Options::default());
    run.divergences
        .into_iter()
        .rev()
        .find(|d| !d.ended_at.is_empty())
        .and_then(|d| d.board)
}

/// Whether the results of the referees that ended the game are compared apart from any one
/// step (see [`super::record::ended_apart`]).
pub fn ended_at_different_steps(columns: &[Vec<Ruling>]) -> bool {
    let plies: Vec<Option<usize>> = columns
        .iter()
        .map(|c| (c, c.iter().position(|r| matches!(r, Ruling::Ends { .. }))))
        .filter(|(c, end)| end.is_some() || c.last() == Some(&Ruling::Legal))
        .map(|(_, end)| end)
        .collect();
    super::record::ended_apart(&plies)
}

/// A case of `plays` from `setup` for the referees, as the runner takes it.
fn scratch_case<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    plays: &[F::Play],
) -> Case<F> {
    let ids: Vec<String> = referees.iter().map(|r| r.id.clone()).collect();
    Case::<F> {
        path: "generated.toml".into(),
        title: String::new(),
        comment: String::new(),
        setup: setup.clone(),
        plays: plays.to_vec(),
        rules: Some(ids.join(",")),
        expect: Vec::new(),
        places: Default::default(),
    }
}

/// Shrinks `history` while `keeps` holds: drops chunks of halving size, then single plays,
/// until no single play can go (ddmin's 1-minimality, with complements only).
pub fn minimize<P: Clone>(history: &[P], keeps: impl Fn(&[P]) -> bool) -> Vec<P> {
    let mut current = history.to_vec();
    let mut chunk = current.len().div_ceil(2).max(1);
    loop {
        let mut removed = false;
        let mut start = 0;
        while start < current.len() {
            let end = (start + chunk).min(current.len());
            let candidate: Vec<P> = current[..start]
                .iter()
                .chain(&current[end..])
                .cloned()
                .collect();
            if keeps(&candidate) {
                current = candidate;
                removed = true;
            } else {
                start = end;
            }
        }
        if chunk == 1 && !removed {
            return current;
        }
        if !removed {
            chunk = chunk.div_ceil(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{minimize, state_after};
    use crate::family::Explore;
    use crate::{parse_case, select, AnyCase, Go, Refereed};

    #[test]
    fn the_state_follows_the_referees_still_in_the_game() {
        // `japanese` ends the game at the second pass; `katago-japanese` plays on into its
        // cleanup phase, where E4 unblocks the ko and places no stone. The state must be the
        // one KataGo's rules make, whichever referee comes first.
        let path = "corpus/go/katago/encore-unblock-keeps-board.toml";
        let text =
            std::fs::read_to_string(format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let AnyCase::Go(case) = parse_case(path.as_ref(), &text).unwrap() else {
            panic!("a go case")
        };
        let registry = Go::registry();
        let both = select(&registry, "japanese,katago-japanese").unwrap();
        let katago = select(&registry, "katago-japanese").unwrap();
        let plays = &case.plays[..4];
        let svg = |refs: &[&crate::referee::RefereeInfo<Go>]| {
            <Go as Explore>::svg(&case.setup, &state_after(&case.setup, refs, plays), None)
        };
        assert_eq!(svg(&both), svg(&katago));
        assert_ne!(svg(&both), svg(&both[..1]));
    }

    #[test]
    fn finds_a_one_minimal_subsequence() {
        // Keeps when 3 comes before 7.
        let keeps = |h: &[u32]| {
            let (a, b) = (
                h.iter().position(|&x| x == 3),
                h.iter().position(|&x| x == 7),
            );
            matches!((a, b), (Some(a), Some(b)) if a < b)
        };
        let history: Vec<u32> = (0..20).collect();
        let small = minimize(&history, keeps);
        assert_eq!(small, vec![3, 7]);
        assert_eq!(minimize(&history, |h: &[u32]| h.len() >= 3).len(), 3);
    }
}
