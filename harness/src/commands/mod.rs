//! One module per subcommand; each parses nothing itself (clap does) and returns an exit code.

pub mod finite;
pub mod random;
pub mod report;
pub mod rules;
pub mod run;
pub mod sgf;
pub mod solve;

use rulediff::go::Go;
use rulediff::referee::Refereed;

/// Fails on any id in a `--rules` list that no family knows.
pub fn check_rule_ids(spec: &str) -> anyhow::Result<()> {
    if spec.trim() == "all" {
        return Ok(());
    }
    let known: Vec<String> = ids::<Go>();
    for id in spec.split(',').map(str::trim).filter(|id| !id.is_empty()) {
        if !known.iter().any(|k| k == id) {
            anyhow::bail!("unknown referee `{id}`; `rulediff rules` lists them all");
        }
    }
    Ok(())
}

fn ids<F: Refereed>() -> Vec<String> {
    F::registry().into_iter().map(|r| r.id).collect()
}
