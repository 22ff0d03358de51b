//! A Go referee answered by a protocol bridge ([`super::protocol`]): Sabaki's board, OGS's
//! goban, or a user's own script. Each `play` travels with the next `status` and `legal` in
//! one batch, so a campaign step costs one round trip.
//!
//! A bridge whose engine does not end games by passing (`"ends": false` in its `hello`) is
//! ended here as a GTP engine is: two passes in a row, the board counted by area with every
//! stone alive; for that the referee follows the board itself (captures by our rules). Its
//! `status` is still asked, for the ends of its own (OpenSpiel's draw by repetition).

use std::time::Duration;

use serde_json::{json, Value};

use super::json_bridge::{BridgeKind, Session};
use crate::go::board::{Board, Scratch, EMPTY};
use crate::go::score::{score, Count, Scoring};
use crate::go::{colour_of, GoPlay, GoSetup};
use crate::referee::{Fault, HalfPoints, Outcome, Status, Verdict};

/// What the referee follows of the game for the count at the end.
struct Track {
    setup: GoSetup,
    board: Board,
    scratch: Scratch,
    plays: usize,
    passes: usize,
    komi: f64,
    over: Option<Outcome>,
}

/// A Go referee answered by a protocol bridge program ([`super::protocol`]).
pub struct GoBridge {
    id: String,
    session: Session,
    default_komi: f64,
    /// Whether the engine rules on the end of the game (its `hello`).
    ends: bool,
    game: Option<Track>,
    /// The engine's answers about the current position, fetched with the last play.
    status: Option<Status>,
    legal: Option<Vec<GoPlay>>,
}

/// An `{"error": …}` reply: the bridge could not answer a request it must.
fn check(request: &str, reply: Value) -> Result<Value, Fault> {
    match reply.get("error").and_then(Value::as_str) {
        Some(error) => Err(Fault::Garbage {
            command: request.to_string(),
            reply: error.to_string(),
        }),
        None => Ok(reply),
    }
}

fn garbage(command: &str, reply: &Value) -> Fault {
    Fault::Garbage {
        command: command.to_string(),
        reply: reply.to_string(),
    }
}

impl GoBridge {
    /// The referee `id`, run as `argv`, with a time-out per request and for starting.
    pub fn new(id: &str, argv: Vec<String>, timeout: Duration, startup: Duration) -> GoBridge {
        let kind = BridgeKind {
            id: id.to_string(),
            argv,
            check,
            timeouts: Some((timeout, startup)),
        };
        GoBridge {
            id: id.to_string(),
            session: Session::new(kind),
            default_komi: 0.0,
            ends: false,
            game: None,
            status: None,
            legal: None,
        }
    }

    /// The komi it uses where the setup gives none.
    pub fn with_komi(mut self, komi: f64) -> GoBridge {
        self.default_komi = komi;
        self
    }

    fn track(&self) -> Result<&Track, Fault> {
        self.game.as_ref().ok_or_else(|| Fault::Unsupported {
            detail: "bridge asked about a game before start".into(),
        })
    }

    fn encode(&self, play: &GoPlay) -> Result<Value, Fault> {
        let setup = &self.track()?.setup;
        Ok(match play {
            GoPlay::Stone(v) => {
                let (x, row) = point(setup, *v as usize);
                json!([x, row])
            }
            _ => json!("pass"),
        })
    }

    fn decode(&self, reply: &Value, m: &Value) -> Result<GoPlay, Fault> {
        let setup = &self.track()?.setup;
        let grid = setup
            .graph
            .grid_shape()
            .ok_or_else(|| garbage("legal", reply))?;
        if m.as_str() == Some("pass") {
            return Ok(GoPlay::Pass);
        }
        let xy = m.as_array().filter(|a| a.len() == 2);
        let coords = xy.and_then(|a| Some((a[0].as_u64()? as usize, a[1].as_u64()? as usize)));
        match coords {
            Some((x, row)) if x < grid.width && row < grid.height => {
                let y = grid.height - 1 - row;
                Ok(GoPlay::Stone((y * grid.width + x) as u16))
            }
            _ => Err(garbage("legal", reply)),
        }
    }

    fn read_legal(&self, reply: &Value) -> Result<Vec<GoPlay>, Fault> {
        let moves = reply
            .get("moves")
            .and_then(Value::as_array)
            .ok_or_else(|| garbage("legal", reply))?;
        let mut plays = moves
            .iter()
            .map(|m| self.decode(reply, m))
            .collect::<Result<Vec<_>, _>>()?;
        plays.sort();
        plays.dedup();
        Ok(plays)
    }

    /// The requests that follow a play: what the position is now.
    fn follow_ups(&self) -> Vec<Value> {
        vec![json!({"cmd": "legal"}), json!({"cmd": "status"})]
    }

    fn take_follow_ups(&mut self, replies: &[Value]) -> Result<(), Fault> {
        self.legal = Some(self.read_legal(&replies[0])?);
        self.status = Some(read_status(&replies[1])?);
        Ok(())
    }

    /// Records a play the engine accepted; two passes end the game where the engine does not.
    fn record(&mut self, play: GoPlay) -> Result<(), Fault> {
        let ends = self.ends;
        let game = self.game.as_mut().ok_or_else(|| Fault::Unsupported {
            detail: "bridge asked about a game before start".into(),
        })?;
        let colour = colour_of((game.setup.to_move + game.plays) % 2);
        game.plays += 1;
        match play {
            GoPlay::Stone(v) if game.board.colour(v) == EMPTY => {
                game.board.play_stone(v, colour, &mut game.scratch);
                game.passes = 0;
            }
            GoPlay::Stone(_) => {
                return Err(Fault::Garbage {
                    command: format!("play {play:?}"),
                    reply: "accepted a play on an occupied point".into(),
                })
            }
            _ => game.passes += 1,
        }
        if !ends && game.passes >= 2 {
            game.over = Some(area_count(game));
        }
        Ok(())
    }
}

/// Protocol coordinates of a vertex: column from the left, row from the top.
fn point(setup: &GoSetup, v: usize) -> (usize, usize) {
    let grid = setup.graph.grid_shape().expect("bridges play on grids");
    (v % grid.width, grid.height - 1 - v / grid.width)
}

fn read_status(reply: &Value) -> Result<Status, Fault> {
    let over = reply
        .get("over")
        .and_then(Value::as_bool)
        .ok_or_else(|| garbage("status", reply))?;
    if !over {
        return Ok(Status::Ongoing);
    }
    let rule = reply
        .get("rule")
        .and_then(Value::as_str)
        .unwrap_or("end")
        .to_string();
    let points = |seat: &str| {
        let x = reply.get("score")?.get(seat)?.as_f64()?;
        HalfPoints::from_f64(x)
    };
    let outcome = match (points("B"), points("W"), reply.get("winner")) {
        (Some(b), Some(w), _) => Outcome::score(vec![("B".into(), b), ("W".into(), w)]),
        (_, _, Some(Value::String(winner))) => Outcome::Win {
            winner: winner.clone(),
            rule,
        },
        _ => Outcome::Draw { rule },
    };
    Ok(Status::Over { outcome })
}

/// The final board counted by area, every stone alive, with the komi of the game.
fn area_count(game: &Track) -> Outcome {
    let komi = HalfPoints::from_f64(game.komi).unwrap_or(HalfPoints(0));
    let mut prisoners = [0u32; 9];
    for (c, p) in prisoners.iter_mut().enumerate() {
        *p = game.board.prisoners(c as u8);
    }
    score(
        &Count::new(game.board.graph(), game.board.cells(), 2, Scoring::Area)
            .komi(&[HalfPoints(0), komi])
            .dead(&game.setup.dead, "agreement")
            .prisoners(&prisoners),
    )
}

/// The setup in the protocol's form.
fn setup_json(setup: &GoSetup, komi: f64) -> Value {
    let grid = setup.graph.grid_shape().expect("bridges play on grids");
    let rows: Vec<String> = (0..grid.height)
        .rev()
        .map(|y| {
            (0..grid.width)
                .map(|x| match setup.stones[y * grid.width + x] {
                    EMPTY => '.',
                    c if c == colour_of(0) => 'X',
                    _ => 'O',
                })
                .collect()
        })
        .collect();
    let to_move = if setup.to_move == 0 { "B" } else { "W" };
    json!({"width": grid.width, "height": grid.height, "rows": rows, "to_move": to_move, "komi": komi})
}

impl crate::referee::Referee<crate::go::Go> for GoBridge {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        match setup.graph.grid_shape() {
            Some(g) if !g.wrap && setup.players == 2 => {}
            _ => {
                return Err(Fault::Unsupported {
                    detail: format!(
                        "protocol bridges play two-player games on grids, not {} with {} players",
                        setup.graph.description(),
                        setup.players
                    ),
                })
            }
        }
        let komi = match setup.komi.as_deref() {
            Some([black, white]) => (white.0 - black.0) as f64 / 2.0,
            _ => self.default_komi,
        };
        let start = json!({"cmd": "start", "setup": setup_json(setup, komi)});
        self.session.restart_with(start)?;
        self.ends = self.session.hello()?.get("ends").and_then(Value::as_bool) == Some(true);
        self.game = Some(Track {
            board: Board::with_stones(setup.graph.clone(), &setup.stones),
            setup: setup.clone(),
            scratch: Scratch::default(),
            plays: 0,
            passes: 0,
            komi,
            over: None,
        });
        self.status = None;
        self.legal = None;
        Ok(())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        if *play == GoPlay::Appeal {
            return Ok(Verdict::illegal("no-appeals"));
        }
        if self.legal.as_ref().is_some_and(|l| l.contains(play)) {
            return Ok(Verdict::Legal);
        }
        let request = json!({"cmd": "judge", "move": self.encode(play)?});
        let reply = self.session.ask(&request)?;
        verdict(&reply)
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        if *play == GoPlay::Appeal {
            return Ok(Verdict::illegal("no-appeals"));
        }
        let mut requests = vec![json!({"cmd": "play", "move": self.encode(play)?})];
        requests.extend(self.follow_ups());
        let made = |request: &Value, reply: &Value| {
            request["cmd"] == "play" && reply.get("legal") == Some(&Value::Bool(true))
        };
        let replies = self.session.batch(&requests, made)?;
        let verdict = verdict(&replies[0])?;
        if verdict.is_legal() {
            self.record(*play)?;
        }
        self.take_follow_ups(&replies[1..])?;
        Ok(verdict)
    }

    fn status(&mut self) -> Result<Status, Fault> {
        if let Some(outcome) = &self.track()?.over {
            return Ok(Status::Over {
                outcome: outcome.clone(),
            });
        }
        if let Some(status) = &self.status {
            return Ok(status.clone());
        }
        let reply = self.session.ask(&json!({"cmd": "status"}))?;
        let status = read_status(&reply)?;
        self.status = Some(status.clone());
        Ok(status)
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        if self.status()?.is_over() {
            return Ok(Vec::new());
        }
        if let Some(legal) = &self.legal {
            return Ok(legal.clone());
        }
        let reply = self.session.ask(&json!({"cmd": "legal"}))?;
        let legal = self.read_legal(&reply)?;
        self.legal = Some(legal.clone());
        Ok(legal)
    }

    fn incidents(&mut self) -> Vec<String> {
        self.session.incidents()
    }
}

fn verdict(reply: &Value) -> Result<Verdict, Fault> {
    match reply.get("legal").and_then(Value::as_bool) {
        Some(true) => Ok(Verdict::Legal),
        Some(false) => Ok(Verdict::illegal(
            reply
                .get("rule")
                .and_then(Value::as_str)
                .unwrap_or("illegal"),
        )),
        None => Err(garbage("play", reply)),
    }
}
