//! `rulediff wxf-import DATA.json --out DIR`: the WXF repetition test data as case files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use rulediff::util::read;
use rulediff::xiangqi::wxf_data::{convert_all, Data, Form};

#[derive(clap::Args)]
pub struct Args {
    /// The JSON test data (`xiangqi-wxf-cases.json`: FEN, moves with ranks 0-9, expected
    /// result for the side to move, WXF diagram number).
    data: PathBuf,
    /// Folder for the case files (`corpus/xiangqi/wxf` in this repository).
    #[arg(long)]
    out: PathBuf,
    /// Play each case's final cycle again up to the third occurrence of its final position,
    /// for `wxf-3fold` (and Fairy-Stockfish): `corpus/xiangqi/wxf-third`.
    #[arg(long)]
    third: bool,
}

pub fn main(args: &Args) -> anyhow::Result<ExitCode> {
    let text = read::text(&args.data, read::Kind::WxfData).context("cannot read")?;
    let data: Data = serde_json::from_str(&text)
        .with_context(|| format!("{}: not the WXF case data", args.data.display()))?;
    let form = if args.third { Form::Third } else { Form::First };
    let (cases, diagrams) =
        convert_all(&data, form).with_context(|| format!("{}", args.data.display()))?;
    for case in &cases {
        let path = args.out.join(&case.name);
        rulediff::util::atomic::write(&path, case.text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let trimmed: Vec<&str> = cases
        .iter()
        .filter(|c| c.trimmed)
        .map(|c| c.name.as_str())
        .collect();
    let numbers: Vec<String> = diagrams.iter().map(u32::to_string).collect();
    outln!(
        "{} cases written to {}, covering {} distinct WXF diagrams: {}",
        cases.len(),
        args.out.display(),
        diagrams.len(),
        numbers.join(" ")
    )?;
    if !trimmed.is_empty() {
        outln!(
            "final position not a repetition, trailing moves dropped: {}",
            trimmed.join(" ")
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
