//! `rulediff fuzz-seeds` (for `fuzz/seed.sh`, so the script names no family): every
//! family's fuzz seeds, built from the corpus, written as `<out>/<target>/<name>`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rulediff::families;
use rulediff::util::atomic;

#[derive(clap::Args)]
pub struct Args {
    /// The bundled corpus the seeds are built from.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// The folder of seed folders, one per fuzz target (`fuzz/seeds`).
    #[arg(long)]
    out: PathBuf,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let seeds = families::fuzz_seeds(&args.corpus)
        .with_context(|| format!("cannot read the corpus in {}", args.corpus.display()))?;
    for seed in &seeds {
        let dir = args.out.join(seed.target);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        atomic::write(&dir.join(&seed.name), &seed.bytes)?;
    }
    outln!("{} seeds written to {}", seeds.len(), args.out.display())?;
    Ok(ExitCode::SUCCESS)
}
