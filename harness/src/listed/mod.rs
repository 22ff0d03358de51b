//! What the list of families (`families.rs`) needs of a family beyond the game itself:
//! reading its case files, its referees, its start positions from a command line
//! ([`start`]), exhaustive search ([`search`]), fuzz seeds, and its engines (an engine
//! entry becomes a referee of the family here, so the engine layer names no game). Each
//! family implements [`Listed`] in its own folder; the list above the games names them.

pub mod search;
pub mod start;

use std::path::Path;

use crate::case::{Case, CaseError, Header, Source};
use crate::engine::spec::Accepts;
use crate::engine::Engine;
use crate::family::Explore;
use crate::referee::{Fault, RefereeInfo, Refereed};

pub use search::{ForSearchable, SearchOptions, SearchStart, Searchable};
pub use start::{Start, StartError, StartOptions};

/// A family as the list in `families.rs` holds it: everything the case reader, the
/// commands and the tests need of a game, through one trait, so that adding a family
/// touches its own folder (where it implements this) and that list.
pub trait Listed: Explore + Refereed {
    /// Reads a case file of this family: its own keys, after the common header.
    fn parse_case(src: &Source, header: Header) -> Result<Case<Self>, CaseError>;
    /// What `rulediff rules` prints after the family's registry (Go: Kee Rules' axes).
    fn registry_notes(_verbose: bool) -> String {
        String::new()
    }
    /// The start position a command line names (`--start`, `--board`, `--players`), with
    /// the ply budget a random game from it gets by default.
    fn start(options: &StartOptions) -> Result<Start<Self>, StartError>;
    /// A short game for seeds and write-then-read checks: a start position that is not the
    /// family's plainest, and plays from it in the family's notation.
    fn sample() -> (Self::Setup, Vec<String>);
    /// Inputs for the fuzz targets that exercise this family, built from the bundled corpus
    /// (`corpus`: the folder that holds every family's case folder); `fuzz/seed.sh` writes
    /// them as `fuzz/seeds/<target>/<name>`.
    fn fuzz_seeds(corpus: &Path) -> std::io::Result<Vec<Seed>>;
    /// What this family's engines may be, for the reader of engine definitions: the keys and
    /// protocols they take, the built-in engines, the family's referee ids.
    fn engines() -> Accepts;
    /// The referee an engine of this family is (an entry of [`Accepts::built_in`] or one
    /// defined like it); a fault where it cannot be one here (a program not found).
    fn engine_referee(engine: &Engine) -> Result<RefereeInfo<Self>, Fault>;
    /// Does `action` with this family, if exhaustive search can search its games
    /// ([`Searchable`]); `None` where it cannot (the default).
    fn if_searchable<A: ForSearchable>(action: &mut A) -> Option<A::Output> {
        let _ = action;
        None
    }
}

/// One input of a fuzz target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seed {
    /// The fuzz target (`differential`, `fen`, …): its folder under `fuzz/seeds/`.
    pub target: &'static str,
    /// The file's name in that folder.
    pub name: String,
    /// The input.
    pub bytes: Vec<u8>,
}

/// Parses case text of family `F` as if read from `path`; a case of another family is an
/// error at its `family` key. (`families::parse` reads a case of any family.)
pub fn parse_as<F: Listed>(path: &Path, text: &str) -> Result<Case<F>, CaseError> {
    let src = Source { path, text };
    let header: Header = src.parse()?;
    if header.family.get_ref() != F::NAME {
        let message = format!("not a {} case", F::NAME);
        return Err(src.error_in(&header.family, message));
    }
    F::parse_case(&src, header)
}
