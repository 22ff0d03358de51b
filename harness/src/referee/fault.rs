//! Faults of the referee itself (time-outs, crashes, garbage), as opposed to rulings.

use serde::{Deserialize, Serialize};

/// Something went wrong with the referee itself, not with the game: an external engine timed
/// out, crashed, or answered garbage. Never a divergence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum Fault {
    #[error("engine timed out after {millis} ms on `{command}`")]
    Timeout { command: String, millis: u64 },
    #[error("engine exited or closed its pipe: {detail}")]
    Crashed { detail: String },
    #[error("engine answered `{reply}` to `{command}`, which makes no sense here")]
    Garbage { command: String, reply: String },
    #[error("referee cannot handle this game: {detail}")]
    Unsupported { detail: String },
}
