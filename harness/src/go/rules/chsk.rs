//! Chinese situational superko as the sixth International Go Rules Forum read the Chinese
//! rules (reference, ChSK row): "A play may not recreate a previous board position from the
//! game by means of basic ko or sending-2-returning-1. If a cycle arises in another way and
//! neither player varies from it, the referee may declare a draw or require a replay."
//!
//! **Basic ko**: as [`super::simple_ko`] — a stone play that captures exactly one stone and
//! recreates the board from just before the previous play.
//!
//! **Sending two, returning one** (rule id `ko-sending-two`): the last three plays, all stone
//! plays, are
//! 1. a play `s` ("sending") from board `B0`, giving `B1`;
//! 2. the next play, which captures exactly two stones, giving `B2`;
//! 3. the play being judged, which captures exactly one stone and would give a board equal to
//!    `B0`.
//!
//! Board equality does the rest: stones counted in and out over the three plays, `s` can have
//! captured nothing, so the two stones taken at step 2 are `s` and a stone it joined, and the
//! one stone taken back is the capturing stone. With two players the sender and the returner
//! are the same player; with more players the pattern is read on the last three plays,
//! whoever made them, as basic ko is read on the last one.
//!
//! **Other cycles**: the referee cannot see whether the players would vary, so it rules at
//! the first repetition: right after a stone play that recreates any earlier board (whoever
//! is to move) the game ends. "May declare a draw or require a replay" gives two variants:
//! `chsk` ends it `draw:cycle`, `chsk-replay` ends it `no-result:replay`.

use super::cycle_void::Repetition;
use super::simple_ko::SimpleKo;
use super::{KoRule, Moment};
use crate::go::board::{Board, Effect};
use crate::go::graph::Vertex;
use crate::go::GoPlay;
use crate::referee::Outcome;

/// What a referee does when a cycle arises other than by basic ko or sending two returning
/// one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CycleRuling {
    /// Other cycles end the game as a draw.
    #[default]
    Draw,
    /// Other cycles void the game: no result, to be replayed.
    Replay,
}

impl CycleRuling {
    /// How a game ended by such a cycle is scored.
    pub fn outcome(self) -> Outcome {
        match self {
            CycleRuling::Draw => Outcome::Draw {
                rule: "cycle".into(),
            },
            CycleRuling::Replay => Outcome::NoResult {
                rule: "replay".into(),
            },
        }
    }
}

/// The last two plays, most recent first: for a stone play the board hash before it and the
/// stones it captured; `None` for a pass or before the game began.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct SendingTwo {
    last: Option<(u64, u32)>,
    before_last: Option<(u64, u32)>,
}

impl SendingTwo {
    pub fn start(&mut self) {
        *self = SendingTwo::default();
    }

    /// Is a play with this effect the "returning one" of sending two returning one?
    pub fn forbids(&self, effect: &Effect) -> bool {
        match (self.before_last, self.last) {
            (Some((b0, _)), Some((_, 2))) => effect.captured == 1 && effect.hash_after == b0,
            _ => false,
        }
    }

    /// The last two plays as the rule sees them (exhaustive search).
    pub fn key(&self, out: &mut Vec<u64>) {
        for play in [self.last, self.before_last] {
            let (hash, captured) = play.unwrap_or((0, u32::MAX));
            out.extend([play.is_some() as u64, hash, captured as u64]);
        }
    }

    pub fn record(&mut self, moment: &Moment) {
        self.before_last = self.last;
        self.last = match moment.play {
            GoPlay::Stone(_) => Some((moment.hash_before, moment.captured)),
            _ => None,
        };
    }
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Chsk {
    ko: SimpleKo,
    sending_two: SendingTwo,
    cycle: Repetition,
    ruling: CycleRuling,
}

impl Chsk {
    pub fn new(ruling: CycleRuling) -> Self {
        Chsk {
            ruling,
            ..Chsk::default()
        }
    }
}

impl KoRule for Chsk {
    fn start(&mut self, board: &Board, to_move: usize, players: usize) {
        self.ko.start(board, to_move, players);
        self.sending_two.start();
        self.cycle.start(board, to_move);
    }

    fn forbids(
        &self,
        board: &Board,
        mover: usize,
        v: Vertex,
        effect: &Effect,
    ) -> Option<&'static str> {
        self.ko
            .forbids(board, mover, v, effect)
            .or_else(|| self.sending_two.forbids(effect).then_some("ko-sending-two"))
    }

    fn record(&mut self, moment: &Moment) {
        self.ko.record(moment);
        self.sending_two.record(moment);
        self.cycle.record(moment);
    }

    fn ending(&self) -> Option<Outcome> {
        self.cycle.repeated().then(|| self.ruling.outcome())
    }

    fn fork_rule(&self) -> Box<dyn KoRule> {
        Box::new(self.clone())
    }

    fn key(&self, out: &mut Vec<u64>) {
        self.ko.key(out);
        self.sending_two.key(out);
        self.cycle.state_key(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Family;
    use crate::go::graph::Graph;
    use crate::go::rules::{Basics, GoReferee, SuicidePolicy};
    use crate::go::{Go, GoSetup};
    use crate::referee::{Referee, Status, Verdict};

    /// Path 1-2-3-4-5-6 with Black on 2 and 4, the scene of sending two returning one.
    fn path_game(players: usize, to_move: usize) -> (GoSetup, GoReferee<Chsk>) {
        let mut setup = GoSetup::empty(Graph::path(6).unwrap(), players);
        setup.stones[1] = 1;
        setup.stones[3] = 1;
        setup.to_move = to_move;
        let mut referee = GoReferee::new(
            "chsk",
            Basics::new(SuicidePolicy::Forbidden),
            Chsk::default(),
        );
        referee.start(&setup).unwrap();
        (setup, referee)
    }

    fn play(setup: &GoSetup, referee: &mut GoReferee<Chsk>, moves: &str) -> Vec<Verdict> {
        moves
            .split_whitespace()
            .map(|m| referee.play(&Go::parse_play(setup, m).unwrap()).unwrap())
            .collect()
    }

    /// Send (1), take two (3), return one (2): the return is forbidden by name.
    #[test]
    fn returning_one_right_after_the_two_are_taken_is_forbidden() {
        let (setup, mut referee) = path_game(2, 1);
        let verdicts = play(&setup, &mut referee, "6 1 3 2");
        assert!(verdicts[..3].iter().all(Verdict::is_legal));
        assert_eq!(verdicts[3], Verdict::illegal("ko-sending-two"));
    }

    /// The same return with a play between the taking and the return (three players, Red
    /// passes) is not the pattern: the play is legal, and since it recreates an earlier board
    /// the game ends as a drawn cycle.
    #[test]
    fn a_play_between_take_and_return_breaks_the_pattern() {
        let (setup, mut referee) = path_game(3, 1);
        // W 6, R pass, B 1 (send), W 3 (take two), R pass, B 2 (return one).
        let verdicts = play(&setup, &mut referee, "6 pass 1 3 pass 2");
        assert!(verdicts.iter().all(Verdict::is_legal), "{verdicts:?}");
        assert_eq!(
            referee.status().unwrap(),
            Status::Over {
                outcome: Outcome::Draw {
                    rule: "cycle".into()
                }
            }
        );
    }
}
