//! rulediff's JSON-lines referee protocol end to end: the README's from-scratch Go bridge
//! agrees with `simple-ko`; deliberately broken bridges (dying, hanging, writing garbage,
//! answering another request's id, answering out of order, a batch of the wrong length) are
//! restarted with nothing lost and no divergence, or, broken for good, are faults within
//! their time-out; and the npm engines run as referees.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;

/// The example bridge behind a proxy that misbehaves as `how` says from request `after` on,
/// in the first process only (`marker` is created by it); `always-HOW` misbehaves from the
/// `after`-th request counted over every process (`marker` keeps the count).
const BROKEN: &str = r#"
import json, os, subprocess, sys, time
bridge, how, marker, after = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
always = how.startswith("always-")
how = how.replace("always-", "")
first = not os.path.exists(marker)
if not always:
    open(marker, "a").close()
inner = subprocess.Popen([sys.executable, "-u", bridge], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
last = None
for count, line in enumerate(sys.stdin):
    inner.stdin.write(line)
    inner.stdin.flush()
    reply = inner.stdout.readline()
    if always:
        seen = int(open(marker).read()) if os.path.exists(marker) else 0
        open(marker, "w").write(str(seen + 1))
    if (always and seen >= after) or (not always and first and count >= after):
        if how == "die":
            sys.exit(1)
        if how == "hang":
            time.sleep(3600)
        if how == "junk":
            reply = "this is not json\n"
        if how == "wrong-id":
            r = json.loads(reply)
            r["id"] += 1000
            reply = json.dumps(r) + "\n"
        if how == "out-of-order" and last is not None:
            reply = last
        if how == "short-batch" and '"replies"' in reply:
            r = json.loads(reply)
            r["replies"].pop()
            reply = json.dumps(r) + "\n"
    print(reply, end="", flush=True)
    last = reply
"#;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulediff-proto-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn example() -> String {
    format!(
        "{}/bridges/example_go_bridge.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// An engines file naming one protocol bridge that claims `simple-ko`.
/// Time-outs are generous where they are not what is tested: CI machines are shared.
fn engines_file(
    dir: &Path,
    id: &str,
    command: &[String],
    (timeout_ms, startup_ms): (u64, u64),
) -> String {
    let words: Vec<String> = command.iter().map(|w| format!("{w:?}")).collect();
    let text = format!(
        "[[engine]]\nid = \"{id}\"\ncommand = [{}]\nprotocol = \"json\"\nruleset = \"simple-ko\"\ntimeout_ms = {timeout_ms}\nstartup_ms = {startup_ms}\n",
        words.join(", ")
    );
    let path = dir.join(format!("{id}.toml"));
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn rulediff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(args)
        .output()
        .expect("binary runs")
}

/// A small random campaign on 5x5 with the engines of `file`; its results.
fn campaign(dir: &Path, file: &str, games: &str, plies: &str) -> serde_json::Value {
    let out_dir = dir.join("out").display().to_string();
    let out = rulediff(&[
        "random",
        "--board",
        "5x5",
        "--games",
        games,
        "--seed",
        "3",
        "--max-plies",
        plies,
        "--engines",
        file,
        "--out",
        &out_dir,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let text = std::fs::read_to_string(dir.join("out/results.json"))
        .unwrap_or_else(|e| panic!("no results ({e}): {stderr}"));
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_readme_bridge_written_from_scratch_agrees_with_simple_ko() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    let dir = scratch("example");
    let file = engines_file(
        &dir,
        "example",
        &["python3".into(), example()],
        (20_000, 20_000),
    );
    let results = campaign(&dir, &file, "40", "200");
    assert_eq!(results["games_done"], 40, "{results}");
    assert!(results["plies"].as_u64().unwrap() > 1000, "{results}");
    assert_eq!(results["faults"], serde_json::json!([]), "{results}");
    assert_eq!(results["signatures"], serde_json::json!([]), "{results}");
    assert!(results["claims"].get("example").is_some(), "{results}");
}

/// Each way of falling out of step, once, in mid-game: restarted, replayed, recovered.
#[test]
fn a_bridge_out_of_step_once_is_restarted_with_nothing_lost() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    for how in [
        "die",
        "hang",
        "junk",
        "wrong-id",
        "out-of-order",
        "short-batch",
    ] {
        let dir = scratch(how);
        let proxy = dir.join("broken.py");
        std::fs::write(&proxy, BROKEN).unwrap();
        let marker = dir.join("misbehaved").display().to_string();
        let command: Vec<String> = [
            "python3",
            &proxy.display().to_string(),
            &example(),
            how,
            &marker,
            "12",
        ]
        .map(str::to_string)
        .to_vec();
        let file = engines_file(&dir, "flaky", &command, (2_000, 20_000));
        let results = campaign(&dir, &file, "4", "200");
        assert_eq!(results["games_done"], 4, "{how}: {results}");
        assert_eq!(results["faults"], serde_json::json!([]), "{how}: {results}");
        assert_eq!(
            results["signatures"],
            serde_json::json!([]),
            "{how}: {results}"
        );
        let incidents = results["incidents"].to_string();
        assert!(incidents.contains("recovered"), "{how}: {incidents}");
        assert!(Path::new(&marker).exists(), "{how}");
    }
}

/// Broken in every process: a fault of that referee, reported within its time-out, never a
/// divergence; the other referees finish the game.
#[test]
fn a_bridge_broken_for_good_is_a_fault_not_a_divergence() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    for (how, says) in [
        ("hang", "timed out after"),
        ("wrong-id", "a reply with id"),
        ("junk", "not a JSON object"),
        ("short-batch", "replies expected"),
    ] {
        let dir = scratch(&format!("always-{how}"));
        let proxy = dir.join("broken.py");
        std::fs::write(&proxy, BROKEN).unwrap();
        let how = format!("always-{how}");
        let counter = dir.join("count").display().to_string();
        let command: Vec<String> = [
            "python3",
            &proxy.display().to_string(),
            &example(),
            &how,
            &counter,
            "6",
        ]
        .map(str::to_string)
        .to_vec();
        let file = engines_file(&dir, "broken", &command, (300, 10_000));
        let started = Instant::now();
        let results = campaign(&dir, &file, "1", "10");
        assert!(started.elapsed() < Duration::from_secs(60), "{how}");
        let faults = results["faults"].to_string();
        assert!(faults.contains(says), "{how}: {faults}");
        assert_eq!(
            results["signatures"],
            serde_json::json!([]),
            "{how}: {results}"
        );
    }
}

#[test]
fn a_bridge_of_another_protocol_version_is_refused_by_name() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    let dir = scratch("version");
    let bridge = dir.join("v3.py");
    std::fs::write(
        &bridge,
        "import json, sys\nfor line in sys.stdin:\n    r = json.loads(line)\n    print(json.dumps({\"id\": r[\"id\"], \"protocol\": 3}), flush=True)\n",
    )
    .unwrap();
    let file = engines_file(
        &dir,
        "future",
        &["python3".into(), bridge.display().to_string()],
        (2_000, 20_000),
    );
    let out = rulediff(&[
        "random",
        "--board",
        "5x5",
        "--games",
        "1",
        "--engines",
        &file,
        "--out",
        &dir.join("out").display().to_string(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("future speaks protocol version 3, rulediff speaks 1 to 2"),
        "{stderr}"
    );
}

/// Sabaki's go-board (npm) through its bridge: the basic ko of the corpus, and random games
/// against the ruleset it claims.
#[test]
fn sabaki_go_board_referees_through_its_bridge() {
    if !common::tools(&[common::Tool::NodeBridges]) {
        return;
    }
    let case = format!(
        "{}/../corpus/go/basics/basic-ko.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = rulediff(&["run", &case, "--engine", "sabaki", "--format", "json"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("\"sabaki\""), "{text}");
    assert!(!text.contains("FAULT"), "{text}");
    let dir = scratch("sabaki");
    let out_dir = dir.join("out").display().to_string();
    let out = rulediff(&[
        "random", "--board", "5x5", "--games", "20", "--seed", "5", "--engine", "sabaki", "--out",
        &out_dir,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/results.json")).unwrap())
            .unwrap();
    assert_eq!(results["faults"], serde_json::json!([]), "{results}");
    assert!(results["plies"].as_u64().unwrap() > 500, "{results}");
    assert!(results["claims"].get("sabaki").is_some(), "{results}");
}

/// Tenuki (npm) through its bridge, each ko rule against the ruleset it claims: Tenuki ends
/// its games itself and counts them, so game ends and results are compared as well as plays.
#[test]
fn tenuki_referees_through_its_bridge_with_each_ko_rule() {
    if !common::tools(&[common::Tool::NodeBridges]) {
        return;
    }
    for engine in ["tenuki", "tenuki-psk", "tenuki-ssk", "tenuki-nsk"] {
        let results = campaign_against_claim(engine, "5x5", "30");
        assert_eq!(
            results["signatures"],
            serde_json::json!([]),
            "{engine}: {results}"
        );
    }
    // A setup Tenuki's Game cannot start from is a fault of the engine, never a divergence.
    let case = format!(
        "{}/../corpus/go/basics/basic-ko.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = rulediff(&["run", &case, "--engine", "tenuki-psk"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("starts from an empty board with Black to move"),
        "{text}"
    );
    assert!(!text.contains("DIVERGENCE"), "{text}");
}

/// A campaign of `engine` alone on `board`: it meets the ruleset it claims, with no fault.
fn campaign_against_claim(engine: &str, board: &str, games: &str) -> serde_json::Value {
    fault_free_campaign(
        engine,
        &[
            "--board", board, "--games", games, "--seed", "6", "--engine", engine,
        ],
    )
}

/// chess.js and chessops (npm) through their bridges, each against the ruleset it claims,
/// from the start and from a position with castling and en passant in play.
#[test]
fn chess_js_and_chessops_referee_through_their_bridges() {
    if !common::tools(&[common::Tool::NodeBridges]) {
        return;
    }
    let castling = "r3k2r/p1pp1ppp/8/1p2p3/3P4/8/PPP1PPPP/R3K2R w KQkq - 0 1";
    for (rules, start) in [
        ("threefold-automatic,chess.js", None),
        ("no-repetition,chessops", Some(castling)),
    ] {
        let mut args = vec![
            "--family", "chess", "--games", "6", "--seed", "4", "--rules", rules,
        ];
        if let Some(fen) = start {
            args.extend(["--start", fen]);
        }
        let results = fault_free_campaign(&format!("chess-{}", rules.len()), &args);
        assert_eq!(
            results["signatures"],
            serde_json::json!([]),
            "{rules}: {results}"
        );
    }
}

/// `rulediff random ARGS` into a scratch folder named `name`: it succeeds, no referee
/// faults, and it plays more than 300 plies; its results.
fn fault_free_campaign(name: &str, args: &[&str]) -> serde_json::Value {
    let dir = scratch(name);
    let out_dir = dir.join("out").display().to_string();
    let mut all = vec!["random"];
    all.extend_from_slice(args);
    all.extend(["--out", &out_dir]);
    let out = rulediff(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/results.json")).unwrap())
            .unwrap();
    assert_eq!(
        results["faults"],
        serde_json::json!([]),
        "{name} {args:?}: {results}"
    );
    assert!(
        results["plies"].as_u64().unwrap() > 300,
        "{name} {args:?}: {results}"
    );
    results
}

#[test]
fn ogs_goban_presets_referee_through_their_bridge() {
    if !common::tools(&[common::Tool::NodeBridges]) {
        return;
    }
    // The japanese preset claims `japanese`, which it names: the same legality at every step
    // (basic ko, no suicide); what differs is its end (no void at a repeated board) and its
    // count (GobanEngine#computeScore), findings of their own.
    let results = campaign_against_claim("ogs-japanese", "5x5", "8");
    let signatures = results["signatures"].as_array().unwrap();
    for signature in signatures {
        let what = signature["description"].as_str().unwrap();
        assert!(!what.contains("illegal"), "{what}");
    }
    // The 30-move superko window (reports/engines/ogs-goban-superko-window.md), replayed.
    let case = format!(
        "{}/../corpus/go/engines/ogs-superko-beyond-30-moves.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = rulediff(&["run", &case, "--engine", "ogs-chinese", "--format", "json"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("ogs-chinese"), "{text}");
    assert!(!text.contains("FAULT"), "{text}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let divergences = report["runs"][0]["divergences"].to_string();
    assert!(divergences.contains("superko-positional"), "{divergences}");
}

#[test]
fn openspiel_go_and_chess_referee_through_their_bridge() {
    if !common::tools(&[common::Tool::OpenSpiel]) {
        return;
    }
    // OpenSpiel's go claims `tromp-taylor`, which its scoring names. Its code forbids suicide
    // and allows a repetition (a draw, go.h): those are the findings. Its games end at two
    // passes with its returns only, which agree with Tromp-Taylor's count by winner ("same
    // winner, no margin"), so no result divergence shows.
    let results = campaign_against_claim("openspiel-go", "5x5", "8");
    let signatures = results["signatures"].as_array().unwrap();
    let mut suicide = false;
    for signature in signatures {
        let what = signature["description"].as_str().unwrap();
        suicide |= what.contains("openspiel-go: illegal (illegal) | tromp-taylor: legal");
        assert!(
            what.contains("openspiel-go: illegal (illegal) | tromp-taylor: legal")
                || what
                    .contains("tromp-taylor: illegal (superko-positional) | openspiel-go: legal")
                || what.contains("openspiel-go: legal, game over draw:superko"),
            "{what}"
        );
    }
    assert!(suicide, "{results}");
    let dir = scratch("openspiel-chess");
    let out_dir = dir.join("out").display().to_string();
    let out = rulediff(&[
        "random",
        "--family",
        "chess",
        "--games",
        "3",
        "--seed",
        "4",
        "--rules",
        "threefold-automatic,openspiel-chess",
        "--out",
        &out_dir,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/results.json")).unwrap())
            .unwrap();
    assert_eq!(results["faults"], serde_json::json!([]), "{results}");
    assert_eq!(results["signatures"], serde_json::json!([]), "{results}");
}

#[test]
fn pettingzoo_go_referees_through_its_bridge() {
    if !common::tools(&[common::Tool::PettingZoo]) {
        return;
    }
    // go_v5 claims `psk` (minigo's go_base.py: "Positional superko (this is very crudely
    // approximate at the moment.)"); its mask forbids basic ko only, the one finding. Its
    // results (rewards and minigo's area score) agree with psk's count.
    let results = campaign_against_claim("pettingzoo-go", "5x5", "8");
    for signature in results["signatures"].as_array().unwrap() {
        let what = signature["description"].as_str().unwrap();
        assert!(
            what.starts_with("psk: illegal (superko-positional) | pettingzoo-go: legal"),
            "{what}"
        );
    }
}

/// The outcome a Go bridge `argv` reports after a stone on the centre of an empty 3x3 board
/// (komi 7.5) and two passes, through the Go bridge referee; the game goes on before.
fn go_told(id: &str, argv: Vec<String>) -> String {
    use rulediff::go::{GoPlay, GoSetup};
    use rulediff::Graph;
    use rulediff::{Referee, Status};
    let timeouts = (Duration::from_secs(30), Duration::from_secs(60));
    let mut referee = rulediff::go::bridge_referee(id, argv, timeouts, 7.5);
    let setup = GoSetup::empty(Graph::grid(3, 3, false).unwrap(), 2);
    referee.start(&setup).unwrap();
    for play in [GoPlay::Stone(4), GoPlay::Pass] {
        assert!(referee.play(&play).unwrap().is_legal(), "{id}");
        assert_eq!(referee.status().unwrap(), Status::Ongoing, "{id}");
    }
    assert!(referee.play(&GoPlay::Pass).unwrap().is_legal(), "{id}");
    match referee.status().unwrap() {
        Status::Over { outcome } => outcome.summary(),
        Status::Ongoing => panic!("{id}: the game did not end at two passes"),
    }
}

/// The outcome the telling fake engine (`tests/engines/telling_bridge.py MODE`) reports after
/// a stone and two passes, through the Go bridge referee.
fn told(mode: &str) -> String {
    let script = format!(
        "{}/tests/engines/telling_bridge.py",
        env!("CARGO_MANIFEST_DIR")
    );
    go_told(
        &format!("telling-{mode}"),
        vec!["python3".into(), script, mode.into()],
    )
}

/// The Python Go environments tell their own end and result at two passes: OpenSpiel its
/// returns only (Tromp-Taylor: one black stone owns the nine points, 9 - 7.5 > 0, so Black
/// wins; no margin), PettingZoo its rewards and minigo's score, B+1.5.
#[test]
fn openspiel_go_tells_its_end_and_returns() {
    if !common::tools(&[common::Tool::OpenSpiel]) {
        return;
    }
    let argv = vec![
        "python3".into(),
        rulediff::bundled_script("openspiel_bridge.py"),
        "go".into(),
    ];
    assert_eq!(go_told("openspiel-go", argv), "B+two-passes");
}

#[test]
fn pettingzoo_go_tells_its_end_rewards_and_score() {
    if !common::tools(&[common::Tool::PettingZoo]) {
        return;
    }
    let argv = vec![
        "python3".into(),
        rulediff::bundled_script("pettingzoo_bridge.py"),
    ];
    assert_eq!(go_told("pettingzoo-go", argv), "B+1.5");
}

/// The npm Go engines: OGS's GobanEngine#computeScore by each preset's scoring (area: 9 to
/// 7.5; territory: 8 to 7.5), Tenuki's Game#score; Sabaki's board has no end or count of its
/// own, so rulediff's controller ends it at two passes and counts by area.
#[test]
fn npm_go_bridges_tell_their_engines_count() {
    if !common::tools(&[common::Tool::NodeBridges]) {
        return;
    }
    let node = |script: &str, args: &[&str]| rulediff::node_command(script, args);
    let ogs = |preset: &str| node("ogs_goban_bridge.js", &["--rules", preset]);
    assert_eq!(go_told("ogs-chinese", ogs("chinese")), "B+1.5");
    assert_eq!(go_told("ogs-japanese", ogs("japanese")), "B+0.5");
    assert_eq!(go_told("tenuki", node("tenuki_bridge.js", &[])), "B+1.5");
    assert_eq!(go_told("sabaki", node("sabaki_bridge.js", &[])), "B+1.5");
}

/// The engine's own result is what the referee shows (rulediff's area count of this board
/// would be B+1.5 with komi 7.5: one black stone owns all nine points), in each form the
/// protocol gives one; version 1's score is still read.
#[test]
fn a_bridge_shows_the_engines_own_result_never_rulediffs_count() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    assert_eq!(told("margin"), "W+3.5");
    assert_eq!(told("rewards"), "B+two-passes");
    assert_eq!(told("v1"), "B+6");
}

/// An engine that reports two endings that cannot hold together (a count at two passes and a
/// draw by superko) is shown with both, as a finding, not with one of them.
#[test]
fn two_incompatible_endings_at_once_are_a_finding_naming_both() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    assert_eq!(
        told("two-endings"),
        "no-result:incompatible-endings(two-passes+superko)"
    );
}

/// What a chess bridge's engine reports after `play` from `fen`: the referee's outcome.
fn chess_told(engine: &[String], fen: &str, play: &str) -> String {
    use rulediff::chess::FideClaims as Claims;
    use rulediff::{Referee, Status};
    let mut referee =
        rulediff::chess::bridge_referee("told", &engine.to_vec(), Claims::Never, None);
    let setup = rulediff::chess::ChessSetup::from_fen(fen).unwrap();
    referee.start(&setup).unwrap();
    let uci = rulediff::chess::parse_uci(play).unwrap();
    assert!(referee.play(&uci).unwrap().is_legal());
    match referee.status().unwrap() {
        Status::Over { outcome } => outcome.summary(),
        Status::Ongoing => "ongoing".into(),
    }
}

/// chess.js, chessops and python-chess each show their own ending: a checkmate on the 100th
/// half-move without a capture or pawn move is a win for chessops and python-chess (whose
/// `Board.outcome()` names it), and for chess.js both a checkmate and its fifty-move draw
/// (`isCheckmate()` and `isDraw()` hold together), a finding of its own.
#[test]
fn chess_bridges_show_every_ending_their_engine_reports() {
    if !common::tools(&[common::Tool::PythonChess, common::Tool::NodeBridges]) {
        return;
    }
    let mate_at_100 = "7k/5Q2/6K1/8/8/8/8/8 w - - 99 80";
    let node = |script: &str| rulediff::node_command(script, &[]);
    assert_eq!(
        chess_told(&node("chessjs_bridge.js"), mate_at_100, "f7g7"),
        "no-result:incompatible-endings(checkmate+fifty-move)"
    );
    assert_eq!(
        chess_told(&node("chessops_bridge.mjs"), mate_at_100, "f7g7"),
        "white+checkmate"
    );
    let python_chess = vec![
        "python3".to_string(),
        rulediff::bundled_script("python_chess_bridge.py"),
    ];
    assert_eq!(
        chess_told(&python_chess, mate_at_100, "f7g7"),
        "white+checkmate"
    );
}

/// OpenSpiel's ChessState tells its end by its returns and predicates: a checkmate on the
/// 100th half-move is a checkmate (MaybeFinalReturns asks the fifty-move counter only of a
/// position with a move left), a stalemate a draw, the 100th quiet half-move a draw.
#[test]
fn openspiel_chess_tells_each_end_as_its_state_computes_it() {
    if !common::tools(&[common::Tool::OpenSpiel]) {
        return;
    }
    let engine = vec![
        "python3".to_string(),
        rulediff::bundled_script("openspiel_bridge.py"),
        "chess".to_string(),
    ];
    let mate_at_100 = "7k/5Q2/6K1/8/8/8/8/8 w - - 99 80";
    assert_eq!(chess_told(&engine, mate_at_100, "f7g7"), "white+checkmate");
    let stalemate = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 80";
    assert_eq!(chess_told(&engine, stalemate, "f1f7"), "draw:stalemate");
    let quiet = "7k/8/8/8/8/8/8/K6R b - - 99 80";
    assert_eq!(chess_told(&engine, quiet, "h8g8"), "draw:fifty-move");
}
