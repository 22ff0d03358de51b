//! The fixes the bug reports for maintainers name (reports/engines/*.md), tried as a
//! maintainer would: a copy of the engine's source with the fix applied, behind the same
//! bridge, must rule the report's case as the rules do, while the engine as installed does
//! not; and where one finding split into two causes, each fix passes its own case only.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// A copy of the node bridges in a scratch folder named `name`, whose `goban` bundle has
/// each `(text, replacement)` of `patches` applied (each text must occur exactly once); the
/// other packages are links to the installed ones. The folder, for `RULEDIFF_NODE_BRIDGES`.
fn patched_goban(name: &str, patches: &[(&str, &str)]) -> PathBuf {
    let installed = Path::new(env!("CARGO_MANIFEST_DIR")).join("bridges/node");
    let dir = std::env::temp_dir().join(format!("rulediff-fix-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let modules = dir.join("node_modules");
    let build = modules.join("goban/build");
    std::fs::create_dir_all(&build).unwrap();
    // Copies, not links: a bridge finds its packages beside its own file.
    for script in ["ogs_goban_bridge.js", "rulediff_bridge.js"] {
        std::fs::copy(installed.join(script), dir.join(script)).unwrap();
    }
    let link_all_but = |from: &Path, to: &Path, own: &str| {
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            if entry.file_name() != own {
                std::os::unix::fs::symlink(entry.path(), to.join(entry.file_name())).unwrap();
            }
        }
    };
    link_all_but(&installed.join("node_modules"), &modules, "goban");
    link_all_but(
        &installed.join("node_modules/goban"),
        &modules.join("goban"),
        "build",
    );
    link_all_but(
        &installed.join("node_modules/goban/build"),
        &build,
        "goban.js",
    );
    let mut bundle =
        std::fs::read_to_string(installed.join("node_modules/goban/build/goban.js")).unwrap();
    for (text, replacement) in patches {
        assert_eq!(bundle.matches(text).count(), 1, "`{text}` once in goban.js");
        bundle = bundle.replace(text, replacement);
    }
    std::fs::write(build.join("goban.js"), bundle).unwrap();
    dir
}

/// `isBoardRepeating` searches at most 30 moves back (reports/engines/ogs-goban-superko-window.md).
const UNBOUNDED: (&str, &str) = (
    "const MAX_SUPERKO_SEARCH = 30;",
    "const MAX_SUPERKO_SEARCH = Infinity;",
);

/// ... and stops at move 1, before the root, the start position
/// (reports/engines/ogs-goban-superko-start-position.md).
const TO_THE_ROOT: (&str, &str) = (
    "Math.min(MAX_SUPERKO_SEARCH, this.cur_move.move_number - 2); i > 0;",
    "Math.min(MAX_SUPERKO_SEARCH, this.cur_move.move_number - 1); i > 0;",
);

/// Whether `ogs-chinese`, with the bridges of `bridges` (the installed ones for `None`),
/// rules the corpus case `case` as `psk` does at every step.
fn ogs_rules_as_psk(case: &str, bridges: Option<&Path>) -> bool {
    let path = format!("{}/../corpus/go/engines/{case}", env!("CARGO_MANIFEST_DIR"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulediff"));
    command.args([
        "run",
        &path,
        "--rules",
        "psk",
        "--engine",
        "ogs-chinese",
        "--format",
        "json",
    ]);
    if let Some(dir) = bridges {
        command.env("RULEDIFF_NODE_BRIDGES", dir);
    }
    let out = command.output().expect("binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("FAULT"), "{case}: {text}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{case}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
    let run = &report["runs"][0];
    assert_eq!(run["referees"], serde_json::json!(["psk", "ogs-chinese"]));
    run["divergences"] == serde_json::json!([])
}

#[test]
fn each_ogs_superko_fix_passes_its_own_case_and_only_that() {
    if !common::tools(&[common::Tool::NodeBridges]) {
        return;
    }
    let window = "ogs-superko-beyond-30-moves.toml";
    let start = "ogs-superko-start-position.toml";
    let both = "ogs-superko-start-beyond-30-moves.toml";
    for case in [window, start, both] {
        assert!(!ogs_rules_as_psk(case, None), "{case}: as installed");
    }
    let unbounded = patched_goban("unbounded", &[UNBOUNDED]);
    assert!(ogs_rules_as_psk(window, Some(&unbounded)));
    assert!(!ogs_rules_as_psk(start, Some(&unbounded)));
    assert!(!ogs_rules_as_psk(both, Some(&unbounded)));
    let rooted = patched_goban("root", &[TO_THE_ROOT]);
    assert!(ogs_rules_as_psk(start, Some(&rooted)));
    assert!(!ogs_rules_as_psk(window, Some(&rooted)));
    assert!(!ogs_rules_as_psk(both, Some(&rooted)));
    let fixed = patched_goban("both", &[UNBOUNDED, TO_THE_ROOT]);
    for case in [window, start, both] {
        assert!(ogs_rules_as_psk(case, Some(&fixed)), "{case}: both fixes");
    }
    for dir in [unbounded, rooted, fixed] {
        let _ = std::fs::remove_dir_all(dir);
    }
}
