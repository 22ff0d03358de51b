//! External engines as referees, for real: GNU Go on the corpus and in random 5×5 and 9×9
//! campaigns against the ruleset each mode claims; an engine that crashes, hangs, prints
//! garbage or is killed mid-run; Leela Zero's `play` on a basic ko; the goban crate in
//! process. Tests that need a program skip with a message when it is missing, and fail
//! instead with `RULEDIFF_REQUIRE_TOOLS=1` (as CI sets it).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rulediff::go::{Go, GoSetup};
use rulediff::AnyCase;
use rulediff::EngineSpec;
use rulediff::Engines;
use rulediff::Explore;
use rulediff::Graph;
use rulediff::{run_case, Ruling, RunOptions as Options};
use rulediff::{Plan, Results};
use rulediff::{RefereeInfo, Refereed};

mod common;
use common::Tool;

fn have(tool: Tool) -> bool {
    common::tools(&[tool])
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("engines-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn engines(specs: Vec<EngineSpec>) -> Engines {
    Engines::new(specs).expect("engines start")
}

fn builtin(id: &str) -> EngineSpec {
    rulediff::parse_engine_arg(id).unwrap()
}

/// The engine's referee and the ruleset it claims, in that order: the registry, the ids.
fn paired(engines: &Engines) -> Vec<RefereeInfo<Go>> {
    let mut registry: Vec<RefereeInfo<Go>> = Go::registry()
        .into_iter()
        .filter(|r| engines.claimed_in::<Go>().contains(&r.id))
        .collect();
    registry.extend(engines.referees::<Go>().unwrap());
    registry
}

fn run_campaign(referees: &[RefereeInfo<Go>], board: &str, games: u64, seed: u64) -> Results {
    let vertices = Graph::parse_shape(board).unwrap().len();
    run_campaign_plies(referees, board, games, seed, 8 * vertices)
}

fn run_campaign_plies(
    referees: &[RefereeInfo<Go>],
    board: &str,
    games: u64,
    seed: u64,
    max_plies: usize,
) -> Results {
    let setup = GoSetup::empty(Graph::parse_shape(board).unwrap(), 2);
    let chosen: Vec<&RefereeInfo<Go>> = referees.iter().collect();
    let plan = Plan {
        family: "go".into(),
        setup: Go::setup_keys(&setup),
        referees: chosen.iter().map(|r| r.id.clone()).collect(),
        seed,
        games,
        max_plies,
        shard: None,
    };
    let mut results = Results::new(plan);
    rulediff::run_campaign(&setup, &chosen, &mut results, 64, |_, _, _| Ok(())).unwrap();
    results
}

#[test]
fn gnugo_agrees_with_its_rulesets_on_the_corpus() {
    if !have(Tool::GnuGo) {
        return;
    }
    let files =
        rulediff::discover_cases(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")])
            .unwrap();
    let mut engine_steps = 0;
    for mode in ["gnugo-simple-ko", "gnugo-psk", "gnugo-ssk", "gnugo-no-ko"] {
        let engines = engines(vec![builtin(mode)]);
        let registry = paired(&engines);
        let referees: Vec<&RefereeInfo<Go>> = registry.iter().collect();
        for file in &files {
            let case = match rulediff::load_case(file).unwrap() {
                AnyCase::Go(case) => case,
                #[allow(unreachable_patterns)]
                _ => continue,
            };
            let run = run_case(&case, &referees, &Options { legal_sets: true });
            if run.start[1].is_err() {
                continue; // not a square two-player grid
            }
            engine_steps += run
                .steps
                .iter()
                .filter(|s| s.rulings[1] != Ruling::Stopped)
                .count();
            assert!(
                run.divergences.is_empty(),
                "{mode} on {}: {:?}",
                file.display(),
                run.divergences
            );
            for step in &run.steps {
                let sets = step.legal.as_ref().unwrap();
                assert_eq!(
                    sets[0],
                    sets[1],
                    "{mode} legal set at ply {} of {}",
                    step.ply,
                    file.display()
                );
            }
        }
    }
    assert!(
        engine_steps >= 40,
        "GNU Go ruled only {engine_steps} corpus steps"
    );
}

#[test]
fn gnugo_psk_ssk_and_simple_ko_agree_on_random_games() {
    if !have(Tool::GnuGo) {
        return;
    }
    let mut compared = 0;
    for mode in ["gnugo-psk", "gnugo-ssk", "gnugo-simple-ko"] {
        let engines = engines(vec![builtin(mode)]);
        let registry = paired(&engines);
        for (board, games) in [("5x5", 200), ("9x9", 40)] {
            let results = run_campaign(&registry, board, games, 11);
            assert_eq!(results.games_done, games);
            assert!(
                results.faults.is_empty(),
                "{mode} {board}: {:?}",
                results.faults
            );
            assert!(
                results.signatures.is_empty(),
                "{mode} on {board}: {}",
                rulediff::report::campaign_summary(&results, false)
            );
            compared += results.plies;
        }
    }
    assert!(compared > 30_000, "only {compared} steps compared");
}

#[test]
fn gnugo_superko_misses_repetitions_made_by_suicide() {
    if !have(Tool::GnuGo) {
        return;
    }
    // The divergence reports/engines.md explains: with suicide allowed, a multi-stone suicide
    // that recreates an earlier board passes GNU Go's superko check.
    let engines = engines(vec![builtin("gnugo-psk+suicide")]);
    let registry = paired(&engines);
    let setup = GoSetup::empty(Graph::grid(5, 5, false).unwrap(), 2);
    let text = format!(
        "family = \"go\"\n{}moves = \"A2 B2 B5 D1 A1 B1 pass A3 D4 E3 A1 pass A2\"\n",
        Go::setup_keys(&setup)
    );
    let case = match rulediff::parse_case(Path::new("suicide.toml"), &text).unwrap() {
        AnyCase::Go(case) => case,
        #[allow(unreachable_patterns)]
        _ => unreachable!("a Go case"),
    };
    let referees: Vec<&RefereeInfo<Go>> = registry.iter().collect();
    let run = run_case(&case, &referees, &Options::default());
    let last = &run.steps[12].rulings;
    assert!(matches!(last[0], Ruling::Illegal { ref rule } if rule == "superko-positional"));
    assert_eq!(last[1], Ruling::Legal);
}

fn proxy(mode: &str, n: u32, marker: &Path, timeout_ms: u64) -> Option<EngineSpec> {
    proxy_for(
        "gnugo-psk",
        "--positional-superko",
        mode,
        n,
        marker,
        timeout_ms,
    )
}

fn proxy_for(
    id: &str,
    ko_flag: &str,
    mode: &str,
    n: u32,
    marker: &Path,
    timeout_ms: u64,
) -> Option<EngineSpec> {
    if !have(Tool::GnuGo) || !have(Tool::Python) {
        return None;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/gtp_proxy.py");
    let _ = std::fs::remove_file(marker);
    let mut spec = builtin(id);
    spec.id = format!("{id}-{mode}");
    spec.timeout_ms = timeout_ms;
    let gnugo = rulediff::locate_program("gnugo").unwrap();
    spec.kind = rulediff::EngineKind::Gtp {
        argv: [
            "python3",
            script.to_str().unwrap(),
            mode,
            &n.to_string(),
            marker.to_str().unwrap(),
            "--",
            gnugo.to_str().unwrap(),
            "--mode",
            "gtp",
            ko_flag,
        ]
        .map(str::to_string)
        .to_vec(),
    };
    Some(spec)
}

/// Signatures, plies and long games: what a campaign found, whatever happened to engines.
fn findings(results: &Results) -> (u64, Vec<String>, Vec<u64>) {
    let mut signatures: Vec<String> = results
        .signatures
        .iter()
        .map(|s| s.description.clone())
        .collect();
    signatures.sort();
    (results.plies, signatures, results.long_games.clone())
}

#[test]
fn an_engine_that_crashes_or_hangs_once_is_restarted_and_loses_nothing() {
    let dir = scratch("crash");
    // At the 300th and 301st command: a `play`, and an `all_legal` sent ahead with one.
    // The hang's timeout leaves room for a slow honest reply on a loaded machine (at 2 s,
    // one run in several under the full suite timed out a second time; at 6 s, one `.ci/run`
    // beside a long niced search did, 147 plays into game 6).
    let cases = [
        ("crash-once", 300, 10_000),
        ("crash-once", 301, 10_000),
        ("hang-once", 300, 15_000),
    ];
    for (mode, n, timeout) in cases {
        let marker = dir.join(format!("{mode}-{n}.marker"));
        let Some(spec) = proxy(mode, n, &marker, timeout) else {
            return;
        };
        let clean = engines(vec![builtin("gnugo-psk")]);
        let flaky = engines(vec![spec]);
        let expected = run_campaign(&paired(&clean), "5x5", 12, 3);
        let got = run_campaign(&paired(&flaky), "5x5", 12, 3);
        assert_eq!(got.incidents.len(), 1, "{mode}: {:?}", got.incidents);
        assert!(got.faults.is_empty(), "{mode}: {:?}", got.faults);
        assert_eq!(findings(&got), findings(&expected), "{mode}");
    }
}

#[test]
fn garbage_and_repeated_crashes_are_faults_never_divergences() {
    let dir = scratch("garbage");
    for mode in ["garbage", "crash"] {
        let Some(spec) = proxy(mode, 40, &dir.join("unused"), 10_000) else {
            return;
        };
        let flaky = engines(vec![spec]);
        let results = run_campaign(&paired(&flaky), "5x5", 16, 5);
        assert_eq!(results.games_done, 16, "{mode}: the campaign goes on");
        assert!(!results.faults.is_empty(), "{mode}: faults are recorded");
        assert!(
            results
                .signatures
                .iter()
                .all(|s| !s.description.contains("FAULT")),
            "{mode}: {:?}",
            results.signatures
        );
    }
}

#[test]
fn killing_gnugo_mid_run_loses_no_result() {
    if !have(Tool::GnuGo) {
        return;
    }
    let clean = engines(vec![builtin("gnugo-psk")]);
    let expected = run_campaign(&paired(&clean), "9x9", 24, 9);
    let engines = Arc::new(engines(vec![builtin("gnugo-psk")]));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let runner = {
        let engines = Arc::clone(&engines);
        std::thread::spawn(move || pool.install(|| run_campaign(&paired(&engines), "9x9", 24, 9)))
    };
    let gtp = engines.pool("gnugo-psk").unwrap();
    let pid = loop {
        if let Some(&pid) = gtp.started_pids().first() {
            break pid;
        }
        std::thread::yield_now();
    };
    // Our own child, by its id.
    let killed = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status();
    assert!(killed.unwrap().success());
    let got = runner.join().unwrap();
    assert_eq!(findings(&got), findings(&expected));
    assert!(got.faults.is_empty(), "{:?}", got.faults);
    assert!(
        got.incidents.iter().any(|i| i.contains("restarted")),
        "the kill was noticed and recovered from: {:?}",
        got.incidents
    );
    assert!(
        gtp.started_pids().len() >= 2,
        "a new process replaced the killed one"
    );
}

#[test]
fn leela_zero_play_accepts_an_immediate_basic_ko_recapture_on_19x19() {
    if !have(Tool::LeelaZero) {
        return;
    }
    let engines = engines(vec![builtin("leela-zero")]);
    let mut registry = Go::registry();
    registry.retain(|r| ["psk", "no-ko+all-suicide"].contains(&r.id.as_str()));
    registry.extend(engines.referees::<Go>().unwrap());
    let referees: Vec<&RefereeInfo<Go>> = registry.iter().collect();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/go/engines/leela-zero-basic-ko-19x19.toml");
    let case = match rulediff::load_case(&path).unwrap() {
        AnyCase::Go(case) => case,
        #[allow(unreachable_patterns)]
        _ => unreachable!("a Go case"),
    };
    let run = run_case(&case, &referees, &Options::default());
    let ids: Vec<&str> = run.referees.iter().map(String::as_str).collect();
    assert_eq!(ids, ["psk", "no-ko+all-suicide", "leela-zero"]);
    let recapture = &run.steps[8].rulings;
    assert!(
        matches!(recapture[0], Ruling::Illegal { .. }),
        "{recapture:?}"
    );
    assert_eq!(
        recapture[2],
        Ruling::Legal,
        "Leela Zero accepts the ko recapture"
    );
    // Beyond ko: in random play its `play` allows what no ko rule and all suicide allow.
    let results = run_campaign_plies(&registry, "19x19", 1, 2, 80);
    assert!(results.faults.is_empty(), "{:?}", results.faults);
    assert!(
        results
            .signatures
            .iter()
            .all(|s| s.signature.groups.iter().any(|(_, ids)| {
                ids.contains(&"leela-zero".to_string())
                    && ids.contains(&"no-ko+all-suicide".to_string())
            })),
        "{}",
        rulediff::report::campaign_summary(&results, false)
    );
}

#[test]
fn the_goban_crate_runs_in_process_and_its_divergences_are_superko_or_cycles() {
    for id in ["goban-chinese", "goban-japanese"] {
        let engines = engines(vec![builtin(id)]);
        let registry = paired(&engines);
        let results = run_campaign(&registry, "5x5", 150, 4);
        assert!(results.faults.is_empty(), "{:?}", results.faults);
        assert!(results.plies > 5_000);
        explained_goban(&results);
    }
}

fn explained_goban(results: &Results) {
    for s in &results.signatures {
        let groups = &s.signature.groups;
        let superko = groups
            .iter()
            .any(|(r, ids)| ids == &["chinese".to_string()] && r.contains("superko-positional"));
        let cycle_void = groups.iter().any(|(r, _)| r.contains("no-result:cycle"));
        assert!(superko || cycle_void, "unexplained: {}", s.description);
    }
}

#[test]
fn a_game_of_thousands_of_plies_is_ruled_and_replayed_after_a_crash() {
    let dir = scratch("long");
    let Some(spec) = proxy_for(
        "gnugo-no-ko",
        "--no-ko",
        "crash-once",
        3000,
        &dir.join("marker"),
        10_000,
    ) else {
        return;
    };
    // The ko of basics/basic-ko.toml taken and retaken 2000 times each, set up by loadsgf.
    let text = format!(
        "family = \"go\"\nboard = \"5x5\"\nto_move = \"W\"\nsetup = \"\"\"\n. . . . .\n. X O . .\nX . X O .\n. X O . .\n. . . . .\n\"\"\"\nmoves = \"{}\"\n",
        vec!["B3 C3"; 2000].join(" ")
    );
    let case = match rulediff::parse_case(Path::new("long.toml"), &text).unwrap() {
        AnyCase::Go(case) => case,
        #[allow(unreachable_patterns)]
        _ => unreachable!("a Go case"),
    };
    let engines = engines(vec![spec]);
    let registry = paired(&engines);
    let referees: Vec<&RefereeInfo<Go>> = registry.iter().collect();
    let run = run_case(&case, &referees, &Options { legal_sets: true });
    assert_eq!(run.steps.len(), 4000);
    assert!(run
        .steps
        .iter()
        .all(|s| s.rulings == [Ruling::Legal, Ruling::Legal]));
    assert!(run.divergences.is_empty());
    assert_eq!(run.incidents.len(), 1, "{:?}", run.incidents);
    // The 3000th command comes about 1500 plies in (each step is an all_legal and a play).
    let replayed: usize = run.incidents[0]
        .split("replayed ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(replayed > 1000, "{:?}", run.incidents);
}

#[test]
fn gnugo_is_legal_and_play_with_undo_agree_with_all_legal() {
    if !have(Tool::GnuGo) {
        return;
    }
    for legality in [rulediff::Legality::IsLegal, rulediff::Legality::Play] {
        let mut spec = builtin("gnugo-psk");
        spec.legality = legality;
        let engines = engines(vec![spec]);
        let registry = paired(&engines);
        let results = run_campaign(&registry, "5x5", 40, 21);
        assert!(
            results.faults.is_empty(),
            "{legality:?}: {:?}",
            results.faults
        );
        assert!(results.plies > 1_000);
        assert!(
            results.signatures.is_empty(),
            "{legality:?}: {}",
            rulediff::report::campaign_summary(&results, false)
        );
    }
}

fn rulediff(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(args)
        .output()
        .expect("binary runs")
}

#[test]
fn the_command_line_takes_engines_for_runs_and_campaigns() {
    let listing = rulediff(&["engines"]);
    assert!(listing.status.success());
    let listed = String::from_utf8_lossy(&listing.stdout).to_string();
    for id in ["gnugo-psk+all-suicide", "leela-zero", "goban-chinese"] {
        assert!(listed.contains(id), "{listed}");
    }
    // The chess and xiangqi engines too, each with the rule it claims and what it is asked.
    for (id, claim) in [
        ("chess.js", "threefold-automatic"),
        ("chessops", "no-repetition"),
        ("ffish", "ffish"),
        ("cchess", "no-repetition"),
    ] {
        let line = listed
            .lines()
            .find(|l| l.starts_with(&format!("{id} ")))
            .unwrap_or_else(|| panic!("{id} not listed: {listed}"));
        assert!(line.contains(&format!("claims {claim} ")), "{line}");
    }
    assert!(
        listed.contains("asks: start from a FEN and earlier moves"),
        "{listed}"
    );
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let missing = rulediff(&[
        "run",
        corpus.to_str().unwrap(),
        "--engine",
        "ghost:psk=/nonexistent/ghost --gtp",
    ]);
    assert_eq!(missing.status.code(), Some(2));
    let error = String::from_utf8_lossy(&missing.stderr).to_string();
    assert!(
        error.contains("cannot find the program `/nonexistent/ghost`"),
        "{error}"
    );
    if !have(Tool::GnuGo) {
        return;
    }
    let run = rulediff(&["run", corpus.to_str().unwrap(), "--engine", "gnugo-psk"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(
        report.contains("referees: simple-ko, psk, gnugo-psk"),
        "{report}"
    );
    let divergences = report.lines().filter(|l| l.starts_with("DIVERGENCE"));
    for line in divergences.filter(|l| l.contains("gnugo-psk ")) {
        let body = line.split_once(": ").map_or(line, |(_, b)| b);
        let apart = body.split(" | ").any(|group| {
            let ids: Vec<&str> = group
                .split(", ")
                .filter_map(|entry| entry.split_whitespace().next())
                .collect();
            ids.contains(&"gnugo-psk") != ids.contains(&"psk")
        });
        assert!(!apart, "GNU Go and psk split: {line}");
    }
    let dir = scratch("cli");
    let file = dir.join("engines.toml");
    let gnugo = rulediff::locate_program("gnugo").unwrap();
    std::fs::write(
        &file,
        format!(
            "[[engine]]\nid = \"mine\"\ncommand = [{:?}, \"--mode\", \"gtp\"]\nruleset = \"simple-ko\"\n",
            gnugo.display().to_string()
        ),
    )
    .unwrap();
    let out = dir.join("campaign");
    let campaign = rulediff(&[
        "random",
        "--board",
        "5x5",
        "--games",
        "30",
        "--engines",
        file.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        campaign.status.success(),
        "{}",
        String::from_utf8_lossy(&campaign.stderr)
    );
    let summary = String::from_utf8_lossy(&campaign.stdout).to_string();
    assert!(
        summary.starts_with("30 games of 30")
            && summary.contains("2 referees in 1 classes\n0 divergences")
            && summary.contains("simple-ko + 1"),
        "{summary}"
    );
}

#[test]
fn setup_stones_go_in_by_loadsgf_set_free_handicap_or_plays() {
    let files =
        rulediff::discover_cases(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")])
            .unwrap();
    // GNU Go with loadsgf hidden takes black-only setups by set_free_handicap, and with both
    // hidden every setup by plays; either way it must rule like psk.
    for hidden in ["loadsgf", "loadsgf,set_free_handicap"] {
        let Some(mut spec) = proxy("hide", 0, Path::new(hidden), 10_000) else {
            return;
        };
        spec.id = "gnugo-psk-setup".into();
        let engines = engines(vec![spec]);
        let registry = paired(&engines);
        let referees: Vec<&RefereeInfo<Go>> = registry.iter().collect();
        let mut with_setup = 0;
        for file in &files {
            let case = match rulediff::load_case(file).unwrap() {
                AnyCase::Go(case) => case,
                #[allow(unreachable_patterns)]
                _ => continue,
            };
            let run = run_case(&case, &referees, &Options { legal_sets: true });
            if run.start[1].is_err() || case.setup.stones.iter().all(|&c| c == 0) {
                continue;
            }
            with_setup += 1;
            assert!(
                run.divergences.is_empty(),
                "{hidden} {}: {:?}",
                file.display(),
                run.divergences
            );
            for step in &run.steps {
                let sets = step.legal.as_ref().unwrap();
                assert_eq!(
                    sets[0],
                    sets[1],
                    "{hidden}: ply {} of {}",
                    step.ply,
                    file.display()
                );
            }
        }
        assert!(
            with_setup >= 3,
            "{hidden}: only {with_setup} cases with setup stones ran"
        );
    }
}

#[test]
fn gnugo_final_score_counts_a_finished_game_when_asked() {
    if !have(Tool::GnuGo) {
        return;
    }
    let mut spec = builtin("gnugo-simple-ko");
    spec.scoring = rulediff::ScoringMode::Engine;
    let engines = engines(vec![spec]);
    let registry = paired(&engines);
    let referees: Vec<&RefereeInfo<Go>> = registry.iter().collect();
    let ends = |moves: &str| {
        let text = format!("family = \"go\"\nboard = \"5x5\"\nkomi = 0.5\nmoves = \"{moves}\"\n");
        let case = match rulediff::parse_case(Path::new("score.toml"), &text).unwrap() {
            AnyCase::Go(case) => case,
            #[allow(unreachable_patterns)]
            _ => unreachable!("a Go case"),
        };
        let run = run_case(&case, &referees, &Options::default());
        run.steps.last().unwrap().rulings.clone()
    };
    let summary = |r: &Ruling| match r {
        Ruling::Ends { outcome } => outcome.summary(),
        other => panic!("the game should end: {other:?}"),
    };
    // One stone alone on the board: both count it B+24.5.
    let alone = ends("C3 pass pass");
    assert_eq!(summary(&alone[0]), "B+24.5");
    assert_eq!(summary(&alone[1]), "B+24.5");
    // GNU Go judges White's lone D3 dead; area counting with every stone alive does not.
    let dead = ends("C3 D3 C4 pass pass");
    assert_eq!(summary(&dead[0]), "B+0.5");
    assert_eq!(summary(&dead[1]), "B+24.5");
}
