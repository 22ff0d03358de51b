//! Every xiangqi referee rulediff knows, by id: the WXF judge and one variant per ambiguous
//! sentence of the paper, the simpler rulesets, each fast and `@spec`, and Fairy-Stockfish.

use super::rules::chase::{Fresh, PawnChasers, Readings, Response, Screen, Victims};
use super::rules::judge::{Judge, NoRule, Point, Scope, Threefold};
use super::rules::spec::{SpecReferee, SpecRule};
use super::rules::{RepetitionRule, XqReferee};
use super::Xiangqi;
use crate::referee::{RefereeInfo, Refereed};

const PAPER: &str = "D. Tan and N. Watkinson Medina, Complete Implementation of WXF Chinese Chess Rules (WXF 2018 rules, diagrams 1-110)";

/// One WXF reading: its id suffix, summary and where the difference comes from.
struct Variant {
    suffix: &'static str,
    readings: Readings,
    point: Point,
    summary: &'static str,
    details: &'static str,
}

fn variants() -> Vec<Variant> {
    let d = Readings::DEFAULT;
    vec![
        Variant {
            suffix: "",
            readings: d,
            point: Point::BothRepeat,
            summary: "WXF: perpetual check > perpetual chase > idle, judged at the first repetition",
            details: "Per move: check, chase (pieces under a free capture the reply answers by moving, blocking or protecting; followed as they move) or idle.\n\
                      Protected: a defender can legally recapture, cannon screens and rook lines read before the capture (Algorithm 2);\n\
                      a less valuable attacker makes any victim unprotected; exchanges of like pieces are not chases;\n\
                      kings and pawns do not chase; kings and uncrossed pawns are not chased. Higher level loses, equal draws.",
        },
        Variant {
            suffix: "-crossed-pawns-chase",
            readings: Readings { pawns: PawnChasers::Crossed, ..d },
            point: Point::BothRepeat,
            summary: "WXF, but pawns across the river can chase",
            details: "Reads the issue's \"chases by a king or an uncrossed pawn excluded\" literally; the paper's Algorithm 4 skips every pawn move.",
        },
        Variant {
            suffix: "-screen-after",
            readings: Readings { screen: Screen::After, ..d },
            point: Point::BothRepeat,
            summary: "WXF, but cannon screens and rook lines read after the capture",
            details: "Protection as an ordinary recapture sees it, against Algorithm 2's `occupied` taken before make_move.",
        },
        Variant {
            suffix: "-whole-piece",
            readings: Readings { response: Response::PerPiece, ..d },
            point: Point::BothRepeat,
            summary: "WXF, but a threatened piece is chased only when the reply leaves no free capture of it",
            details: "Section 4.4's \"does nothing to thwart the capture of the free piece\" read per piece; the default reads \"the opposing player's response to the capture move\" per capture.",
        },
        Variant {
            suffix: "-threat-only",
            readings: Readings { response: Response::Ignored, ..d },
            point: Point::BothRepeat,
            summary: "WXF, but every free capture a move leaves is a chase, whatever the reply",
            details: "Section 3: \"chase - a move that threatens to capture a piece\", without section 4.4's requirement that the reply saves the piece (WXF diagram 10).",
        },
        Variant {
            suffix: "-new-threats",
            readings: Readings { fresh: Fresh::New, ..d },
            point: Point::BothRepeat,
            summary: "WXF, but only captures the move makes possible are its threats",
            details: "Section 3's \"a move that threatens to capture\" read as: the threat is new; Algorithm 5 takes every free capture after the move,\n\
                      so a piece that walked into a standing attack counts as chased by whatever the opponent moves next.",
        },
        Variant {
            suffix: "-one-victim",
            readings: Readings { victims: Victims::One, ..d },
            point: Point::BothRepeat,
            summary: "WXF, but a perpetual chase needs exactly one piece chased throughout",
            details: "Section 4.5: \"a perpetual chase on a single unprotected piece … If multiple victim pieces are being chased, it is not considered a chase\"; Algorithm 7 needs only a non-empty intersection.",
        },
        Variant {
            suffix: "-current-repeat",
            readings: d,
            point: Point::CurrentRepeats,
            summary: "WXF, but ruled as soon as the current position repeats, both players judged since its earlier occurrence",
            details: "Section 4.6: \"If neither players repeat moves, then we return undecided\"; Algorithm 8 returns Undecided unless both players' last positions repeat.",
        },
    ]
}

/// The judge behind a WXF referee id (`wxf`, `wxf-3fold`, a variant, or one of their specs):
/// readings, occurrences counted, and when it rules.
pub fn wxf_judge(id: &str) -> Option<(Readings, usize, Point)> {
    let id = id.trim_end_matches("@spec");
    if id == "wxf-3fold" {
        return Some((Readings::DEFAULT, 2, Point::CurrentRepeats));
    }
    variants()
        .into_iter()
        .find(|v| format!("wxf{}", v.suffix) == id)
        .map(|v| (v.readings, 1, v.point))
}

fn pair(
    id: String,
    summary: &str,
    source: &str,
    details: &str,
    fast: impl Fn() -> Box<dyn RepetitionRule> + Send + Sync + 'static,
    spec: SpecRule,
) -> [RefereeInfo<Xiangqi>; 2] {
    let fast_id = id.clone();
    let spec_id = format!("{id}@spec");
    let made = spec_id.clone();
    [
        RefereeInfo::new(id, summary, source, move || {
            Box::new(XqReferee::new(fast_id.clone(), fast()))
        })
        .with_details(details),
        RefereeInfo::new(
            spec_id,
            format!(
                "Spec of {}: whole-history rescan",
                made.trim_end_matches("@spec")
            ),
            "The definition itself, recomputed from every earlier position",
            move || Box::new(SpecReferee::new(made.clone(), spec)),
        )
        .with_details(details),
    ]
}

impl Refereed for Xiangqi {
    const DEFAULT_RULES: &'static str = "wxf,check-only,threefold";
    /// No referee is named by parts.
    type NameError = std::convert::Infallible;

    fn registry() -> Vec<RefereeInfo<Xiangqi>> {
        let mut all = Vec::new();
        for v in variants() {
            let (r, point) = (v.readings, v.point);
            all.extend(pair(
                format!("wxf{}", v.suffix),
                v.summary,
                PAPER,
                v.details,
                move || Box::new(Judge::new(Scope::Full(r), 1, point)),
                SpecRule::Wxf {
                    readings: r,
                    times: 1,
                    point,
                },
            ));
        }
        let d = Readings::DEFAULT;
        all.extend(pair(
            "wxf-3fold".into(),
            "WXF rules judged when Fairy-Stockfish judges: at the third occurrence of the current position",
            PAPER,
            "Algorithm 8 with ntimes = 2, ruling as soon as the current position has occurred twice before (as in\n\
             wxf-current-repeat): both players are judged over their moves since then. For comparing rule content with AXF.",
            move || Box::new(Judge::new(Scope::Full(d), 2, Point::CurrentRepeats)),
            SpecRule::Wxf {
                readings: d,
                times: 2,
                point: Point::CurrentRepeats,
            },
        ));
        all.extend(pair(
            "check-only".into(),
            "Perpetual check loses, any other repetition draws, at the first repetition",
            "Section 2: \"punish the player that is doing the perpetual check with a loss, while all other repetitions are marked as draws\"",
            "What simple engines (e.g. XQWLight) do: all perpetual chases are draws.",
            || Box::new(Judge::new(Scope::ChecksOnly, 1, Point::BothRepeat)),
            SpecRule::ChecksOnly { times: 1 },
        ));
        all.extend(pair(
            "threefold".into(),
            "The third occurrence of a position is a draw",
            "Western-chess style repetition, as a baseline",
            "",
            || Box::new(Threefold),
            SpecRule::Threefold,
        ));
        all.extend(pair(
            "no-repetition".into(),
            "Repetitions never end the game; only checkmate or stalemate do",
            "The rules of play alone (a baseline)",
            "",
            || Box::new(NoRule),
            SpecRule::None,
        ));
        all.push(super::ffish::info());
        all.push(super::cchess::info());
        all
    }
}
