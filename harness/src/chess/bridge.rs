//! External chess referees: a *bridge* is a process that speaks rulediff's JSON-lines
//! referee protocol (README, "Engines in any language") for an engine or library; the referee
//! is the generic one of [`crate::engine::bridge`] in chess's [`ChessDialect`]. The bundled bridge wraps
//! python-chess (`harness/bridges/python_chess_bridge.py`, embedded in the binary and run with
//! `python3`, or `$RULEDIFF_PYTHON`); chess.js, chessops and OpenSpiel's chess are built in
//! too, and an engines file names more (`family = "chess"`, [`from_engine`]).
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
use crate::engine::bridge::Dialect;
use crate::engine::bundled::{node_command, python, script};
use crate::engine::spec::{Accepts, Kind, Protocol};
use crate::engine::status::{self, Endings};
use crate::engine::{claims_of, summary_of, Engine};
use crate::family::Family;
use crate::referee::{Fault, Outcome, RefereeInfo, Refereed, Status};

/// The python-chess bridge, as shipped.
pub const PYTHON_CHESS_BRIDGE: &str = include_str!("../../bridges/python_chess_bridge.py");

/// The protocol's framing for Python bridges, run before the embedded bridge.
pub const PYTHON_FRAMING: &str = include_str!("../../bridges/rulediff_bridge.py");

/// The program and arguments of a bridge.
pub type CommandLine = Vec<String>;

fn python_chess_command() -> CommandLine {
    let python = python();
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

/// A chess referee answered by a bridge process.
pub type BridgeReferee = crate::engine::bridge::BridgeReferee<Chess, ChessDialect>;

/// Chess in the protocol: FEN setups, UCI moves, and the claim policy applied to the draw
/// the bridge says the player to move may claim.
pub struct ChessDialect {
    claims: Claims,
}

/// A referee `id` played by the bridge program `command`, claiming `claims`, with the bounds
/// on a reply and on a new process's first reply (`None`: the defaults of
/// [`crate::engine::json_bridge`]).
pub fn referee(
    id: impl Into<String>,
    command: &CommandLine,
    claims: Claims,
    timeouts: Option<(Duration, Duration)>,
) -> BridgeReferee {
    BridgeReferee::new(id, command.clone(), timeouts, ChessDialect { claims })
}

impl Dialect<Chess> for ChessDialect {
    const ILLEGAL: &'static str = "illegal-move";

    fn check(request: &str, reply: Value) -> Result<Value, Fault> {
        check(request, reply)
    }

    fn start(&mut self, setup: &ChessSetup) -> Result<Value, Fault> {
        Ok(json!({"cmd": "start", "setup": {"fen": setup.fen}}))
    }

    fn encode(&self, play: &UciMove) -> Result<Value, Fault> {
        Ok(json!(play.to_string()))
    }

    fn moves(&self, moves: &[Value]) -> Option<Vec<UciMove>> {
        moves
            .iter()
            .map(|m| m.as_str().and_then(|s| parse_uci(s).ok()))
            .collect()
    }

    fn status(&self, reply: &Value) -> Option<Status> {
        let reported = status::read(reply)?;
        if reported.over {
            let outcome = reported.outcome(&ENDINGS, &["white", "black"])?;
            return Some(Status::Over { outcome });
        }
        match (reported.claims.first(), self.claims) {
            (Some(rule), Claims::FirstChance) => Some(Status::Over {
                outcome: Outcome::Draw { rule: rule.clone() },
            }),
            _ => Some(Status::Ongoing),
        }
    }
}

/// How chess's automatic ends decide a game: checkmate wins, the others draw. FIDE Laws 9.6.2
/// lets a checkmate and the 75-move rule hold at once ("If the last move resulted in
/// checkmate, that shall take precedence"); no other decisive end and draw can, so an engine
/// that reports one with the other is a finding.
const ENDINGS: Endings = Endings {
    kind: |rule| match rule {
        "checkmate" => Some("decisive"),
        "stalemate"
        | "insufficient-material"
        | "seventy-five-move"
        | "fivefold"
        | "threefold"
        | "fifty-move" => Some("draw"),
        _ => None,
    },
    reconciled: |a, b| a == "checkmate" && b == "seventy-five-move",
};

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
            Box::new(referee(name.clone(), &c, policy, None))
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
        Box::new(referee(name.clone(), &command, Claims::Never, None))
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
        let command = node_command(script, &[]);
        out.push(single(id, command, summary, ruleset));
    }
    // OpenSpiel 2.0.2's ChessState ends a game by itself at checkmate, stalemate, insufficient
    // material, threefold repetition and fifty moves: our `threefold-automatic`.
    out.push(single(
        "openspiel-chess",
        vec![python(), script("openspiel_bridge.py"), "chess".into()],
        "OpenSpiel 2.0.2 chess (PyPI open-spiel, external bridge): ChessState's own game end, no claim",
        "threefold-automatic",
    ));
    out
}

/// What chess engines may be: protocol bridges with a command of their own, which may ask
/// rulediff to claim the draws they report (`claim_draws`).
pub fn accepts() -> Accepts {
    Accepts {
        family: Chess::NAME,
        title: "chess",
        protocols: vec![Protocol::Json],
        keys: vec!["claim_draws"],
        built_in: Vec::new(),
        referees: Chess::registry().into_iter().map(|r| r.id).collect(),
        canonical: Chess::canonical_id,
        checked_before_a_run: false,
        bundled: registry().into_iter().map(|r| r.id).collect(),
        asks: |_| ASKS,
    }
}

/// What rulediff asks a chess bridge, for the listing.
pub const ASKS: &str =
    "start from a FEN, each play with the next legal set and the status (over, how, winner; the draw it may claim)";

/// The referee an engines file defines (`family = "chess"`): its bridge program, the ruleset
/// it claims, whether rulediff claims the draws it reports (`claim_draws`), its time-outs.
pub fn from_engine(engine: &Engine) -> Result<RefereeInfo<Chess>, Fault> {
    let spec = &engine.spec;
    let Kind::Bridge { argv } = &spec.kind else {
        return Err(Fault::Unsupported {
            detail: format!("chess engine `{}` is not a protocol bridge", spec.id),
        });
    };
    let policy = match spec.claim_draws {
        true => Claims::FirstChance,
        false => Claims::Never,
    };
    let (id, command, timeouts) = (spec.id.clone(), Arc::new(argv.clone()), spec.timeouts());
    let info = RefereeInfo::new(
        spec.id.clone(),
        summary_of(spec),
        spec.command_line(),
        move || Box::new(referee(id.clone(), &command, policy, Some(timeouts))),
    )
    .with_details(format!(
        "claims draws: {}; timeout {} ms per request, {} ms to start",
        spec.claim_draws,
        spec.timeout_ms,
        spec.startup_ms()
    ));
    Ok(match claims_of::<Chess>(spec) {
        Some(claims) => info.with_claims(claims),
        None => info,
    })
}
