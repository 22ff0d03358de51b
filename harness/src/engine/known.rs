//! Built-in engine definitions: GNU Go 3.8 in each ko mode and suicide option, paired with our
//! ruleset of the same meaning; Leela Zero with a locally made all-zero network; and the
//! `goban` crate in process; and the npm rule engines through their protocol bridges
//! (`harness/bridges/node/`).

use super::goban_lib::GobanRules;
use super::spec::{EngineSpec, Kind, Legality};

/// Placeholder in a command for the path of the generated all-zero Leela Zero network.
pub const ZERO_WEIGHTS: &str = "{zero-weights}";

/// GNU Go's ko options and our rules of the same meaning (GNU Go 3.8 `--help`).
const GNUGO_KO: [(&str, &str); 4] = [
    ("simple-ko", "--simple-ko"),
    ("psk", "--positional-superko"),
    ("ssk", "--situational-superko"),
    ("no-ko", "--no-ko"),
];

/// GNU Go's suicide options and our suffixes: `--allow-suicide` allows suicide "except
/// single-stone suicide", `--allow-all-suicide` allows every suicide.
const GNUGO_SUICIDE: [(&str, &str); 3] = [
    ("", "--forbid-suicide"),
    ("+suicide", "--allow-suicide"),
    ("+all-suicide", "--allow-all-suicide"),
];

/// Every built-in engine.
pub fn all() -> Vec<EngineSpec> {
    let mut specs = Vec::new();
    for (ko, ko_flag) in GNUGO_KO {
        for (suffix, suicide_flag) in GNUGO_SUICIDE {
            let ruleset = format!("{ko}{suffix}");
            let argv = [
                "gnugo",
                "--mode",
                "gtp",
                "--chinese-rules",
                ko_flag,
                suicide_flag,
            ]
            .map(str::to_string)
            .to_vec();
            let mut spec = EngineSpec::gtp(&format!("gnugo-{ruleset}"), argv, Some(&ruleset));
            spec.summary = format!("GNU Go 3.8 over GTP: {ko_flag} {suicide_flag}");
            specs.push(spec);
        }
    }
    let leela = [
        "leelaz",
        "--gtp",
        "--cpu-only",
        "--noponder",
        "-q",
        "-w",
        ZERO_WEIGHTS,
    ]
    .map(str::to_string)
    .to_vec();
    let mut spec = EngineSpec::gtp("leela-zero", leela, Some("psk"));
    // Leela Zero has no is_legal: what its `play` accepts is the ruling.
    spec.legality = Legality::Play;
    spec.summary = "Leela Zero 0.17 over GTP (19x19 only), all-zero network made locally".into();
    specs.push(spec);
    specs.extend(node_bridges());
    for rules in GobanRules::ALL {
        specs.push(EngineSpec {
            kind: Kind::Goban { rules },
            summary: format!("goban crate 0.20, in process: {}", rules.describe()),
            ..EngineSpec::gtp(rules.id(), Vec::new(), Some(rules.paired()))
        });
    }
    specs
}

pub fn find(id: &str) -> Option<EngineSpec> {
    all().into_iter().find(|s| s.id == id)
}

pub fn ids() -> Vec<String> {
    all().into_iter().map(|s| s.id).collect()
}

/// Where the JavaScript bridges and their `node_modules` are: `$RULEDIFF_NODE_BRIDGES`, or
/// `harness/bridges/node` in this source tree (`npm ci` there installs the packages).
pub fn node_bridges_dir() -> String {
    std::env::var("RULEDIFF_NODE_BRIDGES")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/bridges/node").into())
}

/// `node` and a bridge script of [`node_bridges_dir`] with its arguments.
pub fn node_command(script: &str, args: &[&str]) -> Vec<String> {
    let node = std::env::var("RULEDIFF_NODE").unwrap_or_else(|_| "node".into());
    let mut argv = vec![node, format!("{}/{script}", node_bridges_dir())];
    argv.extend(args.iter().map(|a| a.to_string()));
    argv
}

/// The Go rule engines of npm packages, each through its bridge.
fn node_bridges() -> Vec<EngineSpec> {
    // @sabaki/go-board 1.4.3, README "board.makeMove": preventKo forbids a move that "repeats
    // the position that led to board" (basic ko); preventSuicide forbids suicide, and without
    // it "the whole chain is removed"; no end of game and no scoring.
    let sabaki = [
        ("sabaki", &[][..], "simple-ko", "preventSuicide"),
        (
            "sabaki+all-suicide",
            &["--suicide"][..],
            "simple-ko+all-suicide",
            "suicide allowed",
        ),
    ];
    sabaki
        .into_iter()
        .map(|(id, args, ruleset, suicide)| EngineSpec {
            kind: Kind::Bridge {
                argv: node_command("sabaki_bridge.js", args),
            },
            summary: format!(
                "@sabaki/go-board 1.4.3 (npm) over the JSON protocol: makeMove with preventKo, {suicide}; \
                 rulediff ends at two passes and counts by area"
            ),
            ..EngineSpec::gtp(id, Vec::new(), Some(ruleset))
        })
        .collect()
}
