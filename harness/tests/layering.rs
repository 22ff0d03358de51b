//! The one-way flow of the design, checked: no module of the library imports one of a
//! higher layer. The layers, lowest first (README, "Layout"):
//!
//! 1. `util` — small pieces with no game knowledge;
//! 2. what every game is — `family` (the traits), `case` (case files), `referee` (the
//!    referee model), which name no family;
//! 3. the games and their referees — `go`, `chess`, `xiangqi`, `engine` (a family's
//!    rulesets are its referees);
//! 4. `families` — the one list of families;
//! 5. `runner` — lock-step runs, divergences, campaigns;
//! 6. `check` — properties, searches, fuzz oracles;
//! 7. `report` — text, CSV, JSON, HTML.
//!
//! The binary's `commands/` sit on top and may use everything.

mod common;

use std::path::Path;

use common::sources;

const LAYERS: &[&[&str]] = &[
    &["util"],
    &["family", "case", "referee", "listed"],
    &["go", "chess", "xiangqi", "engine"],
    &["families"],
    &["runner"],
    &["check"],
    &["report"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|names| names.contains(&module))
}

/// Every `crate::name` a source file mentions.
fn imports(text: &str) -> Vec<String> {
    text.match_indices("crate::")
        .map(|(at, found)| {
            text[at + found.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// The top-level module a file under `src/` belongs to (`go/rules/psk.rs` → `go`).
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

/// The imports of the library that go up a layer: `(file, imported module)`.
fn upward(src: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let mut found = Vec::new();
    for file in files {
        let Some(own) = layer(&module_of(src, &file)) else {
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        for imported in imports(&text) {
            if layer(&imported).is_some_and(|l| l > own) {
                found.push((file.display().to_string(), imported));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn no_module_imports_a_higher_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let up = upward(&src);
    assert!(up.is_empty(), "imports against the flow: {up:#?}");
}

#[test]
fn every_module_of_the_library_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    for line in lib.lines() {
        if let Some(name) = line.strip_prefix("pub mod ") {
            let name = name.trim_end_matches(';');
            assert!(layer(name).is_some(), "`{name}` is in no layer");
        }
    }
}

#[test]
fn the_check_sees_an_import_against_the_flow() {
    let dir = std::env::temp_dir().join(format!("rulediff-layering-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("runner")).unwrap();
    std::fs::write(
        dir.join("runner/bad.rs"),
        "use crate::report::text;\nuse crate::go::Go;\n",
    )
    .unwrap();
    std::fs::write(dir.join("util.rs"), "use crate::util::hash;\n").unwrap();
    let up = upward(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(up.len(), 1, "{up:?}");
    assert!(up[0].0.ends_with("bad.rs") && up[0].1 == "report");
}

/// The lines of files under `dir` that write to the file system (`file:line`).
fn file_writes(dir: &Path) -> Vec<String> {
    const WRITES: &[&str] = &["fs::write", "File::create", "atomic::write", "create_dir"];
    let mut files = Vec::new();
    sources(dir, &mut files);
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        // A module's tests may make scratch files; only its code is checked.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            if WRITES.iter().any(|w| line.contains(w)) {
                found.push(format!("{}:{}", file.display(), n + 1));
            }
        }
    }
    found
}

/// The runner settles results; the commands decide where they go (README, "Layout").
#[test]
fn the_runner_writes_no_files() {
    let runner = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/runner");
    let writes = file_writes(&runner);
    assert!(writes.is_empty(), "the runner writes files: {writes:?}");
}

#[test]
fn the_write_check_sees_a_write() {
    let dir = std::env::temp_dir().join(format!("rulediff-writes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.rs"),
        "fn f() {\n    std::fs::write(\"x\", \"y\");\n}\n",
    )
    .unwrap();
    let writes = file_writes(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert!(writes[0].ends_with("bad.rs:2"));
}
