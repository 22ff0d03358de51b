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
pub mod fuzz_seeds;
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

use rulediff::families::{self, ForFamily};
use rulediff::listed::Listed;
use rulediff::referee::rule_matches;

/// Fails on any id in a `--rules` list that no family knows (nor names one of `engines`, the
/// ids of the run's external engines), and on a list that selects no referee of any family
/// (`''`, `-all`).
pub fn check_rule_ids(spec: &str, engines: &[String]) -> anyhow::Result<()> {
    let mut known: Vec<String> = families::for_each(&mut Ids).concat();
    known.extend_from_slice(engines);
    for token in rulediff::referee::select::tokens(spec) {
        let pattern = token.strip_prefix('-').unwrap_or(token);
        let named = families::for_each(&mut NamedByParts(pattern));
        if let Some(error) = named.iter().flatten().find_map(|n| n.as_ref().err()) {
            anyhow::bail!("{error}");
        }
        if named.iter().any(Option::is_some) {
            continue;
        }
        if !known.iter().any(|k| rule_matches(pattern, k)) {
            anyhow::bail!("unknown referee `{pattern}`; `rulediff rules` lists them all");
        }
    }
    let none = families::for_each(&mut SelectsNone(spec))
        .into_iter()
        .all(|none| none);
    let engine_named = rulediff::referee::select::tokens(spec)
        .iter()
        .any(|t| engines.iter().any(|e| e == t));
    if none && !engine_named {
        anyhow::bail!("--rules `{spec}` selects no referee; `rulediff rules` lists them all");
    }
    Ok(())
}

/// Every referee id of a family.
struct Ids;

impl ForFamily for Ids {
    type Output = Vec<String>;
    fn run<F: Listed>(&mut self) -> Vec<String> {
        F::registry().into_iter().map(|r| r.id).collect()
    }
}

/// Whether a token names a family's referees by parts (Kee's `kee[…]`), and if so, whether
/// it is well formed (the message of what is wrong).
struct NamedByParts<'a>(&'a str);

impl ForFamily for NamedByParts<'_> {
    type Output = Option<Result<(), String>>;
    fn run<F: Listed>(&mut self) -> Self::Output {
        F::named(self.0).map(|named| named.map(|_| ()).map_err(|e| e.to_string()))
    }
}

/// Whether a `--rules` list selects no referee of a family.
struct SelectsNone<'a>(&'a str);

impl ForFamily for SelectsNone<'_> {
    type Output = bool;
    fn run<F: Listed>(&mut self) -> bool {
        rulediff::referee::select_own(&F::registry_for(self.0), self.0).is_empty()
    }
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
