//! Chess through the `rulediff` binary: random campaigns that replay, the 75-move bound
//! flagged, the referees listed, and clear errors on bad input.

mod common;
use common::{fresh, results, rulediff, text};

#[test]
fn chess_campaign_finds_claim_divergences_and_its_cases_replay() {
    let dir = fresh("campaign");
    let out = rulediff(&[
        "random",
        "--family",
        "chess",
        "--games",
        "40",
        "--seed",
        "5",
        "--rules",
        "fide,threefold-automatic,german",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let found = results(&dir);
    let signatures = found["signatures"].as_array().unwrap();
    assert!(signatures.iter().any(|s| s["description"]
        .as_str()
        .unwrap()
        .contains("threefold-intended")));
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("<svg") && html.contains('♚'), "boards drawn");
    let replay = rulediff(&["run", dir.join("cases").to_str().unwrap()]);
    assert!(replay.status.success(), "{}", text(&replay.stdout));
}

#[test]
fn games_past_the_75_move_bound_are_flagged_long() {
    let dir = fresh("long");
    let out = rulediff(&[
        "random",
        "--family",
        "chess",
        "--games",
        "6",
        "--seed",
        "3",
        "--rules",
        "german",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let long = results(&dir)["long_games"].as_array().unwrap().len();
    assert!(
        long > 0,
        "the German rule lets games pass 150 quiet half-moves"
    );
    let fide = fresh("fide");
    rulediff(&[
        "random",
        "--family",
        "chess",
        "--games",
        "6",
        "--seed",
        "3",
        "--rules",
        "fide-no-claim",
        "--out",
        fide.to_str().unwrap(),
    ]);
    assert_eq!(results(&fide)["long_games"].as_array().unwrap().len(), 0);
}

#[test]
fn rules_lists_chess_and_bad_input_is_named() {
    let listing = text(&rulediff(&["rules"]).stdout);
    for id in [
        "fide",
        "fide-no-claim",
        "threefold-automatic",
        "german",
        "german+rights",
    ] {
        assert!(listing.contains(&format!("  {id} ")), "{id} listed");
    }
    let bad = rulediff(&[
        "random",
        "--family",
        "chess",
        "--start",
        "8/8/8 w - - 0 1",
        "--out",
        "/nonexistent/x",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("is not FEN"),
        "{}",
        text(&bad.stderr)
    );
    let dir = fresh("badcase");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.toml"),
        "family = \"chess\"\npgn = \"missing.pgn\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("g.pgn"), "1. e4 e5 2. Qxf7 *\n").unwrap();
    std::fs::write(dir.join("g.toml"), "family = \"chess\"\npgn = \"g.pgn\"\n").unwrap();
    let out = rulediff(&["run", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("bad.toml:2:7: cannot read"), "{stderr}");
    assert!(stderr.contains("g.pgn:1:13: move 3"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}
