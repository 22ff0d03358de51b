//! Chess on the list of families (`families.rs`).

use super::{Chess, ChessSetup};
use crate::case::{Case, CaseError, Header, Source};
use crate::family::{Listed, Start, StartError, StartOptions};

impl Listed for Chess {
    fn parse_case(src: &Source, header: Header) -> Result<Case<Chess>, CaseError> {
        super::case::parse(src, header)
    }

    fn start(options: &StartOptions) -> Result<Start<Chess>, StartError> {
        options.only_start("a chess or xiangqi game starts from --start (a FEN)")?;
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
}
