//! A referee answered by a JSON-lines bridge ([`super::protocol`]), written once for every
//! family: the conversation (a [`Session`]: time-outs, recovery, pooled processes) and what
//! the referee remembers of the position between questions, the legal set and status the
//! bridge sent with the last play, so that a campaign step costs one round trip. A family
//! says how its setups and plays are written and its replies read, as a [`Dialect`].
//!
//! Bridges answer in one of two shapes: each `play` travels with the next `legal` and
//! `status` in one `batch` (Go, chess), or every reply to `start` and `play` is the whole
//! state, legal moves and end together ([`Dialect::WHOLE_STATE`]; xiangqi, as
//! `ffish_bridge.py` answers).

use std::marker::PhantomData;
use std::time::Duration;

use serde_json::{json, Value};

use super::json_bridge::{BridgeKind, Session};
use crate::family::outcome::Outcome;
use crate::family::Family;
use crate::referee::{Fault, Referee, Status, Verdict};

/// How one family's setups, plays and replies are written in the protocol.
pub trait Dialect<F: Family>: Send + 'static {
    /// Every reply to `start` and `play` is the whole state (`moves`, `over`), and a play not
    /// among the moves is illegal without asking; otherwise each play travels with `legal`
    /// and `status` in a batch, and `judge` is asked about plays the last legal set lacks.
    const WHOLE_STATE: bool = false;
    /// The rule of a refusal that names none.
    const ILLEGAL: &'static str;

    /// Turns a reply the bridge marks as an error into a fault.
    fn check(request: &str, reply: Value) -> Result<Value, Fault>;
    /// The `start` request for `setup`, or why this bridge cannot play it.
    fn start(&mut self, setup: &F::Setup) -> Result<Value, Fault>;
    /// Takes in the bridge's `hello` once a game has started.
    fn started(&mut self, hello: &Value) {
        let _ = hello;
    }
    /// A play as the protocol writes it.
    fn encode(&self, play: &F::Play) -> Result<Value, Fault>;
    /// The `moves` of a reply as plays; `None` where they are not moves of this game.
    fn moves(&self, moves: &[Value]) -> Option<Vec<F::Play>>;
    /// A `status` reply (or a whole state) as a status; `None` where it is not one.
    fn status(&self, reply: &Value) -> Option<Status>;
    /// The ruling on a play the protocol has no word for, given without asking.
    fn refuse(&self, play: &F::Play) -> Option<Verdict> {
        let _ = play;
        None
    }
    /// Follows a play the bridge accepted.
    fn played(&mut self, play: &F::Play) -> Result<(), Fault> {
        let _ = play;
        Ok(())
    }
    /// An end of the game the referee rules itself, which stands before the bridge's status
    /// (Go: two passes, where the engine rules on no end); a fault before a game started.
    fn own_end(&self) -> Result<Option<Outcome>, Fault> {
        Ok(None)
    }
}

/// A referee of family `F` answered by a bridge that speaks dialect `D`.
pub struct BridgeReferee<F: Family, D> {
    id: String,
    session: Session,
    dialect: D,
    /// The bridge's answers about the current position, fetched with the last play.
    status: Option<Status>,
    legal: Option<Vec<F::Play>>,
    family: PhantomData<fn() -> F>,
}

impl<F: Family, D: Dialect<F>> BridgeReferee<F, D> {
    /// The referee `id`, run as `argv`, with the bounds on a reply and on a new process's
    /// first reply (`None`: the defaults of [`super::json_bridge`]).
    pub fn new(
        id: impl Into<String>,
        argv: Vec<String>,
        timeouts: Option<(Duration, Duration)>,
        dialect: D,
    ) -> Self {
        let id = id.into();
        let kind = BridgeKind {
            id: id.clone(),
            argv,
            check: D::check,
            timeouts,
        };
        BridgeReferee {
            id,
            session: Session::new(kind),
            dialect,
            status: None,
            legal: None,
            family: PhantomData,
        }
    }

    fn read_verdict(command: &str, reply: &Value) -> Result<Verdict, Fault> {
        match reply.get("legal").and_then(Value::as_bool) {
            Some(true) => Ok(Verdict::Legal),
            Some(false) => Ok(Verdict::illegal(
                reply
                    .get("rule")
                    .and_then(Value::as_str)
                    .unwrap_or(D::ILLEGAL),
            )),
            None => Err(garbage(command, reply)),
        }
    }

    fn read_moves(&self, command: &str, reply: &Value) -> Result<Vec<F::Play>, Fault> {
        reply
            .get("moves")
            .and_then(Value::as_array)
            .and_then(|moves| self.dialect.moves(moves))
            .ok_or_else(|| garbage(command, reply))
    }

    fn read_status(&self, command: &str, reply: &Value) -> Result<Status, Fault> {
        self.dialect
            .status(reply)
            .ok_or_else(|| garbage(command, reply))
    }

    /// A whole-state reply into the referee's memory.
    fn take_state(&mut self, reply: &Value) -> Result<(), Fault> {
        self.legal = Some(self.read_moves("state", reply)?);
        self.status = Some(self.read_status("state", reply)?);
        Ok(())
    }

    /// A play to a bridge that answers with the whole state: illegal without asking where the
    /// moves lack it; a refusal of a play it listed is nonsense.
    fn play_whole_state(&mut self, play: &F::Play) -> Result<Verdict, Fault> {
        let verdict = self.judge(play)?;
        if !verdict.is_legal() {
            return Ok(verdict);
        }
        let encoded = self.dialect.encode(play)?;
        let request = json!({"cmd": "play", "move": encoded});
        let legal = |reply: &Value| reply["legal"] == Value::Bool(true);
        let reply = self.session.change(request, legal)?;
        if !legal(&reply) {
            let text = encoded.as_str().map_or(encoded.to_string(), str::to_string);
            return Err(garbage(&format!("play {text}"), &reply));
        }
        self.dialect.played(play)?;
        self.take_state(&reply)?;
        Ok(verdict)
    }

    /// A play with the next legal set and status, in one batch.
    fn play_batched(&mut self, play: &F::Play) -> Result<Verdict, Fault> {
        let requests = [
            json!({"cmd": "play", "move": self.dialect.encode(play)?}),
            json!({"cmd": "legal"}),
            json!({"cmd": "status"}),
        ];
        let made = |request: &Value, reply: &Value| {
            request["cmd"] == "play" && reply.get("legal") == Some(&Value::Bool(true))
        };
        let replies = self.session.batch(&requests, made)?;
        let verdict = Self::read_verdict("play", &replies[0])?;
        if verdict.is_legal() {
            self.dialect.played(play)?;
        }
        self.legal = Some(self.read_moves("legal", &replies[1])?);
        self.status = Some(self.read_status("status", &replies[2])?);
        Ok(verdict)
    }
}

fn garbage(command: &str, reply: &Value) -> Fault {
    Fault::Garbage {
        command: command.to_string(),
        reply: reply.to_string(),
    }
}

impl<F: Family, D: Dialect<F>> Referee<F> for BridgeReferee<F, D> {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &F::Setup) -> Result<(), Fault> {
        self.status = None;
        self.legal = None;
        let request = self.dialect.start(setup)?;
        let reply = self.session.restart_with(request)?;
        let hello = self.session.hello()?;
        self.dialect.started(&hello);
        if D::WHOLE_STATE {
            self.take_state(&reply)?;
        }
        Ok(())
    }

    fn judge(&mut self, play: &F::Play) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        if let Some(verdict) = self.dialect.refuse(play) {
            return Ok(verdict);
        }
        if self.legal.as_ref().is_some_and(|l| l.contains(play)) {
            return Ok(Verdict::Legal);
        }
        if D::WHOLE_STATE {
            return Ok(Verdict::illegal(D::ILLEGAL));
        }
        let request = json!({"cmd": "judge", "move": self.dialect.encode(play)?});
        let reply = self.session.ask(&request)?;
        Self::read_verdict("judge", &reply)
    }

    fn play(&mut self, play: &F::Play) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        if let Some(verdict) = self.dialect.refuse(play) {
            return Ok(verdict);
        }
        match D::WHOLE_STATE {
            true => self.play_whole_state(play),
            false => self.play_batched(play),
        }
    }

    fn status(&mut self) -> Result<Status, Fault> {
        if let Some(outcome) = self.dialect.own_end()? {
            return Ok(Status::Over { outcome });
        }
        if let Some(status) = &self.status {
            return Ok(status.clone());
        }
        let reply = self.session.ask(&json!({"cmd": "status"}))?;
        let status = self.read_status("status", &reply)?;
        self.status = Some(status.clone());
        Ok(status)
    }

    fn legal_plays(&mut self) -> Result<Vec<F::Play>, Fault> {
        if self.status()?.is_over() {
            return Ok(Vec::new());
        }
        if let Some(legal) = &self.legal {
            return Ok(legal.clone());
        }
        let reply = self.session.ask(&json!({"cmd": "legal"}))?;
        let legal = self.read_moves("legal", &reply)?;
        self.legal = Some(legal.clone());
        Ok(legal)
    }

    fn incidents(&mut self) -> Vec<String> {
        self.session.incidents()
    }
}
