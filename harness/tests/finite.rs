//! Exhaustive finiteness search on tiny graphs: results worked out by hand (1x1, the
//! two-point capture cycle), and pinned ones on path:3 (every superko-like rule gives the same
//! longest game there, since no play on three points can tell them apart).

use rulediff::check::finite::{search, Finiteness};
use rulediff::go::graph::Graph;
use rulediff::go::{Go, GoSetup};
use rulediff::referee::{Referee, Refereed};

fn run(rule: &str, shape: &str, players: usize, budget: usize) -> Finiteness {
    let registry = Go::registry();
    let info = registry.iter().find(|r| r.id == rule).expect("registered");
    search(
        info,
        &GoSetup::empty(Graph::parse_shape(shape).unwrap(), players),
        budget,
    )
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
    // The lasso really is a game that returns to the same board with the same player to move.
    let registry = Go::registry();
    let setup = GoSetup::empty(Graph::grid(2, 1, false).unwrap(), 2);
    let mut referee = (registry.iter().find(|r| r.id == "no-ko").unwrap().make)();
    referee.start(&setup).unwrap();
    let play = |r: &mut Box<dyn Referee<Go>>, text: &str| {
        let p = <Go as rulediff::family::Family>::parse_play(&setup, text).unwrap();
        assert!(r.play(&p).unwrap().is_legal());
    };
    play(&mut referee, "A1");
    let before = referee.state_key();
    play(&mut referee, "B1");
    play(&mut referee, "A1");
    assert_eq!(referee.state_key(), before);
}

#[test]
fn superko_rules_are_finite_where_simple_ko_is_not() {
    assert!(matches!(
        run("simple-ko", "2x2", 2, 10_000),
        Finiteness::Infinite { .. }
    ));
    assert!(matches!(
        run("simple-ko", "path:3", 3, 10_000),
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
fn budget_exhaustion_is_unknown_not_a_verdict() {
    assert!(matches!(
        run("psk", "2x2", 2, 1_000),
        Finiteness::Unknown { states: 1_000, .. }
    ));
}
