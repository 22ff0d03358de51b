//! Results with their counted parts: dead stones by agreement in case files, result
//! divergences in reports, recorded games counted by `rulediff score`, and GNU Go's own
//! judgement of dead stones.

mod common;

use std::path::Path;

use common::{corpus, rulediff, scratch, text};
use rulediff::go::Go;
use rulediff::AnyCase;
use rulediff::Case;
use rulediff::{run_case, Ruling, RunOptions as Options};
use rulediff::{Outcome, Part, Refereed};

fn go_case(toml: &str) -> Result<Case<Go>, String> {
    match rulediff::parse_case(Path::new("test.toml"), toml) {
        Ok(AnyCase::Go(case)) => Ok(case),
        Ok(_) => Err("not a Go case".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// The outcome each of `rules` gives the case at its last step.
fn outcomes(case: &Case<Go>, rules: &str) -> Vec<Outcome> {
    let registry = Go::registry();
    let referees = rulediff::select(&registry, rules).unwrap();
    let run = run_case(case, &referees, &Options::default());
    run.steps
        .last()
        .unwrap()
        .rulings
        .iter()
        .map(|r| match r {
            Ruling::Ends { outcome } => outcome.clone(),
            other => panic!("the game should end: {other}"),
        })
        .collect()
}

const WALL: &str = r#"
family = "go"
board = "5x5"
komi = 0.5
setup = """
. . X . .
. O X . .
. . X . .
. . X . .
. . X . .
"""
"#;

#[test]
fn one_stone_marks_its_string_and_only_agreement_rulesets_take_it_off() {
    // Black's wall on column C; White's B4 and A4 (played) left of it, agreed dead.
    let one = go_case(&format!(
        "{WALL}dead = \"B4\"\nmoves = \"pass A4 pass pass\"\n"
    ))
    .unwrap();
    let both = go_case(&format!(
        "{WALL}dead = \"A4 B4\"\nmoves = \"pass A4 pass pass\"\n"
    ))
    .unwrap();
    assert_eq!(one.setup.dead, both.setup.dead, "B4 names the string A4-B4");
    assert_eq!(one.setup.dead.len(), 2);
    let got = outcomes(&one, "japanese,chinese,tromp-taylor");
    let tally = |o: &Outcome| o.tally().unwrap().clone();
    assert_eq!(
        tally(&got[0]).part(0, Part::DeadStones).0,
        4,
        "two prisoners"
    );
    assert_eq!(tally(&got[0]).dead.len(), 2);
    // Territory: both sides of the wall, 20 points, and the two prisoners.
    assert_eq!(got[0].summary(), "B+21.5");
    // Area: 5 stones and 20 points.
    assert_eq!(got[1].summary(), "B+24.5");
    // Tromp-Taylor takes no stone off: the left side touches White and counts for no one.
    assert_eq!(tally(&got[2]).dead.len(), 0);
    assert!(tally(&got[2]).judged_by.starts_with("all alive"));
    assert_eq!(got[2].summary(), "B+12.5");
}

#[test]
fn dead_and_seki_must_name_stones_of_the_final_board() {
    let empty = go_case(&format!("{WALL}dead = \"E1\"\nmoves = \"pass pass\"\n")).unwrap_err();
    assert!(
        empty.contains("test.toml:")
            && empty.contains("`E1` is marked dead but holds no stone on the final board"),
        "{empty}"
    );
    // A stone played during the game can be dead: it is on the final board.
    go_case(&format!("{WALL}dead = \"A4\"\nmoves = \"A4 pass pass\"\n")).unwrap();
    let both = go_case(&format!(
        "{WALL}dead = \"B4\"\nseki = \"B4\"\nmoves = \"pass pass\"\n"
    ))
    .unwrap_err();
    assert!(both.contains("marked both dead and in seki"), "{both}");
}

#[test]
fn a_pass_alive_string_cannot_be_agreed_dead() {
    // Black's two eyes at B4 and D4 make its string pass-alive; White's row has one region.
    let board = "family = \"go\"\nboard = \"5x5\"\nsetup = \"\"\"\nX X X X X\nX . X . X\nX X X X X\nO O O O O\n. . . . .\n\"\"\"\nmoves = \"pass pass\"\n";
    let error = go_case(&format!("{board}dead = \"A2 C5\"\n")).unwrap_err();
    assert!(
        error.contains("test.toml:")
            && error.contains("`C5` is marked dead but its string is pass-alive"),
        "{error}"
    );
    go_case(&format!("{board}dead = \"A2\"\n")).unwrap();
}

#[test]
fn a_result_divergence_shows_parts_dead_stones_and_the_counted_board() {
    let out = rulediff(&["run", &corpus("go/scoring/japanese-or-chinese.toml")]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for expected in [
        "results differ",
        "result japanese: B+0.5 — B: territory 27, prisoners 0, dead stones 1",
        "result chinese: W+0.5 — B: area 36 = stones 9, territory 27",
        "parts that differ: stones, territory, dead stones",
        "dead stones: japanese, chinese: agreement: B5 | tromp-taylor: all alive",
        "    5 b o b X . O w w w",
    ] {
        assert!(
            stdout.contains(expected),
            "missing `{expected}` in\n{stdout}"
        );
    }
    let csv = rulediff(&[
        "run",
        &corpus("go/scoring/japanese-or-chinese.toml"),
        "--format",
        "csv",
    ]);
    let csv = text(&csv.stdout);
    assert!(csv.contains(",result,"), "{csv}");
    assert!(csv.contains("agreement: B5"), "{csv}");
    let json = rulediff(&[
        "run",
        &corpus("go/scoring/japanese-or-chinese.toml"),
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let divergence = &json["runs"][0]["divergences"][0];
    assert_eq!(divergence["result"], "winner");
    assert!(divergence["board"]["svg"]
        .as_str()
        .unwrap()
        .contains("<svg"));
}

#[test]
fn recorded_games_are_counted_under_their_rules_and_agree_with_re() {
    let out = rulediff(&["score", &corpus("go/records"), "--rules", "tromp-taylor"]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert_eq!(stdout.matches("= RE").count(), 4, "{stdout}");
    assert!(stderr.contains("4 agree with RE, 0 differ"), "{stderr}");
    assert!(stdout.contains("handicap bonus 2"), "{stdout}");
    assert!(stdout.contains("handicap bonus 1"), "{stdout}");
    let md = rulediff(&["score", &corpus("go/records"), "--format", "markdown"]);
    assert!(text(&md.stdout).contains("| `"), "{}", text(&md.stdout));
}

#[test]
fn a_broken_record_is_an_error_naming_it_and_the_rest_still_count() {
    let dir = scratch("results-broken-record");
    let good = std::fs::read_to_string(corpus("go/records/japanese-walls.sgf")).unwrap();
    std::fs::write(dir.join("good.sgf"), &good).unwrap();
    // D9 holds a black stone: Black's territory cannot contain it.
    std::fs::write(dir.join("bad.sgf"), good.replace("TB[ai]", "TB[da][ai]")).unwrap();
    std::fs::write(
        dir.join("unreadable.sgf"),
        good.replace("RE[W+5.5]", "RE[White wins]"),
    )
    .unwrap();
    let out = rulediff(&["score", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("bad.sgf:3:2: TB[da (D9)] marks a black stone"),
        "{stderr}"
    );
    assert!(
        stderr.contains("unreadable.sgf: RE[White wins] is not a result"),
        "{stderr}"
    );
    assert!(
        text(&out.stdout).contains("good.sgf"),
        "the good record still counts"
    );
}

#[test]
fn gnugo_names_the_stones_it_counted_dead() {
    use rulediff::Engines;
    use rulediff::ScoringMode;
    if !common::tools(&[common::Tool::GnuGo]) {
        return;
    }
    let mut engine = rulediff::parse_engine_arg("gnugo-simple-ko").unwrap();
    engine.scoring = ScoringMode::Engine;
    let engines = Engines::new(vec![engine]).unwrap();
    let mut registry = Go::registry();
    registry.extend(engines.referees::<Go>().unwrap());
    let referees = rulediff::select(&registry, "gnugo-simple-ko,chinese").unwrap();
    // White's lone D3 next to Black's C3, C4: GNU Go calls it dead, the case does not.
    let case =
        go_case("family = \"go\"\nboard = \"5x5\"\nkomi = 0.5\nmoves = \"C3 D3 C4 pass pass\"\n")
            .unwrap();
    let run = run_case(&case, &referees, &Options::default());
    let Ruling::Ends { outcome } = &run.steps.last().unwrap().rulings[0] else {
        panic!("GNU Go should end the game");
    };
    let tally = outcome.tally().expect("GNU Go's judgement");
    assert_eq!(tally.dead, vec!["D3".to_string()]);
    assert!(tally.judged_by.contains("final_status_list"));
    let divergence = &run.divergences[0];
    assert!(divergence.result.is_some());
    let shown = rulediff::report::case_run_text(&run);
    assert!(
        shown.contains("gnugo-simple-ko (final_status_list): D3"),
        "{shown}"
    );
}

#[test]
fn every_counted_result_is_the_sum_of_its_parts() {
    use rand::{Rng, SeedableRng};
    use rulediff::go::GoPlay;
    let registry = Go::registry();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let mut counted = 0;
    for game in 0..300 {
        let players = if game % 5 == 0 { 3 } else { 2 };
        let setup = rulediff::go::random_setup(&mut rng, players);
        let n = setup.graph.len() as u16;
        for info in registry.iter().filter(|r| !r.id.contains('@')) {
            let mut referee = (info.make)();
            if let Err(refusal) = referee.start(&setup) {
                // KataGo's rules refuse games of three or more players.
                assert!(players > 2, "{}: {refusal}", info.id);
                continue;
            }
            for _ in 0..6 * n as usize {
                let play = if rng.gen_bool(0.2) {
                    GoPlay::Pass
                } else {
                    GoPlay::Stone(rng.gen_range(0..n))
                };
                if !referee.judge(&play).unwrap().is_legal() {
                    continue;
                }
                referee.play(&play).unwrap();
                if referee.status().unwrap().is_over() {
                    break;
                }
            }
            for _ in 0..2 * players + 2 {
                if referee.status().unwrap().is_over() {
                    break;
                }
                let _ = referee.play(&GoPlay::Pass);
            }
            let rulediff::Status::Over { outcome } = referee.status().unwrap() else {
                continue;
            };
            let (Outcome::Score { points, .. }, Some(tally)) = (&outcome, outcome.tally()) else {
                continue;
            };
            counted += 1;
            assert_eq!(tally.owners.len(), setup.graph.len(), "{}", info.id);
            for (seat, (_, p)) in points.iter().enumerate() {
                assert_eq!(*p, tally.total(seat), "{} seat {seat}", info.id);
            }
        }
    }
    assert!(counted > 1000, "only {counted} counted games");
}
