//! Chess on the list of families (``families``).

use std::path::Path;

use super::{Chess, ChessSetup};
use crate::case::{Case, CaseError, Header, Source};
use crate::listed::{
    ForSearchable, Listed, SearchOptions, SearchStart, Searchable, Seed, Start, StartError,
    StartOptions,
};

impl Listed for Chess {
    fn parse_case(src: &Source, header: Header) -> Result<Case<Chess>, CaseError> {
        super::case::parse(src, header)
    }

    fn start(options: &StartOptions) -> Result<Start<Chess>, StartError> {
        options.only_start("Go", "a chess or xiangqi game starts from --start (a FEN)")?;
        let setup = match &options.start {
            Some(fen) => ChessSetup::from_fen(fen).map_err(|e| StartError::Invalid(e.into()))?,
            None => ChessSetup::standard(),
        };
        Ok(Start {
            setup,
            max_plies: 2000,
        })
    }

    fn sample() -> (ChessSetup, Vec<String>) {
        let setup = ChessSetup::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").expect("a FEN");
        (setup, ["e1f1", "e8d8"].map(String::from).to_vec())
    }

    fn fuzz_seeds(corpus: &Path) -> std::io::Result<Vec<Seed>> {
        super::seeds::seeds(corpus)
    }

    fn engines() -> crate::engine::spec::Accepts {
        super::bridge::accepts()
    }

    fn engine_referee(
        engine: &crate::engine::Engine,
    ) -> Result<crate::referee::RefereeInfo<Chess>, crate::referee::Fault> {
        super::bridge::from_engine(engine)
    }

    fn if_searchable<A: ForSearchable>(action: &mut A) -> Option<A::Output> {
        Some(action.run::<Chess>())
    }
}

impl Searchable for Chess {
    const START_COLUMN: &'static str = "start";
    /// Every state on the search path holds a copy of the whole game, so depth costs memory.
    const MAX_DEPTH: Option<usize> = Some(2000);

    /// The positions of `--start`, in order.
    fn search_starts(options: &SearchOptions) -> Result<Vec<SearchStart<Chess>>, StartError> {
        if options.board.is_some() || options.graphs.is_some() || options.players.trim() != "2" {
            return Err(StartError::Usage(
                "--board, --graphs and --players are for Go; chess searches take --start FEN"
                    .into(),
            ));
        }
        if options.start.is_empty() {
            return Err(StartError::Usage(
                "give --start FEN (a small position: every game from it is searched)".into(),
            ));
        }
        options
            .start
            .iter()
            .map(|fen| {
                let setup = ChessSetup::from_fen(fen).map_err(|e| StartError::Bad {
                    option: format!("--start {fen}"),
                    cause: e.into(),
                })?;
                Ok(SearchStart {
                    label: setup.fen.clone(),
                    setup,
                    players: 2,
                })
            })
            .collect()
    }
}
