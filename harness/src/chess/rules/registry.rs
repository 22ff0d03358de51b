//! The internal chess rulesets by id, each with its `@spec` twin (the family's whole registry,
//! with the detectors and the bridges, is `chess::registry`).

use super::fide::{Claims, Fide, Kind};
use super::german::German;
use super::spec::{SpecFide, SpecGerman};
use super::{ChessReferee, DrawRules, NoDrawRule};
use crate::chess::Chess;
use crate::referee::RefereeInfo;

const LAWS: &str = "FIDE Laws of Chess (2023), art. 5.1, 5.2, 9.2, 9.3, 9.6";
const GERMAN_SOURCE: &str =
    "former German rule as quoted in chess-repetitions.txt (Euwe 1929 refutes its finiteness)";

/// How the 75-move rule bounds every game: at most 150 half-moves pass without a capture or
/// a pawn move, and a game has at most 16 × 6 pawn moves and 30 captures.
const SEVENTY_FIVE: &str =
    "9.6.2: every 150 half-moves bring a capture or a pawn move (or end the game), and a game \
     has at most 96 pawn moves and 30 captures";
const THREEFOLD_AUTO: &str =
    "fifty-move rule applied automatically: every 100 half-moves bring a capture or a pawn \
     move, of which a game has at most 126";

/// Why exhaustive search leaves the German rule open where an endless game exists.
const GERMAN_SEARCH: &str =
    "no endless game under the German rule is a repeating cycle — a cycle played three times \
     is a sequence played three times in succession — so the search, which finds endless \
     games as cycles of states, cannot show one; every state here is a distinct history. \
     Euwe's aperiodic game (corpus/chess/euwe/) shows endless games exist from the standard \
     start";

fn referee(
    id: &str,
    rules: impl Fn() -> Box<dyn DrawRules> + Send + Sync + 'static,
) -> impl Fn() -> Box<dyn crate::referee::Referee<Chess>> + Send + Sync + 'static {
    let id = id.to_string();
    move || Box::new(ChessReferee::new(id.clone(), rules()))
}

struct Entry {
    id: &'static str,
    summary: &'static str,
    source: &'static str,
    details: &'static str,
    termination: Option<&'static str>,
    search_note: Option<&'static str>,
    fast: fn() -> Box<dyn DrawRules>,
    spec: fn() -> Box<dyn DrawRules>,
}

const ENTRIES: &[Entry] = &[
    Entry {
        id: "fide",
        summary: "FIDE: threefold and fifty-move claimed at the first chance (also by intended move), fivefold and 75-move automatic",
        source: LAWS,
        details: "The player to move claims as soon as 9.2 or 9.3 allows, including the claim with an intended move\n(outcomes threefold-intended, fifty-move-intended). Positions are the same when the same player\nhas the move, the same pieces stand on the same squares, castling rights are the same, and an en\npassant capture is possible in both or neither (a double step alone does not count).",
        termination: Some(SEVENTY_FIVE),
        search_note: None,
        fast: || Box::new(Fide::new(Kind::Fide(Claims::FirstChance))),
        spec: || Box::new(SpecFide::new(Kind::Fide(Claims::FirstChance))),
    },
    Entry {
        id: "fide-no-claim",
        summary: "FIDE with no claims ever made: only fivefold and the 75-move rule (9.6) end a drawn game",
        source: LAWS,
        details: "As `fide`, but neither player ever claims, so repetitions end the game only at the fifth\noccurrence and long games at 75 moves each.",
        termination: Some(SEVENTY_FIVE),
        search_note: None,
        fast: || Box::new(Fide::new(Kind::Fide(Claims::Never))),
        spec: || Box::new(SpecFide::new(Kind::Fide(Claims::Never))),
    },
    Entry {
        id: "threefold-automatic",
        summary: "threefold repetition and fifty moves end the game automatically, as online servers apply them",
        source: "FIDE 9.2 / 9.3 conditions applied without a claim (server practice)",
        details: "The game is drawn the moment a position appears for the third time (FIDE identity) or the\nhundredth half-move without a capture or pawn move is made; nothing is claimed in advance.",
        termination: Some(THREEFOLD_AUTO),
        search_note: None,
        fast: || Box::new(Fide::new(Kind::ThreefoldAutomatic)),
        spec: || Box::new(SpecFide::new(Kind::ThreefoldAutomatic)),
    },
    Entry {
        id: "german",
        summary: "former German rule: a sequence of moves played three times in succession, all pieces on the same squares",
        source: GERMAN_SOURCE,
        details: "Draw when the last 3·L moves are one sequence of L moves played three times, the pieces standing\non the same squares (same side to move) at the start of each playing. No other draw rule: Euwe's\nThue–Morse line never ends under it.",
        termination: None,
        search_note: Some(GERMAN_SEARCH),
        fast: || Box::new(German::new(false)),
        spec: || Box::new(SpecGerman::new(false)),
    },
    Entry {
        id: "german+rights",
        summary: "former German rule, reading \"the same positions\" as FIDE does (castling rights and en passant count)",
        source: GERMAN_SOURCE,
        details: "As `german`, but the positions at the start of each playing must also agree in castling rights\nand in a legal en passant capture.",
        termination: None,
        search_note: Some(GERMAN_SEARCH),
        fast: || Box::new(German::new(true)),
        spec: || Box::new(SpecGerman::new(true)),
    },
    Entry {
        id: "no-repetition",
        summary: "no rule on repetition or move count: games end only by checkmate, stalemate or a dead position",
        source: "FIDE Laws of Chess (2023) without art. 9.2–9.6: the baseline the repetition rules are measured against",
        details: "Every game that is neither mated, stalemated nor dead goes on: a repeated position, however\noften, ends nothing. `rulediff finite` finds its endless games as cycles.",
        termination: None,
        search_note: None,
        fast: || Box::new(NoDrawRule),
        spec: || Box::new(NoDrawRule),
    },
];

/// What every chess referee claims for legality: the moves of the FIDE Laws; the rulesets
/// differ only in how the game ends.
pub const MOVES: &str = "FIDE Laws art. 3-4 (how the pieces move)";

/// The claims of a chess referee that implements the end-of-game rules of `ruleset`.
pub fn claims(ruleset: &str) -> crate::referee::Claims {
    crate::referee::Claims::new(MOVES, ruleset, ruleset)
}

/// The internal referees: each ruleset and its `@spec` twin.
pub fn rulesets() -> Vec<RefereeInfo<Chess>> {
    let mut out = Vec::new();
    for e in ENTRIES {
        out.push(
            RefereeInfo::new(e.id, e.summary, e.source, referee(e.id, e.fast))
                .with_details(e.details)
                .with_termination(e.termination)
                .with_search_note(e.search_note)
                .with_claims(claims(e.id)),
        );
    }
    for e in ENTRIES {
        let id = format!("{}@spec", e.id);
        out.push(
            RefereeInfo::new(
                id.clone(),
                format!("{} (spec: recomputed from the whole line)", e.id),
                e.source,
                referee(&id, e.spec),
            )
            .with_termination(e.termination)
            .with_search_note(e.search_note)
            .with_claims(claims(e.id)),
        );
    }
    out
}
