//! External chess referees: a *bridge* is a process that speaks rulediff's JSON-lines
//! protocol (README, "Chess bridges") for an engine or library. The bundled bridge wraps
//! python-chess (`harness/bridges/python_chess_bridge.py`, embedded in the binary and run with
//! `python3`, or `$RULEDIFF_PYTHON`); more bridges are registered with
//! `RULEDIFF_CHESS_BRIDGES="id=program arg …;id2=…"`, each as `<id>` (claims at the first
//! chance) and `<id>-no-claim`.
//!
//! A bridge reports facts — legality, automatic ends, the draw the player to move can claim —
//! and the claim policy is applied here, as for the internal FIDE referees. A bridge that
//! cannot be started, exits, stays silent past the timeout or answers nonsense is a
//! [`Fault`], never a ruling. Processes are kept in a pool and reused across games.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use serde_json::{json, Value};
use shakmaty::uci::UciMove;

use super::notation::parse_uci;
use super::rules::fide::Claims;
use super::{Chess, ChessSetup};
use crate::referee::{Fault, Outcome, Referee, RefereeInfo, Status, Verdict};

/// The python-chess bridge, as shipped.
pub const PYTHON_CHESS_BRIDGE: &str = include_str!("../../bridges/python_chess_bridge.py");

/// How long a bridge may take to answer one request: 20 s, or `$RULEDIFF_BRIDGE_TIMEOUT_MS`.
fn timeout() -> Duration {
    let millis = std::env::var("RULEDIFF_BRIDGE_TIMEOUT_MS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(20_000);
    Duration::from_millis(millis)
}

/// The program and arguments of a bridge.
pub type CommandLine = Vec<String>;

fn python_chess_command() -> CommandLine {
    let python = std::env::var("RULEDIFF_PYTHON").unwrap_or_else(|_| "python3".into());
    vec![python, "-u".into(), "-c".into(), PYTHON_CHESS_BRIDGE.into()]
}

/// A running bridge process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    fn spawn(command: &CommandLine) -> Result<Process, Fault> {
        let (program, args) = command.split_first().ok_or_else(|| Fault::Crashed {
            detail: "empty bridge command".into(),
        })?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Crashed {
                detail: format!("cannot start `{program}`: {e}"),
            })?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut process = Process {
            child,
            stdin,
            lines,
        };
        let hello = process.ask(&json!({"cmd": "hello"}))?;
        if let Some(error) = hello.get("error").and_then(Value::as_str) {
            return Err(Fault::Unsupported {
                detail: error.to_string(),
            });
        }
        Ok(process)
    }

    fn ask(&mut self, request: &Value) -> Result<Value, Fault> {
        let text = request.to_string();
        writeln!(self.stdin, "{text}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Crashed {
                detail: format!("cannot write to the bridge: {e}"),
            })?;
        let line = match self.lines.recv_timeout(timeout()) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                return Err(Fault::Timeout {
                    command: text,
                    millis: timeout().as_millis() as u64,
                })
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(Fault::Crashed {
                    detail: format!("the bridge closed its output after `{text}`"),
                })
            }
        };
        serde_json::from_str(&line).map_err(|_| Fault::Garbage {
            command: text,
            reply: line,
        })
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", json!({"cmd": "quit"}));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Idle bridge processes by command line, reused by the next referee that needs one.
fn pool() -> &'static Mutex<Vec<(CommandLine, Process)>> {
    static POOL: OnceLock<Mutex<Vec<(CommandLine, Process)>>> = OnceLock::new();
    POOL.get_or_init(|| Mutex::new(Vec::new()))
}

fn take(command: &CommandLine) -> Result<Process, Fault> {
    let idle = {
        let mut pool = pool().lock().unwrap_or_else(|e| e.into_inner());
        let at = pool.iter().position(|(c, _)| c == command);
        at.map(|i| pool.swap_remove(i).1)
    };
    match idle {
        Some(process) => Ok(process),
        None => Process::spawn(command),
    }
}

/// A referee answered by a bridge process.
pub struct BridgeReferee {
    id: String,
    command: Arc<CommandLine>,
    claims: Claims,
    process: Option<Process>,
    status: Option<Status>,
}

impl BridgeReferee {
    pub fn new(id: impl Into<String>, command: Arc<CommandLine>, claims: Claims) -> Self {
        BridgeReferee {
            id: id.into(),
            command,
            claims,
            process: None,
            status: None,
        }
    }

    /// Sends a request; a fault drops the process (it is in an unknown state).
    fn ask(&mut self, request: Value) -> Result<Value, Fault> {
        let process = self.process.as_mut().ok_or_else(|| Fault::Unsupported {
            detail: "no game started".into(),
        })?;
        let reply = process.ask(&request);
        if reply.is_err() {
            self.process = None;
        }
        let reply = reply?;
        if let Some(error) = reply.get("error").and_then(Value::as_str) {
            return Err(Fault::Garbage {
                command: request.to_string(),
                reply: error.to_string(),
            });
        }
        Ok(reply)
    }

    fn garbage(request: &str, reply: &Value) -> Fault {
        Fault::Garbage {
            command: request.into(),
            reply: reply.to_string(),
        }
    }

    fn verdict(&mut self, cmd: &str, play: &UciMove) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        let reply = self.ask(json!({"cmd": cmd, "move": play.to_string()}))?;
        match reply.get("legal").and_then(Value::as_bool) {
            Some(true) => Ok(Verdict::Legal),
            Some(false) => Ok(Verdict::illegal(
                reply
                    .get("rule")
                    .and_then(Value::as_str)
                    .unwrap_or("illegal-move"),
            )),
            None => Err(Self::garbage(cmd, &reply)),
        }
    }

    fn read_status(&self, reply: &Value) -> Option<Status> {
        let text = |key: &str| reply.get(key).and_then(Value::as_str).map(str::to_string);
        let outcome = match reply.get("over")?.as_bool()? {
            true => match text("winner") {
                Some(winner) => Outcome::Win {
                    winner,
                    rule: text("rule")?,
                },
                None => Outcome::Draw {
                    rule: text("rule")?,
                },
            },
            false => match (text("claim"), self.claims) {
                (Some(rule), Claims::FirstChance) => Outcome::Draw { rule },
                _ => return Some(Status::Ongoing),
            },
        };
        Some(Status::Over { outcome })
    }
}

impl Drop for BridgeReferee {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            let mut pool = pool().lock().unwrap_or_else(|e| e.into_inner());
            pool.push((self.command.as_ref().clone(), process));
        }
    }
}

impl Referee<Chess> for BridgeReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &ChessSetup) -> Result<(), Fault> {
        if self.process.is_none() {
            self.process = Some(take(&self.command)?);
        }
        self.status = None;
        self.ask(json!({"cmd": "start", "fen": setup.fen}))?;
        Ok(())
    }

    fn judge(&mut self, play: &UciMove) -> Result<Verdict, Fault> {
        self.verdict("judge", play)
    }

    fn play(&mut self, play: &UciMove) -> Result<Verdict, Fault> {
        let verdict = self.verdict("play", play)?;
        if verdict.is_legal() {
            self.status = None;
        }
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        if let Some(status) = &self.status {
            return Ok(status.clone());
        }
        let reply = self.ask(json!({"cmd": "status"}))?;
        let status = self
            .read_status(&reply)
            .ok_or_else(|| Self::garbage("status", &reply))?;
        self.status = Some(status.clone());
        Ok(status)
    }

    fn legal_plays(&mut self) -> Result<Vec<UciMove>, Fault> {
        if self.status()?.is_over() {
            return Ok(Vec::new());
        }
        let reply = self.ask(json!({"cmd": "legal"}))?;
        let moves = reply
            .get("moves")
            .and_then(Value::as_array)
            .ok_or_else(|| Self::garbage("legal", &reply))?;
        moves
            .iter()
            .map(|m| {
                m.as_str()
                    .and_then(|s| parse_uci(s).ok())
                    .ok_or_else(|| Self::garbage("legal", &reply))
            })
            .collect()
    }
}

/// `claims`: the internal ruleset the bridge claims to follow when it claims at the first
/// chance (its `-no-claim` twin then claims that ruleset's `-no-claim` reading).
fn pair(
    id: &str,
    command: CommandLine,
    summary: &str,
    source: &str,
    claims: Option<&str>,
) -> Vec<RefereeInfo<Chess>> {
    let command = Arc::new(command);
    let mut out = Vec::new();
    for (suffix, policy, how) in [
        ("", Claims::FirstChance, "claims at the first chance"),
        ("-no-claim", Claims::Never, "never claims"),
    ] {
        let full = format!("{id}{suffix}");
        let (c, name) = (command.clone(), full.clone());
        let info = RefereeInfo::new(full, format!("{summary}; {how}"), source, move || {
            Box::new(BridgeReferee::new(name.clone(), c.clone(), policy))
        });
        out.push(match claims {
            Some(ruleset) => info.with_claims(crate::chess::rules::registry::claims(&format!(
                "{ruleset}{suffix}"
            ))),
            None => info,
        });
    }
    out
}

/// The bridges: python-chess, and any named in `RULEDIFF_CHESS_BRIDGES`.
pub fn registry() -> Vec<RefereeInfo<Chess>> {
    let mut out = pair(
        "python-chess",
        python_chess_command(),
        "python-chess (external bridge): Board.outcome() and its draw claims",
        "python-chess via harness/bridges/python_chess_bridge.py (needs python3 and `pip install chess`)",
        Some("fide"),
    );
    let extra = std::env::var("RULEDIFF_CHESS_BRIDGES").unwrap_or_default();
    for entry in extra.split(';').map(str::trim).filter(|e| !e.is_empty()) {
        if let Some((id, command)) = entry.split_once('=') {
            let command: CommandLine = command.split_whitespace().map(str::to_string).collect();
            out.extend(pair(
                id.trim(),
                command,
                "external bridge from RULEDIFF_CHESS_BRIDGES",
                entry,
                None,
            ));
        }
    }
    out
}
