//! An external referee as a child process (GTP engines here; the JSON-lines bridges through
//! [`super::json_bridge`] on the same lines): a GTP engine as a child process: commands written to its standard input, replies read from
//! its standard output by a reader thread, so every wait has a deadline. Commands may be
//! pipelined: [`Process::send`] writes without waiting and [`Process::receive`] collects the
//! replies in order, each checked against the id it was sent with.
//!
//! Every failure is a [`Fault`]: a reply that does not come in time (`Timeout`), an engine
//! that exited or closed its pipe (`Crashed`, with the last lines it wrote to standard error),
//! and output that is not GTP or answers another command (`Garbage`). After a timeout or a
//! crash the process is of no further use; [`Process::is_dead`] says so.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::gtp_reply::{clip, Reply, ReplyParser};
use crate::referee::Fault;

/// Lines of standard error kept for crash reports.
const STDERR_LINES: usize = 8;

/// A running engine.
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    parser: ReplyParser,
    /// Commands sent and not yet answered: (id, command).
    pending: VecDeque<(u64, String)>,
    next_id: u64,
    dead: bool,
    /// The engine's `list_commands`, once asked.
    pub commands: Vec<String>,
}

/// What a pipelined command is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket(u64);

impl Process {
    /// Starts `argv[0]` with the other words as arguments.
    pub fn spawn(argv: &[String]) -> Result<Process, Fault> {
        let (program, args) = argv.split_first().ok_or_else(|| Fault::Crashed {
            detail: "empty engine command".into(),
        })?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Fault::Crashed {
                detail: format!("cannot start `{program}`: {e}"),
            })?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(Fault::Crashed {
                        detail: "engine pipes unavailable".into(),
                    });
                }
            };
        Ok(Process {
            lines: read_lines(stdout),
            stderr: keep_tail(stderr),
            child,
            stdin,
            parser: ReplyParser::default(),
            pending: VecDeque::new(),
            next_id: 1,
            dead: false,
            commands: Vec::new(),
        })
    }

    /// The operating system's id of the engine process.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether it exited or broke its pipe.
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Commands sent and not yet answered.
    pub fn in_flight(&self) -> usize {
        self.pending.len()
    }

    /// Writes one command without waiting for its reply.
    pub fn send(&mut self, command: &str) -> Result<Ticket, Fault> {
        self.send_all(std::slice::from_ref(&command.to_string()))
            .map(|tickets| tickets[0])
    }

    /// Writes several commands in one go (GTP engines answer them in order).
    pub fn send_all(&mut self, commands: &[String]) -> Result<Vec<Ticket>, Fault> {
        if self.dead {
            return Err(self.crash("engine already stopped"));
        }
        let mut text = String::new();
        let mut tickets = Vec::with_capacity(commands.len());
        for command in commands {
            let id = self.next_id;
            self.next_id += 1;
            text.push_str(&format!("{id} {command}\n"));
            self.pending.push_back((id, command.clone()));
            tickets.push(Ticket(id));
        }
        let written = self
            .stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush());
        match written {
            Ok(()) => Ok(tickets),
            Err(e) => Err(self.crash(&format!("writing to the engine failed: {e}"))),
        }
    }

    /// The reply to the oldest command still waiting, which must be `ticket`'s.
    pub fn receive(&mut self, ticket: Ticket, timeout: Duration) -> Result<Reply, Fault> {
        let Some(&(id, ref command)) = self.pending.front() else {
            return Err(garbage("(nothing)", "a reply was awaited for no command"));
        };
        let command = command.clone();
        if id != ticket.0 {
            return Err(garbage(&command, "replies awaited out of order"));
        }
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(&command, deadline, timeout)?;
            match self.parser.push_line(&line) {
                Ok(None) => continue,
                Ok(Some(reply)) => {
                    self.pending.pop_front();
                    if reply.id.is_some_and(|r| r != id) {
                        self.kill();
                        return Err(garbage(&command, &format!("a reply with id {reply:?}")));
                    }
                    return Ok(reply);
                }
                Err(error) => {
                    // The stream is out of step: nothing after this can be trusted.
                    self.kill();
                    return Err(garbage(&command, &error.to_string()));
                }
            }
        }
    }

    /// Writes one line as it is (for line protocols other than GTP: the JSON bridges).
    pub fn write_line(&mut self, line: &str) -> Result<(), Fault> {
        if self.dead {
            return Err(self.crash("process already stopped"));
        }
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        written.map_err(|e| self.crash(&format!("writing to the process failed: {e}")))
    }

    /// The next line of output, within `timeout`; a timeout kills the process.
    pub fn read_line(&mut self, command: &str, timeout: Duration) -> Result<String, Fault> {
        self.next_line(command, Instant::now() + timeout, timeout)
    }

    /// `timeout` is the whole bound, for the report; `deadline` is when it runs out.
    fn next_line(
        &mut self,
        command: &str,
        deadline: Instant,
        timeout: Duration,
    ) -> Result<String, Fault> {
        match self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(Fault::Timeout {
                    command: command.to_string(),
                    millis: timeout.as_millis() as u64,
                })
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(self.crash(&format!("no reply to `{command}`")))
            }
        }
    }

    /// Sends one command and waits for its reply.
    pub fn call(&mut self, command: &str, timeout: Duration) -> Result<Reply, Fault> {
        let ticket = self.send(command)?;
        self.receive(ticket, timeout)
    }

    /// Reads and drops the replies to every command still waiting.
    pub fn drain(&mut self, timeout: Duration) -> Result<(), Fault> {
        while let Some(&(id, _)) = self.pending.front() {
            self.receive(Ticket(id), timeout)?;
        }
        Ok(())
    }

    /// Stops the engine for good.
    pub fn kill(&mut self) {
        self.dead = true;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn crash(&mut self, what: &str) -> Fault {
        self.kill();
        let status = self
            .child
            .try_wait()
            .ok()
            .flatten()
            .map_or(String::new(), |s| format!(" ({s})"));
        let tail: Vec<String> = self
            .stderr
            .lock()
            .map(|lines| lines.iter().cloned().collect())
            .unwrap_or_default();
        let stderr = if tail.is_empty() {
            String::new()
        } else {
            format!("; its last words: {}", clip(&tail.join(" / ")))
        };
        Fault::Crashed {
            detail: format!("{what}{status}{stderr}"),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if !self.dead {
            self.kill();
        }
    }
}

fn garbage(command: &str, reply: &str) -> Fault {
    Fault::Garbage {
        command: command.to_string(),
        reply: clip(reply),
    }
}

/// Lines read ahead of the replies awaited; an engine that prints without end then blocks
/// instead of filling memory.
const LINES_AHEAD: usize = 4096;

/// Standard output, line by line, through a channel; the channel closes at end of file.
fn read_lines(stdout: impl Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = mpsc::sync_channel(LINES_AHEAD);
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            // A line longer than the largest reply is cut, so a runaway engine cannot
            // exhaust memory; the parser then reports what it got.
            let limit = (super::gtp_reply::MAX_REPLY_BYTES + 2) as u64;
            match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf);
                    if tx.send(line.trim_end_matches('\n').to_string()).is_err() {
                        return;
                    }
                }
            }
        }
    });
    rx
}

/// Drains standard error (a full pipe would stall the engine), keeping the last lines.
fn keep_tail(stderr: impl Read + Send + 'static) -> Arc<Mutex<VecDeque<String>>> {
    let tail = Arc::new(Mutex::new(VecDeque::new()));
    let kept = Arc::clone(&tail);
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { return };
            if let Ok(mut lines) = kept.lock() {
                if lines.len() == STDERR_LINES {
                    lines.pop_front();
                }
                lines.push_back(line);
            }
        }
    });
    tail
}
