//! Counted results in words: a referee's result with the parts behind it, the parts that
//! differ between referees, and the stones each counted as dead. Used by `run` (result
//! divergences), campaign reports and `rulediff score`.

use crate::referee::{Outcome, Part, Tally};
use crate::runner::Ruling;

/// `W+0.5 — B: territory 55, prisoners 6 · W: territory 61, prisoners 7, komi 6.5`; the
/// summary alone where the referee gave no parts.
pub fn outcome_line(outcome: &Outcome) -> String {
    let (Outcome::Score { points, .. }, Some(tally)) = (outcome, outcome.tally()) else {
        return outcome.summary();
    };
    let seats: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(seat, (name, _))| {
            format!("{name}: {}{}", area(tally, seat), tally.describe_seat(seat))
        })
        .collect();
    format!("{} — {}", outcome.summary(), seats.join(" · "))
}

/// `area 36 = ` before the stones and territory of an area count.
fn area(tally: &Tally, seat: usize) -> String {
    if tally.scoring != "area" {
        return String::new();
    }
    let sum = tally.part(seat, Part::Stones).0 + tally.part(seat, Part::Territory).0;
    format!("area {} = ", crate::referee::HalfPoints(sum))
}

/// Who took which stones off: `agreement: C3 D4`, `all alive (…)`.
pub fn dead_line(tally: &Tally) -> String {
    let judge = if tally.judged_by.is_empty() {
        "dead"
    } else {
        tally.judged_by.as_str()
    };
    let mut text = if tally.dead.is_empty() {
        format!("{judge}: no stone taken off")
    } else {
        format!("{judge}: {}", tally.dead.join(" "))
    };
    if !tally.seki.is_empty() {
        text += &format!("; seki {}", tally.seki.join(" "));
    }
    text
}

/// The lines that explain a step where referees ended the game with different results:
/// each group's result with its parts, the parts that differ, the dead stones, the board.
/// `names` writes a group of referees (every id, or their classes where the ids are many).
pub fn divergence_lines(
    ids: &[String],
    rulings: &[Ruling],
    board: Option<&crate::family::CountedBoard>,
    names: &dyn Fn(&[String]) -> String,
) -> Vec<String> {
    let ended: Vec<(&String, &Outcome)> = ids
        .iter()
        .zip(rulings)
        .filter_map(|(id, r)| match r {
            Ruling::Ends { outcome } => Some((id, outcome)),
            _ => None,
        })
        .collect();
    let mut lines = Vec::new();
    for (text, members) in grouped(&ended, outcome_line) {
        lines.push(format!("result {}: {text}", names(&members)));
    }
    let tallies: Vec<&Tally> = ended.iter().filter_map(|(_, o)| o.tally()).collect();
    let differing: Vec<&str> = Tally::differing(&tallies)
        .into_iter()
        .map(|p| p.name())
        .collect();
    if !differing.is_empty() {
        lines.push(format!("parts that differ: {}", differing.join(", ")));
    }
    let dead: Vec<(&String, &Outcome)> = ended
        .iter()
        .copied()
        .filter(|(_, o)| o.tally().is_some())
        .collect();
    let groups = grouped(&dead, |o| o.tally().map(dead_line).unwrap_or_default());
    let any_taken = tallies
        .iter()
        .any(|t| !t.dead.is_empty() || !t.seki.is_empty());
    if any_taken {
        let parts: Vec<String> = groups
            .iter()
            .map(|(text, members)| format!("{}: {text}", names(members)))
            .collect();
        lines.push(format!("dead stones: {}", parts.join(" | ")));
    }
    if let Some(board) = board {
        lines.extend(board.text.lines().map(str::to_string));
    }
    lines
}

/// Referees grouped by a text made from their outcome, in first-seen order.
fn grouped(
    ended: &[(&String, &Outcome)],
    text: impl Fn(&Outcome) -> String,
) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for (id, outcome) in ended {
        let t = text(outcome);
        match groups.iter_mut().find(|(g, _)| *g == t) {
            Some((_, members)) => members.push((*id).clone()),
            None => groups.push((t, vec![(*id).clone()])),
        }
    }
    groups
}
