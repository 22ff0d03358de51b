//! Real-world rulesets mapped onto the parts rulediff has: a ko rule (see [`KoKind`]), a
//! suicide policy, area or territory scoring, and komi for two-player games. Each preset
//! carries its sources and says what of the real ruleset these parts cannot express.
//!
//! Where sources disagree about one ruleset, there is one preset per reading: the Chinese
//! rules as written and as KGS and OGS implement them (`chinese`, positional superko), as the
//! Rules Forum read them (`chinese-forum`, ChSK), and as played over the board
//! (`chinese-practice`, basic ko with cycles voided).
//!
//! KataGo's rulesets are not built from these parts: they are KataGo's own rules, in
//! [`super::katago`], registered as `katago-*` (and bare where the name is free).

use super::chsk::CycleRuling;
use super::counting;
use super::kinds::KoKind;
use super::{Basics, SuicidePolicy};
use crate::go::score::Scoring;
use crate::go::Go;
use crate::referee::{HalfPoints, RefereeInfo};

/// One named ruleset.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    /// The preset's id (`japanese`, `aga`, …).
    pub id: String,
    /// Its ko rule.
    pub ko: KoKind,
    /// Its suicide rule.
    pub suicide: SuicidePolicy,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Komi for the second player of a two-player game, in points.
    pub komi: f64,
    /// One line for `rulediff rules`.
    pub summary: &'static str,
    /// The rule text it follows, with the article or page.
    pub source: &'static str,
    /// The rule text the mapping rests on, and what it leaves out.
    pub details: &'static str,
}

impl Preset {
    /// The preset's rules other than repetition: two-player komi, counting conventions.
    pub fn basics(&self) -> Basics {
        Basics {
            suicide: self.suicide,
            scoring: self.scoring,
            komi: vec![
                HalfPoints(0),
                HalfPoints::from_f64(self.komi).expect("preset komi is a multiple of 0.5"),
            ],
            counting: counting::for_preset(&self.id),
        }
    }

    /// The preset's registry entry: its referee, details, claims and termination argument.
    pub fn info(&self) -> RefereeInfo<Go> {
        let (id, ko, basics) = (self.id.clone(), self.ko, self.basics());
        let claims = ko.claims(&basics);
        let scoring = match self.scoring {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        };
        let details = format!(
            "ko rule `{}{}`, {scoring} scoring, komi {} (two players; none otherwise).\n{}\nCounting: {}",
            self.ko.id(),
            self.suicide.suffix(),
            self.komi,
            self.details,
            counting::for_preset(&self.id).source
        );
        RefereeInfo::new(self.id.clone(), self.summary, self.source, move || {
            ko.referee(id.clone(), basics.clone())
        })
        .with_details(details)
        .with_termination(self.ko.termination_argument())
        // The fast ko rule with this suicide policy, whose code and parameters it shares.
        .with_legality(format!("{}{}", self.ko.id(), self.suicide.suffix()))
        .with_claims(claims)
    }
}

const FORBIDDEN: SuicidePolicy = SuicidePolicy::Forbidden;
const SUICIDE: SuicidePolicy = SuicidePolicy::MultiStone;
const PSK: KoKind = KoKind::Positional;
/// Situational superko, every moment of the game counting (see `ssk.rs`).
const SSK: KoKind = KoKind::Situational { passes: true };
const VOID: KoKind = KoKind::CycleVoid { situational: false };

/// Every preset.
pub fn presets() -> Vec<Preset> {
    let all = vec![
        Preset {
            id: "tromp-taylor".into(),
            ko: PSK,
            suicide: SUICIDE,
            scoring: Scoring::Area,
            komi: 7.5,
            summary: "Tromp-Taylor rules",
            source: "John Tromp and Bill Taylor, the Tromp-Taylor rules (\"The Logical Rules of Go\")",
            details: "A move colours an empty point, then clears opponent strings without liberties, then clears the mover's own (so suicide is allowed; a one-stone suicide recreates the position and is then forbidden by the next rule). A move may not repeat an earlier colouring of the whole grid (positional superko). A player's score is her points plus the empty points that reach only her colour (area). The rules leave komi to agreement; 7.5 as KataGo's preset.",
        },
        Preset {
            id: "chinese".into(),
            ko: PSK,
            suicide: FORBIDDEN,
            scoring: Scoring::Area,
            komi: 7.5,
            summary: "Chinese rules as written (full-board repetition forbidden)",
            source: "Chinese Rules of Go; KGS and OGS implement the repetition rule as positional superko (reference: \"Computer Go tournaments on KGS have so far always used Chinese Rules, as implemented on KGS\")",
            details: "The written rules forbid recreating a whole-board position; KGS and OGS read that as positional superko. Other readings: `chinese-forum` (the Rules Forum's ChSK) and `chinese-practice` (basic ko, cycles voided, as over the board). Komi 7.5 (3.75 stones).",
        },
        Preset {
            id: "chinese-forum".into(),
            ko: KoKind::Chinese(CycleRuling::Draw),
            suicide: FORBIDDEN,
            scoring: Scoring::Area,
            komi: 7.5,
            summary: "Chinese rules as the Rules Forum read them (ChSK)",
            source: "KGS \"Superko\" (shared/reference/superko-forms-kgs.txt), ChSK row: the sixth meeting of the International Go Rules Forum",
            details: "\"A play may not recreate a previous board position from the game by means of basic ko or sending-2-returning-1. If a cycle arises in another way and neither player varies from it, the referee may declare a draw or require a replay.\" Here: a draw at the first repetition (`chsk`).",
        },
        Preset {
            id: "chinese-practice".into(),
            ko: VOID,
            suicide: FORBIDDEN,
            scoring: Scoring::Area,
            komi: 7.5,
            summary: "Chinese rules as played: basic ko, cycles voided",
            source: "Over-the-board practice of the Chinese rules (basic ko; a long cycle is voided by the referee)",
            details: "Basic ko only; a triple ko or other long cycle voids the game (`no-result:cycle` at the first repeated board). Differs from the written rules (`chinese`) exactly where a superko would forbid a play. Not KataGo's `chinese` (see `katago-chinese`): KataGo plays on through a repetition and voids the game only when a state comes round a third time with no pass between.",
        },
        Preset {
            id: "japanese".into(),
            ko: VOID,
            suicide: FORBIDDEN,
            scoring: Scoring::Territory,
            komi: 6.5,
            summary: "Japanese Rules of Go (1989)",
            source: "Japanese Rules of Go (Nihon Ki-in and Kansai Ki-in, 1989), Articles 4, 6, 12",
            details: "Article 6 (ko): a stone that captures one stone in ko may not be retaken at once. Article 4: a stone may not be played where it would have no liberty unless it captures (no suicide). Article 12: \"When the same whole-board position is repeated during a game, if the players agree, the game ends without result\" — ruled at the first repetition. Not expressed: the life-and-death confirmation after the game stops and its precedents; dead stones and seki come from the case's `dead` and `seki` lists (see Counting below).",
        },
        Preset {
            id: "korean".into(),
            ko: VOID,
            suicide: FORBIDDEN,
            scoring: Scoring::Territory,
            komi: 6.5,
            summary: "Korean rules (territory scoring, Japanese-style ko)",
            source: "Korea Baduk Association rules; KataGo treats `korean` as `japanese`",
            details: "Territory scoring, basic ko, long cycles without result, as the Japanese rules. The same gaps as `japanese`.",
        },
        Preset {
            id: "aga".into(),
            ko: SSK,
            suicide: FORBIDDEN,
            scoring: Scoring::Area,
            komi: 7.5,
            summary: "AGA Concise Rules of Go",
            source: "American Go Association, Concise Rules of Go, rules 7 (superko) and 10-12 (counting)",
            details: "Situational superko: a play may not recreate the board position with the same player to move. Suicide forbidden. Area counting (AGA's pass stones make territory counting agree with it, which is what is modelled). Komi 7.5 in even games. Not expressed: pass stones themselves (White's handicap compensation is counted: see Counting).",
        },
        Preset {
            id: "new-zealand".into(),
            ko: SSK,
            suicide: SUICIDE,
            scoring: Scoring::Area,
            komi: 7.0,
            summary: "New Zealand Rules of Go",
            source: "New Zealand Go Society, Rules of Go",
            details: "Situational superko (the board with the same player to move may not recur); suicide of more than one stone allowed; area scoring; komi 7 (as KataGo's `new-zealand`, which differs in scoring by pass-alive areas: see `katago-new-zealand`).",
        },
        Preset {
            id: "ing".into(),
            ko: PSK,
            suicide: SUICIDE,
            scoring: Scoring::Area,
            komi: 7.5,
            summary: "Ing rules (SST), ko as far as it can be expressed",
            source: "Ing Chang-ki, Rules of Go (SST Laws, 1996); KataGo maps `ing`/`goe` to positional superko with suicide",
            details: "Fill-in counting equals area scoring; komi 8 with Black winning ties is expressed as 7.5; multi-stone suicide is allowed. Not expressed: Ing's ko rules classify repetitions (take-back ko, disturbing ko, ordinary cycles) and decide which side must stop or lose a cycle by that kind; rulediff has no such classification, so the preset forbids every full-board repetition (positional superko), as KataGo and GOE practice do.",
        },
        Preset {
            id: "kgs".into(),
            ko: PSK,
            suicide: FORBIDDEN,
            scoring: Scoring::Area,
            komi: 7.5,
            summary: "KGS computer-Go tournament rules (Chinese rules as implemented on KGS)",
            source: "KGS \"Superko\" (shared/reference/superko-forms-kgs.txt)",
            details: "\"Computer Go tournaments on KGS have so far always used 'Chinese Rules', as implemented on KGS\"; KGS implements their repetition rule as positional superko, which decided the incidents listed in the reference. Area scoring, suicide forbidden, komi 7.5.",
        },
    ];
    all
}
