//! Fairy-Stockfish as an external referee: a small Python process
//! (`harness/bridges/ffish_bridge.py`) that drives pyffish and answers JSON lines. It follows
//! the Asian (AXF) rules and rules on a repetition at the third occurrence of a position.
//!
//! The bridge speaks UCI coordinates with ranks 1–10; the referee converts. Every reply to
//! `start` and `play` carries the whole state (legal moves, over or not, result and reason),
//! so one move costs one round trip. The process, its time-outs (`RULEDIFF_BRIDGE_TIMEOUT_MS`),
//! recovery and pool are [`crate::engine::json_bridge`]'s: campaigns and minimization do not pay
//! Python's start-up per game.
//!
//! `RULEDIFF_PYTHON` names the interpreter (default `python3`) and `RULEDIFF_FFISH_BRIDGE`
//! the script (default: the one in this source tree).

use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use super::board::{Colour, Move};
use super::notation::Ranks;
use super::{fen, Xiangqi, XqSetup};
use crate::engine::json_bridge::{BridgeKind, Session};
use crate::engine::spec::{EngineSpec, Kind};
use crate::referee::{Fault, Outcome, Referee, RefereeInfo, Status, Verdict};

/// The registry entry.
pub fn info() -> RefereeInfo<Xiangqi> {
    RefereeInfo::new(
        "ffish",
        "Fairy-Stockfish through pyffish: Asian (AXF) rules, judged at the third occurrence",
        "Fairy-Stockfish's xiangqi (chasingRule = axf, perpetualCheckIllegal, nFoldRule = 3) via harness/bridges/ffish_bridge.py",
        || Box::new(StateBridge::new("ffish", vec![python(), script()])),
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

pub(crate) fn python() -> String {
    std::env::var("RULEDIFF_PYTHON").unwrap_or_else(|_| "python3".into())
}

fn script() -> String {
    std::env::var("RULEDIFF_FFISH_BRIDGE")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/bridges/ffish_bridge.py").into())
}

/// A reply without `"ok": true` says what the bridge could not do.
fn check(_request: &str, reply: Value) -> Result<Value, Fault> {
    if reply["ok"] == Value::Bool(true) {
        return Ok(reply);
    }
    let error = reply["error"].as_str().unwrap_or("no error message");
    Err(Fault::Unsupported {
        detail: format!("bridge: {error}"),
    })
}

fn kind(id: &str, argv: Vec<String>, timeouts: Option<(Duration, Duration)>) -> BridgeKind {
    BridgeKind {
        id: id.to_string(),
        argv,
        check,
        timeouts,
    }
}

/// The referee an engines file defines (`family = "xiangqi"`): a bridge that answers as
/// `ffish_bridge.py` does, the ruleset it claims, its time-outs.
pub fn from_spec(spec: &EngineSpec) -> RefereeInfo<Xiangqi> {
    let Kind::Bridge { argv } = &spec.kind else {
        unreachable!("an engines file makes every xiangqi engine a protocol bridge")
    };
    let (id, argv, timeouts) = (spec.id.clone(), argv.clone(), spec.timeouts());
    let info = RefereeInfo::new(
        spec.id.clone(),
        crate::engine::summary_of(spec),
        spec.command_line(),
        move || {
            Box::new(StateBridge::with_timeouts(
                id.clone(),
                argv.clone(),
                Some(timeouts),
            ))
        },
    )
    .with_details(format!(
        "timeout {} ms per request, {} ms to start",
        spec.timeout_ms,
        spec.startup_ms()
    ));
    match crate::engine::claims_of::<Xiangqi>(spec) {
        Some(claims) => info.with_claims(claims),
        None => info,
    }
}

/// A xiangqi referee behind a bridge that answers as `ffish_bridge.py` does (every reply the
/// whole state): Fairy-Stockfish's, and cchess's ([`super::cchess`]).
pub struct StateBridge {
    id: String,
    session: Session,
    to_move: Colour,
    legal: Vec<Move>,
    over: Option<Outcome>,
}

impl StateBridge {
    /// The referee `id` run by the command `argv` (a bridge answering as ffish_bridge.py does).
    pub fn new(id: impl Into<String>, argv: Vec<String>) -> StateBridge {
        Self::with_timeouts(id, argv, None)
    }

    /// As [`StateBridge::new`], with the bounds on a reply and on a new process's first reply
    /// (`None`: the defaults of [`crate::engine::json_bridge`]).
    pub fn with_timeouts(
        id: impl Into<String>,
        argv: Vec<String>,
        timeouts: Option<(Duration, Duration)>,
    ) -> StateBridge {
        let id = id.into();
        StateBridge {
            session: Session::new(kind(&id, argv, timeouts)),
            id,
            to_move: Colour::Red,
            legal: Vec::new(),
            over: None,
        }
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

impl Referee<Xiangqi> for StateBridge {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &XqSetup) -> Result<(), Fault> {
        let history: Vec<String> = setup
            .history
            .iter()
            .map(|&m| Ranks::OneToTen.format(m))
            .collect();
        let reply = self.session.restart_with(json!({
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
        let request = json!({"cmd": "play", "move": Ranks::OneToTen.format(*play)});
        let legal = |r: &Value| r["legal"] == Value::Bool(true);
        let reply = self.session.change(request, legal)?;
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

    fn incidents(&mut self) -> Vec<String> {
        self.session.incidents()
    }
}
