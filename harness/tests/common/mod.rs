//! What the command-line tests share: running the binary and scratch folders.
// Each test crate uses its own subset of these.
#![allow(dead_code)]

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
