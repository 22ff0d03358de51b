//! Fairy-Stockfish as an external referee: a small Python process
//! (`harness/bridges/ffish_bridge.py`) that drives pyffish and answers JSON lines. It follows
//! the Asian (AXF) rules and rules on a repetition at the third occurrence of a position.
//!
//! The bridge speaks UCI coordinates with ranks 1–10; the referee converts. Every reply to
//! `start` and `play` carries the whole state (legal moves, over or not, result and reason),
//! so one move costs one round trip ([`XiangqiDialect`] for the generic bridge referee of
//! [`crate::engine::bridge`]). The process, its time-outs (`RULEDIFF_BRIDGE_TIMEOUT_MS`),
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
use crate::engine::bridge::{BridgeReferee, Dialect};
use crate::engine::bundled::python;
use crate::engine::spec::{Accepts, Kind, Protocol};
use crate::engine::status::{self, Endings};
use crate::engine::{claims_of, summary_of, Engine};
use crate::family::Family;
use crate::referee::{Fault, Outcome, RefereeInfo, Refereed, Status};

/// The registry entry.
pub fn info() -> RefereeInfo<Xiangqi> {
    RefereeInfo::new(
        "ffish",
        "Fairy-Stockfish through pyffish: Asian (AXF) rules, judged at the third occurrence",
        "Fairy-Stockfish's xiangqi (chasingRule = axf, perpetualCheckIllegal, nFoldRule = 3) via harness/bridges/ffish_bridge.py",
        || Box::new(state_bridge("ffish", vec![python(), script()], None)),
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

fn script() -> String {
    std::env::var("RULEDIFF_FFISH_BRIDGE")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/bridges/ffish_bridge.py").into())
}

/// What xiangqi engines may be: protocol bridges that answer as `ffish_bridge.py` does, with
/// a command of their own.
pub fn accepts() -> Accepts {
    Accepts {
        family: Xiangqi::NAME,
        title: "xiangqi",
        protocols: vec![Protocol::Json],
        keys: Vec::new(),
        built_in: Vec::new(),
        referees: Xiangqi::registry().into_iter().map(|r| r.id).collect(),
        canonical: Xiangqi::canonical_id,
        checked_before_a_run: false,
        bundled: vec![info().id, super::cchess::info().id],
        asks: |_| ASKS,
    }
}

/// What rulediff asks a xiangqi bridge, for the listing.
pub const ASKS: &str =
    "start from a FEN and earlier moves, each play with the next legal set and the status (over, every end it reports, result, reason)";

/// The referee an engines file defines (`family = "xiangqi"`): a bridge that answers as
/// `ffish_bridge.py` does, the ruleset it claims, its time-outs.
pub fn from_engine(engine: &Engine) -> Result<RefereeInfo<Xiangqi>, Fault> {
    let spec = &engine.spec;
    let Kind::Bridge { argv } = &spec.kind else {
        return Err(Fault::Unsupported {
            detail: format!("xiangqi engine `{}` is not a protocol bridge", spec.id),
        });
    };
    let (id, argv, timeouts) = (spec.id.clone(), argv.clone(), spec.timeouts());
    let info = RefereeInfo::new(
        spec.id.clone(),
        summary_of(spec),
        spec.command_line(),
        move || Box::new(state_bridge(id.clone(), argv.clone(), Some(timeouts))),
    )
    .with_details(format!(
        "timeout {} ms per request, {} ms to start",
        spec.timeout_ms,
        spec.startup_ms()
    ));
    Ok(match claims_of::<Xiangqi>(spec) {
        Some(claims) => info.with_claims(claims),
        None => info,
    })
}

/// A xiangqi referee behind a bridge that answers as `ffish_bridge.py` does (every reply the
/// whole state): Fairy-Stockfish's, and cchess's ([`super::cchess`]).
pub type StateBridge = BridgeReferee<Xiangqi, XiangqiDialect>;

/// The referee `id` run by the command `argv` (a bridge answering as `ffish_bridge.py` does),
/// with the bounds on a reply and on a new process's first reply (`None`: the defaults of
/// [`crate::engine::json_bridge`]).
pub fn state_bridge(
    id: impl Into<String>,
    argv: Vec<String>,
    timeouts: Option<(Duration, Duration)>,
) -> StateBridge {
    let dialect = XiangqiDialect {
        to_move: Colour::Red,
    };
    BridgeReferee::new(id, argv, timeouts, dialect)
}

/// Xiangqi in the protocol, as `ffish_bridge.py` speaks it: a FEN and earlier moves to start
/// from, UCI coordinates with ranks 1–10, and the whole state in every reply.
pub struct XiangqiDialect {
    /// Who moves now, to name the winner of a `win` or `loss` result.
    to_move: Colour,
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

impl Dialect<Xiangqi> for XiangqiDialect {
    const WHOLE_STATE: bool = true;
    const ILLEGAL: &'static str = "illegal";

    fn check(request: &str, reply: Value) -> Result<Value, Fault> {
        check(request, reply)
    }

    fn start(&mut self, setup: &XqSetup) -> Result<Value, Fault> {
        let history: Vec<String> = setup
            .history
            .iter()
            .map(|&m| Ranks::OneToTen.format(m))
            .collect();
        self.to_move = setup.current().to_move();
        Ok(json!({
            "cmd": "start",
            "variant": "xiangqi",
            "fen": fen::format(&setup.start),
            "moves": history,
        }))
    }

    fn encode(&self, play: &Move) -> Result<Value, Fault> {
        Ok(json!(Ranks::OneToTen.format(*play)))
    }

    fn moves(&self, moves: &[Value]) -> Option<Vec<Move>> {
        moves
            .iter()
            .map(|m| m.as_str().and_then(|s| Ranks::OneToTen.parse(s).ok()))
            .collect()
    }

    fn status(&self, reply: &Value) -> Option<Status> {
        Some(match reply["over"].as_bool()? {
            false => Status::Ongoing,
            true => Status::Over {
                outcome: outcome(self.to_move, reply)?,
            },
        })
    }

    fn played(&mut self, _play: &Move) -> Result<(), Fault> {
        self.to_move = self.to_move.opponent();
        Ok(())
    }
}

/// How xiangqi's ends decide a game: no moves and a forbidden perpetual lose, a repetition
/// without one and the move-count rule draw; a state naming one of each is incompatible.
const ENDINGS: Endings = Endings {
    kind: |rule| match rule {
        "checkmate" | "stalemate" | "perpetual-check" | "perpetual-chase" => Some("decisive"),
        "repetition" | "50-move" | "insufficient-material" | "rule" => Some("draw"),
        _ => None,
    },
    reconciled: |_, _| false,
};

/// The state's result for the side to move; version 2's `ends` lists every end the engine
/// reports (`reason` is the first), and incompatible ones are a no-result naming them.
fn outcome(to_move: Colour, reply: &Value) -> Option<Outcome> {
    let reason = reply["reason"].as_str()?.to_string();
    if let Some(ends) = reply.get("ends") {
        let reported = status::Reported {
            over: true,
            ends: ends
                .as_array()?
                .iter()
                .map(|e| e.as_str().map(str::to_string))
                .collect::<Option<_>>()?,
            result: None,
            rule: None,
            claims: Vec::new(),
        };
        if !reported.incompatible(&ENDINGS).is_empty() {
            return reported.outcome(&ENDINGS, &[]);
        }
    }
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
