//! Deliberately broken bridges and GTP engines on the shared process layer: a tiny Python
//! bridge or GTP engine that hangs, dies or prints garbage is a fault reported within its
//! time-out (one restart included), and the run goes on; a bridge that dies once in mid-game
//! is restarted, the game replayed, and the run records the incident with no divergence and
//! no fault. An engine that tells a lie its claim forbids is a defect, whether it then dies for
//! good or recovers.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;

/// Answers `hello`, then misbehaves as its argument says at the first other request.
const BROKEN: &str = r#"
import json, sys, time
how = sys.argv[1]
for line in sys.stdin:
    if '"hello"' in line:
        print(json.dumps({"id": json.loads(line)["id"], "name": "broken", "protocol": 1}), flush=True)
    elif how == "hang":
        time.sleep(3600)
    elif how == "die":
        sys.exit(3)
    else:
        print("this is not json", flush=True)
"#;

/// A GTP engine that sets up games, then misbehaves as its argument says at the first
/// question about a play.
const BROKEN_GTP: &str = r#"
import sys, time
how = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    ident = ""
    if words and words[0].isdigit():
        ident, words = words[0], words[1:]
    if not words:
        continue
    if words[0] in ("play", "undo", "is_legal", "all_legal", "final_score"):
        if how == "hang":
            time.sleep(3600)
        elif how == "die":
            sys.exit(3)
        print("this is not gtp\n", flush=True)
        continue
    known = "list_commands boardsize clear_board komi play undo quit"
    reply = known if words[0] == "list_commands" else ""
    print(f"={ident} {reply}\n", flush=True)
"#;

/// The python-chess bridge behind a proxy that, in the first process only, exits after
/// forwarding `after` requests.
const FLAKY: &str = r#"
import os, subprocess, sys
bridge, marker, after = sys.argv[1], sys.argv[2], int(sys.argv[3])
first = not os.path.exists(marker)
open(marker, "a").close()
inner = subprocess.Popen([sys.executable, "-u", bridge], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
for count, line in enumerate(sys.stdin):
    if first and count == after:
        inner.kill()
        sys.exit(1)
    inner.stdin.write(line)
    inner.stdin.flush()
    print(inner.stdout.readline(), end="", flush=True)
"#;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rulediff-bf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rulediff(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("binary runs")
}

fn case() -> String {
    format!(
        "{}/../corpus/chess/basics/fools-mate.toml",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn hanging_dying_and_garbage_bridges_are_faults_within_their_time_out() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    let dir = scratch("broken");
    let script = write(&dir, "broken.py", BROKEN);
    let mut file = String::new();
    for how in ["hang", "die", "junk"] {
        file.push_str(&format!(
            "[[engine]]\nid = \"{how}\"\nfamily = \"chess\"\ncommand = \"python3 {script} {how}\"\nruleset = \"fide\"\nclaim_draws = true\ntimeout_ms = 400\nstartup_ms = 5000\n\n"
        ));
    }
    let engines = write(&dir, "engines.toml", &file);
    let started = Instant::now();
    let out = rulediff(
        &[
            "run",
            &case(),
            "--engines",
            &engines,
            "--rules",
            "fide,hang,die,junk",
            "--format",
            "json",
        ],
        &[],
    );
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = report.to_string();
    assert!(text.contains("timed out after 400 ms"), "{text}");
    assert!(text.contains("exited or closed its pipe"), "{text}");
    assert!(text.contains("this is not json"), "{text}");
    // The hanging bridge is given its time-out twice (once more after its restart), plus
    // Python's start-ups, which take seconds on a loaded machine; nothing waits 20 s.
    assert!(took < Duration::from_secs(20), "took {took:?}");
    let run = &report["runs"][0];
    assert_eq!(run["divergences"], serde_json::json!([]), "{run}");
    let incidents = run["incidents"].to_string();
    assert!(incidents.contains("hang: engine timed out"), "{incidents}");
    assert!(incidents.contains("failed again"), "{incidents}");
}

#[test]
fn a_bridge_that_dies_once_is_restarted_and_the_game_replayed() {
    if !common::tools(&[common::Tool::PythonChess]) {
        return;
    }
    let dir = scratch("flaky");
    let bridge = format!(
        "{}/bridges/python_chess_bridge.py",
        env!("CARGO_MANIFEST_DIR")
    );
    let proxy = write(&dir, "flaky.py", FLAKY);
    let marker = dir.join("died").display().to_string();
    // hello, start, and a few plies and questions, then the process dies mid-game.
    let engines = write(
        &dir,
        "engines.toml",
        &format!(
            "[[engine]]\nid = \"flaky\"\nfamily = \"chess\"\ncommand = [\"python3\", \"{proxy}\", \"{bridge}\", \"{marker}\", \"5\"]\nruleset = \"fide\"\nclaim_draws = true\n"
        ),
    );
    let out = rulediff(
        &[
            "run",
            &case(),
            "--engines",
            &engines,
            "--rules",
            "fide,flaky",
            "--format",
            "json",
        ],
        &[],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &report["runs"][0];
    assert_eq!(run["divergences"], serde_json::json!([]), "{run}");
    assert!(!run.to_string().contains("FAULT"), "{run}");
    let incidents = run["incidents"].to_string();
    assert!(incidents.contains("flaky: engine exited"), "{incidents}");
    assert!(incidents.contains("recovered"), "{incidents}");
    assert!(Path::new(&marker).exists());
}

#[test]
fn hanging_dying_and_garbage_gtp_engines_are_faults_within_their_time_out() {
    if !common::tools(&[common::Tool::Python]) {
        return;
    }
    let dir = scratch("broken-gtp");
    let script = write(&dir, "broken_gtp.py", BROKEN_GTP);
    let mut file = String::new();
    for how in ["hang", "die", "junk"] {
        file.push_str(&format!(
            "[[engine]]\nid = \"{how}\"\ncommand = \"python3 {script} {how}\"\nruleset = \"psk\"\ntimeout_ms = 400\nstartup_ms = 5000\n\n"
        ));
    }
    let engines = write(&dir, "engines.toml", &file);
    let case = format!(
        "{}/../corpus/go/basics/passes-must-be-consecutive.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let started = Instant::now();
    let out = rulediff(
        &["run", &case, "--engines", &engines, "--format", "json"],
        &[],
    );
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    let text = report.to_string();
    assert!(text.contains("timed out after 400 ms"), "{text}");
    assert!(text.contains("exited or closed its pipe"), "{text}");
    assert!(text.contains("this is not gtp"), "{text}");
    // The hanging engine costs its time-out twice (once more after its restart), plus
    // Python's start-ups; nothing waits the default 10 s.
    assert!(took < Duration::from_secs(12), "took {took:?}");
    let run = &report["runs"][0];
    let incidents = run["incidents"].to_string();
    for id in ["hang: engine timed out", "die: engine exited"] {
        assert!(incidents.contains(id), "{incidents}");
    }
    assert!(incidents.contains("failed again"), "{incidents}");
    assert!(
        !incidents.contains("junk:"),
        "garbage is not retried: {incidents}"
    );
}

/// GNU Go claiming `no-ko` behind `tests/engines/gtp_proxy.py` in `mode` (`lie-die`,
/// `lie-recover`): after six plays of a game it says the point just played may be played
/// again. The engines file, and the proxy's marker (removed: a first process lies).
fn liar(dir: &Path, mode: &str) -> Option<(String, PathBuf)> {
    if !common::tools(&[common::Tool::GnuGo, common::Tool::Python]) {
        return None;
    }
    let proxy = format!("{}/tests/engines/gtp_proxy.py", env!("CARGO_MANIFEST_DIR"));
    let gnugo = rulediff::locate_program("gnugo").unwrap();
    let marker = dir.join(format!("{mode}.marker"));
    let _ = std::fs::remove_file(&marker);
    let file = format!(
        "[[engine]]\nid = \"liar\"\ncommand = [\"python3\", \"{proxy}\", \"{mode}\", \"6\", \"{}\", \"--\", \"{}\", \"--mode\", \"gtp\", \"--no-ko\"]\nruleset = \"no-ko\"\n",
        marker.display(),
        gnugo.display()
    );
    Some((write(dir, &format!("{mode}.toml"), &file), marker))
}

fn liar_campaign(engines: &str, out: &Path) -> Output {
    rulediff(
        &[
            "random",
            "--board",
            "5x5",
            "--games",
            "4",
            "--seed",
            "1",
            "--rules",
            "no-ko",
            "--engines",
            engines,
            "--out",
            out.to_str().unwrap(),
            "--fail-on-defects",
        ],
        &[],
    )
}

/// The one case of a campaign folder.
fn only_case(out: &Path) -> String {
    let cases: Vec<PathBuf> = std::fs::read_dir(out.join("cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(cases.len(), 1, "{cases:?}");
    std::fs::read_to_string(&cases[0]).unwrap()
}

#[test]
fn an_engine_that_lies_once_and_dies_for_good_is_a_defect() {
    let dir = scratch("lie-die");
    let Some((engines, marker)) = liar(&dir, "lie-die") else {
        return;
    };
    let out = dir.join("campaign");
    let ran = liar_campaign(&engines, &out);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&ran.stdout),
        String::from_utf8_lossy(&ran.stderr),
    );
    assert!(
        marker.exists(),
        "the engine lied and died: {stdout}{stderr}"
    );
    assert_eq!(ran.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains(", 1 defects"), "{stdout}");
    assert!(stdout.contains("DEFECT legality (no ko"), "{stdout}");
    assert!(stderr.contains("1 defects (--fail-on-defects)"), "{stderr}");
    assert!(!stdout.contains(" 0 faults"), "it broke for good: {stdout}");
    // No replay shows the lie any more: the case is the game as found, its expectations the
    // rulings the campaign saw.
    let case = only_case(&out);
    assert!(case.contains("not minimized: replayed"), "{case}");
    assert!(case.contains("could not start"), "{case}");
    assert!(case.contains("liar = { ongoing = true }"), "{case}");
    assert!(case.contains("rule = \"occupied\""), "{case}");

    // The same in one case run: the lie at ply 7, the engine gone at ply 8.
    let _ = std::fs::remove_file(&marker);
    let path = write(
        &dir,
        "lie.toml",
        "family = \"go\"\nboard = \"5x5\"\nmoves = \"E3 E2 pass C1 A2 B4 B4 A1 A5\"\n",
    );
    let ran = rulediff(
        &[
            "run",
            &path,
            "--rules",
            "no-ko",
            "--engines",
            &engines,
            "--fail-on-defects",
        ],
        &[],
    );
    let stdout = String::from_utf8_lossy(&ran.stdout);
    assert_eq!(ran.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("ply 7 B4: legality (no ko"), "{stdout}");
    assert!(stdout.contains("liar: FAULT"), "{stdout}");
    assert!(stdout.contains("engine fault: liar"), "{stdout}");
}

#[test]
fn the_same_lie_from_an_engine_that_recovers_is_a_defect() {
    let dir = scratch("lie-recover");
    let Some((engines, marker)) = liar(&dir, "lie-recover") else {
        return;
    };
    let out = dir.join("campaign");
    let ran = liar_campaign(&engines, &out);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&ran.stdout),
        String::from_utf8_lossy(&ran.stderr),
    );
    assert!(marker.exists(), "the engine died once: {stdout}{stderr}");
    assert_eq!(ran.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains(", 1 defects"), "{stdout}");
    assert!(stdout.contains(" 0 faults"), "{stdout}");
    assert!(stdout.contains("recovered by restarting"), "{stdout}");
    // The lie is the engine's in every process: the case replays it, minimized.
    let case = only_case(&out);
    assert!(case.contains("minimized to 6"), "{case}");
}
