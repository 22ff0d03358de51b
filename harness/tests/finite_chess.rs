//! The finiteness search on chess, through the same traits as Go: hand-worked results on a
//! position with one move per turn, fast and spec twins searching the same state graph, the
//! file mirror changing nothing, the German rule's growing memory, and the command's lassos
//! replaying as cases.

use rulediff::check::{search_finite as search, Budget, Finiteness};
use rulediff::chess::{Chess, ChessSetup};
use rulediff::{RefereeInfo, Refereed};

mod common;

/// Each king has two squares and nothing else moves: White h1–g1, Black a8–b8, so every
/// game is the same four-ply cycle and the start comes back at plies 4, 8, 12, 16.
const ONE_MOVE: &str = "k1b5/1p1p4/1P1P4/8/8/4p1p1/4P1P1/5B1K w - - 0 1";
/// The white king walks e1–h1 instead (its bishop moved to d1, its pawns to c2, e2, g2).
const WALK_AND_SWING: &str = "k1b5/1p1p4/1P1P4/8/8/2p1p1p1/2P1P1P1/3B3K w - - 0 1";
/// Both kings walk four squares: a8–d8 and e1–h1.
const TWO_WALKS: &str = "k3b3/1p1p1p2/1P1P1P2/8/8/2p1p1p1/2P1P1P1/3B3K w - - 0 1";

fn info(rule: &str) -> RefereeInfo<Chess> {
    Chess::registry()
        .into_iter()
        .find(|r| r.id == rule)
        .expect("registered")
}

fn run(rule: &str, fen: &str, budget: Budget) -> Finiteness {
    search(&info(rule), &ChessSetup::from_fen(fen).unwrap(), budget)
}

fn longest(result: &Finiteness) -> usize {
    match result {
        Finiteness::Finite { longest, .. } => *longest,
        other => panic!("expected FINITE, got {other:?}"),
    }
}

#[test]
fn one_move_per_turn_ends_where_each_rule_says() {
    // FIDE: Black claims at ply 7, declaring the move that makes the start appear a third
    // time; servers end it at that third time (ply 8); the German rule when the four-ply
    // cycle has been played three times (ply 12); with no claims, the fifth time (ply 16).
    for (rule, plies) in [
        ("fide", 7),
        ("threefold-automatic", 8),
        ("german", 12),
        ("german+rights", 12),
        ("fide-no-claim", 16),
    ] {
        let result = run(rule, ONE_MOVE, Budget::states(10_000));
        assert_eq!(longest(&result), plies, "{rule}");
    }
}

#[test]
fn with_no_repetition_rule_the_cycle_is_endless_from_the_start() {
    let Finiteness::Infinite { prefix, cycle, .. } =
        run("no-repetition", ONE_MOVE, Budget::states(100))
    else {
        panic!("nothing ends the shuffle")
    };
    assert!(prefix.is_empty(), "{prefix:?}");
    assert_eq!(cycle.join(" "), "h1g1 a8b8 g1h1 b8a8");
}

#[test]
fn fast_and_spec_twins_search_the_same_states() {
    for fen in [WALK_AND_SWING, TWO_WALKS] {
        for rule in ["fide", "fide-no-claim", "threefold-automatic", "german"] {
            let budget = Budget::states(200_000);
            let budget = Budget {
                max_depth: Some(60),
                ..budget
            };
            let fast = run(rule, fen, budget);
            let spec = run(&format!("{rule}@spec"), fen, budget);
            assert_eq!(fast, spec, "{rule} from {fen}");
        }
    }
}

#[test]
fn the_file_mirror_changes_no_verdict() {
    for rule in ["fide", "threefold-automatic", "no-repetition"] {
        let plain = run(rule, TWO_WALKS, Budget::states(100_000).with_symmetries(1));
        let mirrored = run(rule, TWO_WALKS, Budget::states(100_000).with_symmetries(2));
        assert_eq!(plain, mirrored, "{rule}");
    }
}

#[test]
fn longer_walks_give_longer_games_and_the_clock_never_runs_out() {
    // Kings on four squares each: the parity of (files walked + plies) halves the 32
    // positions to 16, each allowed four times without a claim, so no game reaches the
    // 75-move rule's 150 plies.
    let games: Vec<usize> = ["fide", "threefold-automatic", "fide-no-claim"]
        .iter()
        .map(|rule| longest(&run(rule, TWO_WALKS, Budget::states(1_000_000))))
        .collect();
    assert!(games.windows(2).all(|w| w[0] < w[1]), "{games:?}");
    assert!(games[2] <= 64, "{games:?}");
}

#[test]
fn the_german_rule_is_left_open_with_a_reason_once_its_games_outgrow_the_budget() {
    let budget = Budget {
        max_depth: Some(300),
        ..Budget::states(1_000_000)
    };
    let Finiteness::Unknown {
        depth,
        reason,
        line,
        ..
    } = run("german", WALK_AND_SWING, budget)
    else {
        panic!("the king's walk and the other king's swing never make a threefold sequence")
    };
    assert_eq!(depth, 300);
    assert!(reason.contains("depth budget of 300"), "{reason}");
    assert_eq!(line.len(), 300);
    assert!(reason.contains("Euwe"), "{reason}");
}

#[test]
fn python_chess_cannot_be_searched_and_says_so() {
    let result = run("python-chess", ONE_MOVE, Budget::states(10));
    let Finiteness::Unsupported { reason } = result else {
        panic!("an external program cannot be copied: {result:?}")
    };
    assert!(reason.contains("python-chess"), "{reason}");
}

#[test]
fn the_command_searches_chess_starts_and_writes_replayable_games() {
    let dir = common::fresh("chess");
    let out = common::rulediff(&[
        "finite",
        "--family",
        "chess",
        "--rules",
        "fide,no-repetition,german",
        "--start",
        ONE_MOVE,
        "--start",
        WALK_AND_SWING,
        "--max-depth",
        "200",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let table = common::text(&out.stdout);
    assert!(table.contains("| ruleset | start |"), "{table}");
    assert!(table.contains("longest game 7 plies"), "{table}");
    let csv = std::fs::read_to_string(dir.join("finiteness.csv")).unwrap();
    let verdicts: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(3).unwrap())
        .collect();
    assert_eq!(
        verdicts,
        ["FINITE", "FINITE", "INFINITE", "INFINITE", "FINITE", "UNKNOWN"]
    );
    common::replays(&dir.join("lassos"), 2);
    // The German rule's game on the search path when 200 plies were reached, still going.
    common::replays(&dir.join("deep"), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_names_a_bad_start_and_options_of_the_other_family() {
    let bad = common::rulediff(&[
        "finite", "--family", "chess", "--rules", "fide", "--start", "8/8/8 w",
    ]);
    assert!(!bad.status.success());
    assert!(
        common::text(&bad.stderr).contains("--start 8/8/8 w"),
        "{}",
        common::text(&bad.stderr)
    );
    let board = common::rulediff(&[
        "finite", "--family", "chess", "--rules", "fide", "--board", "2x2", "--start", ONE_MOVE,
    ]);
    assert!(!board.status.success());
    assert!(common::text(&board.stderr).contains("are for Go"));
    let start = common::rulediff(&["finite", "--rules", "psk", "--start", ONE_MOVE]);
    assert!(!start.status.success());
    assert!(common::text(&start.stderr).contains("--start is for chess"));
}
