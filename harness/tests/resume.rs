//! Long commands killed mid-run resume to the same tables: `finite`, `solve` and
//! `kee-claims` save each settled row (`progress.json`) as it settles, and `--resume`
//! runs only what is missing.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{fresh, rulediff, text};

/// Rows `progress.json` in `out` holds now (0 before it exists).
fn rows_saved(out: &Path) -> usize {
    std::fs::read(out.join("progress.json"))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<serde_json::Value>(&bytes).ok())
        .and_then(|v| v["rows"].as_array().map(Vec::len))
        .unwrap_or(0)
}

/// Starts `rulediff args` and kills it (SIGKILL: nothing gets to clean up) once `ready`
/// says so; whether it was killed (it may have finished first).
fn kill_when(args: &[&str], ready: impl Fn() -> bool) -> bool {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("binary runs");
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        if child.try_wait().expect("child status").is_some() {
            return false;
        }
        if ready() {
            child.kill().expect("kill");
            child.wait().expect("reaped");
            return true;
        }
        assert!(Instant::now() < deadline, "{args:?} never got ready");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A table file without its `seconds` column (the only one a resumed run may change).
fn without_seconds(path: &Path, column: usize) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    csv::Reader::from_reader(text.as_bytes())
        .records()
        .map(|r| {
            let r = r.unwrap();
            r.iter()
                .enumerate()
                .filter(|(i, _)| *i != column)
                .map(|(_, f)| f.to_string())
                .collect()
        })
        .collect()
}

/// Runs `args --out` once whole and once killed after `rows` settled rows then resumed, and
/// compares the two folders' `table` (without the `seconds` column) and `files`; the folder
/// of the whole run.
fn resumes_to_the_same(
    name: &str,
    args: &[&str],
    table: &str,
    seconds: usize,
    files: &[&str],
) -> std::path::PathBuf {
    let whole = fresh(&format!("{name}-whole"));
    let mut first: Vec<&str> = args.to_vec();
    first.extend(["--out", whole.to_str().unwrap()]);
    let out = rulediff(&first);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{}",
        text(&out.stderr)
    );

    let killed = fresh(&format!("{name}-killed"));
    let mut again: Vec<&str> = args.to_vec();
    again.extend(["--out", killed.to_str().unwrap()]);
    let was_killed = kill_when(&again, || rows_saved(&killed) >= 1);
    assert!(was_killed, "{name}: the run ended before a row was saved");
    let settled = rows_saved(&killed);
    let refused = rulediff(&again);
    assert_eq!(
        refused.status.code(),
        Some(2),
        "{name}: resumes only when asked"
    );
    assert!(
        text(&refused.stderr).contains("pass --resume"),
        "{}",
        text(&refused.stderr)
    );
    again.push("--resume");
    let resumed = rulediff(&again);
    assert!(
        resumed.status.code().is_some_and(|c| c <= 1),
        "{}",
        text(&resumed.stderr)
    );
    assert_eq!(
        without_seconds(&killed.join(table), seconds),
        without_seconds(&whole.join(table), seconds),
        "{name}: killed after {settled} rows and resumed"
    );
    for file in files {
        let read = |dir: &Path| std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(read(&killed), read(&whole), "{name}: {file}");
    }
    whole
}

#[test]
fn a_killed_finite_run_resumes_to_the_same_table() {
    resumes_to_the_same(
        "finite",
        &[
            "finite",
            "--rules",
            "psk,simple-ko,ssk,no-ko",
            "--board",
            "2x2,1x5,2x3,path:6",
            "--max-states",
            "30000",
        ],
        "finiteness.csv",
        6,
        &[
            "lassos/simple-ko-2x3-2p.toml",
            "lassos/no-ko-path_6-2p.toml",
        ],
    );
}

#[test]
fn a_killed_solve_run_resumes_to_the_same_table() {
    resumes_to_the_same(
        "solve",
        &[
            "solve",
            "--rules",
            "psk,simple-ko,no-ko",
            "--board",
            "2x2,1x5,2x3",
            "--table-mb",
            "16",
        ],
        "solutions.csv",
        7,
        &["solutions/simple_ko-2x2.toml"],
    );
}

#[test]
fn a_killed_kee_claims_run_resumes_to_the_same_counts() {
    let args = [
        "kee-claims",
        "--rules",
        "kee,kee:replay-same",
        "--games",
        "3000",
        "--seed",
        "7",
    ];
    let whole = fresh("kee-whole");
    let mut first: Vec<&str> = args.to_vec();
    first.extend(["--out", whole.to_str().unwrap()]);
    let out = rulediff(&first);
    assert!(out.status.success(), "{}", text(&out.stderr));

    let killed = fresh("kee-killed");
    let mut again: Vec<&str> = args.to_vec();
    again.extend(["--out", killed.to_str().unwrap(), "--resume"]);
    let done = |dir: &Path| -> u64 {
        std::fs::read(dir.join("progress.json"))
            .ok()
            .and_then(|b| serde_json::from_slice::<serde_json::Value>(&b).ok())
            .and_then(|v| v["rows"][0][1]["games_done"].as_u64())
            .unwrap_or(0)
    };
    assert!(
        kill_when(&again, || done(&killed) >= 1024),
        "ended before a save"
    );
    let resumed = rulediff(&again);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert_eq!(done(&killed), 3000);
    let read = |dir: &Path, file: &str| std::fs::read_to_string(dir.join(file)).unwrap();
    assert_eq!(read(&killed, "claims.md"), read(&whole, "claims.md"));
    let cases = |dir: &Path| {
        let mut names: Vec<_> = std::fs::read_dir(dir.join("cases"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    assert_eq!(cases(&killed), cases(&whole));
    for name in cases(&whole) {
        let name = format!("cases/{}", name.to_string_lossy());
        assert_eq!(read(&killed, &name), read(&whole, &name), "{name}");
    }
}

/// `solve` over a slice of the Kee space (`appeal` × `opponents`): the two values of the
/// `opponents` axis share one search per board (with two players they rule alike), the value
/// table (`kee-space.md`) names the sentence that decides each board's value, and a killed
/// run resumes to the same rows and the same table.
#[test]
fn a_killed_solve_over_kee_combinations_resumes_to_the_same_value_table() {
    let args = [
        "solve",
        "--rules",
        "kee[appeal=*,opponents=*]",
        "--board",
        "1x3,1x4,2x2",
        "--table-mb",
        "16",
    ];
    let whole = resumes_to_the_same("solve-kee", &args, "solutions.csv", 7, &["kee-space.md"]);
    let md = std::fs::read_to_string(whole.join("kee-space.md")).unwrap();
    for line in [
        "Under `kee`: `1x3` B+3, `1x4` B+4, `2x2` 0.",
        "| `1x3` | B+3 | every combination with appeal=rule11 | 2 |",
        "| `1x3` | 0 | every combination with appeal=any | 2 |",
        "| `1x4` | B+4 | every combination with appeal=rule11 | 2 |",
        "| `1x4` | B+1 | every combination with appeal=any | 2 |",
        "| every combination with appeal=any | 2 | 0 | B+1 | 0 | `1x3`, `1x4` |",
    ] {
        assert!(md.contains(line), "no `{line}` in\n{md}");
    }
    let csv = std::fs::read_to_string(whole.join("solutions.csv")).unwrap();
    let nodes = |rule: &str| -> Vec<String> {
        csv::Reader::from_reader(csv.as_bytes())
            .records()
            .map(|r| r.unwrap())
            .filter(|r| &r[0] == rule)
            .map(|r| r[6].to_string())
            .collect()
    };
    assert_eq!(nodes("kee").len(), 3);
    assert_eq!(
        nodes("kee"),
        nodes("kee:opponent-next"),
        "one search, shared"
    );
}
