//! `rulediff explain CASE [--rules wxf,…]`: how each WXF judge reads the end of a xiangqi case.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use rulediff::families::{self, AnyCase};
use rulediff::xiangqi::registry::wxf_judge;
use rulediff::xiangqi::rules::explain::explain;
use rulediff::xiangqi::rules::judge::Point;

#[derive(clap::Args)]
pub struct Args {
    /// A xiangqi case file.
    case: PathBuf,
    /// WXF referee ids, comma-separated (`wxf`, `wxf-3fold`, the `wxf-…` variants).
    #[arg(long, default_value = "wxf")]
    rules: String,
    /// Judge every listed reading as `wxf-3fold` does: at the third occurrence of the current
    /// position (for reading a divergence from Fairy-Stockfish under each WXF reading).
    #[arg(long)]
    third: bool,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let AnyCase::Xiangqi(case) = families::load(&args.case)? else {
        bail!("{}: explain reads xiangqi cases", args.case.display());
    };
    for id in args
        .rules
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let Some((readings, mut times, mut point)) = wxf_judge(id) else {
            bail!("`{id}` is not a WXF judge (`rulediff rules` lists the wxf ids)");
        };
        if args.third {
            (times, point) = (2, Point::CurrentRepeats);
        }
        outln!(
            "== {id}{}",
            if args.third {
                " at the third occurrence"
            } else {
                ""
            }
        )?;
        out!(
            "{}",
            explain(&case.setup, &case.plays, readings, times, point)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
