//! Results compared whoever plays on: referees that end the game at different steps (KataGo's
//! territory rulesets play on into their cleanup phase where others end it) still have their
//! results compared, and a referee class only holds referees whose rulings are the same.

mod common;
use common::{fresh, results, rulediff, scratch};

/// Black's group on the left, White's wall in the middle; a stone of Black's in White's area.
const BOARD: &str = r#"family = "go"
board = "5x5"
title = "katago-japanese plays into its cleanup phase where japanese and chinese end"
setup = """
. X O . .
. X O . .
X X O . X
. X O O O
. X O . O
"""
to_move = "B"
"#;

fn run_case(moves: &str) -> String {
    let dir = scratch("case");
    let path = dir.join("cleanup.toml");
    std::fs::write(&path, format!("{BOARD}moves = \"{moves}\"\n")).unwrap();
    let out = rulediff(&[
        "run",
        path.to_str().unwrap(),
        "--rules",
        "japanese,chinese,katago-japanese",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn run_compares_results_of_referees_that_ended_at_different_steps() {
    let text = run_case("pass pass pass pass pass pass");
    assert!(
        text.contains("(results where each ended: japanese, chinese at 2; katago-japanese at 6)"),
        "{text}"
    );
    for line in [
        "margins differ",
        "result japanese: W+3.5",
        "result chinese: W+5.5",
        "result katago-japanese: W+2.5",
        "counted after ply 2 pass:",
        "counted after ply 6 pass:",
    ] {
        assert!(text.contains(line), "`{line}` in\n{text}");
    }
}

#[test]
fn run_compares_the_results_of_those_that_ended_when_others_play_on_to_the_end() {
    let text = run_case("pass pass pass pass");
    for line in [
        "margins differ",
        "result japanese: W+3.5",
        "result chinese: W+5.5",
        "not ended: katago-japanese",
    ] {
        assert!(text.contains(line), "`{line}` in\n{text}");
    }
}

fn ruling<'a>(s: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    let rulings = s["rulings"].as_array().unwrap();
    &rulings.iter().find(|r| r[0] == id).unwrap()[1]
}

/// A ruling as a class compares it: a counted result by its margin (the parts behind it
/// explain it), anything else whole.
fn verdict(r: &serde_json::Value) -> String {
    let outcome = &r["outcome"];
    if outcome["kind"] != "score" {
        return r.to_string();
    }
    let points = outcome["points"].as_array().unwrap();
    let (a, b) = (
        points[0][1].as_i64().unwrap(),
        points[1][1].as_i64().unwrap(),
    );
    match a.cmp(&b) {
        std::cmp::Ordering::Equal => "jigo".into(),
        std::cmp::Ordering::Greater => format!("{}+{}", points[0][0], a - b),
        std::cmp::Ordering::Less => format!("{}+{}", points[1][0], b - a),
    }
}

#[test]
fn a_9x9_campaign_of_every_referee_shows_results_compared_past_the_cleanup() {
    let dir = fresh("all");
    let out = rulediff(&[
        "random",
        "--board",
        "9x9",
        "--games",
        "20",
        "--seed",
        "1",
        "--rules",
        "all,-*@spec",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let found = results(&dir);
    let signatures = found["signatures"].as_array().unwrap();
    let apart: Vec<&serde_json::Value> = signatures
        .iter()
        .filter(|s| s["signature"]["apart"] == true)
        .collect();
    for kind in ["winner", "margin"] {
        assert!(
            apart.iter().any(|s| s["signature"]["result"] == kind),
            "a {kind} divergence between referees that ended at different steps"
        );
    }
    // Territory and area, KataGo's cleanup included: each with its own result and board.
    let shown = apart.iter().any(|s| {
        let ends = |id| ruling(s, id)["ruling"] == "ends";
        ends("japanese")
            && ends("chinese")
            && ends("katago-japanese")
            && verdict(ruling(s, "japanese")) != verdict(ruling(s, "chinese"))
            && s["svg"].as_str().unwrap().contains("counted after ply")
    });
    assert!(
        shown,
        "japanese, chinese and katago-japanese results compared"
    );
    // Every class's members ruled the same on every signature's case.
    let classes = std::fs::read_to_string(dir.join("classes.csv")).unwrap();
    for row in classes.lines().skip(1) {
        let members: Vec<&str> = row.rsplit(',').next().unwrap().split(' ').collect();
        for s in signatures {
            let first = verdict(ruling(s, members[0]));
            for m in &members {
                let own = verdict(ruling(s, m));
                assert_eq!(
                    own, first,
                    "{m} in class of {}: {}",
                    members[0], s["description"]
                );
            }
        }
    }
    // The cases replay with the result block.
    let case = dir.join(apart[0]["case_path"].as_str().unwrap());
    let replay = rulediff(&["run", case.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&replay.stdout);
    assert!(replay.status.success(), "{text}");
    assert!(text.contains("results where each ended"), "{text}");
}
