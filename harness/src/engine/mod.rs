//! External referees' machinery, for every family and naming none: child processes
//! ([`process`]) and the one recovery rule ([`restart`]), the Go Text Protocol's replies and
//! process pool ([`gtp_reply`], [`gtp`]), rulediff's JSON-lines protocol ([`protocol`], its
//! client [`json_bridge`] and the referee on it, [`bridge`]), engine definitions ([`spec`])
//! and the bridges shipped with rulediff ([`bundled`]).
//!
//! Each family turns an engine of its own into a referee (its `Listed::engine_referee`): Go's
//! GTP engines, Leela Zero and the `goban` crate are `go::engines`; chess's and xiangqi's
//! bridges are a [`bridge::Dialect`] each. An engine claims to follow one of its family's
//! rulesets; runs add that ruleset so the two are compared.

pub mod bridge;
pub mod bundled;
pub mod gtp;
pub mod gtp_reply;
pub mod json_bridge;
pub mod process;
pub mod protocol;
pub mod restart;
pub mod spec;
pub mod status;

use std::sync::Arc;
use std::time::Duration;

use crate::referee::{Claims, Refereed};
use spec::EngineSpec;

/// One engine of a run: its definition, and the processes it keeps between games (a GTP
/// engine's; a JSON bridge's are pooled by [`json_bridge`] by command line).
#[derive(Clone)]
pub struct Engine {
    /// The definition.
    pub spec: EngineSpec,
    /// Its idle GTP processes, shared by every referee made from this entry.
    pub pool: Arc<gtp::Pool>,
}

impl Engine {
    /// The engine of a definition, with no process yet.
    pub fn new(spec: EngineSpec) -> Engine {
        Engine {
            spec,
            pool: Arc::default(),
        }
    }
}

/// An engine claims what the ruleset its definition names (`ruleset = "psk"`) claims.
pub fn claims_of<F: Refereed>(spec: &EngineSpec) -> Option<Claims> {
    let ruleset = spec.ruleset.as_deref()?;
    F::registry_for(ruleset)
        .into_iter()
        .find(|r| r.id == ruleset)
        .map(|r| r.claims)
}

/// The summary line of a listing: the definition's own words, and the ruleset it claims.
pub fn summary_of(spec: &EngineSpec) -> String {
    let claims = spec
        .ruleset
        .as_deref()
        .map_or(String::new(), |r| format!("; claims `{r}`"));
    if spec.summary.is_empty() {
        format!("external engine{claims}")
    } else {
        format!("{}{claims}", spec.summary)
    }
}

impl EngineSpec {
    /// The bounds on a reply and on a new process's first reply.
    pub fn timeouts(&self) -> (Duration, Duration) {
        (
            Duration::from_millis(self.timeout_ms),
            Duration::from_millis(self.startup_ms()),
        )
    }
}
