//! Go on the list of families (``families``).

use std::path::Path;

use super::graph::Graph;
use super::{geng, Go, GoSetup, MAX_PLAYERS};
use crate::case::{Case, CaseError, Header, Source};
use crate::listed::{
    ForSearchable, Listed, SearchOptions, SearchStart, Searchable, Seed, Start, StartError,
    StartOptions,
};

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

    fn fuzz_seeds(corpus: &Path) -> std::io::Result<Vec<Seed>> {
        super::seeds::seeds(corpus)
    }

    fn engines() -> crate::engine::spec::Accepts {
        super::engines::accepts()
    }

    fn engine_referee(
        engine: &crate::engine::Engine,
    ) -> Result<crate::referee::RefereeInfo<Go>, crate::referee::Fault> {
        super::engines::referee(engine)
    }

    fn if_searchable<A: ForSearchable>(action: &mut A) -> Option<A::Output> {
        Some(action.run::<Go>())
    }
}

impl Searchable for Go {
    const START_COLUMN: &'static str = "graph";
    const MAX_DEPTH: Option<usize> = None;

    /// An empty board per graph and number of players, graph by graph.
    fn search_starts(options: &SearchOptions) -> Result<Vec<SearchStart<Go>>, StartError> {
        if !options.start.is_empty() {
            return Err(StartError::NotFor {
                option: "--start",
                owner: "chess",
                advice: "Go searches start from an empty --board or --graphs",
            });
        }
        let graphs = search_graphs(options)?;
        let players: Vec<usize> = options
            .players
            .split(',')
            .map(|p| {
                p.trim()
                    .parse()
                    .ok()
                    .filter(|n| (2..=MAX_PLAYERS).contains(n))
                    .ok_or_else(|| {
                        StartError::Usage(format!("--players: `{p}` is not 2..={MAX_PLAYERS}"))
                    })
            })
            .collect::<Result<_, _>>()?;
        Ok(graphs
            .iter()
            .flat_map(|graph| {
                players.iter().map(|&p| SearchStart {
                    setup: GoSetup::empty(graph.clone(), p),
                    label: graph.description().to_string(),
                    players: p,
                })
            })
            .collect())
    }
}

/// The boards `--board` names, then those of `--graphs`.
fn search_graphs(options: &SearchOptions) -> Result<Vec<Graph>, StartError> {
    let mut graphs = Vec::new();
    if let Some(boards) = &options.board {
        for shape in boards.split(',').map(str::trim) {
            graphs.push(Graph::parse_shape(shape).map_err(|e| StartError::Bad {
                option: format!("--board {shape}"),
                cause: e.into(),
            })?);
        }
    }
    if let Some(spec) = &options.graphs {
        let Some(max) = spec
            .strip_prefix("connected:1..=")
            .and_then(|n| n.parse::<usize>().ok())
        else {
            return Err(StartError::Usage(format!(
                "--graphs takes `connected:1..=N`, not `{spec}`"
            )));
        };
        for n in 1..=max {
            graphs.extend(geng::connected(n).map_err(|e| StartError::Invalid(e.into()))?);
        }
    }
    if graphs.is_empty() {
        return Err(StartError::Usage("give --board or --graphs".into()));
    }
    Ok(graphs)
}
