//! The Fairy-Stockfish referee (python3 + pyffish through `harness/bridges/ffish_bridge.py`):
//! the same legal moves as ours, repetitions ruled at the third occurrence, the 50-move draw,
//! and faults (a bridge that crashes or prints garbage) reported, never a panic. Skipped with
//! a message when pyffish is missing; CI installs it.

use std::path::Path;
use std::process::{Command, Stdio};

use rulediff::check::{xiangqi_choose as choose, XqInput};
use rulediff::xiangqi::Ranks;
use rulediff::xiangqi::{parse_fen, Xiangqi, XqSetup};
use rulediff::Explore;
use rulediff::{Outcome, Refereed, Status};

mod common;

fn skip() -> bool {
    !common::tools(&[common::Tool::Pyffish])
}

#[test]
fn legal_moves_match_ours_along_random_games() {
    if skip() {
        return;
    }
    let registry = Xiangqi::registry();
    let ours = registry.iter().find(|r| r.id == "no-repetition").unwrap();
    let theirs = registry.iter().find(|r| r.id == "ffish").unwrap();
    let mut compared = 0;
    for seed in 0..8 {
        let input = XqInput::from_seed(seed, 30);
        let (mut a, mut b) = ((ours.make)(), (theirs.make)());
        a.start(&input.setup).unwrap();
        b.start(&input.setup).unwrap();
        let mut state = Xiangqi::initial(&input.setup);
        for &pick in &input.picks {
            let (mut la, mut lb) = (a.legal_plays().unwrap(), b.legal_plays().unwrap());
            la.sort();
            lb.sort();
            if b.status().unwrap().is_over() {
                break;
            }
            assert_eq!(la, lb, "seed {seed} after {} moves", compared);
            compared += 1;
            let Some(mv) = choose(&input.setup, &state, &la, pick) else {
                break;
            };
            Xiangqi::advance(&input.setup, &mut state, &mv);
            a.play(&mv).unwrap();
            b.play(&mv).unwrap();
        }
    }
    assert!(compared > 100, "only {compared} positions compared");
}

#[test]
fn perpetual_check_loses_at_the_third_occurrence() {
    if skip() {
        return;
    }
    let setup = XqSetup::new(
        parse_fen("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1").unwrap(),
        Ranks::ZeroToNine,
    );
    let registry = Xiangqi::registry();
    for id in ["ffish", "wxf-3fold", "wxf-3fold@spec"] {
        let info = registry.iter().find(|r| r.id == id).unwrap();
        let mut referee = (info.make)();
        referee.start(&setup).unwrap();
        let mut over_at = None;
        for (i, m) in "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9"
            .split_whitespace()
            .enumerate()
        {
            referee.play(&Ranks::ZeroToNine.parse(m).unwrap()).unwrap();
            if let Status::Over { outcome } = referee.status().unwrap() {
                over_at = Some((i + 1, outcome));
                break;
            }
        }
        // The start position's third occurrence is after move 8, Red to move: Red loses.
        assert_eq!(
            over_at,
            Some((
                8,
                Outcome::Win {
                    winner: "black".into(),
                    rule: "perpetual-check".into()
                }
            )),
            "{id}"
        );
    }
}

/// The outcome `id` rules after `play` from `fen` (ranks 0-9), or `ongoing`.
fn told(id: &str, fen: &str, play: Option<&str>) -> String {
    let setup = XqSetup::new(parse_fen(fen).unwrap(), Ranks::ZeroToNine);
    let registry = Xiangqi::registry();
    let info = registry.iter().find(|r| r.id == id).unwrap();
    let mut referee = (info.make)();
    referee.start(&setup).unwrap();
    if let Some(play) = play {
        let verdict = referee
            .play(&Ranks::ZeroToNine.parse(play).unwrap())
            .unwrap();
        assert!(verdict.is_legal(), "{id} {play}");
    }
    match referee.status().unwrap() {
        Status::Over { outcome } => outcome.summary(),
        Status::Ongoing => "ongoing".into(),
    }
}

/// Every end pyffish reports comes through: a checkmate by the rook, and two bare kings, which
/// `has_insufficient_material` calls insufficient for both sides (a draw of the engine's own,
/// which no ruleset of ours has: a finding, not a fault).
#[test]
fn the_bridge_tells_every_end_pyffish_reports() {
    if skip() {
        return;
    }
    let mate = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1";
    assert_eq!(told("ffish", mate, Some("a1d1")), "red+checkmate");
    let kings = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(told("ffish", kings, None), "draw:insufficient-material");
    let replies = bridge(
        concat!(
            r#"{"cmd": "start", "variant": "xiangqi", "fen": "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"}"#,
            "\n",
            r#"{"cmd": "play", "move": "a2d2"}"#,
            "\n",
        ),
        &[],
    );
    let lines: Vec<serde_json::Value> = replies
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["ends"], serde_json::json!([]), "{replies}");
    assert_eq!(
        lines[1]["ends"],
        serde_json::json!(["checkmate"]),
        "{replies}"
    );
}

fn bridge(requests: &str, env: &[(&str, &str)]) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("bridges/ffish_bridge.py");
    let mut child = Command::new("python3");
    child
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    for (k, v) in env {
        child.env(k, v);
    }
    let mut child = child.spawn().unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(requests.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

#[test]
fn the_bridge_protocol_reports_fifty_move_draws_and_errors() {
    if skip() {
        return;
    }
    let replies = bridge(
        concat!(
            r#"{"cmd": "start", "variant": "xiangqi", "fen": "4k4/9/9/9/9/9/9/9/9/R2K4R w - - 99 60"}"#,
            "\n",
            r#"{"cmd": "play", "move": "a1a2"}"#,
            "\n",
            r#"{"cmd": "play", "move": "z9z9"}"#,
            "\n",
            "not json\n",
            r#"{"cmd": "start", "fen": "garbage"}"#,
            "\n",
        ),
        &[],
    );
    let lines: Vec<serde_json::Value> = replies
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "{replies}");
    assert_eq!(lines[0]["over"], false);
    assert_eq!(lines[1]["over"], true);
    assert_eq!(lines[1]["result"], "draw");
    assert_eq!(lines[1]["reason"], "50-move");
    assert_eq!(lines[2]["legal"], false, "the game was over");
    assert_eq!(lines[3]["ok"], false);
    assert_eq!(lines[4]["ok"], false);
}

#[test]
fn a_broken_bridge_is_a_fault_and_other_cases_still_run() {
    if skip() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("rulediff-ffish-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = dir.join("garbage.py");
    std::fs::write(
        &garbage,
        "import sys\nfor line in sys.stdin:\n    print('hello')\n    sys.stdout.flush()\n",
    )
    .unwrap();
    let crash = dir.join("crash.py");
    std::fs::write(&crash, "raise SystemExit(3)\n").unwrap();
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/xiangqi/wxf/001.toml");
    for (script, want) in [
        (&garbage, "answered `not a JSON object: hello`"),
        (&crash, "engine exited"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_rulediff"))
            .args(["run", case.to_str().unwrap(), "--rules", "wxf,ffish"])
            .env("RULEDIFF_FFISH_BRIDGE", script)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains(want), "{want}:\n{stdout}");
        assert!(stdout.contains("ok   wxf over at 1 (black)"), "{stdout}");
    }
}
