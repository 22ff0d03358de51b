//! Built-in engine definitions: GNU Go 3.8 in each ko mode and suicide option, paired with our
//! ruleset of the same meaning; Leela Zero with a locally made all-zero network; and the
//! `goban` crate in process; and the npm and PyPI rule engines through their protocol bridges
//! (`harness/bridges/`).

use super::goban_lib::GobanRules;
use crate::engine::bundled::{node_command, python, script};
use crate::engine::spec::{EngineSpec, Kind, Legality};
use crate::family::Family;
use crate::go::Go;

/// A Go engine over GTP run as `argv`, claiming `ruleset`, every other setting at its default.
pub fn gtp(id: &str, argv: Vec<String>, ruleset: Option<&str>) -> EngineSpec {
    EngineSpec::new(Go::NAME, id, Kind::Gtp { argv }, ruleset)
}

/// A protocol bridge `id` run as `argv`, claiming `ruleset`, described by `summary`. Where a
/// case gives no komi it plays with the komi of the ruleset it claims (a named ruleset's own,
/// 0 for a bare ko rule), so that a result is compared at the same komi: komi is a setting of
/// the game the bridge passes to the engine, not a rule the engine has.
fn bridge(id: &str, argv: Vec<String>, ruleset: &str, summary: String) -> EngineSpec {
    let komi = crate::go::rules::presets::presets()
        .into_iter()
        .find(|p| p.id == ruleset)
        .map_or(0.0, |p| p.komi);
    EngineSpec {
        kind: Kind::Bridge { argv },
        summary,
        komi,
        ..gtp(id, Vec::new(), Some(ruleset))
    }
}

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
            let mut spec = gtp(&format!("gnugo-{ruleset}"), argv, Some(&ruleset));
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
    let mut spec = gtp("leela-zero", leela, Some("psk"));
    // Leela Zero has no is_legal: what its `play` accepts is the ruling.
    spec.legality = Legality::Play;
    spec.summary = "Leela Zero 0.17 over GTP (19x19 only), all-zero network made locally".into();
    specs.push(spec);
    specs.extend(node_bridges());
    for rules in GobanRules::ALL {
        specs.push(EngineSpec {
            kind: Kind::InProcess {
                library: format!("goban crate, {}", rules.name()),
            },
            summary: format!("goban crate 0.20, in process: {}", rules.describe()),
            ..gtp(rules.id(), Vec::new(), Some(rules.paired()))
        });
    }
    specs
}

/// The built-in engine with this id.
pub fn find(id: &str) -> Option<EngineSpec> {
    all().into_iter().find(|s| s.id == id)
}

/// Every built-in engine's id.
pub fn ids() -> Vec<String> {
    all().into_iter().map(|s| s.id).collect()
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
    let mut specs: Vec<EngineSpec> = sabaki
        .into_iter()
        .map(|(id, args, ruleset, suicide)| {
            let summary = format!(
                "@sabaki/go-board 1.4.3 (npm) over the JSON protocol: makeMove with preventKo, {suicide}; \
                 rulediff ends at two passes and counts by area"
            );
            bridge(id, node_command("sabaki_bridge.js", args), ruleset, summary)
        })
        .collect();
    specs.extend(OGS_PRESETS.into_iter().map(|(preset, ruleset, what)| {
        let summary = format!(
            "goban 8.3.64 (npm, OGS's GobanEngine) over the JSON protocol, rules preset {preset}: {what}; \
             the bridge ends at two passes (OGS's server then runs stone removal) and reports GobanEngine#computeScore"
        );
        let argv = node_command("ogs_goban_bridge.js", &["--rules", preset]);
        bridge(&format!("ogs-{preset}"), argv, ruleset, summary)
    }));
    specs.extend(TENUKI_KO_RULES.into_iter().map(|(id, ko, ruleset)| {
        let summary = format!(
            "tenuki 0.3.1 (npm) over the JSON protocol: koRule {ko}, no suicide, scoring area, empty boards only; \
             Tenuki ends at two passes and counts"
        );
        bridge(id, node_command("tenuki_bridge.js", &["--ko", ko]), ruleset, summary)
    }));
    specs.extend(python_bridges());
    specs
}

/// Tenuki's ko rules (tenuki 0.3.1, README "Ko and superko"; `lib/ruleset.js`): our id, its
/// `koRule`, and our ruleset with the same rule. Tenuki's situational superko forbids a
/// position "which that same player was responsible for creating", and its natural one
/// skips positions created by a pass: our `ssk` and `nsk` in two-player games.
const TENUKI_KO_RULES: [(&str, &str, &str); 4] = [
    ("tenuki", "simple", "simple-ko"),
    ("tenuki-psk", "positional-superko", "psk"),
    ("tenuki-ssk", "situational-superko", "ssk"),
    ("tenuki-nsk", "natural-situational-superko", "nsk"),
];

/// OGS's GobanEngine rules presets (goban 8.3.64): the preset, the ruleset of ours it names,
/// and what the preset sets (GobanEngine's defaults by `rules`). Each claims the ruleset its
/// name documents (GobanEngine.d.ts: `export type GobanEngineRules = "chinese" | "aga" |
/// "japanese" | "korean" | "ing" | "nz"`; the `ing` case of GobanEngine.ts cites
/// "<https://www.usgo-archive.org/sites/default/files/pdf/IngRules2006.pdf>"), not the ko and
/// suicide rules its code has: where the code rules otherwise, that is a finding.
const OGS_PRESETS: [(&str, &str, &str); 6] = [
    (
        "chinese",
        "chinese",
        "allow_superko false, superko_algorithm csk, no self-capture, area",
    ),
    (
        "aga",
        "aga",
        "allow_superko false, superko_algorithm ssk, no self-capture, area",
    ),
    (
        "japanese",
        "japanese",
        "allow_superko true (basic ko only), no self-capture, territory",
    ),
    (
        "korean",
        "korean",
        "allow_superko true (basic ko only), no self-capture, territory",
    ),
    (
        "ing",
        "ing",
        "allow_superko false, superko_algorithm ing, self-capture allowed, area",
    ),
    (
        "nz",
        "new-zealand",
        "allow_superko false, superko_algorithm ssk, self-capture allowed, area",
    ),
];

/// The Python Go environments of PyPI packages, each through its bridge in
/// `harness/bridges/` (python3, or `$RULEDIFF_PYTHON`), each claiming the rules its
/// documentation names. OpenSpiel's go names Tromp-Taylor (go_board.h, on TrompTaylorScore:
/// "Score according to <https://senseis.xmp.net/?TrompTaylorRules>."); its code forbids
/// suicide, forbids basic ko only and draws a repetition (go.h: "We also treat superko as a
/// draw"), which show as findings. PettingZoo's go_v5 wraps minigo, whose go_base.py says
/// "Obeys CGOS Rules of Play. In short: No suicides, Chinese/area scoring, Positional superko
/// (this is very crudely approximate at the moment.)": our `psk`; its code forbids basic ko
/// only, which shows as a finding.
fn python_bridges() -> Vec<EngineSpec> {
    let python = python();
    let bridges = [
        (
            "openspiel-go",
            vec![python.clone(), script("openspiel_bridge.py"), "go".into()],
            "tromp-taylor",
            "OpenSpiel 2.0.2 (PyPI open-spiel) go over the JSON protocol: legal_actions() (no suicide, basic ko); \
             it ends at two passes with its Tromp-Taylor returns (no margin), a repetition drawn (go.h); empty boards only",
        ),
        (
            "pettingzoo-go",
            vec![python, script("pettingzoo_bridge.py")],
            "psk",
            "PettingZoo 1.27 go_v5 over the JSON protocol: the action mask (captures, no suicide, basic ko); \
             it ends at two passes with its rewards and minigo's area score; empty boards only",
        ),
    ];
    bridges
        .into_iter()
        .map(|(id, argv, ruleset, summary)| bridge(id, argv, ruleset, summary.into()))
        .collect()
}
