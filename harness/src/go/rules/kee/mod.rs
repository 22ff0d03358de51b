//! Kee Rules of Go (Wilton Kee, 8 June 2016; `shared/reference/kee-rules.txt`): capture (rule
//! 8), suicide with removal (9) except a no-op suicide (10), the cycle prohibition with its two
//! exceptions (11), appealing passes (12), rescinded stone plays and their replacement (13–14),
//! the end by consecutive passes (15) and area scoring (17).
//!
//! # How the rules are read
//!
//! The text admits several readings in places. Each reading is an axis of [`Reading`]; the
//! default referee `kee` takes the reading listed first, and every other referee id flips
//! exactly one axis (`kee:rescind-erases`, …), so `rulediff run` and `rulediff random` can set
//! any two readings side by side. [`VARIANTS`] cites, per id, the sentence it reads.
//!
//! Terms used throughout:
//! - A position *appears* when a stone play produces it (and, by default, the initial board
//!   appears at time 0). Passes produce no appearance; nor does taking back a rescinded play.
//! - The *record* is every play made, in order. The *live game* is the game as rule 14
//!   restarts it: the record without rescinded stone plays and the plays made after each of
//!   them up to and including the pass that rescinded it. Rules 13 and 15 ("the next stone
//!   play", "the last stone play") read the live game — otherwise a game in which a stone
//!   play was rescinded could never end by passes, which the text's own examples (the 2-point
//!   example) contradict. Rule 11 ("ever appeared earlier in the game") reads the record by
//!   default and the live game under `kee:rescind-erases`.
//! - Turn order: after a play, the next seat moves; after a rescinding pass, the rescinded
//!   player moves again ("the player has to reconsider another play to replace it"), and the
//!   order continues from him. Referees report this through `Referee::seat_to_move`.
//!
//! Rule 11 is cheap: per position the time of its first and last appearance, per seat the
//! time of its last non-appealing pass, last pass of either kind and last play; a check is a
//! hash lookup and a few comparisons ([`fast`]). The spec twin ([`spec`]) rescans the whole
//! record for every question.
//!
//! # Finiteness (claim 3)
//!
//! The exhaustive search (`rulediff finite`) uses [`fast::KeeReferee`]'s state key; its doc
//! says why the abstraction is exact. It finds endless games under `kee:rescind-erases` (a
//! player alternates two captures, each rescinded in turn, and erasing forgets both). Every
//! reading that keeps the record has a termination argument ([`TERMINATION`], registered as
//! the referee's `termination`):
//!
//! Suppose a game never ends. Finitely many positions exist, so from some ply T on every
//! position made has been made before, first before T. Every stone play after T therefore
//! needs both exceptions of rule 11: (a) its player passed (without appealing) since the
//! position last appeared, and (b) some opponent has not passed since it first appeared. Every
//! player keeps moving (turn order only ever repeats a player after a rescind, and rescinds
//! without stone plays run out). If some player made stone plays for ever, some opponent
//! would be his witness for (b) infinitely often, so that opponent never passes after T; he
//! keeps moving, so he makes stone plays for ever; then he makes some position twice after T,
//! and (a) needs a pass of his in between: a contradiction. So stone plays stop; each rescind
//! then takes back one live stone play and nothing adds one, so rescinds stop too; and the
//! next round of passes ends the game. The argument needs every appearance and pass to stay
//! on record, which `kee:rescind-erases` does not do.

pub mod axes;
pub mod fast;
pub mod spec;

use crate::go::Go;
use crate::referee::{Referee, RefereeInfo};

/// What a rescind does to the record that rule 11 reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RescindRecord {
    /// The rescinded play and the passes after it stay in the record: its position has
    /// appeared, the passes were made (`kee`).
    Keep,
    /// They are erased: rule 11 reads only the live game (`kee:rescind-erases`).
    Erase,
}

/// Rule 14's "another play to replace it".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Replacement {
    /// The replacing play (the rescinded player's very next play) may not be the rescinded
    /// stone play (`kee`).
    Differs,
    /// It may be the same play; only the other rules decide (`kee:replay-same`).
    MaySame,
    /// The rescinded player may never again make that stone play on that board
    /// (`kee:rescinded-banned`).
    NeverAgain,
}

/// How long rule 14's ban on the rescinded play holds (with [`Replacement::Differs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BanScope {
    /// For the replacing play only: a second rescind at the same point bans only the play it
    /// took back (`kee`).
    Next,
    /// Every stone play rescinded at a point of the live game stays banned whenever the game
    /// restarts from that point (`kee[ban=pile]`).
    Pile,
}

/// How long a ban of rule 14 (with [`BanScope::Pile`]) stays alive once the replacing play
/// has been made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BanLasts {
    /// It binds the replacing play and ends with any later play (`kee`).
    UntilAnyPlay,
    /// It stays alive while no stone has been played at its point since, of any seat, and a
    /// rescind that restores a game in which it was alive brings it back with the rest of
    /// that game (`kee[ban=pile,lasts=until-stone-at-point]`).
    UntilStoneAtPoint,
}

/// Who moves after a rescind (rule 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The rescinded player, to replace his play (`kee`).
    Again,
    /// The next player: the rescinding pass was the replacing play (`kee[turn=next]`).
    Next,
}

/// Who "his opponent(s)" are (rules 11(b), 13 and claim 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opponents {
    /// Every other player (`kee`).
    All,
    /// Only the player next in turn order, the one who answers his play
    /// (`kee:opponent-next`); with two players the readings agree.
    Next,
}

/// One reading of the Kee Rules, axis by axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reading {
    /// What a rescind does to the record that rule 11 reads.
    pub rescind: RescindRecord,
    /// What may replace a rescinded play (rule 14).
    pub replacement: Replacement,
    /// How long the ban on the rescinded play holds (rule 14).
    pub ban: BanScope,
    /// How long a ban stays alive after the replacing play (rule 14, with `ban=pile`).
    pub lasts: BanLasts,
    /// The initial board counts as an appearance (rule 11).
    pub start_appears: bool,
    /// An opponent who has made no play at all since the first appearance "has only made
    /// stone play(s)" (rule 11(b)).
    pub idle_opponent_counts: bool,
    /// Passes made on the board before a rescinded stone play count toward the final round
    /// of passes (rule 15).
    pub passes_survive_rescind: bool,
    /// An appeal may name a stone play that rule 10 (or rule 14) already forbids, as long as
    /// rule 11 forbids it too (rule 12).
    pub appeal_names_disallowed: bool,
    /// Who "his opponent(s)" are (rules 11(b), 13 and claim 6).
    pub opponents: Opponents,
    /// A rescinded stone play no longer counts as "the next stone play" for the stone plays
    /// before it, so they can be rescinded in turn (rule 13).
    pub cascade: bool,
    /// Who moves after a rescind (rule 14).
    pub turn: Turn,
}

impl Reading {
    /// The default reading, `kee`.
    pub const DEFAULT: Reading = Reading {
        rescind: RescindRecord::Keep,
        replacement: Replacement::Differs,
        start_appears: true,
        idle_opponent_counts: true,
        passes_survive_rescind: true,
        appeal_names_disallowed: false,
        opponents: Opponents::All,
        cascade: true,
        ban: BanScope::Next,
        lasts: BanLasts::UntilAnyPlay,
        turn: Turn::Again,
    };
}

impl Reading {
    /// "His opponent(s)": the seats `seat` plays against under this reading.
    pub fn opponents_of(&self, seat: usize, players: usize) -> Vec<usize> {
        match self.opponents {
            Opponents::All => (0..players).filter(|&o| o != seat).collect(),
            Opponents::Next => vec![(seat + 1) % players],
        }
    }
}

/// One referee id: a reading, with the sentence it reads and why.
pub struct Variant {
    /// The referee id (`kee`, `kee:rescind-erases`, …).
    pub id: &'static str,
    /// The reading it plays by.
    pub reading: Reading,
    /// One line for `rulediff rules`.
    pub summary: &'static str,
    /// The sentence of the rule text this variant reads differently, quoted.
    pub sentence: &'static str,
    /// The reading, and where the text supports it.
    pub details: &'static str,
}

const D: Reading = Reading::DEFAULT;

/// Every Kee referee id, the default first.
pub const VARIANTS: [Variant; 10] = [
    Variant {
        id: "kee",
        reading: D,
        summary: "Kee Rules (2016), default reading of every ambiguity",
        sentence: "Rules 8-17 as written.",
        details: "Rescinded plays stay in the record rule 11 reads (\"has ever appeared earlier in the game\"); the replacing play must differ from the rescinded one; the initial board has appeared (the triple-ko example: \"would repeat the initial board position\"; the 2-point example needs it); an opponent with no play since the first appearance has not passed, so counts; passes made before a rescinded stone play still count toward the final round; an appeal must name a play that only rule 11 forbids; \"opponents\" are all other players; a rescinded stone play is no longer \"the next stone play\", so the plays before it can be rescinded in turn.",
    },
    Variant {
        id: "kee:rescind-erases",
        reading: Reading {
            rescind: RescindRecord::Erase,
            ..D
        },
        summary: "Kee Rules; a rescind erases the rescinded play and the passes after it",
        sentence: "Rule 14: \"the game would restart from there.\"",
        details: "Read \"restart\" as unmaking the record: rule 11 sees only the live game, so the rescinded position never appeared and the appeal and the rescinding pass were never made. (Default: they stay in the record, since rule 11 asks whether a position \"has ever appeared earlier in the game\".)",
    },
    Variant {
        id: "kee:replay-same",
        reading: Reading {
            replacement: Replacement::MaySame,
            ..D
        },
        summary: "Kee Rules; the replacing play may be the rescinded play again",
        sentence: "Rule 14: \"the player has to reconsider another play to replace it\"",
        details: "\"Reconsider\" without \"another\" binding: the rescinded player may make the same stone play again; only rules 10 and 11 decide. (Default: his next play must be another play.)",
    },
    Variant {
        id: "kee:rescinded-banned",
        reading: Reading {
            replacement: Replacement::NeverAgain,
            ..D
        },
        summary: "Kee Rules; a rescinded play stays forbidden to its player on that board",
        sentence: "Rule 14: \"the player has to reconsider another play to replace it\"",
        details: "\"Another play\" for good: the rescinded player may never again make that stone play on that board position, not only as the immediate replacement. (Default: only the immediate replacement must differ.)",
    },
    Variant {
        id: "kee:start-not-appeared",
        reading: Reading {
            start_appears: false,
            ..D
        },
        summary: "Kee Rules; the initial board does not count as an appearance",
        sentence: "Rule 11: \"a board position which has ever appeared earlier in the game unless (a) The player made a non-appealing pass play after the stone play made on its last appearance\"",
        details: "An appearance is made by a stone play (\"the stone play made on its last appearance\"), so the initial board, which no stone play made, never appeared. (Default: it appeared at the start, as the triple-ko and 2-point examples assume.)",
    },
    Variant {
        id: "kee:opponent-must-play",
        reading: Reading {
            idle_opponent_counts: false,
            ..D
        },
        summary: "Kee Rules; an opponent with no play since the first appearance does not satisfy 11(b)",
        sentence: "Rule 11(b): \"At least one of his opponent(s) has only made stone play(s) since its first appearance.\"",
        details: "\"Has only made stone plays\" presupposes he made some: an opponent with no play at all since the position first appeared does not satisfy (b). (Default: he made no pass, so he qualifies.)",
    },
    Variant {
        id: "kee:rescind-restarts-round",
        reading: Reading {
            passes_survive_rescind: false,
            ..D
        },
        summary: "Kee Rules; passes before a rescinded stone play do not count toward the final round",
        sentence: "Rule 15: \"Once every player has consecutively made a pass play on a board position, if the last stone play has not been rescinded, the game ends\"",
        details: "After a rescind the round of passes starts afresh, even though passes made on the same board before the rescinded stone play were consecutive with the passes after it in the live game. (Default: they count.)",
    },
    Variant {
        id: "kee:appeal-names-no-op",
        reading: Reading {
            appeal_names_disallowed: true,
            ..D
        },
        summary: "Kee Rules; an appeal may name a play that rule 10 (or 14) already forbids",
        sentence: "Rule 12: \"a player may choose to appeal if he can indicate a stone play he wants to make on the current board position but it is prohibited for him to do so due to Cycle Prohibition Rule.\"",
        details: "Any stone play on an empty point that rule 11 forbids may be named, even a no-op suicide (rule 10) or the play just rescinded (rule 14). (Default: the named play must be one that only rule 11 forbids.)",
    },
    Variant {
        id: "kee:opponent-next",
        reading: Reading {
            opponents: Opponents::Next,
            ..D
        },
        summary: "Kee Rules; with three or more players \"his opponent\" is the next player only",
        sentence: "Rules 11(b) and 13: \"at least one of his opponent(s)\"",
        details: "With three or more players, a player's opponent in rules 11(b), 13 and claim 6 is the player who moves after him (the one who answers his play), as in a two-player game. (Default: every other player.)",
    },
    Variant {
        id: "kee:rescind-window-closes",
        reading: Reading {
            cascade: false,
            ..D
        },
        summary: "Kee Rules; a stone play cannot be rescinded once a later stone play was made, even a rescinded one",
        sentence: "Rule 13: \"A stone play of a player is rescinded if, before the next stone play, it is responded by an appealing pass play\"",
        details: "The next stone play closes the window even if it is rescinded later, so rescinds never cascade to earlier plays. (Default: a rescinded play is not \"the next stone play\" of the restarted game, as rule 15's \"last stone play\" must also skip it.)",
    },
];

/// Looks up a reading by referee id (without `@spec`).
pub fn variant(id: &str) -> Option<&'static Variant> {
    VARIANTS.iter().find(|v| v.id == id)
}

const SOURCE: &str = "Kee Rules of Go (2016), shared/reference/kee-rules.txt";

/// Claim 3 of the text, which the finiteness checks hold every reading to.
const CLAIMS_FINITE: bool = true;

/// Why every game ends under a reading that keeps the record (see the module docs). It needs
/// only the axis `rescind=keep`; every other axis leaves it standing.
pub const TERMINATION: &str = "needs rescind=keep: rule 11 needs a passing mover and a witness opponent who has not passed; a player making stone plays for ever would need a witness who never passes again yet must keep making stone plays, and pass between them: so stone plays stop, rescinds then only take back live plays, and a round of passes ends the game (the record is never erased)";

/// The termination argument, for the readings it covers.
pub fn termination(reading: &Reading) -> Option<&'static str> {
    (reading.rescind == RescindRecord::Keep).then_some(TERMINATION)
}

impl Variant {
    /// The termination argument, for the readings it covers.
    pub fn termination(&self) -> Option<&'static str> {
        termination(&self.reading)
    }
}

/// The fast referee of one combination, and its `@spec` twin, as registry entries. `summary`
/// and `details` say what it reads.
fn infos(id: &str, reading: Reading, summary: &str, details: String) -> [RefereeInfo<Go>; 2] {
    let made = id.to_string();
    let fast = RefereeInfo::new(id, summary, SOURCE, move || {
        Box::new(fast::KeeReferee::new(made.clone(), reading)) as Box<dyn Referee<Go>>
    })
    .with_details(details.clone())
    .with_termination(termination(&reading))
    .finite(CLAIMS_FINITE);
    let spec_id = format!("{id}@spec");
    let made = spec_id.clone();
    let spec = RefereeInfo::new(
        spec_id,
        format!("Spec of {id} (whole-record rescan)"),
        "The rules themselves, applied by rescanning the whole record",
        move || Box::new(spec::KeeSpec::new(made.clone(), reading)) as Box<dyn Referee<Go>>,
    )
    .with_details(details);
    // The spec is not marked finite: the termination oracle plays games of thousands of
    // plies, which a whole-record rescan per question makes quadratic; the fast twin stands
    // for the ruleset there, and the differential checks tie the two together.
    [fast, spec]
}

/// Every named Kee referee: each variant fast, then as its `@spec` twin. The other
/// combinations are made on demand from their ids ([`named`]).
pub fn registry() -> Vec<RefereeInfo<Go>> {
    let mut all = Vec::new();
    for v in &VARIANTS {
        let details = format!(
            "reads: {}\n{}\n{}",
            v.sentence,
            v.details,
            axes::describe(&v.reading)
        );
        all.extend(infos(v.id, v.reading, v.summary, details));
    }
    all
}

/// The referee of any combination, by its canonical id ([`axes::id_of`]).
pub fn combination(reading: Reading) -> [RefereeInfo<Go>; 2] {
    let id = axes::id_of(&reading);
    if let Some(v) = VARIANTS.iter().find(|v| v.id == id) {
        let details = format!(
            "reads: {}\n{}\n{}",
            v.sentence,
            v.details,
            axes::describe(&reading)
        );
        return infos(v.id, v.reading, v.summary, details);
    }
    let summary = format!(
        "Kee Rules; {}",
        axes::differences(&Reading::DEFAULT, &reading).join(", ")
    );
    infos(&id, reading, &summary, axes::describe(&reading))
}

/// The referees a `--rules` token of the form `kee[…]` or `kee[…]@spec` names: `None` for any
/// other token, an error for a malformed one.
pub fn named(token: &str) -> Option<Result<Vec<RefereeInfo<Go>>, axes::ReadingError>> {
    let (base, spec) = match token.strip_suffix("@spec") {
        Some(base) => (base, true),
        None => (token, false),
    };
    let readings = match axes::parse(base)? {
        Ok(readings) => readings,
        Err(e) => return Some(Err(e)),
    };
    Some(Ok(readings
        .into_iter()
        .map(|r| {
            let [fast, twin] = combination(r);
            if spec {
                twin
            } else {
                fast
            }
        })
        .collect()))
}
