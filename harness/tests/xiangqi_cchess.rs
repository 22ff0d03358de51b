//! cchess (PyPI), a Python xiangqi library, as a referee through
//! `harness/bridges/cchess_bridge.py`: it claims `no-repetition` (its legal moves, no moves
//! loses, no repetition rule), and meets it on WXF's positions and along random games.
//! Skipped with a message when cchess is missing; CI installs it.

mod common;

use common::{corpus, fresh, results, rulediff, text};

fn skip() -> bool {
    !common::tools(&[common::Tool::Cchess])
}

#[test]
fn cchess_rules_the_wxf_positions_as_no_repetition() {
    if skip() {
        return;
    }
    let cases = corpus("xiangqi/wxf");
    let out = rulediff(&["run", &cases, "--rules", "no-repetition,cchess"]);
    let (report, summary) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{report}{summary}");
    assert!(!report.contains("FAULT"), "{report}");
    assert!(summary.contains("(0 with divergences)"), "{summary}");
}

#[test]
fn cchess_meets_its_claim_along_random_games() {
    if skip() {
        return;
    }
    let dir = fresh("random");
    let out = rulediff(&[
        "random",
        "--family",
        "xiangqi",
        "--games",
        "3",
        "--seed",
        "7",
        "--max-plies",
        "120",
        "--rules",
        "no-repetition,cchess",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved = results(&dir);
    assert_eq!(saved["faults"], serde_json::json!([]), "{saved}");
    assert_eq!(saved["signatures"], serde_json::json!([]), "{saved}");
    assert!(saved["plies"].as_u64().unwrap() > 100, "{saved}");
    assert_eq!(saved["claims"]["cchess"], saved["claims"]["no-repetition"]);
}
