//! The WXF repetition test data (a JSON file of cases transcribed from the Orange engine's
//! suite by the paper's first author) as corpus case files, one per case.
//!
//! Each data case gives a FEN, moves (ranks 0–9) and the expected result for the side to move
//! after the last move, judged at that final position. The case file keeps every move but the
//! last as `history` (earlier positions the judge compares with, not ruled on) and the last as
//! the case's one move, so the referee rules exactly where the data does; the expected result
//! becomes an absolute one (`red`, `black` or `draw`) for `wxf` and `wxf@spec`.
//!
//! Where the final position of a data case does not repeat an earlier one (the data's premise
//! is that it does), trailing moves are dropped until it does, and the case's comment says so:
//! the winner does not change along a repetition, so the expectation still holds.
//!
//! [`Form::Third`] plays the final cycle once more when needed, so the final position occurs a
//! third time, and expects the same winner of `wxf-3fold`: the WXF rules judged where
//! Fairy-Stockfish judges, which these cases can then be run against.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde::Deserialize;

use super::board::Colour;
use super::notation::Ranks;
use super::{fen, XqSetup};

/// Which judging point the case files are written for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Form {
    /// The data as it is: the first repetition, for `wxf` and its readings.
    First,
    /// The final cycle played again up to the third occurrence, for `wxf-3fold`.
    Third,
}

/// The referees every third-occurrence case is run through.
pub const RULES_THIRD: &str = "wxf-3fold,wxf-3fold@spec";

/// The referees every converted case is run through (its snapshot shows where they differ).
pub const RULES: &str = "wxf,wxf@spec,wxf-current-repeat,wxf-whole-piece,wxf-crossed-pawns-chase,wxf-screen-after,wxf-threat-only,wxf-new-threats,wxf-one-victim,check-only";

/// The test data file.
#[derive(Debug, Deserialize)]
pub struct Data {
    /// Its cases.
    pub cases: Vec<DataCase>,
}

/// One case of the test data.
#[derive(Debug, Deserialize)]
pub struct DataCase {
    /// Its number.
    pub id: u32,
    /// The start position.
    pub fen: String,
    /// The moves, ranks 0–9.
    pub moves: Vec<String>,
    /// The result for the side to move after the last move, as the data writes it.
    pub expected: String,
    /// The paper's diagram it comes from, if any.
    pub diagram: Option<u32>,
    /// The data's note.
    #[serde(default)]
    pub note: String,
}

/// Why a data case cannot be converted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("case {id}: {message}")]
pub struct DataError {
    /// The case's number.
    pub id: u32,
    /// What is wrong.
    pub message: String,
}

/// A converted case: file name, text, and whether trailing moves were dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Converted {
    /// The file name (`007.toml`).
    pub name: String,
    /// The case file's text.
    pub text: String,
    /// Whether trailing moves were dropped so the final position repeats.
    pub trimmed: bool,
}

/// Every case, converted, and the distinct diagram numbers they name.
pub fn convert_all(data: &Data, form: Form) -> Result<(Vec<Converted>, BTreeSet<u32>), DataError> {
    let cases = data
        .cases
        .iter()
        .map(|c| convert(c, form))
        .collect::<Result<_, _>>()?;
    let diagrams = data.cases.iter().filter_map(|c| c.diagram).collect();
    Ok((cases, diagrams))
}

/// One data case as a case file.
pub fn convert(case: &DataCase, form: Form) -> Result<Converted, DataError> {
    let bad = |message: String| DataError {
        id: case.id,
        message,
    };
    let start = fen::parse(&case.fen).map_err(|e| bad(format!("FEN {}: {e}", case.fen)))?;
    let moves = case
        .moves
        .iter()
        .map(|m| Ranks::ZeroToNine.parse(m).map_err(|e| bad(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    let full = XqSetup::with_history(start.clone(), moves.clone(), Ranks::ZeroToNine)
        .map_err(|(i, e)| bad(format!("move {}: {e}", i + 1)))?;
    let positions = full.positions();
    let mut keep = moves.len();
    while keep > 0 && !positions[..keep].contains(&positions[keep]) {
        keep -= 1;
    }
    if keep < 2 {
        return Err(bad("no position repeats".into()));
    }
    let to_move: Colour = positions[moves.len()].to_move();
    let result = match case.expected.as_str() {
        "Win" => to_move.name(),
        "Loss" => to_move.opponent().name(),
        "Draw" => "draw",
        other => return Err(bad(format!("expected `{other}` is not Win, Loss or Draw"))),
    };
    let trimmed = keep < moves.len();
    let mut moves = moves[..keep].to_vec();
    if form == Form::Third {
        let cycle = cycle_again(&positions[..=keep], &moves);
        moves.extend(cycle);
    }
    let text = case_text(case, &moves, to_move, result, trimmed, form);
    Ok(Converted {
        name: format!("{:03}.toml", case.id),
        text,
        trimmed,
    })
}

/// The moves of the last cycle again, when the final position has occurred only twice.
fn cycle_again(
    positions: &[super::board::Position],
    moves: &[super::board::Move],
) -> Vec<super::board::Move> {
    let last = positions.len() - 1;
    let earlier: Vec<usize> = (0..last)
        .filter(|&k| positions[k] == positions[last])
        .collect();
    match earlier.last() {
        Some(&j) if earlier.len() < 2 => moves[j..].to_vec(),
        _ => Vec::new(),
    }
}

fn case_text(
    case: &DataCase,
    moves: &[super::board::Move],
    to_move: Colour,
    result: &str,
    trimmed: bool,
    form: Form,
) -> String {
    let diagram = case
        .diagram
        .map_or(String::new(), |d| format!(" (WXF diagram {d})"));
    let mut comment = format!(
        "From the WXF repetition test data (Orange engine suite by D. Tan), case {}: {} to move after {} expects {}{}; ranks 0-9.",
        case.id,
        to_move.name(),
        case.moves.join(" "),
        case.expected,
        diagram,
    );
    if trimmed {
        write!(
            comment,
            " The data's final position does not repeat an earlier one, so the case ends earlier, where it does (same winner)."
        )
        .expect("writing to a String");
    }
    let (rules, ids) = match form {
        Form::First => (RULES, ["wxf", "wxf@spec"]),
        Form::Third => {
            comment.push_str(" The final cycle is played again so that the final position occurs a third time, where wxf-3fold and Fairy-Stockfish rule.");
            (RULES_THIRD, ["wxf-3fold", "wxf-3fold@spec"])
        }
    };
    let (last, history) = moves.split_last().expect("at least two moves");
    let history: Vec<String> = history
        .iter()
        .map(|&m| Ranks::ZeroToNine.format(m))
        .collect();
    let title = format!("WXF case {}{diagram}: {}", case.id, case.note.trim());
    let setup = format!(
        "fen = {:?}\nranks = \"0-9\"\nhistory = {:?}\n",
        case.fen,
        history.join(" ")
    );
    let expect: Vec<(String, String)> = ids
        .iter()
        .map(|id| {
            (
                id.to_string(),
                format!("{{ over = 1, result = {result:?} }}"),
            )
        })
        .collect();
    crate::case::CaseText {
        family: "xiangqi",
        title: &title,
        comment: &comment,
        rules,
        setup_keys: &setup,
        moves: &[Ranks::ZeroToNine.format(*last)],
        expect: &expect,
    }
    .render()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(moves: &str, expected: &str) -> DataCase {
        DataCase {
            id: 7,
            fen: "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1".into(),
            moves: moves.split_whitespace().map(String::from).collect(),
            expected: expected.into(),
            diagram: Some(12),
            note: "perpetual check".into(),
        }
    }

    #[test]
    fn last_move_is_the_case_and_the_result_becomes_absolute() {
        let c = convert(&case("h8h9 f9f8 h9h8 f8f9 h8h9 f9f8", "Loss"), Form::First).unwrap();
        assert_eq!(c.name, "007.toml");
        assert!(!c.trimmed);
        assert!(c.text.contains("history = \"h8h9 f9f8 h9h8 f8f9 h8h9\""));
        assert!(c.text.contains("moves = \"f9f8\""));
        // Red is to move after six moves and loses.
        assert!(c.text.contains("wxf = { over = 1, result = \"black\" }"));
        assert!(c.text.contains("(WXF diagram 12)"));
        let parsed = crate::listed::parse_as::<crate::xiangqi::Xiangqi>(
            std::path::Path::new("x.toml"),
            &c.text,
        );
        assert!(parsed.is_ok(), "{parsed:?}");
    }

    #[test]
    fn a_final_position_that_does_not_repeat_is_trimmed() {
        // After the seventh move the position is new; the sixth repeats.
        let c = convert(
            &case("h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9i9", "Win"),
            Form::First,
        )
        .unwrap();
        assert!(c.trimmed);
        assert!(c.text.contains("moves = \"f9f8\""));
        // Black to move after seven moves wins: still black.
        assert!(c.text.contains("result = \"black\""));
    }

    #[test]
    fn the_third_form_plays_the_last_cycle_again() {
        let c = convert(&case("h8h9 f9f8 h9h8 f8f9 h8h9 f9f8", "Loss"), Form::Third).unwrap();
        assert!(c
            .text
            .contains("history = \"h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9\""));
        assert!(c
            .text
            .contains("wxf-3fold = { over = 1, result = \"black\" }"));
    }

    #[test]
    fn bad_data_is_an_error_naming_the_case() {
        let e = convert(&case("h8h9 f9f8 h9h8 f8f9 h8h9 a0a1", "Loss"), Form::First).unwrap_err();
        assert!(e.to_string().starts_with("case 7: move 6"), "{e}");
        let e = convert(&case("h8h9 f9f8", "Loss"), Form::First).unwrap_err();
        assert!(e.to_string().contains("no position repeats"), "{e}");
        let e = convert(&case("h8h9 f9f8 h9h8 f8f9 h8h9 f9f8", "Lost"), Form::First).unwrap_err();
        assert!(e.to_string().contains("`Lost`"), "{e}");
    }
}
