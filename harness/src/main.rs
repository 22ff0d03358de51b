//! The `rulediff` command line.

mod commands;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Compare game rule engines: play the same moves through several referees and show where
/// they disagree.
#[derive(Parser)]
#[command(name = "rulediff", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every referee with its id, what it is and where its definition comes from.
    Rules(commands::rules::Args),
    /// Play case files through referees in lock-step; exit 0 only when every expectation holds.
    Run(commands::run::Args),
    /// Random games through several referees; divergences deduplicated, minimized and reported.
    Random(commands::random::Args),
    /// Exhaustive search: does every game end under a ruleset, on a graph, for N players?
    Finite(commands::finite::Args),
    /// Kee Rules' claims 3–6 on random games, per reading and player policy; violations
    /// minimized to case files.
    KeeClaims(commands::kee_claims::Args),
    /// Exact value of a small two-player game by exhaustive search, with the best line as a case.
    Solve(commands::solve::Args),
    /// Re-render the CSV and HTML reports of a saved campaign.
    Report(commands::report::Args),
    /// Count recorded games (SGF) under their recorded rules and others; compare with RE.
    Score(commands::score::Args),
    /// Write a Go case's game (grid, two players) as SGF.
    Sgf(commands::sgf::Args),
    /// List the built-in external engines (GTP programs, the goban crate) and what they claim.
    Engines(commands::engines::Args),
    /// Turn the WXF xiangqi repetition test data (JSON) into case files.
    WxfImport(commands::wxf_import::Args),
    /// Show how a WXF judge reads the end of a xiangqi case: each move's check, chase or idle.
    Explain(commands::explain::Args),
    /// Write every family's fuzz seeds (for `fuzz/seed.sh`).
    #[command(hide = true)]
    FuzzSeeds(commands::fuzz_seeds::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let checked = rulediff::engine::json_bridge::check_timeouts()
        .map_err(anyhow::Error::from)
        .and_then(|()| commands::progress::check_env());
    if let Err(error) = checked {
        eprintln!("error: {error:#}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Rules(args) => commands::rules::main(&args),
        Command::Run(args) => commands::run::main(&args),
        Command::Random(args) => commands::random::main(&args),
        Command::Report(args) => commands::report::main(&args),
        Command::Finite(args) => commands::finite::main(&args),
        Command::Score(args) => commands::score::main(&args),
        Command::Sgf(args) => commands::sgf::main(&args),
        Command::Engines(args) => commands::engines::main(&args),
        Command::WxfImport(args) => commands::wxf_import::main(&args),
        Command::Explain(args) => commands::explain::main(&args),
        Command::KeeClaims(args) => commands::kee_claims::main(&args),
        Command::Solve(args) => commands::solve::main(&args),
        Command::FuzzSeeds(args) => commands::fuzz_seeds::main(&args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every flag of every command says what it does in `--help` (and so in
    /// `docs/commands.md`, which is generated from it).
    #[test]
    fn every_flag_is_documented() {
        let mut bare = Vec::new();
        undocumented(&super::Cli::command(), "rulediff", &mut bare);
        assert!(bare.is_empty(), "flags without help: {bare:#?}");
    }

    fn undocumented(command: &clap::Command, path: &str, out: &mut Vec<String>) {
        for arg in command.get_arguments() {
            let builtin = ["help", "version"].contains(&arg.get_id().as_str());
            if !builtin && arg.get_help().is_none() && arg.get_long_help().is_none() {
                out.push(format!("{path} {}", arg.get_id()));
            }
        }
        for sub in command.get_subcommands() {
            undocumented(sub, &format!("{path} {}", sub.get_name()), out);
        }
    }

    /// The check is not blind: a flag without a doc comment is caught.
    #[test]
    fn an_undocumented_flag_is_caught() {
        let command = clap::Command::new("t").arg(clap::Arg::new("bare").long("bare"));
        let mut bare = Vec::new();
        undocumented(&command, "t", &mut bare);
        assert_eq!(bare, ["t bare"]);
    }
}
