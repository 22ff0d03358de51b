//! Random campaigns end to end: reproducible from the seed, every minimized case replays
//! with its expectations through `rulediff run`, and an interrupted campaign resumes to the
//! same results as an uninterrupted one.

use std::path::Path;

mod common;
use common::{fresh, results, rulediff};

fn campaign(dir: &Path, games: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "random",
        "--board",
        "4x4",
        "--games",
        games,
        "--seed",
        "7",
        "--rules",
        "simple-ko,psk",
        "--out",
    ];
    args.push(dir.to_str().unwrap());
    args.extend_from_slice(extra);
    rulediff(&args)
}

#[test]
fn campaign_finds_minimizes_and_replays_superko_divergences() {
    let dir = fresh("main");
    let out = campaign(&dir, "200", &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let found = results(&dir);
    let signatures = found["signatures"].as_array().unwrap();
    assert!(
        !signatures.is_empty(),
        "random 4x4 games under simple ko and PSK should diverge"
    );
    assert!(signatures
        .iter()
        .all(|s| s["minimized_plies"].as_u64() <= s["shortest_found"].as_u64()));
    for file in ["report.html", "divergences.csv"] {
        assert!(dir.join(file).exists(), "{file} written");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("superko-positional"));
    let replay = rulediff(&["run", dir.join("cases").to_str().unwrap()]);
    assert!(
        replay.status.success(),
        "minimized cases replay: {}",
        String::from_utf8_lossy(&replay.stdout)
    );

    let again = fresh("again");
    campaign(&again, "200", &[]);
    assert_eq!(
        results(&again)["signatures"],
        found["signatures"],
        "same seed, same results"
    );
}

#[test]
fn interrupted_campaign_resumes_to_the_same_results() {
    let whole = fresh("whole");
    campaign(&whole, "150", &[]);
    let split = fresh("split");
    campaign(&split, "150", &[]);
    // Pretend the run stopped after the first batch: keep its saved state only.
    let mut saved = results(&split);
    saved["games_done"] = serde_json::json!(0);
    saved["plies"] = serde_json::json!(0);
    saved["signatures"] = serde_json::json!([]);
    saved["long_games"] = serde_json::json!([]);
    saved["game_signatures"] = serde_json::json!([]);
    std::fs::write(
        split.join("results.json"),
        serde_json::to_vec(&saved).unwrap(),
    )
    .unwrap();
    let refused = campaign(&split, "150", &[]);
    assert!(
        !refused.status.success(),
        "an existing campaign is not overwritten without --resume"
    );
    let resumed = campaign(&split, "150", &["--resume"]);
    assert!(
        resumed.status.success(),
        "{}",
        String::from_utf8_lossy(&resumed.stderr)
    );
    assert_eq!(results(&split)["signatures"], results(&whole)["signatures"]);
    let other = campaign(&split, "151", &["--resume"]);
    assert!(String::from_utf8_lossy(&other.stderr).contains("different campaign"));
}

#[test]
fn report_rerenders_a_saved_campaign() {
    let dir = fresh("report");
    campaign(&dir, "64", &[]);
    std::fs::remove_file(dir.join("report.html")).unwrap();
    let out = rulediff(&["report", dir.join("results.json").to_str().unwrap()]);
    assert!(out.status.success());
    assert!(dir.join("report.html").exists());
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{not json").unwrap();
    let refused = rulediff(&["report", bad.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("not a rulediff results file"));
}

#[test]
fn campaign_stopped_after_a_batch_resumes_to_the_same_results() {
    use rulediff::go::{Go, GoSetup};
    use rulediff::Explore;
    use rulediff::Graph;
    use rulediff::{run_campaign as run, Plan, Results};
    use rulediff::{select, Refereed};

    let setup = GoSetup::empty(Graph::grid(4, 4, false).unwrap(), 2);
    let registry = Go::registry();
    let referees = select(&registry, "simple-ko,psk").unwrap();
    let plan = Plan {
        family: "go".into(),
        setup: Go::setup_keys(&setup),
        referees: vec!["simple-ko".into(), "psk".into()],
        seed: 11,
        games: 96,
        max_plies: 128,
        shard: None,
    };
    let mut whole = Results::new(plan.clone());
    run(&setup, &referees, &mut whole, 32, |_, _, _| Ok(())).unwrap();

    let mut interrupted = Results::new(plan);
    let stop = run(&setup, &referees, &mut interrupted, 32, |_, done, _| {
        if done == 32 {
            Err(std::io::Error::other("interrupted"))
        } else {
            Ok(())
        }
    });
    assert!(stop.is_err());
    assert_eq!(interrupted.games_done, 32, "the finished batch is kept");
    let saved: Results =
        serde_json::from_str(&serde_json::to_string(&interrupted).unwrap()).unwrap();
    let mut resumed = saved;
    run(&setup, &referees, &mut resumed, 32, |_, _, _| Ok(())).unwrap();
    assert_eq!(
        serde_json::to_value(&resumed).unwrap(),
        serde_json::to_value(&whole).unwrap()
    );
}

/// A game that the rules end at the ply limit is over, not long: on a 1×1 board the only
/// play is a pass, and the second pass ends the game for every referee.
#[test]
fn a_game_ended_by_the_rules_at_the_ply_limit_is_not_long() {
    use rulediff::go::{Go, GoSetup};
    use rulediff::{game_rng, play_game, select, Graph, Refereed};

    let setup = GoSetup::empty(Graph::grid(1, 1, false).unwrap(), 2);
    let registry = Go::registry();
    let referees = select(&registry, "simple-ko,psk").unwrap();
    let ended = play_game(&setup, &referees, 2, &mut game_rng(1, 0));
    assert_eq!((ended.plies, ended.long), (2, false), "{ended:?}");
    assert!(
        ended.faults.is_empty() && ended.found.is_empty(),
        "{ended:?}"
    );
    let cut = play_game(&setup, &referees, 1, &mut game_rng(1, 0));
    assert_eq!((cut.plies, cut.long), (1, true), "{cut:?}");
}
