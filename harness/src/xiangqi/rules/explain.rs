//! Why a WXF judge ruled as it did at the end of a game: the repetition it found, each
//! player's moves in it with what each did (check, the captures it threatened and whether the
//! reply answered them, idle), the levels, and the result. For people reading divergences.

use std::fmt::Write as _;

use super::super::board::{Move, Piece};
use super::super::{fen, XqSetup};
use super::chase::{ply_status, threats, PlyStatus, Readings};
use super::history::History;
use super::judge::{earlier, Judge, Level, Point, Scope};
use super::{repetition_outcome, RepetitionRule};

/// A judge's account of the position after `plays` (which follow the setup's history).
pub fn explain(
    setup: &XqSetup,
    plays: &[Move],
    readings: Readings,
    times: usize,
    point: Point,
) -> String {
    let mut h = History::new(setup.start.clone());
    setup.history.iter().chain(plays).for_each(|&mv| h.push(mv));
    let n = h.len();
    let ranks = setup.ranks;
    let mut out = format!("position after {n} moves: {}\n", fen::format(h.last()));
    if n < 2 || earlier(&h, n, times).is_none() {
        out.push_str("no repetition: the judge does not rule\n");
        return out;
    }
    let windows = match point {
        Point::BothRepeat => earlier(&h, n, times)
            .zip(earlier(&h, n - 1, times))
            .map(|(theirs, ours)| (span(theirs, n - 2), span(ours, n - 3))),
        Point::CurrentRepeats => {
            earlier(&h, n, times).map(|j| (span(j, n - 2), span(j + 1, n - 1)))
        }
    };
    let Some((theirs, ours)) = windows else {
        out.push_str(
            "the side to move's last position has not repeated: the judge does not rule\n",
        );
        return out;
    };
    let mut judge = Judge::new(Scope::Full(readings), times, point);
    let mover = h.position(n - 1).to_move();
    let mut levels = Vec::new();
    for (side, window) in [(mover, &theirs), (mover.opponent(), &ours)] {
        writeln!(out, "{} (moves into positions {:?}):", side.name(), window).expect("String");
        for &t in window.iter().rev() {
            writeln!(out, "  {}", describe(&h, t, &readings, ranks)).expect("String");
        }
        let level = judge.level(&h, window);
        writeln!(out, "  level: {}", level_name(level)).expect("String");
        levels.push(level);
    }
    let outcome = repetition_outcome(h.last().to_move(), levels[1], levels[0]);
    writeln!(out, "result: {}", outcome.summary()).expect("String");
    // Keep the memo honest: the same judge rules the same way.
    debug_assert_eq!(judge.rule(&h).map(|o| o.summary()), Some(outcome.summary()));
    out
}

fn span(from: usize, to: usize) -> Vec<usize> {
    (from..=to).step_by(2).collect()
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Check => "perpetual check",
        Level::Chase => "perpetual chase",
        Level::Idle => "idle",
    }
}

fn piece_at(h: &History, t: usize, sq: super::super::board::Square) -> String {
    let p: Option<Piece> = h.position(t).at(sq);
    p.map_or('?', |p| p.letter()).to_string()
}

/// One move: its text, then check / threats and answers / idle.
fn describe(h: &History, t: usize, r: &Readings, ranks: super::super::notation::Ranks) -> String {
    let reply = h.move_into(t + 1);
    let made = if t == 0 {
        "(the start)".to_string()
    } else {
        ranks.format(h.move_into(t))
    };
    let mut line = format!("ply {t} {made}: ");
    let status = ply_status(h, t, r);
    if status == PlyStatus::Check {
        line.push_str("check");
        return line;
    }
    let a = h.position(t).to_move().opponent();
    let now = threats(h.position(t), a, r);
    if now.is_empty() {
        line.push_str("idle (no free capture)");
        return line;
    }
    let next = threats(h.position(t + 1), a, r);
    let parts: Vec<String> = now
        .iter()
        .map(|m| {
            let followed = if reply.from == m.to { reply.to } else { m.to };
            let still = next.contains(&Move::new(m.from, followed));
            format!(
                "{}{}x{}{} {}",
                piece_at(h, t, m.from),
                ranks.square(m.from),
                piece_at(h, t, m.to),
                ranks.square(m.to),
                if still { "unanswered" } else { "answered" }
            )
        })
        .collect();
    let verdict = match status {
        PlyStatus::Chase(_) => "chase",
        _ => "idle",
    };
    write!(
        line,
        "{verdict}: threatens {} (reply {})",
        parts.join(", "),
        ranks.format(reply)
    )
    .expect("String");
    line
}
