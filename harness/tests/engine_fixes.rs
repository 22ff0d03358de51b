//! The fixes the bug reports for maintainers name (reports/engines/*.md), tried as a
//! maintainer would: a copy of the engine's source with the fix applied, behind the same
//! bridge, must rule the report's case as the rules do, while the engine as installed does
//! not; and where one finding split into two causes, each fix passes its own case only.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

/// A copy of the node bridges in a scratch folder named `name` in which the file `file` of
/// the npm package `package` has each `(text, replacement)` of `patches` applied (each text
/// must occur exactly once); everything else links to the installed packages. The folder, for
/// `RULEDIFF_NODE_BRIDGES`.
fn patched_node(name: &str, package: &str, file: &str, patches: &[(&str, &str)]) -> PathBuf {
    let installed = Path::new(env!("CARGO_MANIFEST_DIR")).join("bridges/node");
    let dir = std::env::temp_dir().join(format!("rulediff-fix-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Copies, not links: a bridge finds its packages beside its own file.
    for entry in std::fs::read_dir(&installed).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js" || e == "mjs") {
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
    }
    // Down the patched file's path, every other entry is a link.
    let mut from = installed.join("node_modules");
    let mut to = dir.join("node_modules");
    let inside: Vec<&str> = std::iter::once(package).chain(file.split('/')).collect();
    for (depth, own) in inside.iter().enumerate() {
        std::fs::create_dir_all(&to).unwrap();
        for entry in std::fs::read_dir(&from).unwrap() {
            let entry = entry.unwrap();
            if entry.file_name() != *own {
                std::os::unix::fs::symlink(entry.path(), to.join(entry.file_name())).unwrap();
            }
        }
        if depth + 1 < inside.len() {
            from = from.join(own);
            to = to.join(own);
        }
    }
    let original = from.join(inside[inside.len() - 1]);
    let mut text = std::fs::read_to_string(&original).unwrap();
    for (old, new) in patches {
        assert_eq!(text.matches(old).count(), 1, "`{old}` once in {file}");
        text = text.replace(old, new);
    }
    std::fs::write(to.join(inside[inside.len() - 1]), text).unwrap();
    dir
}

/// The bridges with goban's bundle patched.
fn patched_goban(name: &str, patches: &[(&str, &str)]) -> PathBuf {
    patched_node(name, "goban", "build/goban.js", patches)
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
/// rules the corpus case `case` as `psk` and `chinese` (the ruleset it claims) do at every
/// step.
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
    // `chinese` is the ruleset the preset names (its claim), positional superko as `psk`.
    assert_eq!(
        run["referees"],
        serde_json::json!(["psk", "chinese", "ogs-chinese"])
    );
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

/// The goban crate's source as cargo has it for this build (its `Cargo.toml`'s folder).
fn goban_source() -> PathBuf {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--offline"])
        .args(["--filter-platform", "x86_64-unknown-linux-gnu"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let goban = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "goban")
        .expect("rulediff depends on the goban crate");
    let manifest = PathBuf::from(goban["manifest_path"].as_str().unwrap());
    manifest.parent().unwrap().to_path_buf()
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The line of `Game::check_super_ko` (src/rules/game.rs) that skips the check.
const SKIP: &str = "if self.history.len() <= 2 || !self.will_capture(stone.coord) {";

/// The crate's copies, each renamed so one program can link them all: as published, with
/// plays that capture nothing checked too, with the first three stone plays checked too,
/// with both.
const GOBANS: [(&str, &str); 4] = [
    ("goban_published", SKIP),
    ("goban_all_plays", "if self.history.len() <= 2 {"),
    (
        "goban_early_plays",
        "if self.history.is_empty() || !self.will_capture(stone.coord) {",
    ),
    ("goban_both", "if self.history.is_empty() {"),
];

/// A program that asks each copy about the last play of each report's case (setup rows top
/// first, who moves first, the plays), printing `<copy> <ruling> <ruling>`.
const CHECK: &str = r#"
const CASES: [(&str, bool, &str); 2] = [
    // corpus/go/engines/goban-superko-non-capturing.toml
    ("...OX/..OX./.O.OX/.OXO./XXXXO", false, "E4 E2 E1 E3"),
    // corpus/go/engines/goban-superko-third-stone-play.toml
    ("....../X..XXX/XXXXOO/XXOOO./XXO.OX/XXOXX.", true, "F3 F1 F2"),
];

macro_rules! ask {
    ($krate:ident) => {{
        use $krate::pieces::stones::{Color, Stone};
        use $krate::rules::{game::Game, Move, CHINESE};
        let mut rulings = vec![stringify!($krate).to_string()];
        for (rows, black_first, moves) in CASES {
            let rows: Vec<&str> = rows.split('/').collect();
            let side = rows.len() as u8;
            let mut builder = Game::builder();
            let turn = if black_first { Color::Black } else { Color::White };
            builder.size((side, side)).rule(CHINESE).turn(turn);
            for (r, row) in rows.iter().enumerate() {
                for (c, cell) in row.chars().enumerate() {
                    let color = match cell {
                        'X' => Color::Black,
                        'O' => Color::White,
                        _ => continue,
                    };
                    builder.add(Stone { coord: (r as u8, c as u8), color });
                }
            }
            let mut game = builder.build().unwrap();
            let at = |m: &str| {
                let c = "ABCDEFGHJKLMNOPQRST".find(&m[..1]).unwrap() as u8;
                (side - m[1..].parse::<u8>().unwrap(), c)
            };
            let moves: Vec<&str> = moves.split(' ').collect();
            let (last, before) = moves.split_last().unwrap();
            for m in before {
                let (r, c) = at(m);
                game.try_play(Move::Play(r, c)).unwrap();
            }
            rulings.push(match game.check_point(at(last)) {
                None => "legal".to_string(),
                Some(e) => format!("{e:?}"),
            });
        }
        println!("{}", rulings.join(" "));
    }};
}

fn main() {
    ask!(goban_published);
    ask!(goban_all_plays);
    ask!(goban_early_plays);
    ask!(goban_both);
}
"#;

/// Builds the copies and the program in a scratch folder, offline, and runs it.
fn run_patched_gobans() -> Output {
    let source = goban_source();
    let dir = std::env::temp_dir().join(format!("rulediff-goban-fix-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut dependencies = String::new();
    for (name, line) in GOBANS {
        let copy = dir.join(name);
        copy_tree(&source, &copy);
        let manifest = std::fs::read_to_string(copy.join("Cargo.toml")).unwrap();
        let renamed = manifest.replace("name = \"goban\"", &format!("name = \"{name}\""));
        std::fs::write(copy.join("Cargo.toml"), renamed).unwrap();
        let game = copy.join("src/rules/game.rs");
        let code = std::fs::read_to_string(&game).unwrap();
        assert_eq!(
            code.matches(SKIP).count(),
            1,
            "goban's check_super_ko as read"
        );
        std::fs::write(&game, code.replace(SKIP, line)).unwrap();
        dependencies += &format!("{name} = {{ path = \"../{name}\" }}\n");
    }
    let check = dir.join("check");
    std::fs::create_dir_all(check.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"check\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n{dependencies}"
    );
    std::fs::write(check.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(check.join("src/main.rs"), CHECK).unwrap();
    let out = Command::new(env!("CARGO"))
        .args(["run", "--offline", "--quiet"])
        .current_dir(&check)
        .env("CARGO_TARGET_DIR", dir.join("target"))
        .output()
        .expect("cargo runs");
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn each_goban_crate_superko_fix_passes_its_own_case_and_only_that() {
    let out = run_patched_gobans();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    // Positional superko forbids both last plays; the crate says `Ko` for a repetition.
    assert_eq!(
        lines,
        [
            "goban_published legal legal",
            "goban_all_plays Ko legal",
            "goban_early_plays legal Ko",
            "goban_both Ko Ko",
        ],
        "{stdout}"
    );
}

/// chess.js keeps the en passant square whenever a pawn stands beside the double-stepped one
/// (reports/engines/chessjs-pinned-en-passant.md); the fix keeps it only when such a pawn can
/// take en passant without leaving its king attacked.
const LEGAL_EN_PASSANT: (&str, &str) = (
    "            if ((!((move.to - 1) & 0x88) &&
                this._board[move.to - 1]?.type === PAWN &&
                this._board[move.to - 1]?.color === them) ||
                (!((move.to + 1) & 0x88) &&
                    this._board[move.to + 1]?.type === PAWN &&
                    this._board[move.to + 1]?.color === them)) {",
    "            const canTake = (sq) => {
                if ((sq & 0x88) || this._board[sq]?.type !== PAWN || this._board[sq]?.color !== them)
                    return false;
                const pawn = this._board[sq], taken = this._board[move.to];
                delete this._board[sq];
                delete this._board[move.to];
                this._board[epSquare] = pawn;
                const legal = !this._attacked(us, this._kings[them]);
                delete this._board[epSquare];
                this._board[sq] = pawn;
                this._board[move.to] = taken;
                return legal;
            };
            if (canTake(move.to - 1) || canTake(move.to + 1)) {",
);

/// The steps at which `chess.js` (with the bridges of `bridges`, the installed ones for `None`)
/// and `threefold-automatic` rule the report's case apart.
fn chessjs_apart(bridges: Option<&Path>) -> serde_json::Value {
    let path = format!(
        "{}/../corpus/chess/engines/chessjs-pinned-en-passant-threefold.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulediff"));
    command.args([
        "run",
        &path,
        "--rules",
        "threefold-automatic,chess.js",
        "--format",
        "json",
    ]);
    if let Some(dir) = bridges {
        command.env("RULEDIFF_NODE_BRIDGES", dir);
    }
    let out = command.output().expect("binary runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert!(!report.to_string().contains("FAULT"), "{report}");
    report["runs"][0]["divergences"].clone()
}

#[test]
fn chessjs_with_legal_en_passant_keys_draws_the_report_case_in_time() {
    if !common::tools(&[common::Tool::NodeBridges]) {
        return;
    }
    let installed = chessjs_apart(None);
    assert!(
        installed.to_string().contains("draw:threefold"),
        "{installed}"
    );
    let fixed = patched_node(
        "chessjs",
        "chess.js",
        "dist/cjs/chess.js",
        &[LEGAL_EN_PASSANT],
    );
    assert_eq!(chessjs_apart(Some(&fixed)), serde_json::json!([]));
    let _ = std::fs::remove_dir_all(fixed);
}
