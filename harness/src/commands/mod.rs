//! One module per subcommand; each parses nothing itself (clap does) and returns an exit code.

pub mod engines;
pub mod explain;
pub mod finite;
pub mod kee_claims;
pub mod random;
pub mod report;
pub mod rules;
pub mod run;
pub mod sgf;
pub mod wxf_import;

use rulediff::chess::Chess;
use rulediff::go::Go;
use rulediff::referee::{rule_matches, Refereed};
use rulediff::xiangqi::Xiangqi;

/// Fails on any id in a `--rules` list that no family knows.
pub fn check_rule_ids(spec: &str) -> anyhow::Result<()> {
    let mut known: Vec<String> = ids::<Go>();
    known.extend(ids::<Chess>());
    known.extend(ids::<Xiangqi>());
    for token in spec.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let pattern = token.strip_prefix('-').unwrap_or(token);
        if !known.iter().any(|k| rule_matches(pattern, k)) {
            anyhow::bail!("unknown referee `{pattern}`; `rulediff rules` lists them all");
        }
    }
    Ok(())
}

fn ids<F: Refereed>() -> Vec<String> {
    F::registry().into_iter().map(|r| r.id).collect()
}
