//! Go's dialect of the JSON-lines protocol ([`crate::engine::protocol`]), for the generic
//! bridge referee ([`crate::engine::bridge`]): Sabaki's board, OGS's goban, Tenuki, OpenSpiel,
//! PettingZoo, or a user's own script. Each `play` travels with the next `status` and `legal`
//! in one batch, so a campaign step costs one round trip.
//!
//! A bridge whose engine does not end games by passing (`"ends": false` in its `hello`) is
//! ended here as a GTP engine is: two passes in a row, the board counted by area with every
//! stone alive; for that the dialect follows the board itself (captures by our rules). Its
//! `status` is still asked, for the ends of its own (OpenSpiel's draw by repetition).

use serde_json::{json, Value};

use crate::engine::bridge::{BridgeReferee, Dialect};
use crate::engine::status::{self, Endings};
use crate::go::board::{Board, Scratch, EMPTY};
use crate::go::score::{score, Count, Scoring};
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, HalfPoints, Outcome, Status, Verdict};

/// A Go referee answered by a protocol bridge program.
pub type GoBridge = BridgeReferee<Go, GoDialect>;

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

/// Go in the protocol: grid setups and `[x, y]` moves, and the end at two passes where the
/// engine rules on none.
pub struct GoDialect {
    default_komi: f64,
    /// Whether the engine rules on the end of the game (its `hello`).
    ends: bool,
    game: Option<Track>,
}

/// A bridge referee `id` run as `argv`, with a time-out per request and for starting, and
/// the komi it uses where the setup gives none.
pub fn referee(
    id: &str,
    argv: Vec<String>,
    timeouts: (std::time::Duration, std::time::Duration),
    komi: f64,
) -> GoBridge {
    let dialect = GoDialect {
        default_komi: komi,
        ends: false,
        game: None,
    };
    BridgeReferee::new(id, argv, Some(timeouts), dialect)
}

impl GoDialect {
    fn track(&self) -> Result<&Track, Fault> {
        self.game.as_ref().ok_or_else(|| Fault::Unsupported {
            detail: "bridge asked about a game before start".into(),
        })
    }

    fn decode(&self, m: &Value) -> Option<GoPlay> {
        let grid = self.track().ok()?.setup.graph.grid_shape()?;
        if m.as_str() == Some("pass") {
            return Some(GoPlay::Pass);
        }
        let xy = m.as_array().filter(|a| a.len() == 2)?;
        let (x, row) = (xy[0].as_u64()? as usize, xy[1].as_u64()? as usize);
        (x < grid.width && row < grid.height)
            .then(|| GoPlay::Stone(((grid.height - 1 - row) * grid.width + x) as u16))
    }
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

impl Dialect<Go> for GoDialect {
    const ILLEGAL: &'static str = "illegal";

    fn check(request: &str, reply: Value) -> Result<Value, Fault> {
        check(request, reply)
    }

    fn start(&mut self, setup: &GoSetup) -> Result<Value, Fault> {
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
        self.game = Some(Track {
            board: Board::with_stones(setup.graph.clone(), &setup.stones),
            setup: setup.clone(),
            scratch: Scratch::default(),
            plays: 0,
            passes: 0,
            komi,
            over: None,
        });
        Ok(json!({"cmd": "start", "setup": setup_json(setup, komi)}))
    }

    fn started(&mut self, hello: &Value) {
        self.ends = hello.get("ends").and_then(Value::as_bool) == Some(true);
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

    fn moves(&self, moves: &[Value]) -> Option<Vec<GoPlay>> {
        let mut plays = moves
            .iter()
            .map(|m| self.decode(m))
            .collect::<Option<Vec<_>>>()?;
        plays.sort();
        plays.dedup();
        Some(plays)
    }

    fn status(&self, reply: &Value) -> Option<Status> {
        read_status(reply)
    }

    fn refuse(&self, play: &GoPlay) -> Option<Verdict> {
        (*play == GoPlay::Appeal).then(|| Verdict::illegal("no-appeals"))
    }

    /// Records a play the engine accepted; two passes end the game where the engine does not.
    fn played(&mut self, play: &GoPlay) -> Result<(), Fault> {
        let ends = self.ends;
        let game = self.game.as_mut().ok_or_else(|| Fault::Unsupported {
            detail: "bridge asked about a game before start".into(),
        })?;
        let colour = colour_of((game.setup.to_move + game.plays) % 2);
        game.plays += 1;
        match *play {
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

    fn own_end(&self) -> Result<Option<Outcome>, Fault> {
        Ok(self.track()?.over.clone())
    }
}

/// Protocol coordinates of a vertex: column from the left, row from the top.
fn point(setup: &GoSetup, v: usize) -> (usize, usize) {
    let grid = setup.graph.grid_shape().expect("bridges play on grids");
    (v % grid.width, grid.height - 1 - v / grid.width)
}

/// How Go's end conditions decide a game: a count (two passes), a draw by a repetition
/// (OpenSpiel's superko), a win without count (resignation). A report of a count with a draw
/// by repetition at once is incompatible; words of an engine's own are its own.
const ENDINGS: Endings = Endings {
    kind: |rule| match rule {
        "two-passes" | "move-limit" => Some("count"),
        "superko" | "repetition" | "cycle" => Some("draw"),
        "resignation" => Some("decisive"),
        _ => None,
    },
    reconciled: |_, _| false,
};

/// The engine's status, its own result and every end it reports ([`status::read`]).
fn read_status(reply: &Value) -> Option<Status> {
    let reported = status::read(reply)?;
    if !reported.over {
        return Some(Status::Ongoing);
    }
    Some(Status::Over {
        outcome: reported.outcome(&ENDINGS, &["B", "W"])?,
    })
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
