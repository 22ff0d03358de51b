//! Delta debugging over a move list: the shortest history (found greedily, 1-minimal) after
//! which the same play still shows the same divergence signature.

use crate::family::Explore;
use crate::referee::{Referee, RefereeInfo, Status, Verdict};

use super::record::Ruling;
use super::signature::Signature;

/// Replays `history` through fresh referees (every play must be legal for all and the game
/// must go on), then judges `play`: the signature it shows, if the history is playable.
pub fn signature_after<F: Explore>(
    setup: &F::Setup,
    referees: &[&RefereeInfo<F>],
    history: &[F::Play],
    play: &F::Play,
    ends: bool,
) -> Option<Signature> {
    let ids: Vec<String> = referees.iter().map(|r| r.id.clone()).collect();
    let mut seats: Vec<Box<dyn Referee<F>>> = referees.iter().map(|r| (r.make)()).collect();
    for seat in &mut seats {
        seat.start(setup).ok()?;
    }
    let mut state = F::initial(setup);
    for p in history {
        for seat in &mut seats {
            if seat.play(p).ok()? != Verdict::Legal || seat.status().ok()? != Status::Ongoing {
                return None;
            }
        }
        F::advance_seated(setup, &mut state, p, super::random::reported_seat(&seats));
    }
    let rulings = final_rulings(&mut seats, play, ends)?;
    let cycle = if ends {
        None
    } else {
        F::cycle(setup, &state, play).map(|c| c.0)
    };
    Some(Signature::new(&ids, &rulings, cycle))
}

/// Rulings on the final play: judged only, or (for an end-of-game divergence) played.
fn final_rulings<F: Explore>(
    seats: &mut [Box<dyn Referee<F>>],
    play: &F::Play,
    ends: bool,
) -> Option<Vec<Ruling>> {
    seats
        .iter_mut()
        .map(|s| {
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

/// The family's state after `plays`, replayed through a fresh referee of `referee` so that
/// a ruleset that changes the turn order can say who moves (the plays are assumed legal).
pub fn state_after<F: Explore>(
    setup: &F::Setup,
    referee: &RefereeInfo<F>,
    plays: &[F::Play],
) -> F::State {
    let mut state = F::initial(setup);
    let mut judge = (referee.make)();
    let started = judge.start(setup).is_ok();
    for p in plays {
        let next = if started && judge.play(p).is_ok() {
            judge.seat_to_move()
        } else {
            None
        };
        F::advance_seated(setup, &mut state, p, next);
    }
    state
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
    use super::minimize;

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
