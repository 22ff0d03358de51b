//! `rulediff sgf CASE`: export a Go case to SGF.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail};
use rulediff::families::{self, AnyCase};

#[derive(clap::Args)]
pub struct Args {
    /// A Go case file on a grid with two players.
    case: PathBuf,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let case = match families::load(&args.case)? {
        AnyCase::Go(case) => case,
        #[allow(unreachable_patterns)]
        _ => bail!("{}: SGF export needs a Go case", args.case.display()),
    };
    let sgf = rulediff::go::sgf::export(&case.setup, &case.plays)
        .map_err(|e| anyhow!("{}: cannot export: {e}", args.case.display()))?;
    out!("{sgf}")?;
    Ok(ExitCode::SUCCESS)
}
