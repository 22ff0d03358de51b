//! One module per subcommand; each parses nothing itself (clap does) and returns an exit code.

/// `print!` for command output: a reader that stops early (`rulediff rules | head`) ends the
/// command quietly, as a closed pipe ends any Unix tool, instead of a panic; any other write
/// error is returned.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::commands::write_out(format_args!($($arg)*))
    };
}

/// `println!` for command output (see `out!`).
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::commands::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub mod engines;
pub mod explain;
pub mod finite;
pub mod journal;
pub mod kee_claims;
pub mod kee_space;
pub mod random;
pub mod report;
pub mod rules;
pub mod run;
pub mod score;
pub mod sgf;
pub mod solve;
pub mod wxf_import;

use rulediff::chess::Chess;
use rulediff::go::Go;
use rulediff::referee::{rule_matches, Refereed};
use rulediff::xiangqi::Xiangqi;

/// Fails on any id in a `--rules` list that no family knows, and on a list that selects no
/// referee of any family (`''`, `-all`).
pub fn check_rule_ids(spec: &str) -> anyhow::Result<()> {
    let mut known: Vec<String> = ids::<Go>();
    known.extend(ids::<Chess>());
    known.extend(ids::<Xiangqi>());
    for token in rulediff::referee::select::tokens(spec) {
        let pattern = token.strip_prefix('-').unwrap_or(token);
        if let Some(named) = Go::named(pattern) {
            named.map_err(anyhow::Error::msg)?;
            continue;
        }
        if !known.iter().any(|k| rule_matches(pattern, k)) {
            anyhow::bail!("unknown referee `{pattern}`; `rulediff rules` lists them all");
        }
    }
    let none = rulediff::referee::select_own(&Go::registry_for(spec), spec).is_empty()
        && rulediff::referee::select_own(&Chess::registry(), spec).is_empty()
        && rulediff::referee::select_own(&Xiangqi::registry(), spec).is_empty();
    if none {
        anyhow::bail!("--rules `{spec}` selects no referee; `rulediff rules` lists them all");
    }
    Ok(())
}

fn ids<F: Refereed>() -> Vec<String> {
    F::registry().into_iter().map(|r| r.id).collect()
}

/// Writes command output (see `out!`). A closed pipe exits with the status a process killed
/// by SIGPIPE has (141): everything the command computed is already saved by then.
pub fn write_out(args: std::fmt::Arguments) -> std::io::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(141),
        other => other,
    }
}
