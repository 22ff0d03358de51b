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
pub mod progress;
pub mod random;
pub mod report;
pub mod rules;
pub mod run;
pub mod score;
pub mod sgf;
pub mod solve;
pub mod wxf_import;

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
