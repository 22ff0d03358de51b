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

/// An engines file naming chess bridges, in a scratch folder of its own.
fn engines_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("rulediff-cb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("engines.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn broken_bridges_are_faults() {
    let case = format!("{}/basics/fools-mate.toml", corpus());
    let mut text = String::new();
    for (id, command) in [
        ("missing", "/nonexistent/bridge"),
        ("garbage", "yes"),
        ("silent", "sleep 30"),
    ] {
        text.push_str(&format!(
            "[[engine]]\nid = \"{id}\"\nfamily = \"chess\"\ncommand = \"{command}\"\nruleset = \"fide\"\ntimeout_ms = 300\n\n"
        ));
    }
    let engines = engines_file("broken", &text);
    let out = rulediff(
        &[
            "run",
            &case,
            "--engines",
            &engines,
            "--rules",
            "fide,missing,garbage,silent",
        ],
        &[],
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
    let listing = rulediff(&["engines", "--engines", &engines], &[]);
    let listing = String::from_utf8_lossy(&listing.stdout).into_owned();
    assert!(listing.contains("(chess engine)"), "{listing}");
}

/// Every line rulediff writes to the python-chess bridge, appended to a log (argv: bridge,
/// log).
const COUNTING: &str = r#"
import runpy, sys
bridge, log = sys.argv[1], open(sys.argv[2], "a")
def lines():
    for line in sys.__stdin__:
        log.write(line)
        log.flush()
        yield line
sys.stdin = lines()
sys.argv = [bridge]
runpy.run_path(bridge, run_name="__main__")
"#;

/// A chess bridge named by an engines file takes part like a built-in one, and each campaign
/// step costs one round trip: the play, the next legal set and the status in one batch.
#[test]
fn an_engines_file_names_a_chess_bridge_and_plays_are_batched() {
    if !python_chess_available() {
        return;
    }
    let bridge = format!(
        "{}/bridges/python_chess_bridge.py",
        env!("CARGO_MANIFEST_DIR")
    );
    let dir = std::env::temp_dir().join(format!("rulediff-cb-counting-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (counting, log) = (dir.join("counting.py"), dir.join("requests.log"));
    std::fs::write(&counting, COUNTING).unwrap();
    let text = format!(
        "[[engine]]\nid = \"counted\"\nfamily = \"chess\"\ncommand = [\"python3\", \"{}\", \"{bridge}\", \"{}\"]\nruleset = \"fide\"\nclaim_draws = true\n",
        counting.display(),
        log.display()
    );
    let engines = engines_file("count", &text);
    let out_dir = dir.join("out");
    let out = rulediff(
        &[
            "random",
            "--family",
            "chess",
            "--games",
            "6",
            "--seed",
            "3",
            "--engines",
            &engines,
            "--out",
            out_dir.to_str().unwrap(),
        ],
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out_dir.join("results.json")).unwrap()).unwrap();
    // Without --rules the campaign compares the engine with the ruleset it claims.
    assert_eq!(
        results["plan"]["referees"],
        serde_json::json!(["fide", "counted"])
    );
    assert_eq!(results["signatures"], serde_json::json!([]));
    assert_eq!(results["faults"], serde_json::json!([]));
    let plies = results["plies"].as_u64().unwrap();
    assert!(plies > 100, "{plies}");
    let requests = std::fs::read_to_string(&log).unwrap();
    let lines = requests.lines().count() as u64;
    let batches = requests.lines().filter(|l| l.contains("\"batch\"")).count() as u64;
    // One batch a play; beyond that hello, and per game a start and the first questions.
    assert!(batches >= plies, "{batches} batches for {plies} plies");
    assert!(
        lines <= plies + 1 + 6 * 4,
        "{lines} lines for {plies} plies"
    );
}
