//! The Kee space tables of `rulediff finite` (claim 3 per combination) and `rulediff solve`
//! (the value of each board per combination): which searches share their work, and where the
//! tables ([`rulediff::check::tables::kee_space`]) go.

use std::path::Path;
use std::process::ExitCode;

use rulediff::check::kee_space::same_behaviour;
use rulediff::check::tables::kee_space::{finite_table as render, values_table as render_values};
use rulediff::check::tables::kee_space::{space_value, SpaceRow, ValueRow};
use rulediff::go::rules::kee::axes::{self, reading_of};
use rulediff::report::solve::Settled;
use rulediff::util::atomic;

/// What jobs of `id` with `players` players share: the combination that rules the same
/// (see [`same_behaviour`]), or the id itself for any other referee.
pub fn share_key(id: &str, players: usize) -> String {
    match reading_of(id) {
        Some(reading) => format!("kee {}", axes::id_of(&same_behaviour(&reading, players))),
        None => id.to_string(),
    }
}

/// With two Kee combinations or more among `rows`, the grouped table: printed, and written as
/// `kee-space.md` into `out`.
pub fn finite_table(out: Option<&Path>, rows: &[SpaceRow]) -> anyhow::Result<ExitCode> {
    let Some(md) = render(rows) else {
        return Ok(ExitCode::SUCCESS);
    };
    if let Some(out) = out {
        atomic::write(&out.join("kee-space.md"), md.as_bytes())?;
    }
    out!("{md}")?;
    Ok(ExitCode::SUCCESS)
}

/// With two Kee combinations or more among `solve`'s rows, the table of values over the
/// space: printed, and written as `kee-space.md` into `out`.
pub fn values_table(out: Option<&Path>, rows: &[Settled]) -> anyhow::Result<()> {
    let rows: Vec<ValueRow> = rows
        .iter()
        .map(|row| ValueRow {
            rule: row.rule.clone(),
            board: row.board.clone(),
            value: space_value(&row.value, &row.end),
        })
        .collect();
    let Some(md) = render_values(&rows) else {
        return Ok(());
    };
    if let Some(out) = out {
        atomic::write(&out.join("kee-space.md"), md.as_bytes())?;
    }
    out!("\n{md}")?;
    Ok(())
}
