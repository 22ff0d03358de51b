//! The python-chess bridge as an external referee: it agrees with the FIDE referees on the
//! corpus and on random repetition-heavy games, and a broken bridge is a fault, never a
//! ruling or a panic. Skips (saying so) where python3 or python-chess is missing; CI installs
//! both.

use std::process::{Command, Output};

mod common;

fn python_chess_available() -> bool {
    common::tools(&[common::Tool::PythonChess])
}

fn rulediff(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("binary runs")
}

fn corpus() -> String {
    format!("{}/../corpus/chess", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn python_chess_agrees_with_fide_on_the_corpus() {
    if !python_chess_available() {
        return;
    }
    let out = rulediff(
        &[
            "run",
            &corpus(),
            "--rules",
            "fide,python-chess",
            "--format",
            "json",
        ],
        &[],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let runs = report["runs"].as_array().unwrap();
    assert!(runs.len() >= 10);
    for run in runs {
        assert_eq!(run["divergences"], serde_json::json!([]), "{}", run["case"]);
    }
}

#[test]
fn python_chess_agrees_with_fide_on_random_games() {
    if !python_chess_available() {
        return;
    }
    for (i, rules) in ["fide,python-chess", "fide-no-claim,python-chess-no-claim"]
        .iter()
        .enumerate()
    {
        let dir = std::env::temp_dir().join(format!("rulediff-bridge-{}-{i}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = rulediff(
            &[
                "random",
                "--family",
                "chess",
                "--games",
                "16",
                "--seed",
                "2",
                "--rules",
                rules,
                "--out",
                dir.to_str().unwrap(),
            ],
            &[],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let results: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.join("results.json")).unwrap()).unwrap();
        assert_eq!(results["signatures"], serde_json::json!([]), "{rules}");
        assert_eq!(results["faults"], serde_json::json!([]), "{rules}");
        assert!(results["plies"].as_u64().unwrap() > 500);
    }
}

#[test]
fn broken_bridges_are_faults() {
    let case = format!("{}/basics/fools-mate.toml", corpus());
    let bridges = "missing=/nonexistent/bridge;garbage=yes;silent=sleep 30";
    let env = [
        ("RULEDIFF_CHESS_BRIDGES", bridges),
        ("RULEDIFF_BRIDGE_TIMEOUT_MS", "300"),
    ];
    let out = rulediff(
        &["run", &case, "--rules", "fide,missing,garbage,silent"],
        &env,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("missing FAULT engine exited or closed its pipe: cannot start"),
        "{stdout}"
    );
    assert!(
        stdout.contains("garbage FAULT engine answered `not a JSON object: y`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("silent FAULT engine timed out after 300 ms"),
        "{stdout}"
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    let listing = String::from_utf8_lossy(&rulediff(&["rules"], &env).stdout).into_owned();
    assert!(listing.contains("garbage-no-claim"));
}
