//! Exhaustive finiteness search on tiny graphs: results worked out by hand (1x1, the
//! two-point capture cycle), pinned ones on path:3 (every superko-like rule gives the same
//! longest game there, since no play on three points can tell them apart), symmetry
//! reduction giving the same verdicts from fewer states, and lassos found up to symmetry
//! replayed as real cycles.

use rulediff::check::{search_finite as search, Budget, Finiteness};
use rulediff::go::{Go, GoSetup};
use rulediff::Family;
use rulediff::Graph;
use rulediff::{RefereeInfo, Refereed};

mod common;

fn info(rule: &str) -> RefereeInfo<Go> {
    Go::registry()
        .into_iter()
        .find(|r| r.id == rule)
        .expect("registered")
}

fn setup(shape: &str, players: usize) -> GoSetup {
    GoSetup::empty(Graph::parse_shape(shape).unwrap(), players)
}

fn run_with(rule: &str, shape: &str, players: usize, budget: Budget) -> Finiteness {
    search(&info(rule), &setup(shape, players), budget)
}

fn run(rule: &str, shape: &str, players: usize, states: usize) -> Finiteness {
    run_with(rule, shape, players, Budget::states(states))
}

/// Plays `plays` from the empty board and returns the referee's state key after each.
fn keys(rule: &str, shape: &str, players: usize, plays: &[String]) -> Vec<Vec<u64>> {
    let setup = setup(shape, players);
    let mut referee = (info(rule).make)();
    referee.start(&setup).unwrap();
    plays
        .iter()
        .map(|text| {
            let play = Go::parse_play(&setup, text).unwrap();
            assert!(
                referee.play(&play).unwrap().is_legal(),
                "{rule} on {shape}: `{text}` of {plays:?}"
            );
            referee.state_key().unwrap()
        })
        .collect()
}

#[test]
fn one_point_board_ends_after_one_round_of_passes() {
    // The only stone play on 1x1 is suicide: every game is `players` passes.
    for players in 2..=3 {
        assert_eq!(
            run("simple-ko", "1x1", players, 100),
            Finiteness::Finite {
                longest: players,
                states: players
            }
        );
    }
}

#[test]
fn no_ko_on_two_points_cycles_and_the_lasso_replays() {
    let Finiteness::Infinite { prefix, cycle, .. } = run("no-ko", "2x1", 2, 100) else {
        panic!("no ko allows endless capture")
    };
    assert_eq!(
        (prefix.join(" "), cycle.join(" ")),
        ("A1".to_string(), "B1 A1".to_string())
    );
    let all: Vec<String> = prefix.iter().chain(&cycle).cloned().collect();
    let keys = keys("no-ko", "2x1", 2, &all);
    assert_eq!(keys[prefix.len() - 1], keys[all.len() - 1]);
}

#[test]
fn superko_rules_are_finite_where_simple_ko_is_not() {
    // The smallest graphs with an endless simple-ko game: three points in a row for two
    // players, two joined points for three (see reports/finiteness.md).
    assert!(matches!(
        run("simple-ko", "path:3", 2, 10_000),
        Finiteness::Infinite { .. }
    ));
    assert!(matches!(
        run("simple-ko", "path:2", 2, 10_000),
        Finiteness::Finite { longest: 5, .. }
    ));
    assert!(matches!(
        run("simple-ko", "path:2", 3, 10_000),
        Finiteness::Infinite { .. }
    ));
    for rule in ["psk", "ssk", "nsk", "chsk", "cycle-void"] {
        let Finiteness::Finite { longest, .. } = run(rule, "path:3", 2, 100_000) else {
            panic!("{rule} on path:3")
        };
        assert_eq!(longest, 21, "{rule}");
    }
}

#[test]
fn symmetry_gives_the_same_verdicts_from_fewer_states() {
    for (rule, shape, players) in [
        ("psk", "path:3", 2),
        ("psk", "ring:3", 2),
        ("ssk", "ring:3", 2),
        ("cycle-void", "complete:3", 2),
        ("chsk", "path:3", 2),
    ] {
        let plain = run_with(
            rule,
            shape,
            players,
            Budget::states(1 << 20).with_symmetries(1),
        );
        let reduced = run_with(rule, shape, players, Budget::states(1 << 20));
        let (
            Finiteness::Finite {
                longest: a,
                states: full,
            },
            Finiteness::Finite {
                longest: b,
                states: fewer,
            },
        ) = (&plain, &reduced)
        else {
            panic!("{rule} on {shape}: {plain:?} / {reduced:?}")
        };
        assert_eq!(a, b, "{rule} on {shape}: longest game");
        assert!(fewer < full, "{rule} on {shape}: {fewer} states of {full}");
    }
}

#[test]
fn lassos_found_up_to_symmetry_are_real_cycles() {
    // On these graphs the quotient cycle closes on a mirror image of its start; unfolded, it
    // must come back to the very same state.
    for (rule, shape, players) in [
        ("simple-ko", "path:3", 2),
        ("simple-ko", "complete:3", 2),
        ("simple-ko", "complete:3", 3),
        ("no-ko", "ring:4", 2),
        ("no-ko", "2x2", 3),
    ] {
        let Finiteness::Infinite { prefix, cycle, .. } = run(rule, shape, players, 100_000) else {
            panic!("{rule} on {shape} with {players} players")
        };
        let all: Vec<String> = prefix.iter().chain(&cycle).cloned().collect();
        let keys = keys(rule, shape, players, &all);
        let start = prefix.len().checked_sub(1);
        let before = start.map_or_else(
            || {
                let mut r = (info(rule).make)();
                r.start(&setup(shape, players)).unwrap();
                r.state_key().unwrap()
            },
            |i| keys[i].clone(),
        );
        assert_eq!(before, keys[all.len() - 1], "{rule} on {shape}: {all:?}");
    }
}

#[test]
fn budget_exhaustion_is_unknown_unless_the_rules_have_a_termination_argument() {
    let Finiteness::FiniteByArgument { states, reason, .. } = run("psk", "2x2", 2, 1_000) else {
        panic!("psk has its termination argument")
    };
    // The verdict is the argument's; the row still says which budget ended the search.
    assert_eq!(
        (states, reason.as_str()),
        (1_000, "state budget of 1000 ran out")
    );
    // The same referee without its argument: the search can only say it does not know.
    let psk = info("psk");
    let bare = RefereeInfo::new("psk-bare", "psk without its argument", "test", psk.make);
    let Finiteness::Unknown { states, reason, .. } =
        search(&bare, &setup("2x2", 2), Budget::states(1_000))
    else {
        panic!("a budget that runs out gives no verdict")
    };
    assert_eq!(states, 1_000);
    assert!(reason.contains("state budget"), "{reason}");
}

#[test]
fn referees_without_a_state_key_are_unsupported_with_a_reason() {
    let Finiteness::Unsupported { reason } = run("psk@spec", "2x2", 2, 1_000) else {
        panic!("spec referees cannot be searched")
    };
    assert!(reason.contains("psk@spec"), "{reason}");
}

/// `rulediff finite --graphs connected:1..=3` through nauty's generator: four graphs, and
/// basic ko's smallest endless two-player game on three points, its lasso written as a case
/// that `rulediff run` replays. Skips (saying so) where `nauty-geng` is not installed.
#[test]
fn the_command_enumerates_graphs_with_nauty_and_writes_replayable_lassos() {
    if !common::tools(&[common::Tool::Geng]) {
        return;
    }
    let dir = common::fresh("graphs");
    let out = common::rulediff(&[
        "finite",
        "--rules",
        "simple-ko",
        "--graphs",
        "connected:1..=3",
        "--players",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let csv = std::fs::read_to_string(dir.join("finiteness.csv")).unwrap();
    let verdicts: Vec<(&str, &str)> = csv
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            (fields[1], fields[3])
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("edges:1", "FINITE"),
            ("edges:1 2 1-2", "FINITE"),
            ("edges:1 2 3 1-3 2-3", "INFINITE"),
            ("edges:1 2 3 1-2 1-3 2-3", "INFINITE"),
        ]
    );
    common::replays(&dir.join("lassos"), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// KataGo's rules with their cleanup phases: the fast referee's state key and the spec
/// twin's (computed independently from the whole history) give the same longest game on
/// 1x1 and 1x2 (`katago-japanese`: three phases of two passes on 1x1; 19 plies on 1x2).
#[test]
fn katago_fast_and_spec_keys_give_the_same_longest_games() {
    let longest = |rule: &str, shape: &str| match run(rule, shape, 2, 100_000) {
        Finiteness::Finite { longest, .. } => longest,
        other => panic!("{rule} on {shape}: {other:?}"),
    };
    for name in [
        "japanese",
        "chinese",
        "aga-button",
        "tromp-taylor",
        "stone-scoring",
    ] {
        for shape in ["1x1", "1x2"] {
            let fast = longest(&format!("katago-{name}"), shape);
            let spec = longest(&format!("katago-{name}@spec"), shape);
            assert_eq!(fast, spec, "katago-{name} on {shape}");
        }
    }
    assert_eq!(longest("katago-japanese", "1x1"), 6);
    assert_eq!(longest("katago-japanese", "1x2"), 19);
    assert_eq!(longest("katago-aga-button", "1x1"), 3);
}

/// Issue 20's "done means": `rulediff finite` itself finds the shortest endless Kee game (1×2:
/// a stone played, appealed, passed and played again) under the one combination of rule 14's
/// sentences that allows it, and the lasso it writes replays with `rulediff run` (the game is
/// still going after the cycle twice); each sentence alone ends every game there.
#[test]
fn the_command_finds_the_two_point_endless_kee_game_and_its_lasso_replays() {
    let dir = common::fresh("kee-two-point");
    let out = common::rulediff(&[
        "finite",
        "--rules",
        "kee[rescind=erase,replace=same],kee:rescind-erases,kee:replay-same",
        "--board",
        "1x2",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let csv = std::fs::read_to_string(dir.join("finiteness.csv")).unwrap();
    let verdicts: Vec<(String, String, String)> = csv::Reader::from_reader(csv.as_bytes())
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].to_string(), r[3].to_string(), r[7].to_string())
        })
        .collect();
    assert_eq!(verdicts[0].0, "kee[rescind=erase,replace=same]");
    assert_eq!(verdicts[0].1, "INFINITE");
    assert!(
        verdicts[0]
            .2
            .starts_with("after `B1`, repeat `B2 appeal pass`")
            || verdicts[0].2.contains("repeat `"),
        "{verdicts:?}"
    );
    for (rule, verdict, _) in &verdicts[1..] {
        assert_eq!(verdict, "FINITE", "{rule}");
    }
    common::replays(&dir.join("lassos"), 1);
    let lasso =
        std::fs::read_to_string(dir.join("lassos/kee[rescind=erase,replace=same]-1x2-2p.toml"))
            .unwrap();
    assert!(lasso.contains("ongoing = true"), "{lasso}");
    let _ = std::fs::remove_dir_all(&dir);
}
