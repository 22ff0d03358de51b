//! The processes of one GTP engine: started on demand, each first asked `list_commands` (what
//! the engine can be asked), and kept idle between games so that a campaign starts an engine
//! once per thread. The referee that plays a family's games over GTP is the family's (Go's
//! `go::engines::gtp`); this pool knows no game.

use std::sync::Mutex;
use std::time::Duration;

use super::process::Process;
use crate::referee::Fault;

/// Idle processes of one engine, and the ids of every process it started.
#[derive(Default)]
pub struct Pool {
    idle: Mutex<Vec<Process>>,
    /// Ids of every process started, so tests (and users) can see what runs.
    started: Mutex<Vec<u32>>,
}

impl Pool {
    /// An idle process, or a new one run as `argv` whose first reply (to `list_commands`) may
    /// take `startup` (a network to load).
    pub fn checkout(&self, argv: &[String], startup: Duration) -> Result<Process, Fault> {
        let pooled = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        if let Some(process) = pooled.filter(|p| !p.is_dead()) {
            return Ok(process);
        }
        let mut process = Process::spawn(argv)?;
        if let Ok(mut started) = self.started.lock() {
            started.push(process.pid());
        }
        let reply = process.call("list_commands", startup)?;
        process.commands = reply.text.split_whitespace().map(str::to_string).collect();
        Ok(process)
    }

    /// Takes a process back once its unread replies are drained within `timeout`; one that
    /// cannot be drained is dropped.
    pub fn checkin(&self, mut process: Process, timeout: Duration) {
        if process.drain(timeout).is_ok() && !process.is_dead() {
            if let Ok(mut idle) = self.idle.lock() {
                idle.push(process);
            }
        }
    }

    /// Operating-system ids of the processes started so far.
    pub fn started_pids(&self) -> Vec<u32> {
        self.started.lock().map(|p| p.clone()).unwrap_or_default()
    }
}
