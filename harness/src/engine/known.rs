//! Built-in engine definitions: GNU Go 3.8 in each ko mode and suicide option, paired with our
//! ruleset of the same meaning; Leela Zero with a locally made all-zero network; and the
//! `goban` crate in process.

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
