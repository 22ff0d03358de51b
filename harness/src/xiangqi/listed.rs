//! Xiangqi on the list of families (`families`).

use std::path::Path;

use super::board::Position;
use super::notation::Ranks;
use super::{fen, Xiangqi, XqSetup};
use crate::case::{Case, CaseError, Header, Source};
use crate::family::Family;
use crate::listed::{Listed, Seed, Start, StartError, StartOptions};

impl Listed for Xiangqi {
    fn parse_case(src: &Source, header: Header) -> Result<Case<Xiangqi>, CaseError> {
        super::case::parse(src, header)
    }

    fn start(options: &StartOptions) -> Result<Start<Xiangqi>, StartError> {
        options.only_start("Go", "a chess or xiangqi game starts from --start (a FEN)")?;
        let start = match &options.start {
            None => Position::start(),
            Some(text) => fen::parse(text).map_err(|e| StartError::Bad {
                option: format!("--start {text}"),
                cause: e.into(),
            })?,
        };
        Ok(Start {
            setup: XqSetup::new(start, Ranks::ZeroToNine),
            max_plies: 300,
        })
    }

    fn sample() -> (XqSetup, Vec<String>) {
        let setup = XqSetup::new(Position::start(), Ranks::ZeroToNine);
        (setup, ["h2e2", "h9g7"].map(String::from).to_vec())
    }

    fn fuzz_seeds(corpus: &Path) -> std::io::Result<Vec<Seed>> {
        super::seeds::seeds(&corpus.join(Xiangqi::NAME))
    }
    fn engines() -> crate::engine::spec::Accepts {
        super::ffish::accepts()
    }

    fn engine_referee(
        engine: &crate::engine::Engine,
    ) -> Result<crate::referee::RefereeInfo<Xiangqi>, crate::referee::Fault> {
        super::ffish::from_engine(engine)
    }
}
