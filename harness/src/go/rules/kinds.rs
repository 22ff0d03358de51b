//! Every ko rule by name: its referee id, where its definition comes from, and how to make its
//! fast and spec referees. The registry and the presets are built from this one table so that
//! an id always means the same rule.

use super::chsk::{Chsk, CycleRuling};
use super::cycle_void::CycleVoid;
use super::no_ko::NoKo;
use super::nsk::Nsk;
use super::psk::Psk;
use super::simple_ko::SimpleKo;
use super::spec::SpecReferee;
use super::ssk::Ssk;
use super::{Basics, GoReferee, KoRule};
use crate::go::Go;
use crate::referee::Referee;

/// A ko (repetition) rule, with its interpretation variant where the rule text allows several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KoKind {
    /// No ko rule: only the suicide policy limits stone plays.
    NoKo,
    /// Basic ko only.
    Simple,
    /// Positional superko: no stone play may recreate an earlier board.
    Positional,
    /// Situational superko: no stone play may recreate an earlier board with the same
    /// player to move.
    Situational {
        /// Situations after passes count too (`ssk`, the default); without them
        /// (`ssk-stones`) only the start and stone plays make situations.
        passes: bool,
    },
    /// Natural situational superko: a player may not recreate by a stone play a board his
    /// own play created before (KGS's NSK row).
    Natural,
    /// Chinese superko as the Rules Forum reads it: basic ko and sending two returning one
    /// forbidden, other cycles ruled by the variant.
    Chinese(CycleRuling),
    /// Japanese-style: basic ko, and a repeated board voids the game.
    CycleVoid {
        /// A cycle needs the same seat to move, not just the same board.
        situational: bool,
    },
}

/// Basic ko, as every rule here that includes it reads it.
const BASIC_KO: &str = "Basic ko: a stone play may not recreate, by capturing exactly one \
stone, the board from just before the previous play (with N players: the play just before, \
whoever made it).";

impl KoKind {
    /// Whether every game under this rule ends: superko forbids every repetition of its kind,
    /// and the cycle rules end the game at the first one. Only no ko and simple ko admit
    /// endless games.
    pub fn claims_finite(self) -> bool {
        self.termination_argument().is_some()
    }

    /// The measure every play decreases, where there is one.
    pub fn termination_argument(self) -> Option<&'static str> {
        match self {
            KoKind::NoKo | KoKind::Simple => None,
            KoKind::Positional | KoKind::Situational { .. } | KoKind::Natural => Some(
                "every stone play makes a board (or situation, or creator-tagged board) not seen \
                 before, of which there are finitely many, and a round of passes ends the game",
            ),
            KoKind::Chinese(_) | KoKind::CycleVoid { .. } => Some(
                "the first repetition by a stone play ends the game, so stone plays make new boards \
                 until then, and a round of passes ends the game",
            ),
        }
    }

    /// Every kind with every variant, in the order `rulediff rules` lists them.
    pub const ALL: [KoKind; 10] = [
        KoKind::NoKo,
        KoKind::Simple,
        KoKind::Positional,
        KoKind::Situational { passes: true },
        KoKind::Situational { passes: false },
        KoKind::Natural,
        KoKind::Chinese(CycleRuling::Draw),
        KoKind::Chinese(CycleRuling::Replay),
        KoKind::CycleVoid { situational: false },
        KoKind::CycleVoid { situational: true },
    ];

    /// The superko rules, whose forbidden repetitions the properties check.
    pub const SUPERKO: [KoKind; 4] = [
        KoKind::Positional,
        KoKind::Situational { passes: true },
        KoKind::Situational { passes: false },
        KoKind::Natural,
    ];

    /// Id without suicide suffix.
    pub fn id(self) -> &'static str {
        match self {
            KoKind::NoKo => "no-ko",
            KoKind::Simple => "simple-ko",
            KoKind::Positional => "psk",
            KoKind::Situational { passes: true } => "ssk",
            KoKind::Situational { passes: false } => "ssk-stones",
            KoKind::Natural => "nsk",
            KoKind::Chinese(CycleRuling::Draw) => "chsk",
            KoKind::Chinese(CycleRuling::Replay) => "chsk-replay",
            KoKind::CycleVoid { situational: false } => "cycle-void",
            KoKind::CycleVoid { situational: true } => "cycle-void-situational",
        }
    }

    /// What this rule claims for legality, as [`crate::referee::Claims`] compares it: rules
    /// that forbid the same plays after every history say the same (the cycle rules forbid
    /// only what their basic ko forbids; their cycles end the game instead).
    pub fn legality_claim(self) -> &'static str {
        match self {
            KoKind::NoKo => "no ko",
            KoKind::Simple | KoKind::CycleVoid { .. } => "basic ko",
            KoKind::Positional => "positional superko",
            KoKind::Situational { passes: true } => "situational superko",
            KoKind::Situational { passes: false } => "situational superko (stone plays only)",
            KoKind::Natural => "natural situational superko",
            KoKind::Chinese(_) => "basic ko, sending two returning one",
        }
    }

    /// What this rule claims for the end of the game besides a round of passes.
    pub fn end_claim(self) -> &'static str {
        match self {
            KoKind::NoKo
            | KoKind::Simple
            | KoKind::Positional
            | KoKind::Situational { .. }
            | KoKind::Natural => "a round of passes",
            KoKind::Chinese(CycleRuling::Draw) => "a round of passes; any other cycle is drawn",
            KoKind::Chinese(CycleRuling::Replay) => {
                "a round of passes; any other cycle is replayed"
            }
            KoKind::CycleVoid { situational: false } => {
                "a round of passes; a repeated board voids the game"
            }
            KoKind::CycleVoid { situational: true } => {
                "a round of passes; a repeated situation voids the game"
            }
        }
    }

    /// The claims of a referee made of this rule and `basics`: legality from the rule and
    /// the suicide policy, the end from the rule, the scoring from the basics.
    pub fn claims(self, basics: &Basics) -> crate::referee::Claims {
        crate::referee::Claims::new(
            format!("{}; {}", self.legality_claim(), basics.suicide.claim()),
            self.end_claim(),
            basics.scoring_claim(),
        )
    }

    /// One line saying what the rule forbids, for `rulediff rules`.
    pub fn summary(self) -> &'static str {
        match self {
            KoKind::NoKo => "No ko rule (baseline)",
            KoKind::Simple => "Simple (basic) ko",
            KoKind::Positional => "Positional superko",
            KoKind::Situational { passes: true } => "Situational superko",
            KoKind::Situational { passes: false } => {
                "Situational superko, only stone plays make situations"
            }
            KoKind::Natural => "Natural situational superko",
            KoKind::Chinese(CycleRuling::Draw) => {
                "Chinese superko (Rules Forum): basic ko and sending two returning one; other cycles drawn"
            }
            KoKind::Chinese(CycleRuling::Replay) => {
                "Chinese superko (Rules Forum): basic ko and sending two returning one; other cycles replayed"
            }
            KoKind::CycleVoid { situational: false } => {
                "Japanese-style: basic ko; a repeated board voids the game"
            }
            KoKind::CycleVoid { situational: true } => {
                "Japanese-style: basic ko; a repeated board with the same player to move voids the game"
            }
        }
    }

    /// Where the rule is written down (a rule text, with the article or row).
    pub fn source(self) -> &'static str {
        match self {
            KoKind::NoKo => "Baseline for tests: only the suicide policy limits stone plays",
            KoKind::Simple => {
                "The basic ko rule common to all rulesets, e.g. Japanese Rules of Go (1989), Article 6"
            }
            KoKind::Positional => "KGS \"Superko\" (shared/reference/superko-forms-kgs.txt), PSK row",
            KoKind::Situational { .. } => {
                "KGS \"Superko\" (shared/reference/superko-forms-kgs.txt), SSK row"
            }
            KoKind::Natural => "KGS \"Superko\" (shared/reference/superko-forms-kgs.txt), NSK row",
            KoKind::Chinese(_) => {
                "KGS \"Superko\" (shared/reference/superko-forms-kgs.txt), ChSK row (sixth International Go Rules Forum)"
            }
            KoKind::CycleVoid { .. } => "Japanese Rules of Go (1989), Articles 6 (ko) and 12 (no result)",
        }
    }

    /// The definition as implemented, for `rulediff rules --verbose`.
    pub fn details(self) -> &'static str {
        match self {
            KoKind::NoKo => "Any stone play on an empty point is allowed unless the suicide policy forbids it. Games may cycle for ever.",
            KoKind::Simple => BASIC_KO,
            KoKind::Positional => "\"A player may not play a stone so as to create a previous board which existed previously in the game.\" The start position counts; passes create nothing and are always legal.",
            KoKind::Situational { passes: true } => "\"A player may not play a stone so as to create a board position which existed previously in the game, and in which it was the opponent's turn to move next.\" With N players: the play may not create (board, seat to move next) if that pair existed before. Every moment of the game counts: the start, after each stone play, and after each pass (a pass creates no new board, but the board then existed with the next seat to move). This is the reading under which, with two players, basic ko is included in SSK.",
            KoKind::Situational { passes: false } => "As `ssk`, but only the start and stone plays make situations (\"passes never create a position\"). With two players it then allows a basic-ko recapture right after the recapturer's own pass (corpus/go/rules/ssk-pass-then-ko.toml).",
            KoKind::Natural => "\"A player may not play a stone so as to create a board position which existed previously in the game, if s/he played to create it previously.\" Only stone plays create positions; the start position was created by nobody.",
            KoKind::Chinese(CycleRuling::Draw) => "Illegal: basic ko, and sending two returning one — the play captures exactly one stone and recreates the board from before the play two plays back, where the play just before was a stone play capturing exactly two stones and the one before it a stone play. Any other stone play recreating an earlier board ends the game as a draw (`draw:cycle`): the referee rules at the first repetition.",
            KoKind::Chinese(CycleRuling::Replay) => "As `chsk`, but the referee requires a replay: the game ends `no-result:replay`.",
            KoKind::CycleVoid { situational: false } => "Article 12: \"When the same whole-board position is repeated during a game, if the players agree, the game ends without result.\" Basic ko is illegal (Article 6: a player whose stone was captured in a ko may not recapture in that ko on the next move); any other stone play that recreates an earlier board ends the game `no-result:cycle` at once.",
            KoKind::CycleVoid { situational: true } => "As `cycle-void`, but the game ends only when the board recurs with the same seat to move next (a complete cycle of plays).",
        }
    }

    /// A fresh fast ko rule of this kind.
    pub fn rule(self) -> Box<dyn KoRule> {
        match self {
            KoKind::NoKo => Box::new(NoKo),
            KoKind::Simple => Box::new(SimpleKo::default()),
            KoKind::Positional => Box::new(Psk::default()),
            KoKind::Situational { passes } => Box::new(Ssk::with_passes(passes)),
            KoKind::Natural => Box::new(Nsk::default()),
            KoKind::Chinese(ruling) => Box::new(Chsk::new(ruling)),
            KoKind::CycleVoid { situational } => Box::new(CycleVoid::new(situational)),
        }
    }

    /// The fast referee: the board plus this ko rule. Concrete types, so the hot path has no
    /// dynamic calls.
    pub fn referee(self, id: String, basics: Basics) -> Box<dyn Referee<Go>> {
        match self {
            KoKind::NoKo => Box::new(GoReferee::new(id, basics, NoKo)),
            KoKind::Simple => Box::new(GoReferee::new(id, basics, SimpleKo::default())),
            KoKind::Positional => Box::new(GoReferee::new(id, basics, Psk::default())),
            KoKind::Situational { passes } => {
                Box::new(GoReferee::new(id, basics, Ssk::with_passes(passes)))
            }
            KoKind::Natural => Box::new(GoReferee::new(id, basics, Nsk::default())),
            KoKind::Chinese(ruling) => Box::new(GoReferee::new(id, basics, Chsk::new(ruling))),
            KoKind::CycleVoid { situational } => {
                Box::new(GoReferee::new(id, basics, CycleVoid::new(situational)))
            }
        }
    }

    /// The spec referee of this rule.
    pub fn spec_referee(self, id: String, basics: Basics) -> Box<dyn Referee<Go>> {
        Box::new(SpecReferee::new(id, basics, self))
    }

    /// The kind whose id ([`KoKind::id`]) is `id`, if any.
    pub fn from_id(id: &str) -> Option<KoKind> {
        KoKind::ALL.into_iter().find(|k| k.id() == id)
    }
}
