//! The client of rulediff's JSON-lines referee protocol ([`super::protocol`] documents it) on
//! the engine process layer ([`Process`]): one request a line, one JSON reply a line, each
//! within the time-out; the first reply of a new process within the start-up allowance.
//!
//! Every request carries an `id` the reply must echo; every new process is first asked
//! `hello`, and one that speaks another version, or says it cannot work here, is
//! [`Fault::Unsupported`]. Several requests can travel as one `batch` line.
//!
//! Recovery is written here once for every bridge: the requests that built the current
//! position are remembered, and when the process hangs, dies, or answers out of step (a line
//! that is not a JSON object, another request's id, a batch of the wrong length) the session
//! drops it, starts a new one, replays them and asks again, once; the recovery is an incident
//! for the run's record, never a ruling. An error the bridge itself reports is a fault without
//! a retry. Healthy processes are pooled by command line and reused across games.

use std::sync::Mutex;
use std::time::Duration;

use serde_json::Value;

use super::process::Process;
use super::spec::MAX_TIMEOUT_MS;
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

/// The variables that bound a bridge's replies, in milliseconds.
pub const TIMEOUT_VARS: [&str; 2] = ["RULEDIFF_BRIDGE_TIMEOUT_MS", "RULEDIFF_BRIDGE_STARTUP_MS"];

/// A time-out variable set to what is not a time-out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{var}={value:?}: not a time-out in milliseconds (a whole number 1..={MAX_TIMEOUT_MS}, an hour \
     at most); unset it for the default"
)]
pub struct BadTimeout {
    /// The variable.
    pub var: &'static str,
    /// What it is set to.
    pub value: String,
}

/// Checks [`TIMEOUT_VARS`] before any bridge starts (the command line does, for every
/// command): a value that [`timeout`] and [`startup`] cannot read would otherwise be
/// ignored for the default without a word.
pub fn check_timeouts() -> Result<(), BadTimeout> {
    TIMEOUT_VARS
        .iter()
        .try_for_each(|var| millis_checked(var).map(drop))
}

fn millis_checked(var: &'static str) -> Result<Option<Duration>, BadTimeout> {
    let Some(value) = std::env::var_os(var) else {
        return Ok(None);
    };
    let value = value.to_string_lossy();
    match value.parse::<u64>() {
        Ok(ms) if (1..=MAX_TIMEOUT_MS).contains(&ms) => Ok(Some(Duration::from_millis(ms))),
        _ => Err(BadTimeout {
            var,
            value: value.into_owned(),
        }),
    }
}

/// The variable's time-out; unset, or refused by [`check_timeouts`], the caller's default.
fn millis_from(var: &'static str) -> Option<Duration> {
    millis_checked(var).ok().flatten()
}

/// What a bridge is: how to start it and how to read its replies.
#[derive(Clone, Debug)]
pub struct BridgeKind {
    /// Shown in incidents.
    pub id: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// Turns a reply the bridge marks as an error into a fault.
    pub check: fn(&str, Value) -> Result<Value, Fault>,
    /// The bounds on a reply and on a new process's first reply; `None`: [`timeout`] and
    /// [`startup`].
    pub timeouts: Option<(Duration, Duration)>,
}

/// The protocol version this client speaks (docs/protocol.md).
pub const PROTOCOL: u64 = 2;

/// The oldest version still read: version 1's `status` gives one end condition at most, read
/// as a list of one ([`super::status`]).
pub const OLDEST: u64 = 1;

/// A bridge process, whether it has answered yet, and the next request id.
struct Live {
    process: Process,
    fresh: bool,
    next_id: u64,
    /// The bridge's reply to `hello`.
    hello: Value,
    /// The bounds on a reply and on the first reply.
    timeouts: (Duration, Duration),
}

impl Live {
    /// One request on the wire, its reply checked against its id; a reply that is not JSON
    /// or answers another request leaves the stream out of step, so the process is dropped.
    fn exchange(&mut self, request: &Value) -> Result<Value, Fault> {
        let id = self.next_id;
        self.next_id += 1;
        let mut request = request.clone();
        request["id"] = Value::from(id);
        let text = request.to_string();
        let bound = if self.fresh {
            self.timeouts.1
        } else {
            self.timeouts.0
        };
        self.process.write_line(&text)?;
        let line = self.process.read_line(&text, bound)?;
        self.fresh = false;
        let reply: Value = match serde_json::from_str(&line) {
            Ok(reply @ Value::Object(_)) => reply,
            _ => return Err(self.lost(text, format!("not a JSON object: {line}"))),
        };
        if reply.get("id") != Some(&Value::from(id)) {
            let other = reply.get("id").map_or("none".into(), Value::to_string);
            return Err(self.lost(text, format!("a reply with id {other}: {line}")));
        }
        Ok(reply)
    }

    fn lost(&mut self, command: String, reply: String) -> Fault {
        self.process.kill();
        Fault::Garbage {
            command,
            reply: super::gtp_reply::clip(&reply),
        }
    }

    fn ask(&mut self, kind: &BridgeKind, request: &Value) -> Result<Value, Fault> {
        let reply = self.exchange(request)?;
        (kind.check)(&request.to_string(), reply)
    }

    /// Several requests in one `batch` line, their replies in order.
    fn ask_batch(&mut self, kind: &BridgeKind, requests: &[Value]) -> Result<Vec<Value>, Fault> {
        let request = serde_json::json!({"cmd": "batch", "requests": requests});
        let reply = self.exchange(&request)?;
        let replies = match reply.get("replies").and_then(Value::as_array) {
            Some(replies) if replies.len() == requests.len() => replies.clone(),
            _ => {
                let text = format!("{} replies expected: {reply}", requests.len());
                return Err(self.lost(request.to_string(), text));
            }
        };
        requests
            .iter()
            .zip(replies)
            .map(|(request, reply)| (kind.check)(&request.to_string(), reply))
            .collect()
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
        next_id: 1,
        hello: Value::Null,
        timeouts: kind.timeouts.unwrap_or_else(|| (timeout(), startup())),
    };
    let hello = serde_json::json!({"cmd": "hello", "protocol": PROTOCOL});
    live.hello = check_hello(&kind.id, live.exchange(&hello)?)?;
    Ok(live)
}

/// A bridge that says it cannot work here, or speaks another version, cannot referee.
fn check_hello(id: &str, reply: Value) -> Result<Value, Fault> {
    if let Some(error) = reply.get("error").and_then(Value::as_str) {
        return Err(Fault::Unsupported {
            detail: format!("{id}: {error}"),
        });
    }
    match reply.get("protocol").and_then(Value::as_u64) {
        Some(v) if (OLDEST..=PROTOCOL).contains(&v) => Ok(reply),
        other => Err(Fault::Unsupported {
            detail: format!(
                "{id} speaks protocol version {}, rulediff speaks {OLDEST} to {PROTOCOL}",
                other.map_or("(none given)".into(), |v| v.to_string())
            ),
        }),
    }
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
    /// A session with no process yet (the first request starts one).
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
        self.supervised(|live, kind| live.ask(kind, request))
    }

    /// Starts a new position: `request` alone builds it.
    pub fn restart_with(&mut self, request: Value) -> Result<Value, Fault> {
        self.history.clear();
        let reply = self.ask(&request)?;
        self.history.push(request);
        Ok(reply)
    }

    /// A request that changes the position when `changed` says the reply shows it did.
    pub fn change(
        &mut self,
        request: Value,
        changed: impl Fn(&Value) -> bool,
    ) -> Result<Value, Fault> {
        let reply = self.ask(&request)?;
        if changed(&reply) {
            self.history.push(request);
        }
        Ok(reply)
    }

    /// Several requests in one round trip (a `batch`); `changed` says, for each request and
    /// its reply, whether the position changed.
    pub fn batch(
        &mut self,
        requests: &[Value],
        changed: impl Fn(&Value, &Value) -> bool,
    ) -> Result<Vec<Value>, Fault> {
        let replies = self.supervised(|live, kind| live.ask_batch(kind, requests))?;
        for (request, reply) in requests.iter().zip(&replies) {
            if changed(request, reply) {
                self.history.push(request.clone());
            }
        }
        Ok(replies)
    }

    /// The bridge's reply to `hello` (its name, version and the rules it claims), starting a
    /// process if none runs.
    pub fn hello(&mut self) -> Result<Value, Fault> {
        self.supervised(|live, _| Ok(live.hello.clone()))
    }

    /// Faults recovered from since the last call.
    pub fn incidents(&mut self) -> Vec<String> {
        std::mem::take(&mut self.incidents)
    }

    /// Asks on a process in step with the position. A process that died, hung, or answered
    /// out of step (not JSON, another request's id) is dropped, and the question asked once
    /// more on a new process that has replayed the position; the recovery is an incident. An
    /// error the bridge reports is its answer, and is not asked again.
    fn supervised<T>(
        &mut self,
        ask: impl Fn(&mut Live, &BridgeKind) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        let first = self.once(&ask);
        let lost = self.live.as_ref().is_none_or(|l| l.process.is_dead());
        let fault = match first {
            Err(fault) if lost && retried(&fault) => fault,
            other => {
                if lost {
                    self.live = None;
                }
                return other;
            }
        };
        self.live = None;
        let again = self.once(&ask);
        let outcome = if again.is_ok() {
            "recovered"
        } else {
            self.live = None;
            "failed again"
        };
        self.incidents.push(format!(
            "{}: {fault}; restarted, replayed {} requests, {outcome}",
            self.kind.id,
            self.history.len()
        ));
        again
    }

    fn once<T>(
        &mut self,
        ask: &impl Fn(&mut Live, &BridgeKind) -> Result<T, Fault>,
    ) -> Result<T, Fault> {
        if self.live.is_none() {
            let mut live = spawn(&self.kind)?;
            if !self.history.is_empty() {
                live.ask_batch(&self.kind, &self.history)?;
            }
            self.live = Some(live);
        }
        let live = self.live.as_mut().expect("a process was just started");
        ask(live, &self.kind)
    }
}

/// Whether a new process may help: not where the program cannot be started at all, nor where
/// it says it cannot work here.
fn retried(fault: &Fault) -> bool {
    match fault {
        Fault::Unsupported { .. } => false,
        Fault::Crashed { detail } => !detail.starts_with("cannot start"),
        _ => true,
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
