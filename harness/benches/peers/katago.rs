//! KataGo's board, when its source is given: `RULEDIFF_KATAGO_SRC` names a KataGo checkout's
//! `cpp/` directory. Our driver (`katago_driver.cpp`) is compiled with KataGo's board sources
//! into a shared library under `target/katago-driver/` (`g++ -O3 -march=native`, as KataGo's
//! release build) and loaded in process, so its rows come from the same run as ours. No
//! KataGo code is kept in this repository.

use std::path::{Path, PathBuf};
use std::process::Command;

use libloading::{Library, Symbol};

use super::Flat;

/// The environment variable naming KataGo's `cpp/` directory.
pub const SOURCE_VAR: &str = "RULEDIFF_KATAGO_SRC";

/// KataGo's files the driver needs: the board, its history and rules, and what they call in
/// `core/` (hashes, the random source that fills the Zobrist tables, timers, sorting).
const SOURCES: [&str; 11] = [
    "game/board.cpp",
    "game/boardhistory.cpp",
    "game/rules.cpp",
    "game/graphhash.cpp",
    "core/global.cpp",
    "core/hash.cpp",
    "core/rand.cpp",
    "core/bsearch.cpp",
    "core/timer.cpp",
    "core/md5.cpp",
    "core/sha2.cpp",
];

type Replay = unsafe extern "C" fn(i32, *const i32, *const i64, i64) -> i64;

/// The loaded driver.
pub struct KataGo {
    library: Library,
}

/// Which of KataGo's legality checks replays the games.
#[derive(Clone, Copy)]
pub enum Check {
    /// `Board::isLegal` and `Board::playMoveAssumeLegal`: simple ko.
    Board,
    /// `BoardHistory::isLegal` and `makeBoardMoveAssumeLegal`: positional superko.
    History,
}

impl Check {
    /// Our ko rule with this check.
    pub fn for_rule(id: &str) -> Check {
        match id {
            "psk" => Check::History,
            _ => Check::Board,
        }
    }

    /// The bench id of the row.
    pub fn id(self) -> &'static str {
        match self {
            Check::Board => "katago-board-simple-ko",
            Check::History => "katago-history-psk",
        }
    }

    fn symbol(self) -> &'static [u8] {
        match self {
            Check::Board => b"rulediff_katago_board\0",
            Check::History => b"rulediff_katago_history\0",
        }
    }
}

impl KataGo {
    /// The driver built and loaded, or `None` with a printed note when no source is given.
    /// A given source that does not build is an error that says why.
    pub fn load() -> Option<KataGo> {
        let Some(source) = std::env::var_os(SOURCE_VAR) else {
            println!(
                "note: {SOURCE_VAR} is not set, so the KataGo rows are skipped \
                 (set it to a KataGo checkout's cpp/ directory to measure them)"
            );
            return None;
        };
        let library = build(Path::new(&source)).unwrap_or_else(|e| panic!("{e}"));
        // SAFETY: the library is our driver, built just now; its init takes no arguments.
        unsafe {
            let library = Library::new(&library).unwrap_or_else(|e| {
                panic!("loading {}: {e}", library.display());
            });
            let init: Symbol<unsafe extern "C" fn()> = library
                .get(b"rulediff_katago_init\0")
                .expect("the driver exports rulediff_katago_init");
            init();
            Some(KataGo { library })
        }
    }

    /// Every play of `games` on a `side`×`side` board checked by `check` and made if legal;
    /// the number legal.
    pub fn replay(&self, check: Check, side: usize, games: &Flat) -> usize {
        // SAFETY: the symbol has the `Replay` signature (katago_driver.cpp); `starts` holds one
        // more entry than there are games, each an index into `plays`.
        unsafe {
            let replay: Symbol<Replay> = self
                .library
                .get(check.symbol())
                .expect("the driver exports its replay functions");
            let games_count = games.starts.len() as i64 - 1;
            replay(
                side as i32,
                games.plays.as_ptr(),
                games.starts.as_ptr(),
                games_count,
            ) as usize
        }
    }
}

/// Compiles the driver with KataGo's sources in `source` into a shared library (rebuilt when
/// the driver or the source directory changed); its path.
fn build(source: &Path) -> Result<PathBuf, String> {
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/peers/katago_driver.cpp");
    let out_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/katago-driver");
    let library = out_dir.join("libkatago_driver.so");
    let stamp = out_dir.join("source");
    let missing: Vec<&str> = SOURCES
        .into_iter()
        .filter(|f| !source.join(f).is_file())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{SOURCE_VAR}={}: not KataGo's cpp/ directory (missing {})",
            source.display(),
            missing.join(", ")
        ));
    }
    if is_current(&library, &driver, &stamp, source) {
        return Ok(library);
    }
    std::fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    println!(
        "building KataGo's board from {} (about a minute)",
        source.display()
    );
    let output = Command::new("g++")
        .args([
            "-O3",
            "-DNDEBUG",
            "-march=native",
            "-std=c++17",
            "-shared",
            "-fPIC",
        ])
        .arg("-Wl,--no-undefined")
        .arg("-I")
        .arg(source)
        .arg("-o")
        .arg(&library)
        .arg(&driver)
        .args(SOURCES.iter().map(|f| source.join(f)))
        .output()
        .map_err(|e| format!("running g++: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "g++ could not build KataGo's board from {}:\n{}",
            source.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    std::fs::write(&stamp, source.as_os_str().as_encoded_bytes())
        .map_err(|e| format!("{}: {e}", stamp.display()))?;
    Ok(library)
}

/// Whether `library` was built from `source` after the driver last changed.
fn is_current(library: &Path, driver: &Path, stamp: &Path, source: &Path) -> bool {
    let built = std::fs::metadata(library).and_then(|m| m.modified());
    let changed = std::fs::metadata(driver).and_then(|m| m.modified());
    let same_source =
        std::fs::read(stamp).is_ok_and(|s| s == source.as_os_str().as_encoded_bytes());
    matches!((built, changed), (Ok(b), Ok(c)) if b > c) && same_source
}
