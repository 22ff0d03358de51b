//! Faults of the referee itself (time-outs, crashes, garbage), as opposed to rulings.

use serde::{Deserialize, Serialize};

/// Something went wrong with the referee itself, not with the game: an external engine timed
/// out, crashed, or answered garbage. Never a divergence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum Fault {
    /// No answer in time.
    #[error("engine timed out after {millis} ms on `{command}`")]
    Timeout {
        /// The command asked.
        command: String,
        /// How long it waited.
        millis: u64,
    },
    /// The process exited or closed its pipe.
    #[error("engine exited or closed its pipe: {detail}")]
    Crashed {
        /// What was seen (exit status, the last of its error output).
        detail: String,
    },
    /// An answer that is no answer to the command.
    #[error("engine answered `{reply}` to `{command}`, which makes no sense here")]
    Garbage {
        /// The command asked.
        command: String,
        /// What came back (clipped).
        reply: String,
    },
    /// The referee cannot play this game at all (a board or player count it lacks).
    #[error("referee cannot handle this game: {detail}")]
    Unsupported {
        /// What it cannot handle.
        detail: String,
    },
}
