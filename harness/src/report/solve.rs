//! The tables of `rulediff solve`: one row per search (ruleset, board), as markdown for the
//! terminal and `solutions.md`, and as `solutions.csv`; the command runs the searches, settles
//! each into a [`Settled`] row and writes what this renders.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

/// A row as the tables and the case file show it: what is saved as each search settles.
#[derive(Clone, Serialize, Deserialize)]
pub struct Settled {
    /// The ruleset searched.
    pub rule: String,
    /// The board, as the command line names it.
    pub board: String,
    /// The value, or why there is none.
    pub value: String,
    /// The value in points, where it is known.
    pub points: String,
    /// How best play ends, or why the search did not finish.
    pub end: String,
    /// The length of the principal variation, where there is one.
    pub plies: String,
    /// Positions searched.
    pub nodes: String,
    /// Wall-clock seconds the search took.
    pub seconds: f64,
    /// The principal variation as a case file, when solved.
    pub case: Option<String>,
}

/// The table: ruleset, board, value, how best play ends, nodes and seconds.
pub fn markdown(rows: &[Settled]) -> String {
    let mut out = String::from(
        "| ruleset | board | value | best play ends | nodes | seconds |\n|---|---|---|---|---|---|\n",
    );
    for row in rows {
        writeln!(
            out,
            "| `{}` | `{}` | {} | {} | {} | {:.2} |",
            row.rule,
            row.board,
            row.value,
            row.end.replace('|', "\\|"),
            row.nodes,
            row.seconds
        )
        .expect("writing to a String");
    }
    out
}

/// `solutions.md`: what the values mean, then the table.
pub fn document(rows: &[Settled], no_result: f64) -> String {
    format!(
        "# Solutions\n\nWritten by `rulediff solve`: exact values with komi 0 (Black's score \
         minus White's as the ruleset counts: area, or territory and prisoners; a game without a score counts {no_result}), and the case file of a \
         principal variation for each.\n\n{}",
        markdown(rows)
    )
}

/// `solutions.csv`: every field of every row, with the path of its case file.
pub fn csv(rows: &[Settled]) -> Result<Vec<u8>, ::csv::Error> {
    let mut csv = ::csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "ruleset", "board", "value", "points", "end", "plies", "nodes", "seconds", "case",
    ])?;
    for row in rows {
        let case = match row.case {
            Some(_) => format!("solutions/{}", case_name(row)),
            None => String::new(),
        };
        csv.write_record([
            row.rule.as_str(),
            &row.board,
            &row.value,
            &row.points,
            &row.end,
            &row.plies,
            &row.nodes,
            &format!("{:.3}", row.seconds),
            &case,
        ])?;
    }
    Ok(csv.into_inner().map_err(|e| e.into_error())?)
}

/// The file name of a row's principal-variation case, under `solutions/`.
pub fn case_name(row: &Settled) -> String {
    format!("{}-{}.toml", slug(&row.rule), slug(&row.board))
}

fn slug(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
