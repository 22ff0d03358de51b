//! The library's front door: the crate root, the family modules (`go`, `chess`, `xiangqi`),
//! the oracles (`check`, with its `fuzz`, `go_rules` and `kee_claims` collections) and the
//! renderers (`report`). Every other module is the binary's wiring, `#[doc(hidden)]`.
//!
//! Checked both ways: every `pub mod` outside the door is hidden, and the tests, the example,
//! the benches and the fuzz targets (the library's first users) name nothing behind it.

mod common;

use std::path::{Path, PathBuf};

use common::paths::named_from;
use common::sources;

/// The modules one may name from outside: `rulediff::go::Name` and so on.
const DOOR: &[&str] = &[
    "",
    "go",
    "chess",
    "xiangqi",
    "check",
    "check::fuzz",
    "check::go_rules",
    "check::kee_claims",
    "report",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Is `segments` (after `rulediff`) a module of the library? Read off the file tree.
fn is_module(segments: &[String]) -> bool {
    let base = segments.iter().fold(src(), |dir, s| dir.join(s));
    base.is_dir() || base.with_extension("rs").is_file()
}

/// What a path names behind the door, or `None` when it goes through it: the longest run of
/// leading segments that are library modules must be one of `DOOR`.
fn behind_the_door(path: &[String]) -> Option<String> {
    let segments = &path[1..];
    let depth = (0..=segments.len())
        .rev()
        .find(|&n| is_module(&segments[..n]))
        .unwrap_or(0);
    let module = segments[..depth].join("::");
    (!DOOR.contains(&module.as_str())).then(|| path.join("::"))
}

/// Every path behind the door in one text, with the file's name.
fn deep_paths(file: &Path, text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    named_from(&code, &["rulediff"])
        .iter()
        .filter_map(|p| behind_the_door(p))
        .map(|p| format!("{}: {p}", file.display()))
        .collect()
}

/// The library's users in this workspace: tests, the example, the benches, the fuzz targets.
fn users() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["tests", "examples", "benches", "../fuzz/fuzz_targets"] {
        sources(&root.join(dir), &mut files);
    }
    files.retain(|f| f.file_name().is_some_and(|n| n != "front_door.rs"));
    files
}

#[test]
fn tests_examples_benches_and_fuzz_targets_use_the_front_door() {
    let files = users();
    assert!(files.len() > 40, "found only {} files", files.len());
    let deep: Vec<String> = files
        .iter()
        .flat_map(|f| deep_paths(f, &std::fs::read_to_string(f).unwrap()))
        .collect();
    assert!(
        deep.is_empty(),
        "paths behind the front door:\n{}",
        deep.join("\n")
    );
}

/// The `pub mod` lines of a module file not preceded by `#[doc(hidden)]`.
fn shown_modules(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| {
            let name = line.strip_prefix("pub mod ")?.strip_suffix(';')?;
            let hidden = i > 0 && lines[i - 1].trim() == "#[doc(hidden)]";
            (!hidden).then(|| name.to_string())
        })
        .collect()
}

#[test]
fn every_module_outside_the_door_is_hidden() {
    let mut shown = Vec::new();
    for (module, file) in [
        ("", "lib.rs"),
        ("go", "go/mod.rs"),
        ("chess", "chess/mod.rs"),
        ("xiangqi", "xiangqi/mod.rs"),
        ("check", "check/mod.rs"),
        ("report", "report/mod.rs"),
    ] {
        for name in shown_modules(&src().join(file)) {
            let path = if module.is_empty() {
                name
            } else {
                format!("{module}::{name}")
            };
            if !DOOR.contains(&path.as_str()) {
                shown.push(path);
            }
        }
    }
    assert!(
        shown.is_empty(),
        "shown but not in the front door: {shown:?}"
    );
}

#[test]
fn the_check_sees_a_path_behind_the_door() {
    let text = "use rulediff::{Go, go::Board, referee::Status};\n\
                fn f() { rulediff::go::rules::kee::fast::KeeReferee::new(); }\n\
                fn g() { rulediff::check::fuzz::sgf(&[]); rulediff::Status::Ongoing; }\n";
    let deep = deep_paths(Path::new("t.rs"), text);
    assert_eq!(
        deep,
        [
            "t.rs: rulediff::referee::Status",
            "t.rs: rulediff::go::rules::kee::fast::KeeReferee::new"
        ]
    );
}
