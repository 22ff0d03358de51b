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

/// An engines file names a xiangqi bridge (here cchess's script under an id of its own) with
/// the ruleset it claims; a campaign without `--rules` compares the two, and a chess ruleset
/// claimed for it is refused with the file and line.
#[test]
fn an_engines_file_names_a_xiangqi_bridge() {
    if skip() {
        return;
    }
    let dir = common::scratch("engines-file");
    let script = format!("{}/bridges/cchess_bridge.py", env!("CARGO_MANIFEST_DIR"));
    let entry = |ruleset: &str| {
        format!(
            "[[engine]]\nid = \"my-cchess\"\nfamily = \"xiangqi\"\ncommand = [\"python3\", \"{script}\"]\nruleset = \"{ruleset}\"\n"
        )
    };
    let engines = dir.join("engines.toml");
    std::fs::write(&engines, entry("no-repetition")).unwrap();
    let out_dir = dir.join("out");
    let out = rulediff(&[
        "random",
        "--family",
        "xiangqi",
        "--games",
        "2",
        "--seed",
        "7",
        "--max-plies",
        "60",
        "--engines",
        engines.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved = results(&out_dir);
    assert_eq!(
        saved["plan"]["referees"],
        serde_json::json!(["no-repetition", "my-cchess"])
    );
    assert_eq!(saved["faults"], serde_json::json!([]), "{saved}");
    assert_eq!(saved["signatures"], serde_json::json!([]), "{saved}");
    assert!(saved["plies"].as_u64().unwrap() >= 60, "{saved}");
    std::fs::write(&engines, entry("fide")).unwrap();
    let out = rulediff(&["engines", "--engines", engines.to_str().unwrap()]);
    let error = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        error.contains("engines.toml:1: engine `my-cchess`: ruleset `fide` is a chess ruleset"),
        "{error}"
    );
}

/// cchess's one end, `ChessBoard.no_moves()`, comes through as a loss of the side to move (a
/// checkmate: its opponent gives check); two bare kings play on, cchess having no other end.
#[test]
fn cchess_tells_its_end_as_no_moves_reports_it() {
    use rulediff::xiangqi::{parse_fen, Ranks};
    use rulediff::{Refereed, Status, Xiangqi, XqSetup};
    if skip() {
        return;
    }
    let told = |fen: &str, play: Option<&str>| {
        let setup = XqSetup::new(parse_fen(fen).unwrap(), Ranks::ZeroToNine);
        let registry = Xiangqi::registry();
        let mut referee = (registry.iter().find(|r| r.id == "cchess").unwrap().make)();
        referee.start(&setup).unwrap();
        if let Some(play) = play {
            let play = Ranks::ZeroToNine.parse(play).unwrap();
            assert!(referee.play(&play).unwrap().is_legal());
        }
        match referee.status().unwrap() {
            Status::Over { outcome } => outcome.summary(),
            Status::Ongoing => "ongoing".to_string(),
        }
    };
    let mate = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    assert_eq!(told(mate, Some("a1d1")), "red+checkmate");
    assert_eq!(told("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", None), "ongoing");
}
