//! The `goban` crate (crates.io, MIT) as an in-process *library referee*: the pattern a Rust
//! engine author would use to test their own rules code with rulediff. Each call into the
//! crate is guarded, so a panic inside it is an engine fault, after which the game is rebuilt
//! from the setup and the plays so far.
//!
//! goban 0.20 plays on square boards up to 19×19 with two players; it has two rule sets:
//! `CHINESE` (basic ko, its superko check, suicide forbidden, area scoring, komi 7.5) and
//! `JAPANESE` (basic ko, suicide forbidden, territory plus prisoners, komi 6.5). Dead stones
//! are not removed when counting.

use std::panic::{catch_unwind, AssertUnwindSafe};

use goban::pieces::stones::{Color, Stone};
use goban::rules::game::Game;
use goban::rules::{EndGame, Move, PlayError, CHINESE, JAPANESE};

use crate::go::board::EMPTY;
use crate::go::{colour_of, Go, GoPlay, GoSetup};
use crate::referee::{Fault, HalfPoints, Outcome, Referee, Status, Verdict};

/// Which of the crate's rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GobanRules {
    /// The crate's Chinese rules (area scoring).
    Chinese,
    /// The crate's Japanese rules (territory scoring).
    Japanese,
}

impl GobanRules {
    /// Both, in listing order.
    pub const ALL: [GobanRules; 2] = [GobanRules::Chinese, GobanRules::Japanese];

    /// The referee's id.
    pub fn id(self) -> &'static str {
        match self {
            GobanRules::Chinese => "goban-chinese",
            GobanRules::Japanese => "goban-japanese",
        }
    }

    /// The crate's name for the rules.
    pub fn name(self) -> &'static str {
        match self {
            GobanRules::Chinese => "CHINESE",
            GobanRules::Japanese => "JAPANESE",
        }
    }

    /// Our preset with the same ko rule, suicide rule, scoring and komi, as far as they go.
    pub fn paired(self) -> &'static str {
        match self {
            GobanRules::Chinese => "chinese",
            GobanRules::Japanese => "japanese",
        }
    }

    /// One line on the rules, for the listing.
    pub fn describe(self) -> &'static str {
        match self {
            GobanRules::Chinese => "CHINESE: ko and superko forbidden, no suicide, area, komi 7.5",
            GobanRules::Japanese => {
                "JAPANESE: ko forbidden, no suicide, territory + prisoners, komi 6.5"
            }
        }
    }

    fn rule(self) -> goban::rules::Rule {
        match self {
            GobanRules::Chinese => CHINESE,
            GobanRules::Japanese => JAPANESE,
        }
    }
}

/// The largest board the crate handles.
const MAX_SIDE: usize = 19;

/// A referee played by the goban crate, in-process.
pub struct GobanReferee {
    id: String,
    rules: GobanRules,
    setup: Option<GoSetup>,
    plays: Vec<GoPlay>,
    game: Option<Game>,
}

impl GobanReferee {
    /// The referee `id` under `rules`.
    pub fn new(id: impl Into<String>, rules: GobanRules) -> Self {
        GobanReferee {
            id: id.into(),
            rules,
            setup: None,
            plays: Vec::new(),
            game: None,
        }
    }

    fn setup(&self) -> Result<&GoSetup, Fault> {
        self.setup.as_ref().ok_or_else(|| Fault::Unsupported {
            detail: "referee asked about a game before start".into(),
        })
    }

    /// The crate's game, rebuilt from the setup and the plays if a panic lost it.
    fn game(&mut self) -> Result<&mut Game, Fault> {
        if self.game.is_none() {
            let (setup, rules, plays) = (self.setup()?.clone(), self.rules, self.plays.clone());
            let game = guarded(|| build(&setup, rules, &plays))??;
            self.game = Some(game);
        }
        Ok(self.game.as_mut().expect("just built"))
    }

    /// Runs `f` on the game; a panic in the crate is a fault and drops the game.
    fn with_game<T>(&mut self, f: impl FnOnce(&mut Game) -> T) -> Result<T, Fault> {
        let game = self.game()?;
        let result = guarded(|| f(game));
        if result.is_err() {
            self.game = None;
        }
        result
    }

    fn coord(&self, play: &GoPlay) -> Result<Option<(u8, u8)>, Fault> {
        let setup = self.setup()?;
        Ok(match play {
            GoPlay::Stone(v) => Some(coord(setup, *v as usize)),
            _ => None,
        })
    }
}

/// goban's coordinates: (row from the top, column).
fn coord(setup: &GoSetup, v: usize) -> (u8, u8) {
    let side = setup.graph.grid_shape().map_or(1, |g| g.width);
    let (x, y) = (v % side, v / side);
    ((side - 1 - y) as u8, x as u8)
}

fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Fault> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Fault::Crashed {
            detail: format!("the goban crate panicked: {message}"),
        }
    })
}

fn build(setup: &GoSetup, rules: GobanRules, plays: &[GoPlay]) -> Result<Game, Fault> {
    let side = setup.graph.grid_shape().map_or(0, |g| g.width);
    let mut builder = Game::builder();
    builder
        .size((side as u8, side as u8))
        .rule(rules.rule())
        .turn(if setup.to_move == 0 {
            Color::Black
        } else {
            Color::White
        });
    if let Some([black, white]) = setup.komi.as_deref() {
        builder.komi((white.0 - black.0) as f32 / 2.0);
    }
    for (v, &c) in setup.stones.iter().enumerate() {
        if c != EMPTY {
            let color = if c == colour_of(0) {
                Color::Black
            } else {
                Color::White
            };
            builder.add(Stone {
                coord: coord(setup, v),
                color,
            });
        }
    }
    let mut game = builder
        .build()
        .map_err(|detail| Fault::Unsupported { detail })?;
    for play in plays {
        let mv = match play {
            GoPlay::Stone(v) => {
                let (r, c) = coord(setup, *v as usize);
                Move::Play(r, c)
            }
            _ => Move::Pass,
        };
        game.try_play(mv).map_err(|e| Fault::Crashed {
            detail: format!("replaying the game, goban refused a play it had accepted: {e:?}"),
        })?;
    }
    Ok(game)
}

fn verdict(error: Option<PlayError>) -> Verdict {
    match error {
        None => Verdict::Legal,
        Some(PlayError::Ko) => Verdict::illegal("ko"),
        Some(PlayError::Suicide) => Verdict::illegal("suicide"),
        Some(PlayError::PointNotEmpty) => Verdict::illegal("occupied"),
        Some(PlayError::GamePaused) => Verdict::illegal("game-over"),
        Some(PlayError::FillEye) => Verdict::illegal("fill-eye"),
    }
}

fn outcome(game: &Game) -> Option<Outcome> {
    let end = game.outcome()?;
    let (black, white) = game.calculate_score();
    Some(match end {
        EndGame::WinnerByScore(..) | EndGame::Draw => Outcome::score(vec![
            (
                "B".into(),
                HalfPoints::from_f64(black as f64).unwrap_or(HalfPoints(0)),
            ),
            (
                "W".into(),
                HalfPoints::from_f64(white as f64).unwrap_or(HalfPoints(0)),
            ),
        ]),
        other => Outcome::Win {
            winner: if other.get_winner() == Some(Color::Black) {
                "B"
            } else {
                "W"
            }
            .into(),
            rule: format!("{other:?}").to_ascii_lowercase(),
        },
    })
}

impl Referee<Go> for GobanReferee {
    fn id(&self) -> &str {
        &self.id
    }

    fn start(&mut self, setup: &GoSetup) -> Result<(), Fault> {
        match setup.graph.grid_shape() {
            Some(g) if !g.wrap && g.width == g.height && g.width <= MAX_SIDE && setup.players == 2 => {}
            _ => {
                return Err(Fault::Unsupported {
                    detail: format!(
                        "the goban crate plays two-player games on square grids up to 19x19, not {} with {} players",
                        setup.graph.description(),
                        setup.players
                    ),
                })
            }
        }
        self.setup = Some(setup.clone());
        self.plays.clear();
        self.game = None;
        self.game().map(|_| ())
    }

    fn judge(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        if self.status()?.is_over() {
            return Ok(Verdict::illegal("game-over"));
        }
        match self.coord(play)? {
            Some(point) => self.with_game(|g| verdict(g.check_point(point))),
            None if *play == GoPlay::Appeal => Ok(Verdict::illegal("no-appeals")),
            None => Ok(Verdict::Legal),
        }
    }

    fn play(&mut self, play: &GoPlay) -> Result<Verdict, Fault> {
        if *play == GoPlay::Appeal {
            return Ok(Verdict::illegal("no-appeals"));
        }
        let mv = match self.coord(play)? {
            Some((r, c)) => Move::Play(r, c),
            None => Move::Pass,
        };
        let result = self.with_game(|g| g.try_play(mv).map(|_| ()).err())?;
        if result.is_none() {
            self.plays.push(*play);
        }
        Ok(verdict(result))
    }

    fn status(&mut self) -> Result<Status, Fault> {
        Ok(Status::from(self.with_game(|g| outcome(g))?))
    }

    fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
        if self.status()?.is_over() {
            return Ok(Vec::new());
        }
        let setup = self.setup()?.clone();
        let side = setup.graph.grid_shape().map_or(0, |g| g.width);
        let points: Vec<(u8, u8)> = self.with_game(|g| g.legals().collect())?;
        let mut plays: Vec<GoPlay> = points
            .into_iter()
            .map(|(r, c)| {
                let (x, y) = (c as usize, side - 1 - r as usize);
                GoPlay::Stone((y * side + x) as u16)
            })
            .collect();
        plays.sort();
        plays.push(GoPlay::Pass);
        Ok(plays)
    }
}
