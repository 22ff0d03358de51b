//! rulediff: play the same move sequences through several referees in lock-step and
//! report where they disagree.
//!
//! Data flows one way: a [`family`] (the game) → [`referee`]s (who judge it) →
//! [`runner`] (lock-step runs, divergences) → [`check`] (properties) → [`report`].
//! The names a user needs are re-exported here, from one flat list; the modules hold the
//! rest.
//!
//! # List the referees
//!
//! Every family has a registry: each referee's id, what it claims, and a constructor.
//!
//! ```
//! use rulediff::{Go, Refereed};
//!
//! let registry = Go::registry();
//! let ids: Vec<&str> = registry.iter().map(|r| r.id.as_str()).collect();
//! assert!(ids.contains(&"psk") && ids.contains(&"psk@spec") && ids.contains(&"kee"));
//! for info in registry.iter().take(3) {
//!     println!("{:<12} {}", info.id, info.summary);
//! }
//! ```
//!
//! # Run a case file and print the first divergence
//!
//! A case is a human-written file (`corpus/` holds hundreds); [`parse_case`] reads one,
//! [`select()`] picks referees with the `--rules` language, [`run_case`] plays the case
//! through them in lock-step.
//!
//! ```
//! use rulediff::{parse_case, run_case, select, AnyCase, Go, Refereed, RunOptions};
//!
//! let text = r#"
//! family = "go"
//! title = "On the complete graph K4 every stone touches every other"
//! board = "complete:4"
//! moves = "1 2 3 4 1 3 1"
//! "#;
//! let AnyCase::Go(case) = parse_case("k4.toml".as_ref(), text)? else {
//!     unreachable!("a Go case")
//! };
//! let registry = Go::registry();
//! let referees = select(&registry, "simple-ko,psk")?;
//! let run = run_case(&case, &referees, &RunOptions::default());
//! let first = &run.divergences[0];
//! assert_eq!(first.ply, 7);
//! println!("{}", first.describe());
//! // ply 7 1: simple-ko legal | psk illegal (superko-positional)
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Your own board as a referee, diffed against ours
//!
//! An engine developer implements [`Referee`] for their board and lets a property test play
//! random games through it and through one of rulediff's rulesets. This toy forbids
//! occupied points and suicide and has no ko rule, so it must agree with `no-ko`:
//!
//! ```
//! use std::sync::Arc;
//! use rulediff::{Fault, Go, GoPlay, GoSetup, Graph, Referee, Refereed, Status, Verdict};
//!
//! struct Toy { graph: Arc<Graph>, cells: Vec<u8>, seat: usize }
//! // The string at `v` in `cells`, and whether it has a liberty.
//! fn string(graph: &Graph, cells: &[u8], v: usize) -> (Vec<usize>, bool) {
//!     let (mut stones, mut free, mut i) = (vec![v], false, 0);
//!     while let Some(&s) = stones.get(i) {
//!         for n in graph.neighbours(s as u16).iter().map(|&n| n as usize) {
//!             free |= cells[n] == 0; if cells[n] == cells[v] && !stones.contains(&n) { stones.push(n) }
//!         }
//!         i += 1;
//!     }
//!     (stones, free)
//! }
//! // The board after `play` by the player in `seat`, or the rule it breaks.
//! fn after(graph: &Graph, cells: &[u8], seat: usize, play: &GoPlay) -> Result<Vec<u8>, &'static str> {
//!     let (GoPlay::Stone(v), mut cells) = (*play, cells.to_vec()) else { return Ok(cells.to_vec()) };
//!     let v = v as usize;
//!     if std::mem::replace(&mut cells[v], seat as u8 + 1) != 0 { return Err("occupied") }
//!     for n in graph.neighbours(v as u16).iter().map(|&n| n as usize) {
//!         let (stones, free) = string(graph, &cells, n);
//!         if ![0, cells[v]].contains(&cells[n]) && !free { stones.iter().for_each(|&s| cells[s] = 0) }
//!     }
//!     if string(graph, &cells, v).1 { Ok(cells) } else { Err("suicide") }
//! }
//! impl Referee<Go> for Toy {
//!     fn id(&self) -> &str { "toy" }
//!     fn start(&mut self, s: &GoSetup) -> Result<(), Fault> {
//!         Ok((self.graph, self.cells, self.seat) = (s.graph.clone(), s.stones.clone(), s.to_move))
//!     }
//!     fn judge(&mut self, p: &GoPlay) -> Result<Verdict, Fault> {
//!         Ok(after(&self.graph, &self.cells, self.seat, p).map_or_else(Verdict::illegal, |_| Verdict::Legal))
//!     }
//!     fn play(&mut self, p: &GoPlay) -> Result<Verdict, Fault> {
//!         let Ok(cells) = after(&self.graph, &self.cells, self.seat, p) else { return self.judge(p) };
//!         (self.cells, self.seat) = (cells, 1 - self.seat); // two players
//!         Ok(Verdict::Legal)
//!     }
//!     fn status(&mut self) -> Result<Status, Fault> { Ok(Status::Ongoing) }
//!     fn legal_plays(&mut self) -> Result<Vec<GoPlay>, Fault> {
//!         Ok((0..self.cells.len() as u16).map(GoPlay::Stone).filter(|p| self.judge(p).is_ok_and(|v| v.is_legal())).collect())
//!     }
//! }
//!
//! // The differential test, as it would sit in the engine's own test suite.
//! proptest::proptest!(|(picks in proptest::collection::vec(0u16..25, 0..80))| {
//!     let setup = GoSetup::empty(Graph::grid(5, 5, false).unwrap(), 2);
//!     let registry = Go::registry();
//!     let no_ko = registry.iter().find(|r| r.id == "no-ko").unwrap();
//!     let (mut ours, mut toy) = ((no_ko.make)(), Toy { graph: setup.graph.clone(), cells: vec![], seat: 0 });
//!     ours.start(&setup).unwrap();
//!     toy.start(&setup).unwrap();
//!     for v in picks {
//!         let play = GoPlay::Stone(v);
//!         let (a, b) = (ours.play(&play).unwrap(), toy.play(&play).unwrap());
//!         proptest::prop_assert_eq!(a.is_legal(), b.is_legal(), "at {}", v);
//!     }
//! });
//! ```
//!
//! `harness/examples/engine_board.rs` is the same pattern as a whole file to copy, with
//! the campaign runner in place of the hand-written loop.

#![warn(missing_docs)]

// The front door: the crate root, the family modules (`go`, `chess`, `xiangqi`), the oracles
// (`check`) and the renderers (`report`). The other modules are the binary's wiring: public
// because `rulediff`'s commands live in the binary crate, hidden because they are not an API.
#[doc(hidden)]
pub mod case;
pub mod check;
pub mod chess;
#[doc(hidden)]
pub mod engine;
#[doc(hidden)]
pub mod families;
#[doc(hidden)]
pub mod family;
pub mod go;
#[doc(hidden)]
pub mod listed;
#[doc(hidden)]
pub mod referee;
pub mod report;
#[doc(hidden)]
pub mod runner;
#[doc(hidden)]
pub mod util;
pub mod xiangqi;

pub use case::{discover as discover_cases, Case, CaseError, Expectation};
pub use chess::{Chess, ChessSetup};
pub use engine::bundled::{node_bridges_dir, node_command, script as bundled_script};
pub use engine::spec::{
    locate as locate_program, EngineSpec, Kind as EngineKind, Legality, ScoringMode,
};
pub use families::engines::{
    parse_arg as parse_engine_arg, parse_file as parse_engines_file, Engines,
};
pub use families::{
    for_each as for_each_family, fuzz_seeds, load as load_case, parse as parse_case, AnyCase,
    ForCase, ForFamily,
};
pub use family::{Explore, Family};
pub use go::graph::{Graph, GraphError};
pub use go::{Go, GoPlay, GoSetup};
pub use listed::Listed;
pub use referee::{
    select, Claims, CountedParts, Fault, HalfPoints, Outcome, Part, Referee, RefereeInfo, Refereed,
    SelectError, Status, Tally, Verdict,
};
pub use runner::campaign::{run as run_campaign, Plan, Results};
pub use runner::defects::of_run as defects_of_run;
pub use runner::random::{game_rng, play_game, SignatureSummary};
pub use runner::signature::Signature;
pub use runner::{
    case_registry, check_expectations, referees_for, run_case, CaseRun, Divergence,
    Options as RunOptions, Ruling,
};
pub use xiangqi::{Xiangqi, XqSetup};
