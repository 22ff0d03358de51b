//! External chess referees: a *bridge* is a process that speaks rulediff's JSON-lines
//! referee protocol (README, "Engines in any language") for an engine or library. The bundled bridge wraps
//! python-chess (`harness/bridges/python_chess_bridge.py`, embedded in the binary and run with
//! `python3`, or `$RULEDIFF_PYTHON`); chess.js, chessops and OpenSpiel's chess are built in
//! too, and an engines file names more (`family = "chess"`, [`from_spec`]).
//!
//! A bridge reports facts — legality, automatic ends, the draw the player to move can claim —
//! and the claim policy is applied here, as for the internal FIDE referees. Each play travels
//! with the next `legal` and `status` in one `batch`, so a campaign step costs one round trip
//! (`tests/chess_bridge.rs` counts them). A bridge that
//! cannot be started, exits, stays silent past the timeout or answers nonsense is a
//! [`Fault`], never a ruling; a hang or crash is recovered from once (the game replayed in a
//! new process) by [`crate::engine::json_bridge`], which also pools processes across games.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use shakmaty::uci::UciMove;

use super::notation::parse_uci;
use super::rules::fide::Claims;
use super::{Chess, ChessSetup};
use crate::engine::json_bridge::{BridgeKind, Session};
use crate::engine::spec::EngineSpec;
use crate::referee::{Fault, Outcome, Referee, RefereeInfo, Status, Verdict};

/// The python-chess bridge, as shipped.
pub const PYTHON_CHESS_BRIDGE: &str = include_str!("../../bridges/python_chess_bridge.py");

/// The protocol's framing for Python bridges, run before the embedded bridge.
pub const PYTHON_FRAMING: &str = include_str!("../../bridges/rulediff_bridge.py");

/// The program and arguments of a bridge.
pub type CommandLine = Vec<String>;

fn python_chess_command() -> CommandLine {
    let python = std::env::var("RULEDIFF_PYTHON").unwrap_or_else(|_| "python3".into());
    let program = format!("{PYTHON_FRAMING}\n{PYTHON_CHESS_BRIDGE}");
    vec![python, "-u".into(), "-c".into(), program]
}

/// An `{"error": …}` reply is nonsense here: the bridge could not answer a request it must.
fn check(request: &str, reply: Value) -> Result<Value, Fault> {
    let Some(error) = reply.get("error").and_then(Value::as_str) else {
        return Ok(reply);
    };
    Err(Fault::Garbage {
        command: request.to_string(),
        reply: error.to_string(),
    })
}

/// A referee answered by a bridge process.
pub struct BridgeReferee {
    id: String,
    claims: Claims,
    session: Session,
    /// The bridge's answers about the current position, fetched with the last play.
    status: Option<Status>,
    legal: Option<Vec<UciMove>>,
}

impl BridgeReferee {
    /// A referee `id` played by the bridge program `command`, claiming `claims`.
    pub fn new(id: impl Into<String>, command: Arc<CommandLine>, claims: Claims) -> Self {
        Self::with_timeouts(id, command, claims, None)
    }

    /// As [`BridgeReferee::new`], with the bounds on a reply and on a new process's first
    /// reply (`None`: the defaults of [`crate::engine::json_bridge`]).
    pub fn with_timeouts(
        id: impl Into<String>,
        command: Arc<CommandLine>,
        claims: Claims,
        timeouts: Option<(Duration, Duration)>,
    ) -> Self {
        let id = id.into();
        let kind = BridgeKind {
            id: id.clone(),
            argv: command.as_ref().clone(),
            check,
            timeouts,
        };
        BridgeReferee {
            id,
            claims,
            session: Session::new(kind),
            status: None,
            legal: None,
        }
    }

    fn garbage(request: &str, reply: &Value) -> Fault {
        Fault::Garbage {
            command: request.into(),
            reply: reply.to_string(),
        }
    }

    fn read_verdict(cmd: &str, reply: &Value) -> Result<Verdict, Fault> {
        match reply.get("legal").and_then(Value::as_bool) {
            Some(true) => Ok(Verdict::Legal),
            Some(false) => Ok(Verdict::illegal(
                reply
                    .get("rule")
                    .and_then(Value::as_str)
                    .unwrap_or("illegal-move"),
            )),
            None => Err(Self::garbage(cmd, reply)),
        }
    }

    fn read_legal(reply: &Value) -> Result<Vec<UciMove>, Fault> {
        let moves = reply
            .get("moves")
            .and_then(Value::as_array)
            .ok_or_else(|| Self::garbage("legal", reply))?;
        moves
            .iter()
            .map(|m| {
                m.as_str()
                    .and_then(|s| parse_uci(s).ok())
                    .ok_or_else(|| Self::garbage("legal", reply))
            })
            .collect()
    }

    fn read_status(&self, reply: &Value) -> Result<Status, Fault> {
        self.status_of(reply)
            .ok_or_else(|| Self::garbage("status", reply))
    }

    fn status_of(&self, reply: &Value) -> Option<Status> {
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

impl Referee<Chess> for BridgeReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &ChessSetup) -> Result<(), Fault> {
        self.status = None;
        self.legal = None;
        self.session
            .restart_with(json!({"cmd": "start", "setup": {"fen": setup.fen}}))?;
        Ok(())
    }

    fn judge(&mut self, play: &UciMove) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        if self.legal.as_ref().is_some_and(|l| l.contains(play)) {
            return Ok(Verdict::Legal);
        }
        let reply = self
            .session
            .ask(&json!({"cmd": "judge", "move": play.to_string()}))?;
        Self::read_verdict("judge", &reply)
    }

    /// The play, the next legal set and the status in one batch: one round trip a step.
    fn play(&mut self, play: &UciMove) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        let requests = [
            json!({"cmd": "play", "move": play.to_string()}),
            json!({"cmd": "legal"}),
            json!({"cmd": "status"}),
        ];
        let made = |request: &Value, reply: &Value| {
            request["cmd"] == "play" && reply.get("legal") == Some(&Value::Bool(true))
        };
        let replies = self.session.batch(&requests, made)?;
        let verdict = Self::read_verdict("play", &replies[0])?;
        self.legal = Some(Self::read_legal(&replies[1])?);
        self.status = Some(self.read_status(&replies[2])?);
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        if let Some(status) = &self.status {
            return Ok(status.clone());
        }
        let reply = self.session.ask(&json!({"cmd": "status"}))?;
        let status = self.read_status(&reply)?;
        self.status = Some(status.clone());
        Ok(status)
    }

    fn legal_plays(&mut self) -> Result<Vec<UciMove>, Fault> {
        if self.status()?.is_over() {
            return Ok(Vec::new());
        }
        if let Some(legal) = &self.legal {
            return Ok(legal.clone());
        }
        let reply = self.session.ask(&json!({"cmd": "legal"}))?;
        let legal = Self::read_legal(&reply)?;
        self.legal = Some(legal.clone());
        Ok(legal)
    }

    fn incidents(&mut self) -> Vec<String> {
        self.session.incidents()
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

/// The npm chess libraries: id, bridge script, the ruleset each claims, summary and source.
/// chess.js 1.4.0 README: `isGameOver()` is checkmate or `isDraw()` (fifty moves as 100
/// half-moves, stalemate, insufficient material, threefold repetition), with no claim: our
/// `threefold-automatic`. chessops 0.15.1 (`Position#outcome`, src/chess.ts `isEnd`): a
/// position without history ends by checkmate, stalemate or insufficient material only: our
/// `no-repetition`.
const NODE_CHESS: [(&str, &str, &str, &str); 2] = [
    (
        "chess.js",
        "chessjs_bridge.js",
        "threefold-automatic",
        "chess.js 1.4.0 (npm, external bridge): isGameOver(), threefold and fifty moves without a claim",
    ),
    (
        "chessops",
        "chessops_bridge.mjs",
        "no-repetition",
        "chessops 0.15.1 (npm, lichess's rules library, external bridge): Position#outcome(), no history",
    ),
];

/// A bridge that makes no claim of its own policy: its `status` is the whole ruling.
fn single(id: &str, command: CommandLine, summary: &str, ruleset: &str) -> RefereeInfo<Chess> {
    let source = format!(
        "{} (needs node and `npm ci` in harness/bridges/node)",
        command.join(" ")
    );
    let (name, command) = (id.to_string(), Arc::new(command));
    RefereeInfo::new(id, summary, source, move || {
        Box::new(BridgeReferee::new(
            name.clone(),
            command.clone(),
            Claims::Never,
        ))
    })
    .with_claims(crate::chess::rules::registry::claims(ruleset))
}

/// The built-in bridges: python-chess, chess.js, chessops, OpenSpiel's chess.
pub fn registry() -> Vec<RefereeInfo<Chess>> {
    let mut out = pair(
        "python-chess",
        python_chess_command(),
        "python-chess (external bridge): Board.outcome() and its draw claims",
        "python-chess via harness/bridges/python_chess_bridge.py (needs python3 and `pip install chess`)",
        Some("fide"),
    );
    for (id, script, ruleset, summary) in NODE_CHESS {
        let command = crate::engine::known::node_command(script, &[]);
        out.push(single(id, command, summary, ruleset));
    }
    // OpenSpiel 2.0.2's ChessState ends a game by itself at checkmate, stalemate, insufficient
    // material, threefold repetition and fifty moves: our `threefold-automatic`.
    let python = std::env::var("RULEDIFF_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/bridges/openspiel_bridge.py");
    out.push(single(
        "openspiel-chess",
        vec![python, script.into(), "chess".into()],
        "OpenSpiel 2.0.2 chess (PyPI open-spiel, external bridge): ChessState's own game end, no claim",
        "threefold-automatic",
    ));
    out
}

/// The referee an engines file defines (`family = "chess"`): its bridge program, the ruleset
/// it claims, whether rulediff claims the draws it reports (`claim_draws`), its time-outs.
pub fn from_spec(spec: &EngineSpec) -> RefereeInfo<Chess> {
    let crate::engine::spec::Kind::Bridge { argv } = &spec.kind else {
        unreachable!("an engines file makes every chess engine a protocol bridge")
    };
    let policy = match spec.claim_draws {
        true => Claims::FirstChance,
        false => Claims::Never,
    };
    let (id, command, timeouts) = (spec.id.clone(), Arc::new(argv.clone()), spec.timeouts());
    let info = RefereeInfo::new(
        spec.id.clone(),
        crate::engine::summary_of(spec),
        spec.command_line(),
        move || {
            Box::new(BridgeReferee::with_timeouts(
                id.clone(),
                command.clone(),
                policy,
                Some(timeouts),
            ))
        },
    )
    .with_details(format!(
        "claims draws: {}; timeout {} ms per request, {} ms to start",
        spec.claim_draws,
        spec.timeout_ms,
        spec.startup_ms()
    ));
    match crate::engine::claims_of::<Chess>(spec) {
        Some(claims) => info.with_claims(claims),
        None => info,
    }
}
