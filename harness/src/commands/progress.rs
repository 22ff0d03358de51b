//! Progress on stderr for long commands. On a terminal indicatif draws its bar; anywhere else
//! (a CI log, `2>file`) it draws nothing, and a run of hours would say nothing at all, so
//! there a plain line says where the bar is, every 30 s (`$RULEDIFF_PROGRESS_SECONDS`).

use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use anyhow::bail;
use indicatif::{HumanDuration, ProgressBar};

/// The variable that sets the seconds between plain progress lines.
const EVERY_VAR: &str = "RULEDIFF_PROGRESS_SECONDS";

/// The seconds between plain lines by default: at least one a minute, as a CI job that waits
/// for output needs.
const EVERY_SECONDS: u64 = 30;

/// Plain progress lines of one bar while it lives; none on a terminal, where the bar shows.
pub struct Lines {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

/// Starts plain lines for `bar` (`unit` names what its position counts; `None` for a
/// spinner) when stderr is not a terminal.
pub fn lines(bar: &ProgressBar, unit: Option<&'static str>) -> Lines {
    // Checked before any command (`check_env`); a value refused there never gets here.
    let every = every().unwrap_or(Duration::from_secs(EVERY_SECONDS));
    if std::io::stderr().is_terminal() {
        return Lines {
            stop: None,
            thread: None,
        };
    }
    let (stop, stopped) = mpsc::channel::<()>();
    let bar = bar.clone();
    let thread = std::thread::spawn(move || {
        while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(every) {
            eprintln!("{}", line(&bar, unit));
        }
    });
    Lines {
        stop: Some(stop),
        thread: Some(thread),
    }
}

impl Lines {
    /// Stops the lines (before the command prints its summary).
    pub fn stop(mut self) {
        self.end();
    }

    fn end(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Lines {
    fn drop(&mut self) {
        self.end();
    }
}

/// `progress: psk 3x3, 128/1,000 games, 3 divergences (1 minute)`.
fn line(bar: &ProgressBar, unit: Option<&str>) -> String {
    let mut parts = Vec::new();
    let prefix = bar.prefix();
    if !prefix.is_empty() {
        parts.push(prefix);
    }
    if let Some(unit) = unit {
        let of = bar.length().map(|l| format!("/{l}")).unwrap_or_default();
        parts.push(format!("{}{of} {unit}", bar.position()));
    }
    let message = bar.message();
    if !message.is_empty() {
        parts.push(message);
    }
    format!(
        "progress: {} ({})",
        parts.join(", "),
        HumanDuration(bar.elapsed())
    )
}

/// Checks `$RULEDIFF_PROGRESS_SECONDS` before any command, as the time-out variables are.
pub fn check_env() -> anyhow::Result<()> {
    every().map(drop)
}

/// The time between plain lines: [`EVERY_SECONDS`], or `$RULEDIFF_PROGRESS_SECONDS`.
fn every() -> anyhow::Result<Duration> {
    let Some(value) = std::env::var_os(EVERY_VAR) else {
        return Ok(Duration::from_secs(EVERY_SECONDS));
    };
    let value = value.to_string_lossy();
    match value.parse::<u64>() {
        Ok(seconds) if (1..=3600).contains(&seconds) => Ok(Duration::from_secs(seconds)),
        _ => bail!(
            "{EVERY_VAR}={value:?}: not a number of seconds between progress lines (a whole \
             number 1..=3600); unset it for the default ({EVERY_SECONDS})"
        ),
    }
}
