//! The one-way flow of the design, checked over the library's `crate::` and `super::` paths
//! (in `use` lines, code and doc links alike): no module names one of a higher layer, no
//! game names another, and no two folders name each other, directly or round a circle.
//!
//! The layers, lowest first:
//!
//! 1. `util` — small pieces with no game knowledge;
//! 2. `family` — what a game is: setups, plays, seats, results;
//! 3. `case` — case files, for any family;
//! 4. `referee` — who judges a game: the referee model, registries, `--rules`;
//! 5. `engine` — external programs: processes and the protocols (GTP, JSON lines), naming
//!    no game;
//! 6. `listed` — what the list of families needs of a family (cases, starts, seeds,
//!    engines);
//! 7. the games — `go`, `chess`, `xiangqi`, none naming another;
//! 8. `families` — the one list of families, and the engines of a run;
//! 9. `runner` — lock-step runs, divergences, campaigns, rosters;
//! 10. `report` — text, CSV, JSON, HTML, the results file;
//! 11. `check` — properties, searches, fuzz oracles, and their tables.
//!
//! The binary's `commands/` sit on top and may use everything.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use common::sources;

const LAYERS: &[&[&str]] = &[
    &["util"],
    &["family"],
    &["case"],
    &["referee"],
    &["engine"],
    &["listed"],
    &["go", "chess", "xiangqi"],
    &["families"],
    &["runner"],
    &["report"],
    &["check"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|names| names.contains(&module))
}

/// A module's path below the crate root (`go/rules/psk.rs` → `["go", "rules", "psk"]`;
/// a folder's `mod.rs` is the folder).
type ModPath = Vec<String>;

/// The module a file under `src` is.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: ModPath = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|last| last == "mod") {
        path.pop();
    }
    path
}

/// Every path a text names from `crate::` or `super::`, as written (`super` kept).
fn paths_in(text: &str) -> Vec<Vec<String>> {
    common::paths::named_from(text, &["crate", "super"])
}

/// The module a path written in module `from` names: `super` resolved, then as many segments
/// as are modules under `src` (a path into an item stops at the item's module).
fn target(src: &Path, from: &ModPath, written: &[String]) -> ModPath {
    let mut segments = written.iter().peekable();
    let mut base: ModPath = if written.first().is_some_and(|s| s == "crate") {
        segments.next();
        Vec::new()
    } else {
        from.clone()
    };
    while segments.peek().is_some_and(|s| *s == "super") {
        segments.next();
        base.pop();
    }
    for segment in segments {
        let dir: PathBuf = src.join(base.join("/"));
        if dir.join(segment).is_dir() || dir.join(format!("{segment}.rs")).is_file() {
            base.push(segment.clone());
        } else {
            break;
        }
    }
    base
}

/// Every import of the library: `(file, its module, the module it names)`.
fn imports(src: &Path) -> Vec<(String, ModPath, ModPath)> {
    let mut files = Vec::new();
    sources(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let from = module_of(src, &file);
        if from.is_empty() || ["main", "lib", "commands"].contains(&from[0].as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for written in paths_in(&text) {
            let to = target(src, &from, &written);
            if !to.is_empty() {
                found.push((file.display().to_string(), from.clone(), to));
            }
        }
    }
    found
}

/// The imports against the layers: `(file, imported top-level module)`, for one that names a
/// higher layer or a game that names another game.
fn against_the_layers(src: &Path) -> Vec<(String, String)> {
    let mut found = BTreeSet::new();
    for (file, from, to) in imports(src) {
        let (own, other) = (&from[0], &to[0]);
        if own == other {
            continue;
        }
        match (layer(own), layer(other)) {
            (Some(a), Some(b)) if b >= a => {
                found.insert((file, other.clone()));
            }
            _ => {}
        }
    }
    found.into_iter().collect()
}

/// The nodes of the folder graph an import joins: below the modules' nearest common folder,
/// the two children it lies in, when both are folders (at the crate root, files too: the
/// top-level modules). `None` where one module is inside the other.
fn joined(src: &Path, from: &ModPath, to: &ModPath) -> Option<(ModPath, ModPath)> {
    let common = from.iter().zip(to).take_while(|(a, b)| a == b).count();
    if common == from.len() || common == to.len() {
        return None;
    }
    let (a, b) = (from[..=common].to_vec(), to[..=common].to_vec());
    let folder = |m: &ModPath| src.join(m.join("/")).is_dir();
    (common == 0 || (folder(&a) && folder(&b))).then_some((a, b))
}

/// Circles of imports between folders (and top-level modules): each as the folders on it.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for (_, from, to) in imports(src) {
        if let Some((a, b)) = joined(src, &from, &to) {
            edges.entry(b.clone()).or_default();
            edges.entry(a).or_default().insert(b);
        }
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| component.iter().map(|m| m.join("/")).collect())
        .collect()
}

/// Tarjan's strongly connected components of a directed graph.
fn strongly_connected(edges: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'a ModPath, (usize, usize)>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        components: Vec<Vec<ModPath>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a ModPath) {
            let n = self.index.len();
            self.index.insert(node, (n, n));
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in &self.edges[node] {
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.index[next].1.min(self.index[node].1);
                    self.index.get_mut(node).unwrap().1 = low;
                } else if self.on_stack.contains(next) {
                    let low = self.index[next].0.min(self.index[node].1);
                    self.index.get_mut(node).unwrap().1 = low;
                }
            }
            if self.index[node].0 == self.index[node].1 {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(top.clone());
                    if top == node {
                        break;
                    }
                }
                component.sort();
                self.components.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        components: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.components
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_module_names_a_higher_layer_or_another_game() {
    let against = against_the_layers(&src());
    assert!(against.is_empty(), "imports against the flow: {against:#?}");
}

#[test]
fn no_folders_import_each_other_round_a_circle() {
    let found = circles(&src());
    assert!(
        found.is_empty(),
        "import circles between folders: {found:#?}"
    );
}

#[test]
fn every_module_of_the_library_has_a_layer() {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    let mut modules = 0;
    for line in lib.lines() {
        if let Some(name) = line.strip_prefix("pub mod ") {
            let name = name.trim_end_matches(';');
            assert!(layer(name).is_some(), "`{name}` is in no layer");
            modules += 1;
        }
    }
    assert_eq!(modules, LAYERS.iter().map(|l| l.len()).sum::<usize>());
}

/// A scratch source tree: `files` as `(path under src, text)`.
fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulediff-{name}-{}", std::process::id()));
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn the_check_sees_imports_against_the_flow() {
    let dir = scratch(
        "layering",
        &[
            // Up a layer, in a use tree, and by `super`.
            ("runner/bad.rs", "use crate::{util::hash, report::text};\n"),
            (
                "runner/deep/worse.rs",
                "use super::super::super::check::x;\n",
            ),
            // A game naming another; the engine layer naming a game.
            ("go/mod.rs", "//! See [`crate::chess::Chess`].\n"),
            ("engine/mod.rs", "use crate::xiangqi::{board::Move};\n"),
            // Down the layers: fine.
            (
                "report/mod.rs",
                "use crate::{runner::bad, family};\nfn f() { crate::go::x(); }\n",
            ),
            ("util.rs", "use crate::util::hash;\n"),
            ("check.rs", ""),
            ("chess/mod.rs", ""),
            ("xiangqi/board.rs", ""),
        ],
    );
    let against = against_the_layers(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    let got: Vec<(String, &str)> = against
        .iter()
        .map(|(file, module)| {
            let file = file.rsplit("rulediff-layering-").next().unwrap();
            let file = file.split_once('/').unwrap().1.to_string();
            (file, module.as_str())
        })
        .collect();
    assert_eq!(
        got,
        [
            ("engine/mod.rs".to_string(), "xiangqi"),
            ("go/mod.rs".to_string(), "chess"),
            ("runner/bad.rs".to_string(), "report"),
            ("runner/deep/worse.rs".to_string(), "check"),
        ]
    );
}

#[test]
fn the_check_sees_a_circle_between_folders() {
    let dir = scratch(
        "circles",
        &[
            ("go/rules/a.rs", "use crate::go::engines::b;\n"),
            ("go/engines/b.rs", "use super::super::rules::a;\n"),
            // A folder and its own files may name each other; so may two files of a folder.
            ("go/mod.rs", "use rules::a;\n"),
            (
                "go/board.rs",
                "use super::graph;\nuse crate::go::rules::a;\n",
            ),
            ("go/graph.rs", "use super::board;\n"),
            // Top-level modules, files or folders, are nodes too.
            ("case.rs", "use crate::family::x;\n"),
            ("family.rs", "//! [`crate::case::Case`]\n"),
        ],
    );
    let found = circles(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        found,
        [vec!["case", "family"], vec!["go/engines", "go/rules"]]
    );
}

#[test]
fn use_trees_and_super_paths_are_read() {
    let text =
        "use crate::{a::{b, c::d}, e as f};\nuse super::super::g::*;\nfn x() { crate::h::i(); }";
    let mut paths: Vec<String> = paths_in(text).iter().map(|p| p.join("::")).collect();
    paths.sort();
    assert_eq!(
        paths,
        [
            "crate::a::b",
            "crate::a::c::d",
            "crate::e",
            "crate::h::i",
            "super::super::g"
        ]
    );
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

/// The runner settles results; the report layer decides where they go.
#[test]
fn the_runner_writes_no_files() {
    let runner = src().join("runner");
    let writes = file_writes(&runner);
    assert!(writes.is_empty(), "the runner writes files: {writes:?}");
}

#[test]
fn the_write_check_sees_a_write() {
    let dir = scratch(
        "writes",
        &[("bad.rs", "fn f() {\n    std::fs::write(\"x\", \"y\");\n}\n")],
    );
    let writes = file_writes(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert!(writes[0].ends_with("bad.rs:2"));
}
