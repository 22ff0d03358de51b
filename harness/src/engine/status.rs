//! What a bridge's `status` reply says, read once for every family ([`super::protocol`]):
//! whether the game is over, every end condition the engine reports, the engine's own result
//! as it computed it, and the draws the player to move may claim. A family turns it into its
//! outcome ([`Reported::outcome`]), knowing which conditions decide a game how.
//!
//! Version 2 lists the conditions (`"ends": [R, …]`, `"claims": [C, …]`) and gives the result
//! apart (`"result": {…}`); version 1's `rule`, `winner`, `score` and `claim` are read as a
//! one-condition list, so bridges written for it keep working.

use serde_json::Value;

use crate::family::outcome::{HalfPoints, Outcome, Part, Tally};

/// The engine's own result, in the form it gives one.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineResult {
    /// Who won (`None`: a draw), and nothing more.
    Winner(Option<String>),
    /// Who won and by how much, as the engine counted (Go).
    Margin {
        /// The winner's seat.
        winner: String,
        /// Points, positive.
        margin: f64,
    },
    /// Each seat's points, komi included, as the engine counted (Go).
    Score(Vec<(String, f64)>),
    /// Each seat's return, as reinforcement-learning environments end a game (+1, -1, 0).
    Rewards(Vec<(String, f64)>),
}

/// A `status` reply, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Reported {
    /// Whether the engine says the game is over.
    pub over: bool,
    /// Every end condition the engine reports, in its order.
    pub ends: Vec<String>,
    /// The engine's own result, where it computed one.
    pub result: Option<EngineResult>,
    /// The condition the engine's result names, where it names one (python-chess's
    /// `Outcome.termination`); else the first of `ends`.
    pub rule: Option<String>,
    /// Every draw the player to move may claim now (chess).
    pub claims: Vec<String>,
}

/// How a family's end conditions decide a game, for telling apart endings that cannot hold
/// together: each condition's kind, and the pairs of kinds the family's rules reconcile.
pub struct Endings {
    /// A condition's kind (`decisive`, `draw`, `count`), `None` for a word the family does
    /// not know, which is reported as the engine's and never called incompatible.
    pub kind: fn(&str) -> Option<&'static str>,
    /// Two conditions of different kinds that the rules let hold at once (one prevails).
    pub reconciled: fn(&str, &str) -> bool,
}

/// The reply `reply` as a status report; `None` where it is not one.
pub fn read(reply: &Value) -> Option<Reported> {
    let over = reply.get("over")?.as_bool()?;
    let ends = match reply.get("ends") {
        Some(list) => strings(list)?,
        None => reply
            .get("rule")
            .and_then(Value::as_str)
            .filter(|_| over)
            .map(|r| vec![r.to_string()])
            .unwrap_or_default(),
    };
    let claims = match reply.get("claims") {
        Some(list) => strings(list)?,
        None => match reply.get("claim") {
            Some(Value::String(c)) => vec![c.clone()],
            Some(Value::Null) | None => Vec::new(),
            Some(_) => return None,
        },
    };
    let result = match reply.get("result") {
        Some(Value::Null) => None,
        Some(result) => Some(read_result(result)?),
        None if reply.get("ends").is_some() => None,
        None => read_v1_result(reply, over)?,
    };
    let rule = match reply.get("result").and_then(|r| r.get("rule")) {
        Some(Value::String(rule)) => Some(rule.clone()),
        Some(_) => return None,
        None => None,
    };
    Some(Reported {
        over,
        ends,
        result,
        rule,
        claims,
    })
}

fn strings(list: &Value) -> Option<Vec<String>> {
    list.as_array()?
        .iter()
        .map(|v| v.as_str().map(str::to_string))
        .collect()
}

fn seats(map: &Value) -> Option<Vec<(String, f64)>> {
    map.as_object()?
        .iter()
        .map(|(seat, x)| Some((seat.clone(), x.as_f64()?)))
        .collect()
}

/// Version 2's `result`: `{"winner": W|null}`, with `"margin": x`, or `{"score": {…}}`, or
/// `{"rewards": {…}}`; any of them may name its `"rule"`. An engine that gives its returns
/// and the count they come from (PettingZoo's go_v5) sends both: the winner and margin are
/// the result, and returns that name another winner make the reply nonsense.
fn read_result(result: &Value) -> Option<EngineResult> {
    if let Some(score) = result.get("score") {
        return Some(EngineResult::Score(seats(score)?));
    }
    let rewards = match result.get("rewards") {
        Some(rewards) => Some(seats(rewards)?),
        None => None,
    };
    if result.get("winner").is_none() {
        return rewards.map(EngineResult::Rewards);
    }
    let told = read_winner(result)?;
    if let Some(rewards) = rewards {
        let (winner, Some(best)) = (told_winner(&told), rewards_winner(&rewards)) else {
            return None;
        };
        (winner == best).then_some(())?;
    }
    Some(told)
}

/// The winner a result names (`None` inside: a draw).
fn told_winner(result: &EngineResult) -> Option<&str> {
    match result {
        EngineResult::Winner(w) => w.as_deref(),
        EngineResult::Margin { winner, .. } => Some(winner),
        _ => None,
    }
}

/// Who the returns make the winner: `Some(None)` for a draw, `None` for no returns.
fn rewards_winner(rewards: &[(String, f64)]) -> Option<Option<&str>> {
    let best = rewards.iter().map(|(_, r)| *r).fold(f64::MIN, f64::max);
    let top: Vec<&str> = rewards
        .iter()
        .filter(|(_, r)| *r == best)
        .map(|(s, _)| s.as_str())
        .collect();
    match top.as_slice() {
        [] => None,
        [one] => Some(Some(one)),
        _ => Some(None),
    }
}

/// `{"winner": W|null}`, with `"margin": x` for a winner.
fn read_winner(result: &Value) -> Option<EngineResult> {
    let winner = match result.get("winner")? {
        Value::Null => None,
        Value::String(w) => Some(w.clone()),
        _ => return None,
    };
    match (winner, result.get("margin")) {
        (Some(winner), Some(margin)) => Some(EngineResult::Margin {
            winner,
            margin: margin.as_f64().filter(|m| *m >= 0.0)?,
        }),
        (winner, None) => Some(EngineResult::Winner(winner)),
        (None, Some(_)) => None,
    }
}

/// Version 1 put the winner and the Go score beside the rule.
fn read_v1_result(reply: &Value, over: bool) -> Option<Option<EngineResult>> {
    if !over {
        return Some(None);
    }
    if let Some(score) = reply.get("score") {
        return Some(Some(EngineResult::Score(seats(score)?)));
    }
    Some(Some(EngineResult::Winner(
        reply
            .get("winner")
            .and_then(Value::as_str)
            .map(str::to_string),
    )))
}

impl Reported {
    /// Pairs of reported conditions that cannot hold together by the family's `endings`.
    pub fn incompatible(&self, endings: &Endings) -> Vec<(String, String)> {
        let mut pairs = Vec::new();
        for (i, a) in self.ends.iter().enumerate() {
            for b in &self.ends[i + 1..] {
                let (Some(ka), Some(kb)) = ((endings.kind)(a), (endings.kind)(b)) else {
                    continue;
                };
                if ka != kb && !(endings.reconciled)(a, b) && !(endings.reconciled)(b, a) {
                    pairs.push((a.clone(), b.clone()));
                }
            }
        }
        pairs
    }

    /// The game's outcome as the engine reported it: the engine's own result, named by its
    /// first condition; a report of incompatible endings is a no-result that names them all
    /// (a finding of its own: no referee that rules by a text can say it). `None` where the
    /// game is not over by the engine, or the result is not one of these `seat` names.
    pub fn outcome(&self, endings: &Endings, seats: &[&str]) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        if !self.incompatible(endings).is_empty() {
            return Some(Outcome::NoResult {
                rule: format!("incompatible-endings({})", self.ends.join("+")),
            });
        }
        let rule = self
            .rule
            .clone()
            .or_else(|| self.ends.first().cloned())
            .unwrap_or_else(|| "end".into());
        let known = |seat: &str| seats.contains(&seat);
        Some(match self.result.as_ref() {
            None => Outcome::NoResult { rule },
            Some(EngineResult::Winner(None)) => Outcome::Draw { rule },
            Some(EngineResult::Winner(Some(w))) => {
                known(w).then_some(())?;
                Outcome::Win {
                    winner: w.clone(),
                    rule,
                }
            }
            Some(EngineResult::Margin { winner, margin }) => {
                known(winner).then_some(())?;
                let points = seats
                    .iter()
                    .map(|s| (*s, if s == winner { *margin } else { 0.0 }))
                    .collect::<Vec<_>>();
                reported_count(&points)?
            }
            Some(EngineResult::Score(points)) => {
                let points = in_seat_order(points, seats)?;
                reported_count(&points)?
            }
            Some(EngineResult::Rewards(rewards)) => {
                let rewards = in_seat_order(rewards, seats)?;
                by_rewards(&rewards, rule)
            }
        })
    }
}

fn in_seat_order<'a>(points: &[(String, f64)], seats: &[&'a str]) -> Option<Vec<(&'a str, f64)>> {
    if points.len() != seats.len() {
        return None;
    }
    seats
        .iter()
        .map(|s| Some((*s, points.iter().find(|(p, _)| p == s)?.1)))
        .collect()
}

/// The engine's count, not broken down: each seat's points as [`Part::Reported`].
fn reported_count(points: &[(&str, f64)]) -> Option<Outcome> {
    let mut tally = Tally::new("engine", points.len());
    for (seat, (_, x)) in points.iter().enumerate() {
        tally.add(seat, Part::Reported, HalfPoints::from_f64(*x)?);
    }
    tally.judged_by = "the engine".into();
    let names: Vec<&str> = points.iter().map(|(s, _)| *s).collect();
    Some(Outcome::counted(&names, tally))
}

/// Returns decide who won and nothing more: the best return wins alone, or it is a draw.
fn by_rewards(rewards: &[(&str, f64)], rule: String) -> Outcome {
    let best = rewards.iter().map(|(_, r)| *r).fold(f64::MIN, f64::max);
    let top: Vec<&str> = rewards
        .iter()
        .filter(|(_, r)| *r == best)
        .map(|(s, _)| *s)
        .collect();
    match top.as_slice() {
        [winner] => Outcome::Win {
            winner: winner.to_string(),
            rule,
        },
        _ => Outcome::Draw { rule },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn chess_like() -> Endings {
        Endings {
            kind: |r| match r {
                "checkmate" => Some("decisive"),
                "stalemate" | "seventy-five-move" => Some("draw"),
                _ => None,
            },
            reconciled: |a, b| a == "checkmate" && b == "seventy-five-move",
        }
    }

    #[test]
    fn version_one_replies_read_as_one_condition() {
        let r = read(&json!({"over": true, "rule": "checkmate", "winner": "white"})).unwrap();
        assert_eq!(r.ends, ["checkmate"]);
        assert_eq!(r.result, Some(EngineResult::Winner(Some("white".into()))));
        let r = read(&json!({"over": false, "claim": "threefold"})).unwrap();
        assert_eq!(r.claims, ["threefold"]);
        assert!(r.ends.is_empty());
    }

    #[test]
    fn every_condition_and_the_engines_result_are_kept() {
        let reply = json!({"over": true, "ends": ["checkmate", "seventy-five-move"],
                           "result": {"winner": "white"}});
        let r = read(&reply).unwrap();
        assert_eq!(r.ends, ["checkmate", "seventy-five-move"]);
        let outcome = r.outcome(&chess_like(), &["white", "black"]).unwrap();
        assert_eq!(outcome.summary(), "white+checkmate");
    }

    #[test]
    fn incompatible_endings_are_a_no_result_naming_them() {
        let reply = json!({"over": true, "ends": ["checkmate", "stalemate"],
                           "result": {"winner": "white"}});
        let r = read(&reply).unwrap();
        assert_eq!(
            r.incompatible(&chess_like()),
            [("checkmate".to_string(), "stalemate".to_string())]
        );
        let outcome = r.outcome(&chess_like(), &["white", "black"]).unwrap();
        assert_eq!(
            outcome.summary(),
            "no-result:incompatible-endings(checkmate+stalemate)"
        );
    }

    #[test]
    fn margins_scores_and_rewards_are_the_engines() {
        let go = Endings {
            kind: |_| None,
            reconciled: |_, _| false,
        };
        let seats = ["B", "W"];
        let of = |result: Value| {
            read(&json!({"over": true, "ends": ["two-passes"], "result": result}))?
                .outcome(&go, &seats)
                .map(|o| o.summary())
        };
        assert_eq!(of(json!({"winner": "W", "margin": 2.5})).unwrap(), "W+2.5");
        assert_eq!(of(json!({"score": {"B": 10, "W": 13.5}})).unwrap(), "W+3.5");
        assert_eq!(
            of(json!({"rewards": {"B": 1.0, "W": -1.0}})).unwrap(),
            "B+two-passes"
        );
        assert_eq!(
            of(json!({"rewards": {"B": 0, "W": 0}})).unwrap(),
            "draw:two-passes"
        );
        assert_eq!(
            of(json!({"winner": "B", "margin": 8.5, "rewards": {"B": 1, "W": -1}})).unwrap(),
            "B+8.5"
        );
        assert_eq!(
            of(json!({"winner": null, "rewards": {"B": 0, "W": 0}})).unwrap(),
            "draw:two-passes"
        );
        assert_eq!(
            of(json!({"winner": "W", "margin": 1, "rewards": {"B": 1, "W": -1}})),
            None
        );
        assert_eq!(of(json!({"winner": "Q"})), None);
        assert_eq!(of(json!({"winner": "B", "margin": -1})), None);
        assert!(read(&json!({"over": true, "ends": "two-passes"})).is_none());
        let none = read(&json!({"over": true, "ends": ["two-passes"]})).unwrap();
        assert_eq!(
            none.outcome(&go, &seats).unwrap().summary(),
            "no-result:two-passes"
        );
    }
}
