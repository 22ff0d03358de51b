//! `rulediff rules`: the registry of every family.

use std::process::ExitCode;

use rulediff::families::{self, ForFamily};
use rulediff::listed::Listed;
use rulediff::referee::{RefereeInfo, Refereed};

#[derive(clap::Args)]
pub struct Args {
    /// Also print each referee's source and longer description.
    #[arg(long, short)]
    verbose: bool,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    for texts in families::for_each(&mut Listing(args.verbose)) {
        for text in texts.iter().filter(|t| !t.is_empty()) {
            out!("{text}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A family's registry as `rulediff rules` lists it, then its notes (Kee's axes).
struct Listing(bool);

impl ForFamily for Listing {
    type Output = [String; 2];
    fn run<F: Listed>(&mut self) -> [String; 2] {
        [listing::<F>(self.0), F::registry_notes(self.0)]
    }
}

fn listing<F: Refereed>(verbose: bool) -> String {
    let registry = F::registry();
    let width = registry.iter().map(|r| r.id.len()).max().unwrap_or(0);
    let mut out = format!("{} (default: {})\n", F::NAME, F::DEFAULT_RULES);
    for info in &registry {
        out.push_str(&format!("  {:width$}  {}\n", info.id, info.summary));
        if verbose {
            out.push_str(&details(info, width));
        }
    }
    out
}

fn details<F: Refereed>(info: &RefereeInfo<F>, width: usize) -> String {
    let indent = " ".repeat(width + 4);
    let mut out = format!("{indent}source: {}\n", info.source);
    let claims = &info.claims;
    out.push_str(&format!(
        "{indent}claims: legality `{}`; end of game `{}`; scoring `{}`\n",
        claims.legality, claims.end, claims.scoring
    ));
    for line in info.details.lines() {
        out.push_str(&format!("{indent}{line}\n"));
    }
    out
}
