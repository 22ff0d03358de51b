//! The Kee space tables: combinations that behave the same on every start are one row, named
//! by the axis values they share ([`crate::check::kee_space`]). `rulediff finite` gives claim 3
//! per combination, `rulediff solve` the value of each board; the commands only wire their
//! rows here.

use std::fmt::Write as _;

use crate::check::kee_space::{describe, group};
use crate::go::rules::kee::axes::reading_of;
use crate::go::rules::kee::{self, Reading};

/// One search's row, as the space table reads it.
pub struct SpaceRow {
    /// The Kee combination searched.
    pub rule: String,
    /// Start and players, as the table names them.
    pub start: String,
    /// `FINITE`, `FINITE by argument`, `INFINITE`, `UNKNOWN`, `UNSUPPORTED`.
    pub verdict: String,
    /// What the verdict rests on (states, lasso, argument).
    pub details: String,
}

/// Each Kee combination among `rows` with its rows, in order of first appearance (rows of
/// other referees left out).
fn per_reading<T>(rows: &[T], rule: impl Fn(&T) -> &str) -> Vec<(Reading, Vec<&T>)> {
    let mut per: Vec<(Reading, Vec<&T>)> = Vec::new();
    for row in rows {
        let Some(reading) = reading_of(rule(row)) else {
            continue;
        };
        match per.iter_mut().find(|(r, _)| *r == reading) {
            Some((_, list)) => list.push(row),
            None => per.push((reading, vec![row])),
        }
    }
    per
}

/// With two Kee combinations or more among `rows`, the grouped table of claim 3 (markdown);
/// `None` otherwise.
pub fn finite_table(rows: &[SpaceRow]) -> Option<String> {
    let per = per_reading(rows, |row| &row.rule);
    if per.len() < 2 {
        return None;
    }
    let space: Vec<Reading> = per.iter().map(|(r, _)| *r).collect();
    let keyed: Vec<(Reading, Vec<String>)> = per
        .iter()
        .map(|(r, list)| (*r, list.iter().map(|row| row.verdict.clone()).collect()))
        .collect();
    let starts = per[0].1.len();
    let mut md = format!(
        "# Kee claim 3 over {} combinations\n\nClaim 3: \"A game always ends in a finite number of plays, as long as the board is finite.\" Each row is a set of combinations with the same verdict on every one of the {starts} starts (`rulediff finite`); FINITE by argument: {}.\n\n| combinations | how many | claim 3 | smallest counterexample |\n|---|---|---|---|\n",
        space.len(),
        kee::TERMINATION
    );
    for g in group(&keyed) {
        let example = &per
            .iter()
            .find(|(r, _)| *r == g.members[0])
            .expect("member")
            .1;
        let smallest = example
            .iter()
            .find(|row| row.verdict == "INFINITE")
            .map_or("none".to_string(), |row| {
                format!("`{}` under `{}`: {}", row.start, row.rule, row.details)
            });
        writeln!(
            md,
            "| {} | {} | {} | {} |",
            describe(&g, &space),
            g.members.len(),
            tally(&g.behaviour),
            smallest.replace('|', "\\|")
        )
        .expect("String");
    }
    Some(md)
}

/// One `rulediff solve` row, as the value table reads it.
pub struct ValueRow {
    /// The Kee combination solved.
    pub rule: String,
    /// The board, as the command line names it.
    pub board: String,
    /// The value as `solve` gives it (`B+3`, `0`, `endless (0)`, `not solved`).
    pub value: String,
}

/// A `rulediff solve` row's value as the value table shows it: the value itself (`B+3`,
/// `endless (0)`, `B+4 (unchecked)` where the retrograde check ran out of budget), or for a
/// row without one `UNKNOWN` with the budget that ran out, taken from how its search ended
/// (`end`), so that no row drops out of the table unexplained.
pub fn space_value(value: &str, end: &str) -> String {
    if value != "not solved" {
        return value.to_string();
    }
    let reason = end.strip_prefix("not solved: ").unwrap_or(end);
    let reason = reason.split(" after ").next().unwrap_or(reason);
    format!("UNKNOWN ({reason})")
}

/// With two Kee combinations or more among `rows`, the table of values over the space
/// (markdown): per board, which combinations give which value, named by the axis values they
/// share; then the combinations with the same value on every board as one row, with the boards
/// on which they differ from `kee`. `None` with fewer than two combinations.
pub fn values_table(rows: &[ValueRow]) -> Option<String> {
    let per = per_reading(rows, |row| &row.rule);
    if per.len() < 2 {
        return None;
    }
    let space: Vec<Reading> = per.iter().map(|(r, _)| *r).collect();
    let boards: Vec<&str> = per[0].1.iter().map(|row| row.board.as_str()).collect();
    // Each combination's value on each board, in the order of `boards`.
    let values: Vec<(Reading, Vec<String>)> = per
        .iter()
        .map(|(r, list)| (*r, boards.iter().map(|b| value_on(list, b)).collect()))
        .collect();
    let reference = values
        .iter()
        .find(|(r, _)| *r == Reading::DEFAULT)
        .map(|(_, v)| v.clone());
    let mut md = format!(
        "# Kee values over {} combinations\n\nExact values with komi 0 from the empty board, two players (`rulediff solve`: Black's area score minus White's under best play; a game without a score is worth what `--no-result` says, and the value names its kind; `(unchecked)`: alpha-beta's value, whose retrograde check, which a search needs where a line repeats, ran out of its budget, so it has no principal variation; `UNKNOWN`: not solved within the budget named).",
        space.len()
    );
    if let Some(kee) = &reference {
        let named: Vec<String> = boards
            .iter()
            .zip(kee)
            .map(|(b, v)| format!("`{b}` {v}"))
            .collect();
        write!(md, " Under `kee`: {}.", named.join(", ")).expect("String");
    }
    md.push_str("\n\n");
    md.push_str(&per_board(&boards, &values, &space));
    md.push('\n');
    md.push_str(&joint(&boards, &values, &space, reference.as_deref()));
    Some(md)
}

/// The value of `board` among one combination's rows (`-` when it was not solved there).
fn value_on(list: &[&ValueRow], board: &str) -> String {
    list.iter()
        .find(|row| row.board == board)
        .map_or("-".to_string(), |row| row.value.clone())
}

/// Per board, the combinations grouped by the value they give it: "which sentences decide
/// this board's value".
fn per_board(boards: &[&str], values: &[(Reading, Vec<String>)], space: &[Reading]) -> String {
    let mut md = String::from(
        "## Which sentences decide each board's value\n\n| board | value | combinations | how many |\n|---|---|---|---|\n",
    );
    for (i, board) in boards.iter().enumerate() {
        let keyed: Vec<(Reading, String)> =
            values.iter().map(|(r, v)| (*r, v[i].clone())).collect();
        for g in group(&keyed) {
            writeln!(
                md,
                "| `{board}` | {} | {} | {} |",
                g.behaviour,
                describe(&g, space),
                g.members.len()
            )
            .expect("String");
        }
    }
    md
}

/// The combinations with the same value on every board as one row, with the boards on which
/// they differ from `kee` (the `reference` values, when `kee` was solved).
fn joint(
    boards: &[&str],
    values: &[(Reading, Vec<String>)],
    space: &[Reading],
    reference: Option<&[String]>,
) -> String {
    let mut md = String::from(
        "## Combinations with the same value on every board\n\n| combinations | how many |",
    );
    for board in boards {
        write!(md, " `{board}` |").expect("String");
    }
    md.push_str(" differs from `kee` on |\n|---|---|");
    md.push_str(&"---|".repeat(boards.len() + 1));
    md.push('\n');
    for g in group(values) {
        write!(md, "| {} | {} |", describe(&g, space), g.members.len()).expect("String");
        for value in &g.behaviour {
            write!(md, " {value} |").expect("String");
        }
        match reference {
            None => writeln!(md, " (`kee` not solved) |"),
            Some(kee) => writeln!(md, " {} |", differences(boards, kee, &g.behaviour)),
        }
        .expect("String");
    }
    md
}

/// The boards on which `values` differ from `kee`'s, and apart from them those on which one
/// of the two is `UNKNOWN` (not a difference anyone knows of): `none`, or `` `1x3`; unknown on
/// `2x3` ``.
fn differences(boards: &[&str], kee: &[String], values: &[String]) -> String {
    let (mut differ, mut unknown) = (Vec::new(), Vec::new());
    for (board, (a, b)) in boards.iter().zip(kee.iter().zip(values)) {
        if a.starts_with("UNKNOWN") || b.starts_with("UNKNOWN") {
            unknown.push(format!("`{board}`"));
        } else if !same_value(a, b) {
            differ.push(format!("`{board}`"));
        }
    }
    let mut text = match differ.is_empty() {
        true => "none".to_string(),
        false => differ.join(", "),
    };
    if !unknown.is_empty() {
        write!(text, "; unknown on {}", unknown.join(", ")).expect("String");
    }
    text
}

/// Whether two values of the table are the same: the same text, or where one is alpha-beta's
/// unchecked value (`B+4 (unchecked)`), which does not say how the game ends, the same
/// points (`0 (unchecked)` is `endless (0)` as far as it can tell).
fn same_value(a: &str, b: &str) -> bool {
    const UNCHECKED: &str = " (unchecked)";
    if !a.ends_with(UNCHECKED) && !b.ends_with(UNCHECKED) {
        return a == b;
    }
    let points = |v: &str| -> String {
        let v = v.trim_end_matches(UNCHECKED);
        match v.rsplit_once(" (") {
            Some((_, inner)) => inner.trim_end_matches(')').to_string(),
            None => v.to_string(),
        }
    };
    points(a) == points(b)
}

/// `FINITE on 2; INFINITE on 8`: each verdict with how many starts gave it, in order of first
/// appearance.
fn tally(verdicts: &[String]) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for v in verdicts {
        match counts.iter_mut().find(|(k, _)| k == v) {
            Some((_, n)) => *n += 1,
            None => counts.push((v, 1)),
        }
    }
    let parts: Vec<String> = counts.iter().map(|(v, n)| format!("{v} on {n}")).collect();
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rule: &str, start: &str, verdict: &str) -> SpaceRow {
        SpaceRow {
            rule: rule.into(),
            start: start.into(),
            verdict: verdict.into(),
            details: "after `1`, repeat `2 appeal pass`".into(),
        }
    }

    #[test]
    fn combinations_with_one_verdict_per_start_are_one_row() {
        let rows = [
            row("kee", "1x1", "FINITE"),
            row("kee", "1x2", "FINITE"),
            row("kee:replay-same", "1x1", "FINITE"),
            row("kee:replay-same", "1x2", "FINITE"),
            row("kee[rescind=erase,replace=same]", "1x1", "FINITE"),
            row("kee[rescind=erase,replace=same]", "1x2", "INFINITE"),
        ];
        let md = finite_table(&rows).expect("three combinations");
        assert!(md.starts_with("# Kee claim 3 over 3 combinations"), "{md}");
        assert!(md.contains("| FINITE on 2 | none |"), "{md}");
        assert!(
            md.contains(
                "| FINITE on 1; INFINITE on 1 | `1x2` under `kee[rescind=erase,replace=same]`"
            ),
            "{md}"
        );
        assert!(
            finite_table(&rows[..2]).is_none(),
            "one combination: no table"
        );
    }

    fn value(rule: &str, board: &str, value: &str) -> ValueRow {
        ValueRow {
            rule: rule.into(),
            board: board.into(),
            value: value.into(),
        }
    }

    #[test]
    fn values_are_grouped_per_board_and_over_every_board() {
        let mut rows = Vec::new();
        for (rule, on_1x3, on_1x4) in [
            ("kee", "B+3", "B+4"),
            ("kee[opponents=next]", "B+3", "B+4"),
            ("kee:appeal-names-no-op", "0", "B+1"),
            ("kee[appeal=any,opponents=next]", "0", "B+1"),
        ] {
            rows.push(value(rule, "1x3", on_1x3));
            rows.push(value(rule, "1x4", on_1x4));
        }
        let md = values_table(&rows).expect("four combinations");
        assert!(md.starts_with("# Kee values over 4 combinations"), "{md}");
        assert!(md.contains("Under `kee`: `1x3` B+3, `1x4` B+4."), "{md}");
        for line in [
            "| `1x3` | B+3 | every combination with appeal=rule11 | 2 |",
            "| `1x3` | 0 | every combination with appeal=any | 2 |",
            "| `1x4` | B+1 | every combination with appeal=any | 2 |",
            "| combinations | how many | `1x3` | `1x4` | differs from `kee` on |",
            "| every combination with appeal=rule11 | 2 | B+3 | B+4 | none |",
            "| every combination with appeal=any | 2 | 0 | B+1 | `1x3`, `1x4` |",
        ] {
            assert!(md.contains(line), "no `{line}` in\n{md}");
        }
        assert!(
            values_table(&rows[..2]).is_none(),
            "one combination: no table"
        );
    }

    #[test]
    fn a_row_without_a_value_is_unknown_with_the_budget_that_ran_out() {
        assert_eq!(
            space_value(
                "not solved",
                "not solved: time budget ran out after 65536 nodes; the value is between -8 and 8 (half points)"
            ),
            "UNKNOWN (time budget ran out)"
        );
        assert_eq!(
            space_value(
                "not solved",
                "board 5x5 has 25 points; solve handles at most 20"
            ),
            "UNKNOWN (board 5x5 has 25 points; solve handles at most 20)"
        );
        for value in ["B+4 (unchecked)", "endless (0)", "0"] {
            assert_eq!(space_value(value, "anything"), value);
        }
    }

    #[test]
    fn an_unchecked_value_differs_from_kee_only_by_its_points() {
        assert!(same_value("B+4 (unchecked)", "B+4"));
        assert!(same_value("0 (unchecked)", "endless (0)"));
        assert!(!same_value("0 (unchecked)", "B+4"));
        assert!(
            !same_value("endless (0)", "0"),
            "an endless game is not a score"
        );
        assert!(!same_value("UNKNOWN (time budget ran out)", "B+4"));
    }

    #[test]
    fn an_unknown_value_is_not_counted_as_a_difference() {
        let kee: Vec<String> = ["B+3", "0", "0"].map(String::from).to_vec();
        let other: Vec<String> = ["0", "UNKNOWN (time budget ran out)", "0 (unchecked)"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            differences(&["1x3", "2x3", "2x2"], &kee, &other),
            "`1x3`; unknown on `2x3`"
        );
        assert_eq!(differences(&["2x2"], &kee[2..], &other[2..]), "none");
    }
}
