//! KataGo's own rules tests (`cpp/tests/testrules.cpp`, lightvector/KataGo commit
//! 6a1fc5de9f) whose rules are no named KataGo ruleset — Spight ko, simple ko with the
//! button, area scoring with the seki tax, positional and situational ko under territory
//! scoring (with multi-stone suicide in "Two step ko in encore") — or that check what a case
//! file cannot state (the board after a pass for ko, every illegal point, the phase) —
//! replayed through the fast KataGo referee and its spec twin with the test's own parameters. (The tests whose rules are a named ruleset are
//! corpus cases in `corpus/go/katago/`.) Coordinates are KataGo's `(x, y)`, `y = 0` the top
//! row, as the test writes them.

use rulediff::go::HandicapBonus;
use rulediff::go::KataGoReferee;
use rulediff::go::KataGoSpec;
use rulediff::go::Scoring;
use rulediff::go::Vertex;
use rulediff::go::{Colour, EMPTY};
use rulediff::go::{GoPlay, GoSetup};
use rulediff::go::{KataGoParams as Params, KoRule, Tax};
use rulediff::Graph;
use rulediff::{HalfPoints, Referee, Status, Verdict};

/// A turn of a test: a play, or a check of what the next play would be ruled.
enum Step {
    Play(Option<(usize, usize)>),
    /// The play at (x, y) by the player to move is illegal by this rule.
    Illegal((usize, usize), &'static str),
    /// The game is still on.
    Ongoing,
    /// The empty points where the player to move may not play, suicide aside: exactly these
    /// (the test's `printIllegalMoves`).
    IllegalSet(&'static [(usize, usize)]),
    /// The board, rows top first as the test prints it (checked on the fast referee, which
    /// shows its board; the spec twin must agree on every verdict and the status).
    Board(&'static [&'static str]),
    /// The phase: 0 main, 1 and 2 the cleanup phases (fast referee).
    Phase(u8),
    /// The play at (x, y) by the player to move is legal (the test's `isLegal`).
    Legal((usize, usize)),
    /// The play at (x, y) by the player to move is illegal, by whatever rule.
    NotLegal((usize, usize)),
}

use Step::{Board, Illegal, IllegalSet, Legal, NotLegal, Ongoing, Phase, Play};

const PASS: Step = Play(None);

fn at(x: usize, y: usize) -> Step {
    Play(Some((x, y)))
}

fn setup(rows: &[&str]) -> GoSetup {
    let (w, h) = (rows[0].len(), rows.len());
    let mut setup = GoSetup::empty(Graph::grid(w, h, false).unwrap(), 2);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.bytes().enumerate() {
            let colour: Colour = match ch {
                b'x' => 1,
                b'o' => 2,
                _ => EMPTY,
            };
            setup.stones[(h - 1 - y) * w + x] = colour;
        }
    }
    setup
}

fn vertex(setup: &GoSetup, (x, y): (usize, usize)) -> GoPlay {
    let w = setup.graph.grid_shape().unwrap().width;
    let h = setup.graph.len() / w;
    GoPlay::Stone(((h - 1 - y) * w + x) as Vertex)
}

/// Replays `steps` through the fast referee and the spec twin; returns the final status.
fn replay(rows: &[&str], params: Params, steps: &[Step]) -> Status {
    replay_from(rows, 0, params, steps)
}

/// As [`replay`], with seat `to_move` (0 Black, 1 White) to play first.
fn replay_from(rows: &[&str], to_move: usize, params: Params, steps: &[Step]) -> Status {
    let mut setup = setup(rows);
    setup.to_move = to_move;
    let mut fast = KataGoReferee::new("fast", params);
    let fast_status = run_steps(&mut fast, &setup, steps, |r, step, i| match step {
        Board(expected) => assert_eq!(
            board_rows(&setup, r.cells().unwrap()),
            *expected,
            "step {i}"
        ),
        Phase(phase) => assert_eq!(r.phase(), Some(*phase), "step {i}"),
        _ => {}
    });
    let mut spec = KataGoSpec::new("spec", params);
    let spec_status = run_steps(&mut spec, &setup, steps, |_, _, _| {});
    assert_eq!(fast_status, spec_status, "fast and spec end alike");
    fast_status
}

fn run_steps<R: Referee<rulediff::go::Go>>(
    r: &mut R,
    setup: &GoSetup,
    steps: &[Step],
    inspect: impl Fn(&R, &Step, usize),
) -> Status {
    r.start(setup).unwrap();
    for (i, step) in steps.iter().enumerate() {
        match step {
            Play(p) => {
                let play = p.map_or(GoPlay::Pass, |xy| vertex(setup, xy));
                assert_eq!(
                    r.play(&play).unwrap(),
                    Verdict::Legal,
                    "{} step {i}",
                    r.id()
                );
            }
            Illegal(xy, rule) => {
                let verdict = r.judge(&vertex(setup, *xy)).unwrap();
                assert_eq!(verdict, Verdict::illegal(*rule), "{} step {i}", r.id());
            }
            Ongoing => assert_eq!(r.status().unwrap(), Status::Ongoing, "{} step {i}", r.id()),
            IllegalSet(expected) => {
                let mut expected: Vec<GoPlay> =
                    expected.iter().map(|&xy| vertex(setup, xy)).collect();
                expected.sort_by_key(|p| format!("{p:?}"));
                assert_eq!(illegal_set(r, setup), expected, "{} step {i}", r.id());
            }
            Legal(xy) => {
                let verdict = r.judge(&vertex(setup, *xy)).unwrap();
                assert_eq!(verdict, Verdict::Legal, "{} step {i}", r.id());
            }
            NotLegal(xy) => {
                let verdict = r.judge(&vertex(setup, *xy)).unwrap();
                assert!(!verdict.is_legal(), "{} step {i}", r.id());
            }
            Board(_) | Phase(_) => inspect(r, step, i),
        }
    }
    r.status().unwrap()
}

/// The empty points the player to move may not play, suicide aside.
fn illegal_set<R: Referee<rulediff::go::Go>>(r: &mut R, setup: &GoSetup) -> Vec<GoPlay> {
    let mut illegal: Vec<GoPlay> = setup
        .graph
        .vertices()
        .map(GoPlay::Stone)
        .filter(|play| match r.judge(play).unwrap() {
            Verdict::Legal => false,
            Verdict::Illegal { rule } => rule != "occupied" && !rule.starts_with("suicide"),
        })
        .collect();
    illegal.sort_by_key(|p| format!("{p:?}"));
    illegal
}

/// The board as the test prints it: rows top first, `x` Black, `o` White.
fn board_rows(setup: &GoSetup, cells: &[Colour]) -> Vec<String> {
    let w = setup.graph.grid_shape().unwrap().width;
    let h = cells.len() / w;
    (0..h)
        .map(|y| {
            cells[(h - 1 - y) * w..][..w]
                .iter()
                .map(|&c| match c {
                    1 => 'x',
                    2 => 'o',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

fn params(ko: KoRule, scoring: Scoring, tax: Tax, button: bool, komi: i64) -> Params {
    Params {
        ko,
        scoring,
        tax,
        suicide: false,
        button,
        handicap: HandicapBonus::None,
        friendly_pass_ok: false,
        komi: HalfPoints(komi),
    }
}

fn result(status: &Status) -> String {
    match status {
        Status::Over { outcome } => outcome.summary(),
        Status::Ongoing => "ongoing".into(),
    }
}

/// "Spight ko rules": passes lift the superko bans, two passes do not end the main phase,
/// Black's second pass from the same position does. W-B -2.5.
#[test]
fn spight_ko_rules() {
    let rows = [".o.xxo", "oxxxo.", "o.x.oo", "xxxoo.", "oooo.o"];
    let p = params(KoRule::Spight, Scoring::Territory, Tax::Seki, false, 1);
    let steps = [
        at(5, 1),
        Illegal((5, 0), "ko"),
        PASS,
        at(3, 2),
        at(2, 0),
        at(0, 0),
        Illegal((1, 0), "superko-spight"),
        at(5, 0),
        Illegal((5, 1), "ko"),
        PASS,
        at(1, 0),
        PASS,
        at(2, 0),
        at(0, 0),
        Illegal((1, 0), "superko-spight"),
        PASS,
        Ongoing,
        // Black's second pass from this position ends the main phase.
        PASS,
        Ongoing,
        PASS,
        PASS,
        PASS,
        PASS,
    ];
    assert_eq!(result(&replay(&rows, p, &steps)), "B+2.5");
    // "If black were to pass as well??": two passes do not end the main phase.
    let two = [at(5, 1), PASS, PASS, Ongoing];
    assert_eq!(result(&replay(&rows, p, &two)), "ongoing");
}

/// "Sending two returning one initial pass WITHOUT button, simple": White's second pass from
/// the same state ends the game; under the seki tax W-B -11.
#[test]
fn sending_two_simple_seki_tax() {
    let rows = [".....", "..xxx", "xx.oo", "xooo.", "xo.ox", "xoxx."];
    let p = params(KoRule::Simple, Scoring::Area, Tax::Seki, false, 0);
    let steps = [at(2, 2), PASS, at(4, 3), at(4, 5), at(4, 4), Ongoing, PASS];
    assert_eq!(result(&replay(&rows, p, &steps)), "B+11");
}

/// "Sending two returning one initial pass WITH button, simple": the button pass is no pass
/// from a state, so the cycle must come round once more; W-B -10 (komi 0.5, White took the
/// button).
#[test]
fn sending_two_simple_button() {
    let rows = [".....", "..xxx", "xx.oo", "xooo.", "xo.ox", "xoxx."];
    let p = params(KoRule::Simple, Scoring::Area, Tax::Seki, true, 1);
    let cycle = [at(4, 3), at(4, 5), at(4, 4)];
    let mut steps = vec![at(2, 2), PASS];
    for _ in 0..2 {
        steps.extend(cycle.iter().map(|s| match s {
            Play(p) => Play(*p),
            _ => unreachable!(),
        }));
        steps.push(Ongoing);
        steps.push(PASS);
    }
    assert_eq!(result(&replay(&rows, p, &steps)), "B+10");
}

/// "Area scoring with button", second rules: the button goes to Black, who passed first;
/// KataGo's final W-B is -3 (komi 2.5).
#[test]
fn area_scoring_with_button() {
    let rows = [
        "..x.xo.", "..xxoo.", "...xo..", "..xxo..", "..x.o..", "..xxo..", "...xo..",
    ];
    let p = params(KoRule::Simple, Scoring::Area, Tax::None, true, 5);
    let steps = [
        at(3, 4),
        at(3, 0),
        at(1, 2),
        at(4, 0),
        PASS,
        at(6, 2),
        PASS,
        PASS,
    ];
    assert_eq!(result(&replay(&rows, p, &steps)), "B+3");
}

/// White's points minus Black's, in half points, of a counted game.
fn white_minus_black(status: &Status) -> i64 {
    match status {
        Status::Over {
            outcome: rulediff::Outcome::Score { points, .. },
        } => points[1].1 .0 - points[0].1 .0,
        other => panic!("not counted: {other:?}"),
    }
}

/// KataGo's `finalScoreIfGameEndedNow` after each prefix of `moves` (the test passes until
/// the game ends): for each prefix, both referees' W-B in half points.
fn scores_if_ended_now(
    rows: &[&str],
    params: Params,
    first: usize,
    moves: &[Option<(usize, usize)>],
) -> Vec<i64> {
    let mut setup = setup(rows);
    setup.to_move = first;
    (0..=moves.len())
        .map(|n| {
            let mut both = Vec::new();
            let referees: Vec<Box<dyn Referee<rulediff::go::Go>>> = vec![
                Box::new(KataGoReferee::new("fast", params)),
                Box::new(KataGoSpec::new("spec", params)),
            ];
            for mut r in referees {
                r.start(&setup).unwrap();
                for m in &moves[..n] {
                    let play = m.map_or(GoPlay::Pass, |xy| vertex(&setup, xy));
                    assert_eq!(
                        r.play(&play).unwrap(),
                        Verdict::Legal,
                        "{} {play:?}",
                        r.id()
                    );
                }
                for _ in 0..8 {
                    if r.status().unwrap().is_over() {
                        break;
                    }
                    r.play(&GoPlay::Pass).unwrap();
                }
                both.push(white_minus_black(&r.status().unwrap()));
            }
            assert_eq!(
                both[0], both[1],
                "fast and spec count alike after {n} moves"
            );
            both[0]
        })
        .collect()
}

fn half(points: &[f64]) -> Vec<i64> {
    points.iter().map(|p| (p * 2.0) as i64).collect()
}

const TAXES: [Tax; 3] = [Tax::None, Tax::Seki, Tax::All];

/// "Territory scoring in the main phase", "… in encore 1", "… in encore 2": the same moves
/// with two passes (one cleanup phase) or four (two) before White's F3; under each tax.
/// Moves in the second cleanup phase are not charged, and stones changed in it do not count.
#[test]
fn territory_scoring_in_each_phase() {
    let rows = [
        "ox.ooo.", "oxxxxxx", "ooooooo", ".xoxx..", "ooox...", "x.oxxxx", ".xox...",
    ];
    let s = |x, y| Some((x, y));
    let early = [s(5, 3), s(6, 3), s(6, 4)];
    let late = [s(5, 4), s(4, 4), s(0, 3), s(6, 6)];
    let expected_main = [
        [-3.5, -3.5, -3.5, -5.5, -6.5, -5.5, -3.5, -2.5],
        [0.5, 0.5, 0.5, -4.5, -5.5, -4.5, -3.5, -2.5],
        [0.5, 0.5, 0.5, -2.5, -3.5, -2.5, -1.5, -0.5],
    ];
    let expected_encore2 = [
        [-3.5, -3.5, -3.5, -5.5, -5.5, -5.5, -3.5, -3.5],
        [0.5, 0.5, 0.5, -4.5, -4.5, -4.5, -3.5, -3.5],
        [0.5, 0.5, 0.5, -2.5, -2.5, -2.5, -1.5, -1.5],
    ];
    for (t, tax) in TAXES.into_iter().enumerate() {
        let p = params(KoRule::Positional, Scoring::Territory, tax, false, 1);
        for passes in [0, 2, 4] {
            let mut moves: Vec<_> = early.to_vec();
            moves.extend(std::iter::repeat_n(None, passes));
            moves.extend(late);
            let all = scores_if_ended_now(&rows, p, 0, &moves);
            // The scores after each move the test prints (not after the passes).
            let printed: Vec<i64> = (0..=moves.len())
                .filter(|&n| n <= 3 || n > 3 + passes)
                .map(|n| all[n])
                .collect();
            let expected = if passes == 4 {
                expected_encore2[t]
            } else {
                expected_main[t]
            };
            assert_eq!(printed, half(&expected), "{tax:?}, {passes} passes");
        }
    }
}

/// "Fill seki liberties in main phase": White moves first, komi -0.5; filling a seki's
/// liberties changes the count only as the tax says.
#[test]
fn fill_seki_liberties_in_main_phase() {
    let rows = [
        "...oxx.", "oooox.x", "xxxxoxx", "o.xoooo", ".oxox.o", "oxxo.x.", "o.xoo.x",
    ];
    let moves = [(6, 5), (5, 6), (0, 4), (6, 0), (1, 0), (4, 5), (5, 4)].map(Some);
    let expected = [
        [1.5, 1.5, 1.5, 0.5, 1.5, 0.5, 0.5, 10.5],
        [0.5, 0.5, 0.5, 0.5, 2.5, 1.5, 1.5, 11.5],
        [0.5, 0.5, 0.5, 0.5, 0.5, -0.5, -0.5, 7.5],
    ];
    for (t, tax) in TAXES.into_iter().enumerate() {
        let p = params(KoRule::Positional, Scoring::Territory, tax, false, -1);
        let got = scores_if_ended_now(&rows, p, 1, &moves);
        assert_eq!(got, half(&expected[t]), "{tax:?}");
    }
}

/// "GroupTaxSekiScoring": a position with sekis passed out under each scoring and tax.
#[test]
fn group_tax_seki_scoring() {
    let rows = [
        ".x.xo.o.x",
        "...xooox.",
        ".xxxxxxoo",
        "xoooooxo.",
        "xo.o.oxoo",
        "xoooooxxx",
        "xxxo...oo",
        ".xxxoooo.",
        ".x.xo.o.o",
    ];
    let expected = [
        (Scoring::Area, [4.5, 6.5, 6.5]),
        (Scoring::Territory, [-1.5, 0.5, 0.5]),
    ];
    for (scoring, scores) in expected {
        for (tax, score) in TAXES.into_iter().zip(scores) {
            let p = params(KoRule::Positional, scoring, tax, false, 1);
            let got = scores_if_ended_now(&rows, p, 0, &[]);
            assert_eq!(got, half(&[score]), "{scoring:?} {tax:?}");
        }
    }
}

/// "Area scoring with button": the score if the game ended after each move, without and
/// with the button (komi 2.5). With the button, a game ended before any pass gives it to
/// the player to move.
#[test]
fn area_scoring_with_button_after_each_move() {
    let rows = [
        "..x.xo.", "..xxoo.", "...xo..", "..xxo..", "..x.o..", "..xxo..", "...xo..",
    ];
    let moves = [
        Some((3, 4)),
        Some((3, 0)),
        Some((1, 2)),
        Some((4, 0)),
        None,
        Some((6, 2)),
        None,
        None,
    ];
    let expected = [
        (
            false,
            [-5.5, -6.5, -2.5, -2.5, -2.5, -2.5, -2.5, -2.5, -2.5],
        ),
        (true, [-6.0, -6.0, -3.0, -2.0, -3.0, -3.0, -3.0, -3.0, -3.0]),
    ];
    for (button, scores) in expected {
        let p = params(KoRule::Simple, Scoring::Area, Tax::None, button, 5);
        let got = scores_if_ended_now(&rows, p, 0, &moves[..moves.len() - 1]);
        assert_eq!(got, half(&scores[..8]), "button {button}");
    }
}

/// "Suicide ko testing" under Spight ko (area, multi-stone suicide): every pass lifts the
/// bans, so White's A4 after "a little looping" and "filling in a bit more" is legal (the
/// test prints nothing for Spight there, where both other superkos ban it). The test then
/// makes four more moves with `makeBoardMoveAssumeLegal`, "illegal under non-spight
/// superkos"; the fourth, White's B5, recreates the board of Black's last pass, and the
/// source keeps that board in the ko history (cleared at the pass, then the position after
/// it pushed), so it bans B5 under Spight too: the test asserts nothing about it.
#[test]
fn suicide_ko_under_spight() {
    let rows = [".oxo.x", "oxxooo", "xx....", "......", "......"];
    let p = Params {
        suicide: true,
        ..params(KoRule::Spight, Scoring::Area, Tax::None, false, 1)
    };
    let steps = [
        at(4, 0),
        PASS,
        at(4, 0),
        at(0, 0),
        at(5, 0),
        at(1, 0),
        PASS,
        at(0, 0),
        at(4, 0),
        at(0, 1),
        at(5, 0),
        Illegal((1, 0), "superko-spight"),
        Ongoing,
    ];
    replay(&rows, p, &steps);
}

/// The board of "Simple ko rules", "Positional ko rules" and "Situational ko rules": a basic
/// ko at F4/F5 and a sending-two-returning-one at A5–C5.
const KO_RULES_BOARD: [&str; 5] = [".o.xxo", "oxxxo.", "o.x.oo", "xx.oo.", "oooo.o"];

/// "Positional ko rules" (territory scoring, seki tax, komi 0.5): White may not return one
/// at B5 while the position would repeat, nor Black retake A5 or F4 when White sends two again.
#[test]
fn positional_ko_rules() {
    let p = params(KoRule::Positional, Scoring::Territory, Tax::Seki, false, 1);
    // "On tmp board and hist, verify that the main phase ends if black passes now".
    let ends = [at(5, 1), PASS, PASS, Phase(1), Ongoing];
    replay(&KO_RULES_BOARD, p, &ends);
    let steps = [
        at(5, 1),
        IllegalSet(&[(5, 0)]),
        PASS,
        IllegalSet(&[]),
        at(3, 2),
        at(2, 0),
        IllegalSet(&[]),
        at(0, 0),
        // "Can white recapture?"
        IllegalSet(&[(1, 0)]),
        Illegal((1, 0), "superko-positional"),
        at(5, 0),
        IllegalSet(&[(5, 1)]),
        PASS,
        IllegalSet(&[]),
        at(1, 0),
        IllegalSet(&[(5, 1)]),
        PASS,
        IllegalSet(&[]),
        at(2, 0),
        IllegalSet(&[(0, 0), (5, 1)]),
        Phase(0),
        Ongoing,
    ];
    replay(&KO_RULES_BOARD, p, &steps);
}

/// "Situational ko rules": as positional, but White may return one at once (the position
/// recurs with the other player to move), and after White sends two again Black's F4 is legal.
#[test]
fn situational_ko_rules() {
    let p = params(KoRule::Situational, Scoring::Territory, Tax::Seki, false, 1);
    let ends = [at(5, 1), PASS, PASS, Phase(1), Ongoing];
    replay(&KO_RULES_BOARD, p, &ends);
    let steps = [
        at(5, 1),
        IllegalSet(&[(5, 0)]),
        PASS,
        IllegalSet(&[]),
        at(3, 2),
        at(2, 0),
        IllegalSet(&[]),
        at(0, 0),
        IllegalSet(&[]),
        at(5, 0),
        IllegalSet(&[(5, 1)]),
        PASS,
        IllegalSet(&[]),
        at(1, 0),
        IllegalSet(&[(5, 1)]),
        PASS,
        IllegalSet(&[]),
        at(2, 0),
        IllegalSet(&[(0, 0)]),
        Illegal((0, 0), "superko-situational"),
        Phase(0),
        Ongoing,
    ];
    replay(&KO_RULES_BOARD, p, &steps);
}

/// "Triple ko encore" (positional, territory, seki tax): in the first cleanup phase Black
/// takes two kos, White takes one; White's D4 is the pass for ko at a blocked recapture, so
/// Black's B5 then captures White's whole top row ("Should be a complete capture").
#[test]
fn triple_ko_encore() {
    let rows = [
        "ooooooo", "oxo.o.o", "x.xoxox", "xxxxxxx", "ooooooo", ".......",
    ];
    let p = params(KoRule::Positional, Scoring::Territory, Tax::Seki, false, 1);
    let steps = [
        PASS,
        PASS,
        Phase(1),
        at(3, 1),
        at(1, 2),
        at(5, 1),
        // Pass for ko: the board does not change.
        at(3, 2),
        Board(&[
            "ooooooo", "o.oxoxo", "xox.x.x", "xxxxxxx", "ooooooo", ".......",
        ]),
        at(1, 1),
        Board(&[
            ".......", ".x.x.x.", "x.x.x.x", "xxxxxxx", "ooooooo", ".......",
        ]),
        Ongoing,
    ];
    replay(&rows, p, &steps);
}

/// "Two step ko in encore" (situational, territory, seki tax, multi-stone suicide, White
/// first): two ko captures in a row, passes for ko on each blocked recapture, and at the end
/// White's A4 is illegal (`Illegal: (0,1) O`).
#[test]
fn two_step_ko_in_encore() {
    let rows = ["x.x....", ".xx....", "xox....", "ooo....", "......."];
    let mut p = params(KoRule::Situational, Scoring::Territory, Tax::Seki, false, 1);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        Phase(1),
        at(0, 1),
        IllegalSet(&[]),
        PASS,
        at(1, 0),
        IllegalSet(&[]),
        // Black's pass for ko.
        at(0, 0),
        IllegalSet(&[]),
        Board(&[".ox....", "oxx....", ".ox....", "ooo....", "......."]),
        PASS,
        IllegalSet(&[]),
        at(0, 0),
        IllegalSet(&[]),
        Board(&["x.x....", "oxx....", ".ox....", "ooo....", "......."]),
        PASS,
        // Black's second pass for ko.
        at(0, 2),
        IllegalSet(&[]),
        Board(&["x.x....", "oxx....", ".ox....", "ooo....", "......."]),
        PASS,
        at(0, 2),
        IllegalSet(&[]),
        Board(&["x.x....", ".xx....", "xox....", "ooo....", "......."]),
        // White's pass for ko, then Black passes: White may not now play A4.
        at(0, 1),
        PASS,
        IllegalSet(&[(0, 1)]),
        Board(&["x.x....", ".xx....", "xox....", "ooo....", "......."]),
        Phase(1),
        Ongoing,
    ];
    replay_from(&rows, 1, p, &steps);
}

/// "PreventEncore", its first game (positional, territory, no tax, komi 0.5): two passes end
/// the main phase, two more the first cleanup phase, and the sixth pass ends the game, W+0.5
/// (one point of territory each). The test's second game sets `preventEncore`, an option of
/// KataGo's self-play search that keeps the game in the main phase; it is not a rule (the
/// rules page has no such parameter), so no preset has it and it is not transcribed.
#[test]
fn prevent_encore_first_game() {
    let rows = [".x.", "xxo", ".o."];
    let p = params(KoRule::Positional, Scoring::Territory, Tax::None, false, 1);
    let steps = [
        PASS,
        PASS,
        Phase(1),
        PASS,
        Phase(1),
        PASS,
        Phase(2),
        PASS,
        Phase(2),
        Ongoing,
        PASS,
    ];
    assert_eq!(result(&replay(&rows, p, &steps)), "W+0.5");
}

/// The seki of `corpus/go/scoring/seki-area-or-territory.toml` under every scoring and tax,
/// the two combinations no named ruleset has included: by area the eyes count only without
/// tax (B+1.5 either way, one point each), by territory only without tax (W+0.5 either way).
/// Not a KataGo test; the values are worked out in the case's comment.
#[test]
fn seki_under_every_scoring_and_tax() {
    let rows = [".xx.o.", "xxx.oo"];
    for tax in [Tax::None, Tax::Seki, Tax::All] {
        let area = params(KoRule::Simple, Scoring::Area, tax, false, 1);
        assert_eq!(result(&replay(&rows, area, &[PASS, PASS])), "B+1.5");
        let territory = params(KoRule::Simple, Scoring::Territory, tax, false, 1);
        let six = [PASS, PASS, PASS, PASS, PASS, PASS];
        assert_eq!(result(&replay(&rows, territory, &six)), "W+0.5");
    }
}

/// The board of the "Double ko death" tests 1a–1c: two kos, at G9/H9 and J6/J7, in the
/// top-right corner of a 9×9 board; situational ko, territory, no tax, komi 6.5, White first,
/// three passes into the first cleanup phase.
const DOUBLE_KO: [&str; 9] = [
    "....xox.x",
    "....xooxx",
    "..x.xxoxo",
    "....oxoo.",
    "...ooxxoo",
    ".xxxx.xo.",
    "xxoooxxoo",
    "oooxooxxx",
    ".....oooo",
];

/// After Black's J6 and White's H9, each ko capture blocked for the recapture.
const DOUBLE_KO_TAKEN: [&str; 9] = [
    "....xo.ox",
    "....xooxx",
    "..x.xxox.",
    "....oxoox",
    "...ooxxoo",
    ".xxxx.xo.",
    "xxoooxxoo",
    "oooxooxxx",
    ".....oooo",
];

fn double_ko_params() -> Params {
    params(
        KoRule::Situational,
        Scoring::Territory,
        Tax::None,
        false,
        13,
    )
}

/// "Double ko death 1a": both kos taken in the cleanup phase, then each side's play at its
/// blocked recapture is a pass for ko: the board stays as it is and the game goes on.
#[test]
fn double_ko_death_1a() {
    let steps = [
        PASS,
        PASS,
        PASS,
        Phase(1),
        at(8, 3),
        at(7, 0),
        Board(&DOUBLE_KO_TAKEN),
        at(7, 0),
        Board(&DOUBLE_KO_TAKEN),
        at(8, 3),
        Board(&DOUBLE_KO_TAKEN),
        Phase(1),
        Ongoing,
    ];
    replay_from(&DOUBLE_KO, 1, double_ko_params(), &steps);
}

/// "Double ko death 1b": after Black's pass for ko at H9, White's J7 is no ko recapture but
/// captures Black's five stones J9 H8 J8 H7 J6, blocks or not.
#[test]
fn double_ko_death_1b() {
    let steps = [
        PASS,
        PASS,
        PASS,
        at(8, 3),
        at(7, 0),
        Board(&DOUBLE_KO_TAKEN),
        at(7, 0),
        Board(&DOUBLE_KO_TAKEN),
        at(8, 2),
        Board(&[
            "....xo.o.",
            "....xoo..",
            "..x.xxo.o",
            "....oxoo.",
            "...ooxxoo",
            ".xxxx.xo.",
            "xxoooxxoo",
            "oooxooxxx",
            ".....oooo",
        ]),
        Phase(1),
        Ongoing,
    ];
    replay_from(&DOUBLE_KO, 1, double_ko_params(), &steps);
}

/// "Double ko death 1c": both passes for ko, then Black retakes at G9 and White at J7 (the
/// starting board again); Black's J6 is then a pass for ko, and after White's pass Black may
/// not play J6 (`Illegal: (8,3) X`).
#[test]
fn double_ko_death_1c() {
    let steps = [
        PASS,
        PASS,
        PASS,
        at(8, 3),
        at(7, 0),
        at(7, 0),
        at(8, 3),
        Board(&DOUBLE_KO_TAKEN),
        at(6, 0),
        Board(&[
            "....xox.x",
            "....xooxx",
            "..x.xxox.",
            "....oxoox",
            "...ooxxoo",
            ".xxxx.xo.",
            "xxoooxxoo",
            "oooxooxxx",
            ".....oooo",
        ]),
        at(8, 2),
        Board(&DOUBLE_KO),
        at(8, 3),
        Board(&DOUBLE_KO),
        PASS,
        Board(&DOUBLE_KO),
        IllegalSet(&[(8, 3)]),
        Phase(1),
        Ongoing,
    ];
    replay_from(&DOUBLE_KO, 1, double_ko_params(), &steps);
}

// "Double ko death" 2a–2f (simple ko, territory, tax on all, multi-stone suicide, komi 6.5):
// two kos fought through the cleanup phases, with passes for ko and once-only captures.
// Transcribed statement by statement from the test: every move, every board and illegal set
// it prints, every `isLegal` it asserts, and the phase and result of its `printDebugInfo`.

/// "Double ko death 2a".
#[test]
fn double_ko_death_2a() {
    let rows = [
        "...xox.x.",
        "...xooxox",
        "...xxoo.o",
        "....xxoo.",
        ".....xxoo",
        "......xxx",
        ".........",
        ".........",
        ".........",
    ];
    let mut p = params(KoRule::Simple, Scoring::Territory, Tax::All, false, 13);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        at(7, 2),
        Board(&[
            "...xox.x.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(8, 3),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        Legal((7, 2)),
        at(8, 2),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoo.o",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        Phase(1),
        Ongoing,
    ];
    replay_from(&rows, 0, p, &steps);
}

/// "Double ko death 2b".
#[test]
fn double_ko_death_2b() {
    let rows = [
        "...xox.x.",
        "...xooxox",
        "...xxoo.o",
        "....xxoo.",
        ".....xxoo",
        "......xxx",
        ".........",
        ".........",
        ".........",
    ];
    let mut p = params(KoRule::Simple, Scoring::Territory, Tax::All, false, 13);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        at(7, 2),
        Board(&[
            "...xox.x.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(8, 3),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        Legal((7, 2)),
        at(8, 3),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 1),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(8, 2),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(5, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 2),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(5, 0),
        Board(&[
            "...xox.x.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 1),
        Board(&[
            "...xox.x.",
            "...xooxox",
            "...xxoo.o",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        IllegalSet(&[]),
        Legal((7, 1)),
        at(7, 2),
        Board(&[
            "...xox.x.",
            "...xooxox",
            "...xxoo.o",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        PASS,
        Board(&[
            "...xox.x.",
            "...xooxox",
            "...xxoo.o",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        IllegalSet(&[(7, 2)]),
        Phase(1),
        Ongoing,
    ];
    replay_from(&rows, 0, p, &steps);
}

/// "Double ko death 2c".
#[test]
fn double_ko_death_2c() {
    let rows = [
        "...xox.x.",
        "...xooxox",
        "...xxoo.o",
        "....xxoo.",
        ".....xxoo",
        "......xxx",
        ".........",
        ".........",
        ".........",
    ];
    let mut p = params(KoRule::Simple, Scoring::Territory, Tax::All, false, 13);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        PASS,
        PASS,
        at(7, 2),
        Board(&[
            "...xox.x.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(8, 3),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        NotLegal((6, 0)),
        at(7, 1),
        Phase(2),
        Ongoing,
    ];
    replay_from(&rows, 0, p, &steps);
}

/// "Double ko death 2d".
#[test]
fn double_ko_death_2d() {
    let rows = [
        "...xox.x.",
        "...xooxox",
        "...xxoo.o",
        "....xxoo.",
        ".....xxoo",
        "......xxx",
        ".........",
        ".........",
        ".........",
    ];
    let mut p = params(KoRule::Simple, Scoring::Territory, Tax::All, false, 13);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        at(7, 2),
        Board(&[
            "...xox.x.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(8, 3),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 2),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 1),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(8, 2),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxoox.",
            "....xxoox",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(5, 0),
        Board(&[
            "...x.x.x.",
            "...x..x.x",
            "...xx..x.",
            "....xx..x",
            ".....xx..",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        Phase(1),
        Ongoing,
    ];
    replay_from(&rows, 0, p, &steps);
}

/// "Double ko death 2e".
#[test]
fn double_ko_death_2e() {
    let rows = [
        "...xox.x.",
        "...xooxox",
        "...xxoo.o",
        "....xxoo.",
        ".....xxoo",
        "......xxx",
        ".........",
        ".........",
        ".........",
    ];
    let mut p = params(KoRule::Simple, Scoring::Territory, Tax::All, false, 13);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        PASS,
        PASS,
        at(7, 2),
        Board(&[
            "...xox.x.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(5, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 1),
        Board(&[
            "...xo.ox.",
            "...xoo.ox",
            "...xxoo.o",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        Phase(2),
        Ongoing,
    ];
    replay_from(&rows, 0, p, &steps);
}

/// "Double ko death 2f".
#[test]
fn double_ko_death_2f() {
    let rows = [
        "...xox.x.",
        "...xooxox",
        "...xxoo.o",
        "....xxoo.",
        ".....xxoo",
        "......xxx",
        ".........",
        ".........",
        ".........",
    ];
    let mut p = params(KoRule::Simple, Scoring::Territory, Tax::All, false, 13);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        PASS,
        PASS,
        at(7, 2),
        Board(&[
            "...xox.x.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(6, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(5, 0),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        at(7, 2),
        Board(&[
            "...xo.ox.",
            "...xoox.x",
            "...xxooxo",
            "....xxoo.",
            ".....xxoo",
            "......xxx",
            ".........",
            ".........",
            ".........",
        ]),
        Phase(2),
        Ongoing,
    ];
    replay_from(&rows, 0, p, &steps);
}

/// One turn of a stress game as KataGo prints it.
struct Turn {
    legal: usize,
    /// KataGo's board string: row by row, top first.
    board: String,
    to_move: usize,
    phase: u8,
}

struct StressGame {
    header: String,
    rows: Vec<String>,
    params: Params,
    turns: Vec<Turn>,
    result: String,
}

fn stress_games() -> Vec<StressGame> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/go/katago/stress-tiny-boards.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut games: Vec<StressGame> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields[0] {
            "game" => {
                let value = |key: &str| {
                    fields
                        .iter()
                        .find_map(|f| f.strip_prefix(key))
                        .unwrap()
                        .to_string()
                };
                let ko = match value("ko=").as_str() {
                    "simple" => KoRule::Simple,
                    "positional" => KoRule::Positional,
                    "situational" => KoRule::Situational,
                    _ => KoRule::Spight,
                };
                let scoring = match value("scoring=").as_str() {
                    "area" => Scoring::Area,
                    _ => Scoring::Territory,
                };
                let tax = match value("tax=").as_str() {
                    "none" => Tax::None,
                    "seki" => Tax::Seki,
                    _ => Tax::All,
                };
                let komi = (value("komi=").parse::<f64>().unwrap() * 2.0) as i64;
                let mut params = params(ko, scoring, tax, false, komi);
                params.suicide = value("suicide=") == "1";
                games.push(StressGame {
                    header: line.to_string(),
                    rows: fields[2].split('/').map(str::to_string).collect(),
                    params,
                    turns: Vec::new(),
                    result: String::new(),
                });
            }
            "result" => games.last_mut().unwrap().result = fields[1].to_string(),
            _ => games.last_mut().unwrap().turns.push(Turn {
                legal: fields[0].parse().unwrap(),
                board: fields[1].to_lowercase(),
                to_move: usize::from(fields[2] == "NPO"),
                phase: fields[4][1..].parse().unwrap(),
            }),
        }
    }
    games
}

/// Does the referee's position show `turn` (its board and, while the game goes on, its number
/// of legal moves)? `last`: the test printed this turn and stopped,
/// the game being over.
fn shows<R: Referee<rulediff::go::Go>>(
    r: &mut R,
    cells: Option<&[Colour]>,
    setup: &GoSetup,
    turn: &Turn,
    last: bool,
) -> bool {
    if let Some(cells) = cells {
        if board_rows(setup, cells).concat() != turn.board {
            return false;
        }
    }
    if r.status().unwrap().is_over() != last {
        return false;
    }
    last || r.legal_plays().unwrap().len() == turn.legal
}

/// The fast referee after `moves` from the start of `game`.
fn after(game: &StressGame, setup: &GoSetup, moves: &[GoPlay]) -> KataGoReferee {
    let mut r = KataGoReferee::new("fast", game.params);
    r.start(setup).unwrap();
    for play in moves {
        assert_eq!(r.play(play).unwrap(), Verdict::Legal);
    }
    r
}

/// Extends `moves` (which lead to turn `moves.len()`) through every later turn, depth first:
/// a pass and a pass for ko leave the same board, so a choice may show only later.
fn recover(game: &StressGame, setup: &GoSetup, moves: &mut Vec<GoPlay>) -> bool {
    let i = moves.len();
    if i + 1 == game.turns.len() {
        return true;
    }
    let last = i + 2 == game.turns.len();
    for play in after(game, setup, moves).legal_plays().unwrap() {
        moves.push(play);
        let mut next = after(game, setup, moves);
        let cells = next.cells().unwrap().to_vec();
        if next.phase() == Some(game.turns[i + 1].phase)
            && shows(&mut next, Some(&cells), setup, &game.turns[i + 1], last)
            && recover(game, setup, moves)
        {
            return true;
        }
        moves.pop();
    }
    false
}

/// KataGo's "Stress test on tiny boards": 13 random games on 2x2, 4x1 and 7x1 under simple,
/// positional and situational ko, area and territory scoring, with and without multi-stone
/// suicide (`corpus/go/katago/stress-tiny-boards.txt`). KataGo draws its moves at random and
/// prints only the positions, so each move is recovered from the next position; at every
/// turn the fast referee must show KataGo's board, phase and number of legal moves, and the
/// game must end where KataGo's does, with its result. The moves found are then replayed
/// through the spec twin, which must allow as many moves at every turn and end alike.
#[test]
fn stress_test_on_tiny_boards() {
    let games = stress_games();
    assert_eq!(games.len(), 13);
    for game in &games {
        // The players alternate (a pass is a turn), Black first.
        for (i, turn) in game.turns.iter().enumerate() {
            assert_eq!(turn.to_move, i % 2, "{}: turn {i}", game.header);
        }
        let rows: Vec<&str> = game.rows.iter().map(String::as_str).collect();
        let setup = setup(&rows);
        let mut fast = KataGoReferee::new("fast", game.params);
        fast.start(&setup).unwrap();
        let cells = fast.cells().unwrap().to_vec();
        assert!(
            shows(&mut fast, Some(&cells), &setup, &game.turns[0], false),
            "{}: the first turn",
            game.header
        );
        let mut moves = Vec::new();
        assert!(
            recover(game, &setup, &mut moves),
            "{}: no moves lead through KataGo's turns",
            game.header
        );
        let mut spec = KataGoSpec::new("spec", game.params);
        spec.start(&setup).unwrap();
        for (i, play) in moves.iter().enumerate() {
            assert!(
                shows(&mut spec, None, &setup, &game.turns[i], false),
                "{}: spec at turn {i}",
                game.header
            );
            assert_eq!(spec.play(play).unwrap(), Verdict::Legal, "{}", game.header);
            assert_eq!(fast.play(play).unwrap(), Verdict::Legal, "{}", game.header);
        }
        let status = fast.status().unwrap();
        assert_eq!(spec.status().unwrap(), status, "{}", game.header);
        assert_eq!(result(&status), game.result, "{}", game.header);
    }
}

/// "Throw in that destroys the ko momentarily does not clear ko recap block": transcribed statement by statement.
#[test]
fn throw_in_that_destroys_the_ko_keeps_the_block() {
    let rows = ["x......", "oxx....", ".o.....", "oo.....", "......."];
    let mut p = params(KoRule::Situational, Scoring::Territory, Tax::Seki, false, 1);
    p.suicide = true;
    let steps = [
        PASS,
        PASS,
        PASS,
        PASS,
        Phase(2),
        at(0, 2),
        IllegalSet(&[]),
        at(1, 0),
        at(2, 0),
        Board(&["x.x....", ".xx....", "xo.....", "oo.....", "......."]),
        IllegalSet(&[]),
    ];
    replay_from(&rows, 0, p, &steps);
}

/// "Test case failing in search before": transcribed statement by statement.
#[test]
fn test_case_failing_in_search_before() {
    let rows = [
        "xxxxxxxxx",
        "x.oxxxxxx",
        "xxxxoxxxx",
        "xxx.ooxx.",
        "oxxxooxxx",
        ".oxxxxxxo",
        "xxxx.xooo",
        "xxxoxoooo",
        "xxxoo.ooo",
    ];
    let mut p = params(KoRule::Simple, Scoring::Territory, Tax::Seki, false, 1);
    p.suicide = false;
    let steps = [
        PASS,
        PASS,
        Phase(1),
        at(8, 3),
        at(4, 6),
        at(4, 7),
        at(4, 7),
        Board(&[
            "xxxxxxxxx",
            "x.oxxxxxx",
            "xxxxoxxxx",
            "xxx.ooxxx",
            "oxxxooxxx",
            ".oxxxxxxo",
            "xxxxoxooo",
            "xxxoooooo",
            "xxxoo.ooo",
        ]),
    ];
    replay_from(&rows, 0, p, &steps);
}

/// "Area scoring in the main phase": the moves of "Territory scoring in the main phase" under
/// area scoring, the score if the game ended after each, under each tax.
#[test]
fn area_scoring_in_the_main_phase() {
    let rows = [
        "ox.ooo.", "oxxxxxx", "ooooooo", ".xoxx..", "ooox...", "x.oxxxx", ".xox...",
    ];
    let moves = [(5, 3), (6, 3), (6, 4), (5, 4), (4, 4), (0, 3), (6, 6)].map(Some);
    let expected = [
        [-3.5, -4.5, -3.5, -6.5, -6.5, -6.5, -3.5, -3.5],
        [0.5, -0.5, 0.5, -5.5, -5.5, -5.5, -3.5, -3.5],
        [0.5, -0.5, 0.5, -3.5, -3.5, -3.5, -1.5, -1.5],
    ];
    for (t, tax) in TAXES.into_iter().enumerate() {
        let p = params(KoRule::Positional, Scoring::Area, tax, false, 1);
        let got = scores_if_ended_now(&rows, p, 0, &moves);
        assert_eq!(got, half(&expected[t]), "{tax:?}");
    }
}

/// "Fill seki liberties in encore 2": the moves of "Fill seki liberties in main phase" made
/// after four passes, in the second cleanup phase; the score if the game ended after each,
/// under each tax.
#[test]
fn fill_seki_liberties_in_encore_2() {
    let rows = [
        "...oxx.", "oooox.x", "xxxxoxx", "o.xoooo", ".oxox.o", "oxxo.x.", "o.xoo.x",
    ];
    let mut moves = vec![None; 4];
    moves.extend([(6, 5), (5, 6), (0, 4), (6, 0), (1, 0), (4, 5), (5, 4)].map(Some));
    let expected = [
        [1.5, 1.5, 1.5, 0.5, 1.5, 1.5, 1.5, 11.5],
        [0.5, 0.5, 0.5, 0.5, 2.5, 2.5, 2.5, 12.5],
        [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 8.5],
    ];
    for (t, tax) in TAXES.into_iter().enumerate() {
        let p = params(KoRule::Positional, Scoring::Territory, tax, false, -1);
        let got = scores_if_ended_now(&rows, p, 1, &moves);
        assert_eq!(got[4..], half(&expected[t]), "{tax:?}");
    }
}

/// "GroupTaxSekiScoring2": the position of "GroupTaxSekiScoring" with a black string at E3–G3
/// in place of the empty points, passed out under each scoring and tax.
#[test]
fn group_tax_seki_scoring_2() {
    let rows = [
        ".x.xo.o.x",
        "...xooox.",
        ".xxxxxxoo",
        "xoooooxo.",
        "xo.o.oxoo",
        "xoooooxxx",
        "xxxoxxxoo",
        ".xxxoooo.",
        ".x.xo.o.o",
    ];
    let expected = [
        (Scoring::Area, ["W+1.5", "B+0.5", "B+2.5"]),
        (Scoring::Territory, ["B+1.5", "B+3.5", "B+5.5"]),
    ];
    for (scoring, results) in expected {
        for (tax, want) in TAXES.into_iter().zip(results) {
            let p = params(KoRule::Positional, scoring, tax, false, 1);
            let passes = if scoring == Scoring::Area { 2 } else { 6 };
            let steps: Vec<Step> = (0..passes).map(|_| PASS).collect();
            assert_eq!(
                result(&replay(&rows, p, &steps)),
                want,
                "{scoring:?} {tax:?}"
            );
        }
    }
}
/// "Encore - once only rule doesn't prevent the opponent moving there (filling ko)": transcribed statement by statement.
#[test]
fn encore_once_only_does_not_stop_the_opponent_filling_ko() {
    let rows = [
        "..o....", "...o...", ".xoxo..", "..x.x..", "...x...", ".......",
    ];
    let mut p = params(KoRule::Positional, Scoring::Territory, Tax::Seki, false, 1);
    p.suicide = false;
    let steps = [
        PASS,
        PASS,
        at(3, 3),
        Board(&[
            "..o....", "...o...", ".xo.o..", "..xox..", "...x...", ".......",
        ]),
        at(3, 2),
        Board(&[
            "..o....", "...o...", ".xo.o..", "..xox..", "...x...", ".......",
        ]),
        PASS,
        Board(&[
            "..o....", "...o...", ".xo.o..", "..xox..", "...x...", ".......",
        ]),
        at(3, 2),
        Board(&[
            "..o....", "...o...", ".xoxo..", "..x.x..", "...x...", ".......",
        ]),
        PASS,
        Board(&[
            "..o....", "...o...", ".xoxo..", "..x.x..", "...x...", ".......",
        ]),
        at(3, 3),
        Board(&[
            "..o....", "...o...", ".xoxo..", "..xxx..", "...x...", ".......",
        ]),
        at(1, 3),
        PASS,
        at(2, 4),
        PASS,
        at(3, 5),
        PASS,
        at(4, 4),
        PASS,
        Board(&[
            "..o....", "...o...", ".xoxo..", ".oxxx..", "..oxo..", "...o...",
        ]),
        at(5, 3),
        Board(&[
            "..o....", "...o...", ".xo.o..", ".o...o.", "..o.o..", "...o...",
        ]),
    ];
    replay_from(&rows, 1, p, &steps);
}
