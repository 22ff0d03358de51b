//! Fairy-Stockfish as an external referee: a small Python process
//! (`harness/bridges/ffish_bridge.py`) that drives pyffish and answers JSON lines. It follows
//! the Asian (AXF) rules and rules on a repetition at the third occurrence of a position.
//!
//! The bridge speaks UCI coordinates with ranks 1–10; the referee converts. Every reply to
//! `start` and `play` carries the whole state (legal moves, over or not, result and reason),
//! so one move costs one round trip. Bridge processes are pooled: a finished referee hands its
//! process to the next one, so campaigns and minimization do not pay Python's start-up per game.
//!
//! `RULEDIFF_PYTHON` names the interpreter (default `python3`) and `RULEDIFF_FFISH_BRIDGE`
//! the script (default: the one in this source tree).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{json, Value};

use super::board::{Colour, Move};
use super::notation::Ranks;
use super::{fen, Xiangqi, XqSetup};
use crate::referee::{Fault, Outcome, Referee, RefereeInfo, Status, Verdict};

const TIMEOUT: Duration = Duration::from_secs(20);

/// The registry entry.
pub fn info() -> RefereeInfo<Xiangqi> {
    RefereeInfo::new(
        "ffish",
        "Fairy-Stockfish through pyffish: Asian (AXF) rules, judged at the third occurrence",
        "Fairy-Stockfish's xiangqi (chasingRule = axf, perpetualCheckIllegal, nFoldRule = 3) via harness/bridges/ffish_bridge.py",
        || Box::new(Ffish::new("ffish")),
    )
    .with_details(
        "External: needs python3 with pyffish. Perpetual check loses; a perpetual chase (new attacks on\n\
         unprotected or more valuable pieces, kings and uncrossed pawns never chased, kings and pawns never chasing)\n\
         loses; otherwise a draw. The reason is inferred: perpetual-check when every move of the loser in the\n\
         repeated stretch gave check.",
    )
}

/// Whether the bridge can run here (python3 with pyffish), for tests that skip otherwise.
pub fn available() -> bool {
    Command::new(python())
        .args(["-c", "import pyffish"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn python() -> String {
    std::env::var("RULEDIFF_PYTHON").unwrap_or_else(|_| "python3".into())
}

fn script() -> String {
    std::env::var("RULEDIFF_FFISH_BRIDGE")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/bridges/ffish_bridge.py").into())
}

/// A running bridge process.
struct Bridge {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

static POOL: Mutex<Vec<Bridge>> = Mutex::new(Vec::new());

impl Bridge {
    fn spawn() -> Result<Bridge, Fault> {
        let mut child = Command::new(python())
            .arg(script())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::Crashed {
                detail: format!("cannot start {} {}: {e}", python(), script()),
            })?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Bridge {
            child,
            stdin,
            lines,
        })
    }

    fn pooled() -> Result<Bridge, Fault> {
        let idle = POOL.lock().ok().and_then(|mut pool| pool.pop());
        match idle {
            Some(bridge) => Ok(bridge),
            None => Bridge::spawn(),
        }
    }

    fn ask(&mut self, request: &Value) -> Result<Value, Fault> {
        let command = request.to_string();
        let crashed = |detail: String| Fault::Crashed { detail };
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| crashed(format!("writing `{command}`: {e}")))?;
        let line = match self.lines.recv_timeout(TIMEOUT) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                return Err(Fault::Timeout {
                    command,
                    millis: TIMEOUT.as_millis() as u64,
                })
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(crashed(format!("no reply to `{command}`")))
            }
        };
        let reply: Value = serde_json::from_str(&line).map_err(|_| Fault::Garbage {
            command: command.clone(),
            reply: line.clone(),
        })?;
        if reply["ok"] != Value::Bool(true) {
            let error = reply["error"].as_str().unwrap_or("no error message");
            return Err(Fault::Unsupported {
                detail: format!("bridge: {error}"),
            });
        }
        Ok(reply)
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{{\"cmd\": \"quit\"}}");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The Fairy-Stockfish referee.
pub struct Ffish {
    id: String,
    bridge: Option<Bridge>,
    to_move: Colour,
    legal: Vec<Move>,
    over: Option<Outcome>,
}

impl Ffish {
    pub fn new(id: impl Into<String>) -> Ffish {
        Ffish {
            id: id.into(),
            bridge: None,
            to_move: Colour::Red,
            legal: Vec::new(),
            over: None,
        }
    }

    fn ask(&mut self, request: Value) -> Result<Value, Fault> {
        let bridge = match &mut self.bridge {
            Some(b) => b,
            None => self.bridge.insert(Bridge::pooled()?),
        };
        let reply = bridge.ask(&request);
        if matches!(
            reply,
            Err(Fault::Crashed { .. } | Fault::Timeout { .. } | Fault::Garbage { .. })
        ) {
            // A broken process goes nowhere near the pool.
            self.bridge = None;
        }
        reply
    }

    /// Reads a state reply into the referee's cache.
    fn take_state(&mut self, reply: &Value) -> Result<(), Fault> {
        let garbage = || Fault::Garbage {
            command: "state".into(),
            reply: reply.to_string(),
        };
        let moves = reply["moves"].as_array().ok_or_else(garbage)?;
        self.legal = moves
            .iter()
            .map(|m| m.as_str().and_then(|s| Ranks::OneToTen.parse(s).ok()))
            .collect::<Option<Vec<Move>>>()
            .ok_or_else(garbage)?;
        self.over = match reply["over"].as_bool().ok_or_else(garbage)? {
            false => None,
            true => Some(outcome(self.to_move, reply).ok_or_else(garbage)?),
        };
        Ok(())
    }
}

fn outcome(to_move: Colour, reply: &Value) -> Option<Outcome> {
    let reason = reply["reason"].as_str()?.to_string();
    Some(match reply["result"].as_str()? {
        "draw" => Outcome::Draw { rule: reason },
        "win" => Outcome::Win {
            winner: to_move.name().into(),
            rule: reason,
        },
        "loss" => Outcome::Win {
            winner: to_move.opponent().name().into(),
            rule: reason,
        },
        _ => return None,
    })
}

impl Drop for Ffish {
    fn drop(&mut self) {
        if let (Some(bridge), Ok(mut pool)) = (self.bridge.take(), POOL.lock()) {
            pool.push(bridge);
        }
    }
}

impl Referee<Xiangqi> for Ffish {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &XqSetup) -> Result<(), Fault> {
        let history: Vec<String> = setup
            .history
            .iter()
            .map(|&m| Ranks::OneToTen.format(m))
            .collect();
        let reply = self.ask(json!({
            "cmd": "start",
            "variant": "xiangqi",
            "fen": fen::format(&setup.start),
            "moves": history,
        }))?;
        self.to_move = setup.current().to_move();
        self.take_state(&reply)
    }

    fn judge(&mut self, play: &Move) -> Result<Verdict, Fault> {
        Ok(if self.over.is_some() {
            Verdict::illegal("game-over")
        } else if self.legal.contains(play) {
            Verdict::Legal
        } else {
            Verdict::illegal("illegal")
        })
    }

    fn play(&mut self, play: &Move) -> Result<Verdict, Fault> {
        let verdict = self.judge(play)?;
        if !verdict.is_legal() {
            return Ok(verdict);
        }
        let reply = self.ask(json!({"cmd": "play", "move": Ranks::OneToTen.format(*play)}))?;
        if reply["legal"] != Value::Bool(true) {
            return Err(Fault::Garbage {
                command: format!("play {}", Ranks::OneToTen.format(*play)),
                reply: reply.to_string(),
            });
        }
        self.to_move = self.to_move.opponent();
        self.take_state(&reply)?;
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.over.clone()))
    }

    fn legal_plays(&mut self) -> Result<Vec<Move>, Fault> {
        Ok(self.legal.clone())
    }
}
