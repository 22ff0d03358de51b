//! The `rulediff` binary as a user meets it: exit codes, formats, and clear errors (file,
//! line, column) on bad input, with the other cases still run.

use std::process::Command;

mod common;
use common::{corpus, rulediff, scratch, text};

#[test]
fn passing_case_exits_zero_and_failing_expectation_exits_one() {
    let ok = rulediff(&["run", &corpus("go/basics/basic-ko.toml")]);
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    assert!(text(&ok.stdout).contains("ok   simple-ko illegal at 2 (ko)"));

    let dir = scratch("fail");
    let case = dir.join("wrong.toml");
    std::fs::write(
        &case,
        "family = \"go\"\nboard = \"3x3\"\nmoves = \"B2 B2\"\n[expect]\npsk = { ongoing = true }\n",
    )
    .unwrap();
    let out = rulediff(&["run", case.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("FAIL psk ongoing -- got illegal at 2 (occupied)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn bad_case_files_name_file_line_and_column_and_others_still_run() {
    let dir = scratch("bad");
    let cases = [
        (
            "a-syntax.toml",
            "family = \"go\"\nboard = \"5x5\nmoves = \"A1\"\n",
            ":2:",
        ),
        (
            "b-vertex.toml",
            "family = \"go\"\nboard = \"5x5\"\nmoves = \"A1 Z9\"\n",
            "b-vertex.toml:3:13: `Z9` is not a vertex",
        ),
        (
            "c-huge.toml",
            "family = \"go\"\nboard = \"99x99\"\n",
            "c-huge.toml:2:9:",
        ),
        (
            "d-key.toml",
            "family = \"go\"\nboard = \"5x5\"\nkomi_ = 1\n",
            "d-key.toml:3:1: unknown key `komi_`",
        ),
        (
            "e-family.toml",
            "family = \"shogi\"\n",
            "e-family.toml:1:10: unknown family `shogi`",
        ),
        (
            "f-expect.toml",
            "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = { illegal = 5 }\n",
            "f-expect.toml:5:7:",
        ),
        (
            "g-setup.toml",
            "family = \"go\"\nboard = \"2x2\"\nsetup = \"\"\"\nXO\nOX\n\"\"\"\n",
            "setup has a string without liberties",
        ),
    ];
    for (name, body, _) in &cases {
        std::fs::write(dir.join(name), body).unwrap();
    }
    std::fs::copy(corpus("go/basics/occupied.toml"), dir.join("z-good.toml")).unwrap();
    let out = rulediff(&["run", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    for (_, _, expected) in &cases {
        assert!(
            stderr.contains(expected),
            "expected `{expected}` in:\n{stderr}"
        );
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        text(&out.stdout).contains("z-good.toml"),
        "the good case still runs"
    );
}

#[test]
fn unknown_referee_is_an_error_listing_the_way_out() {
    let out = rulediff(&["run", &corpus("go/basics"), "--rules", "simple-ko,nonsense"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown referee `nonsense`"));
}

#[test]
fn json_and_csv_formats() {
    let case = corpus("go/superko/psk-2x2-repetition.toml");
    let json = rulediff(&["run", &case, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("valid JSON");
    assert_eq!(value["runs"][0]["divergences"][0]["ply"], 7);
    let csv = rulediff(&["run", &case, "--format", "csv"]);
    let body = text(&csv.stdout);
    assert!(body.starts_with("case,ply,seat,play,referee,ruling,detail,diverges"));
    assert!(
        body.contains(",7,B,A1,psk,illegal,superko-positional,yes"),
        "{body}"
    );
}

#[test]
fn legal_sets_show_where_referees_allow_different_plays() {
    let case = corpus("go/superko/psk-2x2-repetition.toml");
    let out = rulediff(&["run", &case, "--rules", "simple-ko,psk", "--legal-sets"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("legal sets differ before 7: psk forbids A1;"),
        "{stdout}"
    );
}

#[test]
fn report_written_atomically_to_out() {
    let dir = scratch("out");
    let target = dir.join("report.json");
    let out = rulediff(&[
        "run",
        &corpus("go/basics"),
        "--format",
        "json",
        "--out",
        target.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&target).unwrap()).unwrap();
    assert!(saved["runs"].as_array().unwrap().len() >= 5);
    assert!(out.stdout.is_empty());
}

#[test]
fn rules_lists_ids_and_sources() {
    let out = rulediff(&["rules", "--verbose"]);
    let stdout = text(&out.stdout);
    for id in [
        "simple-ko",
        "psk",
        "psk+suicide",
        "simple-ko+all-suicide@spec",
    ] {
        assert!(
            stdout.contains(&format!("  {id} ")),
            "{id} missing:\n{stdout}"
        );
    }
    assert!(stdout.contains("source: "));
}

#[test]
fn sgf_export_round_trips_through_import() {
    let out = rulediff(&["sgf", &corpus("go/sgf/handicap-game.toml")]);
    assert!(out.status.success());
    let game = rulediff::go::import_sgf(&text(&out.stdout)).expect("exported SGF imports");
    assert_eq!(game.plays.len(), 20);
    let refused = rulediff(&["sgf", &corpus("go/players/three-player-count.toml")]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("needs a grid"),
        "{}",
        text(&refused.stderr)
    );
}

/// A reader that stops early (`rulediff run corpus/ | head -1`) ends the command as a closed
/// pipe ends any Unix tool (status 141), not with a panic.
#[test]
fn closed_output_pipe_is_not_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(["run", &corpus("")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn plays_after_one_every_referee_refuses_are_not_traced_on_the_board() {
    // Under psk alone the appeal at ply 4 is refused and later plays land on occupied
    // points; tracing repetitions through them once corrupted the board and never returned.
    let case = corpus("go/kee/examples/three-player-ko.toml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(["run", &case, "--rules", "psk"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("binary runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("`rulediff run {case} --rules psk` still running after a minute");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let stdout = text(&out.stdout);
    assert!(stdout.contains("appeal"), "{stdout}");
}
