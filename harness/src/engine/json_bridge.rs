//! A JSON-lines bridge (the python-chess and Fairy-Stockfish referees) on the engine process
//! layer ([`Process`]): one request a line, one JSON reply a line, each within the time-out;
//! the first reply of a new process within the start-up allowance.
//!
//! Recovery is written here once for every bridge: the requests that built the current
//! position are remembered, and when the process hangs or dies the session starts a new one,
//! replays them and asks again, once (the rule GTP engines follow too, [`super::restart`]);
//! the recovery is an incident for the run's record. A
//! reply that is not JSON, or that the bridge's own check refuses, is a [`Fault::Garbage`]
//! (the process is dropped: its state is unknown). Healthy processes are pooled by command
//! line and reused across games.

use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;

use super::process::Process;
use super::restart;
use crate::referee::Fault;

/// How long a bridge may take to answer one request: 20 s, or `$RULEDIFF_BRIDGE_TIMEOUT_MS`.
pub fn timeout() -> Duration {
    millis_from("RULEDIFF_BRIDGE_TIMEOUT_MS").unwrap_or(Duration::from_secs(20))
}

/// The bound on a new process's first reply (Python and its imports start first): the
/// time-out, or `$RULEDIFF_BRIDGE_STARTUP_MS`.
pub fn startup() -> Duration {
    millis_from("RULEDIFF_BRIDGE_STARTUP_MS").unwrap_or_else(timeout)
}

fn millis_from(var: &str) -> Option<Duration> {
    let millis = std::env::var(var).ok()?.parse().ok()?;
    Some(Duration::from_millis(millis))
}

/// What a bridge is: how to start it and how to read its replies.
#[derive(Clone, Debug)]
pub struct BridgeKind {
    /// Shown in incidents.
    pub id: String,
    pub argv: Vec<String>,
    /// A request sent first to every new process, if the protocol has one.
    pub hello: Option<Value>,
    /// Turns a reply the bridge marks as an error into a fault.
    pub check: fn(&str, Value) -> Result<Value, Fault>,
}

/// A bridge process with the number of replies it has given.
struct Live {
    process: Process,
    fresh: bool,
}

impl Live {
    fn ask(&mut self, kind: &BridgeKind, request: &Value) -> Result<Value, Fault> {
        let text = request.to_string();
        let bound = if self.fresh { startup() } else { timeout() };
        self.process.write_line(&text)?;
        let line = self.process.read_line(&text, bound)?;
        self.fresh = false;
        let Ok(reply) = serde_json::from_str(&line) else {
            self.process.kill();
            return Err(Fault::Garbage {
                command: text,
                reply: line,
            });
        };
        (kind.check)(&text, reply)
    }
}

/// Idle processes by command line.
static POOL: Mutex<Vec<(Vec<String>, Live)>> = Mutex::new(Vec::new());

fn spawn(kind: &BridgeKind) -> Result<Live, Fault> {
    let idle = POOL.lock().ok().and_then(|mut pool| {
        let at = pool.iter().position(|(argv, _)| *argv == kind.argv)?;
        Some(pool.swap_remove(at).1)
    });
    if let Some(live) = idle.filter(|l| !l.process.is_dead()) {
        return Ok(live);
    }
    let mut live = Live {
        process: Process::spawn(&kind.argv)?,
        fresh: true,
    };
    if let Some(hello) = &kind.hello {
        live.ask(kind, hello)?;
    }
    Ok(live)
}

/// One referee's conversation with a bridge.
pub struct Session {
    kind: BridgeKind,
    live: Option<Live>,
    /// The requests that built the bridge's position, to rebuild it in a new process.
    history: Vec<Value>,
    incidents: Vec<String>,
}

impl Session {
    pub fn new(kind: BridgeKind) -> Session {
        Session {
            kind,
            live: None,
            history: Vec::new(),
            incidents: Vec::new(),
        }
    }

    /// Asks a question that changes nothing.
    pub fn ask(&mut self, request: &Value) -> Result<Value, Fault> {
        self.supervised(request)
    }

    /// Starts a new position: `request` alone builds it.
    pub fn restart_with(&mut self, request: Value) -> Result<Value, Fault> {
        self.history.clear();
        let reply = self.supervised(&request)?;
        self.history.push(request);
        Ok(reply)
    }

    /// A request that changes the position when `changed` says the reply shows it did.
    pub fn change(
        &mut self,
        request: Value,
        changed: impl Fn(&Value) -> bool,
    ) -> Result<Value, Fault> {
        let reply = self.supervised(&request)?;
        if changed(&reply) {
            self.history.push(request);
        }
        Ok(reply)
    }

    /// Faults recovered from since the last call.
    pub fn incidents(&mut self) -> Vec<String> {
        std::mem::take(&mut self.incidents)
    }

    /// Asks on a process in step with the position; after a hang or crash, once more on a new
    /// process that has replayed it ([`super::restart`], as for GTP engines).
    fn supervised(&mut self, request: &Value) -> Result<Value, Fault> {
        let result = restart::once_more(
            self,
            |s| s.once(request),
            |s| s.live = None,
            |s, fault, recovered| {
                let replayed = format!("{} requests", s.history.len());
                let text = restart::incident(&s.kind.id, fault, &replayed, Some(recovered));
                s.incidents.push(text);
            },
        );
        if result.is_err() && self.live.as_ref().is_some_and(|l| l.process.is_dead()) {
            self.live = None;
        }
        result
    }

    fn once(&mut self, request: &Value) -> Result<Value, Fault> {
        if self.live.is_none() {
            let mut live = spawn(&self.kind)?;
            for step in &self.history {
                live.ask(&self.kind, step)?;
            }
            self.live = Some(live);
        }
        let live = self.live.as_mut().expect("a process was just started");
        live.ask(&self.kind, request)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let (Some(live), Ok(mut pool)) = (self.live.take(), POOL.lock()) {
            if !live.process.is_dead() {
                pool.push((self.kind.argv.clone(), live));
            }
        }
    }
}
