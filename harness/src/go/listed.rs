//! Go on the list of families (`families.rs`).

use super::graph::Graph;
use super::{Go, GoSetup, MAX_PLAYERS};
use crate::case::{Case, CaseError, Header, Source};
use crate::family::{Listed, Start, StartError, StartOptions};

impl Listed for Go {
    fn parse_case(src: &Source, header: Header) -> Result<Case<Go>, CaseError> {
        super::case::parse(src, header)
    }

    fn registry_notes(verbose: bool) -> String {
        super::rules::kee::axes::listing(verbose)
    }

    fn start(options: &StartOptions) -> Result<Start<Go>, StartError> {
        if options.start.is_some() {
            return Err(StartError::NotFor {
                option: "--start",
                owner: "non-Go families",
                advice: "Go games start from an empty --board",
            });
        }
        let board = options.board.as_deref().unwrap_or("9x9");
        let graph = Graph::parse_shape(board).map_err(|e| StartError::Bad {
            option: format!("--board {board}"),
            cause: e.into(),
        })?;
        let players = options.players.unwrap_or(2);
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(StartError::OutOfRange {
                option: "--players",
                range: format!("2..={MAX_PLAYERS}"),
            });
        }
        Ok(Start {
            max_plies: 8 * graph.len(),
            setup: GoSetup::empty(graph, players),
        })
    }

    fn sample() -> (GoSetup, Vec<String>) {
        let mut setup = GoSetup::empty(Graph::parse_shape("ring:5").expect("a shape"), 3);
        setup.stones[1] = 2;
        setup.to_move = 2;
        (setup, ["1", "pass", "3"].map(String::from).to_vec())
    }
}
