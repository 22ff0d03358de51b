//! What the command-line tests share: running the binary and scratch folders.
// Each test crate uses its own subset of these.
#![allow(dead_code)]

pub mod paths;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `rulediff` binary built for these tests.
pub fn rulediff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(args)
        .output()
        .expect("binary runs")
}

/// A path under the bundled corpus, as an argument.
pub fn corpus(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(rel)
        .display()
        .to_string()
}

/// A temporary path for this test process that does not exist yet (as `--out` wants it).
pub fn fresh(name: &str) -> PathBuf {
    let tag = env!("CARGO_CRATE_NAME");
    let dir = std::env::temp_dir().join(format!("rulediff-{tag}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// An empty temporary folder for this test process.
pub fn scratch(name: &str) -> PathBuf {
    let dir = fresh(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Output bytes as text, for messages and `contains`.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Replays every case in `dir` with `rulediff run`: all must pass, and there must be `cases`.
pub fn replays(dir: &Path, cases: usize) {
    let replay = rulediff(&["run", dir.to_str().unwrap()]);
    let report = text(&replay.stdout);
    let summary = text(&replay.stderr);
    assert!(replay.status.success(), "{report}{summary}");
    assert!(summary.contains(&format!("{cases} cases")), "{summary}");
}

/// A campaign's saved `results.json` in `dir`.
pub fn results(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join("results.json")).unwrap()).unwrap()
}

/// Runs the binary with a deadline: a run that does not end in `seconds` is killed and the
/// test fails, so a hang shows as a failure rather than a stuck suite.
pub fn rulediff_within(seconds: u64, args: &[&str]) -> Output {
    use std::process::Stdio;
    let child = Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let id = child.id();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(child.wait_with_output());
    });
    match receive.recv_timeout(std::time::Duration::from_secs(seconds)) {
        Ok(output) => output.expect("binary runs"),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
            panic!(
                "`rulediff {}` did not end within {seconds} s",
                args.join(" ")
            );
        }
    }
}

/// An outside program some tests need, and how to install it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    GnuGo,
    LeelaZero,
    /// nauty's graph generator.
    Geng,
    Chromium,
    /// python3 with python-chess.
    PythonChess,
    /// python3 with pyffish (Fairy-Stockfish).
    Pyffish,
    Python,
    /// node with the npm packages of `harness/bridges/node` installed (`npm ci` there).
    NodeBridges,
    /// python3 with open-spiel.
    OpenSpiel,
    /// python3 with pettingzoo's go_v5 (which imports pygame).
    PettingZoo,
    /// python3 with cchess (a xiangqi library).
    Cchess,
}

impl Tool {
    fn install(self) -> &'static str {
        match self {
            Tool::GnuGo => "apt-get install gnugo",
            Tool::LeelaZero => "apt-get install leela-zero",
            Tool::Geng => "apt-get install nauty",
            Tool::Chromium => "apt-get install chromium",
            Tool::PythonChess => "pip install chess",
            Tool::Pyffish => "pip install pyffish",
            Tool::Python => "apt-get install python3",
            Tool::NodeBridges => "apt-get install nodejs npm; cd harness/bridges/node && npm ci",
            Tool::OpenSpiel => "pip install open-spiel",
            Tool::PettingZoo => "pip install pettingzoo pygame",
            Tool::Cchess => "pip install cchess",
        }
    }

    fn found(self) -> bool {
        let program = |name: &str| rulediff::locate_program(name).is_some();
        let python = |module: &str| {
            let python = std::env::var("RULEDIFF_PYTHON").unwrap_or_else(|_| "python3".into());
            Command::new(python)
                .args(["-c", &format!("import {module}")])
                .output()
                .is_ok_and(|o| o.status.success())
        };
        match self {
            Tool::GnuGo => program("gnugo"),
            Tool::LeelaZero => program("leelaz"),
            Tool::Geng => program("nauty-geng"),
            Tool::Chromium => program("chromium") || program("chromium-browser"),
            Tool::PythonChess => python("chess"),
            Tool::Pyffish => python("pyffish"),
            Tool::Python => python("sys"),
            Tool::OpenSpiel => python("pyspiel"),
            Tool::PettingZoo => python("pettingzoo.classic.go_v5"),
            Tool::Cchess => python("cchess"),
            Tool::NodeBridges => {
                let dir = rulediff::node_bridges_dir();
                program("node")
                    && [
                        "@sabaki/go-board",
                        "chess.js",
                        "chessops",
                        "goban",
                        "tenuki",
                    ]
                    .iter()
                    .all(|p| Path::new(&format!("{dir}/node_modules/{p}/package.json")).is_file())
            }
        }
    }
}

/// Whether every tool a test needs is here. Where one is missing the test should return at
/// once: it prints SKIPPED with what to install; but with `RULEDIFF_REQUIRE_TOOLS=1` (as CI
/// sets it) a missing tool fails the test, so a green run has run every test.
pub fn tools(needed: &[Tool]) -> bool {
    let missing: Vec<Tool> = needed.iter().copied().filter(|t| !t.found()).collect();
    if missing.is_empty() {
        return true;
    }
    let what: Vec<String> = missing
        .iter()
        .map(|t| format!("{t:?} ({})", t.install()))
        .collect();
    assert!(
        std::env::var("RULEDIFF_REQUIRE_TOOLS").as_deref() != Ok("1"),
        "RULEDIFF_REQUIRE_TOOLS=1 and missing: {}",
        what.join(", ")
    );
    eprintln!("SKIPPED: missing {}", what.join(", "));
    false
}

/// Every `.rs` file under `dir`, at any depth (for the tests that scan the library's source).
pub fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
