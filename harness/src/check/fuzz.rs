//! The body of every fuzz target, as plain functions: the cargo-fuzz targets call them, and
//! `cargo test` replays the checked-in seed corpora (`fuzz/seeds/<target>/`) through them on
//! the stable toolchain. Each panics exactly when its property fails.

use std::path::Path;

use super::chess_game::{self, ChessInput};
use super::go_input::GoInput;
use super::{spec_agreement, termination};
use crate::go::sgf;

/// Fast referees agree with their `@spec` twins on the game the bytes choose: a Go game, and
/// a chess game read from the same bytes.
pub fn differential(data: &[u8]) {
    if let Some(input) = GoInput::from_bytes(data) {
        let which = chosen(data);
        if let Err(disagreement) = spec_agreement::check_one(&input.setup, &input.picks, which) {
            panic!("{disagreement}");
        }
    }
    if let Some(input) = ChessInput::from_bytes(data) {
        if let Err(disagreement) = chess_game::spec_agreement(&input) {
            panic!("{disagreement}");
        }
    }
}

/// Rulesets that claim finiteness end the game the bytes start: Go on graphs of up to 6
/// points, and chess (read from the same bytes) within the 75-move bound.
pub fn termination(data: &[u8]) {
    if let Some(input) = ChessInput::from_bytes(data) {
        if let Err(overdue) = chess_game::termination(&input) {
            panic!("a game passed the 75-move bound: {overdue:?}");
        }
    }
    let Some(input) = GoInput::from_bytes(data) else {
        return;
    };
    if input.setup.graph.len() > 6 {
        return;
    }
    let rulesets = termination::rulesets();
    let info = &rulesets[chosen(data) % rulesets.len()];
    if let Err(endless) = termination::check(info, &input.setup, &input.picks) {
        panic!("{endless:?}");
    }
}

/// Random cleanup-phase play under KataGo's territory presets, run through the lock-step runner
/// with every `katago-*` referee (see [`super::cleanup`]): the runner's board stays the
/// referees', the run ends within the step budget, and fast and spec referees agree.
pub fn katago_cleanup(data: &[u8]) {
    if let Some(game) = super::cleanup::game(data) {
        if let Err(problem) = super::cleanup::check(&game) {
            panic!("{problem}");
        }
    }
}

/// Which of several rulesets an input checks: the last byte chooses, so each run is one
/// ruleset's game and the fuzzer tries many more games (every ruleset on every input ran at
/// 2–6 inputs per second).
fn chosen(data: &[u8]) -> usize {
    data.last().map_or(0, |&b| b as usize)
}

/// The case-file parser returns an error or a case, never panics.
pub fn case_file(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = crate::families::parse(Path::new("fuzz.toml"), text);
    }
}

/// The FEN parser never panics, and what it accepts writes back to FEN it reads the same.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = crate::chess::notation::parse_fen(text) {
        let again = crate::chess::notation::fen_of(&pos);
        let back = crate::chess::notation::parse_fen(&again).expect("written FEN parses");
        assert_eq!(crate::chess::notation::fen_of(&back), again);
    }
}

/// The PGN reader never panics, and every game it reads, written as PGN, reads back to the
/// same start and moves.
pub fn pgn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = crate::chess::pgn::parse(text) else {
        return;
    };
    for game in games.iter().take(8) {
        let out = crate::chess::pgn::write(&game.tags, &game.start, &game.moves, "*");
        let again = crate::chess::pgn::parse(&out).expect("written PGN parses");
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].moves, game.moves);
        assert_eq!(again[0].start, game.start);
    }
}

/// The SGF importer never panics, and an exported game imports to the same game.
pub fn sgf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = sgf::import(text) else { return };
    if let Ok(out) = sgf::export(&game.setup, &game.plays) {
        let again = sgf::import(&out).expect("exported SGF imports");
        assert_eq!(again.plays, game.plays);
        assert_eq!(again.setup.stones, game.setup.stones);
    }
}

/// Engines files: the reader never panics; an error names the file, and every engine it
/// accepts has an id, a command and bounded time-outs.
pub fn engines_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match crate::families::engines::parse_file("engines.toml", text) {
        Ok(specs) => {
            for spec in specs {
                assert!(!spec.id.is_empty());
                assert!((1..=crate::engine::spec::MAX_TIMEOUT_MS).contains(&spec.timeout_ms));
                assert!((1..=crate::engine::spec::MAX_TIMEOUT_MS).contains(&spec.startup_ms()));
                if let crate::engine::spec::Kind::Gtp { argv } = &spec.kind {
                    assert!(!argv.is_empty(), "{}: empty command accepted", spec.id);
                }
            }
        }
        Err(error) => assert!(error.origin.starts_with("engines.toml"), "{error}"),
    }
}

/// Saved campaign results: the reader of `results.json` ([`crate::report::results`], the one
/// `rulediff random` and `rulediff report` use) and the resume check never panic, and results
/// that read are written back to text that reads as the same.
pub fn results_json(data: &[u8]) {
    use crate::report::results::{from_json, to_json};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("results.json");
    let Ok(results) = from_json(path, text) else {
        return;
    };
    if results.check_consistent(64).is_ok() {
        assert!(results.games_done <= results.plan.games);
    }
    let again = to_json(&results);
    let back = from_json(path, &again).expect("written results read back");
    assert_eq!(to_json(&back), again);
}

/// The first eight bytes as a seed (missing bytes are zero).
fn seed_of(data: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    bytes
        .iter_mut()
        .zip(data)
        .for_each(|(slot, byte)| *slot = *byte);
    u64::from_le_bytes(bytes)
}

/// The ko-rule properties of [`super::go_rules`] on the game drawn from the seed in the
/// first eight bytes.
pub fn go_rules(data: &[u8]) {
    let seed = seed_of(data);
    for check in [
        super::go_rules::inclusions,
        super::go_rules::repetitions,
        super::go_rules::spec_agrees,
    ] {
        if let Err(violation) = check(seed) {
            panic!("{violation}");
        }
    }
}

/// GTP replies as an engine might print them: the reply parser and the payload readers return
/// values or errors, never panic, and every reply parsed reads back the same from its rendering.
pub fn gtp_reply(data: &[u8]) {
    use crate::engine::gtp_reply::{self, ReplyParser};
    use crate::go::engines::gtp_vertex;
    let text = String::from_utf8_lossy(data);
    let Ok(graph) = crate::go::graph::Graph::grid(19, 19, false) else {
        return;
    };
    let mut parser = ReplyParser::default();
    for line in text.split('\n') {
        let Ok(Some(reply)) = parser.push_line(line) else {
            continue;
        };
        let _ = gtp_vertex::parse_vertex_list(&graph, &reply.text);
        let _ = gtp_vertex::parse_vertex(&graph, &reply.text);
        let _ = gtp_reply::parse_bool(&reply.text);
        let _ = gtp_reply::parse_score(&reply.text);
        let mut again = ReplyParser::default();
        let back: Vec<_> = gtp_reply::render(&reply)
            .split('\n')
            .filter_map(|l| again.push_line(l).transpose())
            .collect();
        assert_eq!(back, vec![Ok(reply)], "a reply reads back as itself");
    }
}

/// The xiangqi FEN parser returns an error or a position, never panics, and what it accepts
/// round-trips through `fen::format`.
pub fn xiangqi_fen(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(broken) = super::xiangqi::fen_round_trip(text) {
            panic!("{broken}");
        }
    }
}

/// Fast xiangqi referees agree with their `@spec` twins on the game the bytes choose.
pub fn xiangqi_differential(data: &[u8]) {
    if let Some(input) = super::xiangqi::XqInput::from_bytes(data) {
        if let Err(disagreement) = super::xiangqi::spec_agrees(&input) {
            panic!("{disagreement}");
        }
    }
}

/// Kee's claims on the games drawn from the seed in the first eight bytes (every reading,
/// both player policies): no claim that [`super::kee_claims::expected`] says holds is
/// violated, no game is suspiciously long, and fast and spec referees agree.
pub fn kee_claims(data: &[u8]) {
    let seed = seed_of(data);
    let found = super::kee_claims::unexpected(seed);
    if !found.is_empty() {
        panic!("{}", found.join("\n"));
    }
    if let Err(disagreement) = super::kee_claims::spec_agrees(seed) {
        panic!("{disagreement}");
    }
}

/// Pass-alive areas by Benson's algorithm equal those by the definition (a search over every
/// sequence of opponent plays) on the small position the bytes build, and the grid path gives
/// the graph path's owners on the grid the same bytes build.
pub fn pass_alive(data: &[u8]) {
    if let Err(difference) = super::pass_alive::benson_matches_definition(data) {
        panic!("{difference}");
    }
    if let Err(difference) = super::pass_alive::grid_matches_graph_on_bytes(data) {
        panic!("{difference}");
    }
}

/// What the one case writer ([`crate::case::CaseText`]) writes, the parser reads back: the
/// setup (any graph, 2–4 players), the plays, and a title and comment of whatever characters
/// the bytes hold (quotes, backslashes, control characters).
pub fn case_writer(data: &[u8]) {
    use crate::family::Family;
    use crate::go::{Go, GoPlay};
    let Some(input) = GoInput::from_bytes(data) else {
        return;
    };
    let setup = &input.setup;
    let n = setup.graph.len();
    let moves: Vec<String> = input
        .picks
        .iter()
        .map(|&p| match p as usize % (n + 1) {
            v if v == n => Go::play_text(setup, &GoPlay::Pass),
            v => Go::play_text(setup, &GoPlay::Stone(v as crate::go::graph::Vertex)),
        })
        .collect();
    let split = data.len().min(24);
    let title = String::from_utf8_lossy(&data[..split]);
    let comment = String::from_utf8_lossy(&data[split..]);
    written_reads_back::<Go>(setup, &moves, &title, &comment);
}

/// Writes a case of family `F` with [`crate::case::CaseText`] and reads it back with
/// [`crate::listed::parse_as`]: the same family, setup (by its keys), plays, title, comment and
/// expectation, or a panic showing the text written.
fn written_reads_back<F: crate::listed::Listed>(
    setup: &F::Setup,
    moves: &[String],
    title: &str,
    comment: &str,
) {
    let text = crate::case::CaseText {
        family: F::NAME,
        title,
        comment,
        rules: "x",
        setup_keys: &F::setup_keys(setup),
        moves,
        expect: &[("x@spec".into(), "{ ongoing = true }".into())],
    }
    .render();
    // A case read back as another family is an error at its `family` key.
    let case = match crate::listed::parse_as::<F>(Path::new("written.toml"), &text) {
        Ok(case) => case,
        Err(e) => panic!("the writer wrote what the parser rejects: {e}\n{text}"),
    };
    assert_eq!(case.title, title, "{text}");
    assert_eq!(case.comment, comment, "{text}");
    assert_eq!(F::setup_keys(&case.setup), F::setup_keys(setup), "{text}");
    let read: Vec<String> = case
        .plays
        .iter()
        .map(|p| F::play_text(&case.setup, p))
        .collect();
    assert_eq!(read, moves, "{text}");
    assert_eq!(case.expect.len(), 1, "{text}");
}

#[cfg(test)]
mod tests {
    use super::written_reads_back;
    use crate::families::{for_each, ForFamily};
    use crate::listed::Listed;

    /// Each family's sample game, written and read back.
    struct RoundTrip;

    impl ForFamily for RoundTrip {
        type Output = ();
        fn run<F: Listed>(&mut self) {
            let (setup, moves) = F::sample();
            written_reads_back::<F>(&setup, &moves, "a \"quoted\" title", "line one\nline two");
        }
    }

    #[test]
    fn what_the_writer_writes_the_parser_reads_in_every_family() {
        assert_eq!(for_each(&mut RoundTrip).len(), crate::families::NAMES.len());
    }
}
