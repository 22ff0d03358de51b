//! Campaign reports as a reader meets them: defects before rule differences, referee
//! classes, the disagreement map, terminal lines that fit 120 columns, shards merged into
//! exactly the report of one run, and the page itself in a real browser.

use std::path::Path;
use std::process::Command;

mod common;
use common::{corpus, fresh, rulediff, text};

use rulediff::go::{Go, GoSetup};
use rulediff::report::Analysis;
use rulediff::Graph;
use rulediff::{select, RefereeInfo, Refereed};
use rulediff::{Plan, Results};

fn random(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "random",
        "--board",
        "4x4",
        "--games",
        "120",
        "--seed",
        "3",
        "--rules",
        "no-ko,simple-ko,psk,chinese,cycle-void,kee",
        "--out",
    ];
    args.push(dir.to_str().unwrap());
    args.extend_from_slice(extra);
    rulediff(&args)
}

fn require(tool: &str, found: bool) -> bool {
    if !found {
        assert!(
            std::env::var("RULEDIFF_REQUIRE_TOOLS").as_deref() != Ok("1"),
            "{tool} is required (RULEDIFF_REQUIRE_TOOLS=1)"
        );
        eprintln!("SKIPPED: {tool} is not installed (CI installs it)");
    }
    found
}

#[test]
fn rule_differences_are_not_defects_and_lines_fit_the_terminal() {
    let dir = fresh("differences");
    let out = random(&dir, &["--fail-on-defects"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains(", 0 defects"), "{stdout}");
    assert!(stdout.contains("expected rule differences"), "{stdout}");
    // The count beside the defects is the signatures that are not defects: all of them here.
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results.json")).unwrap()).unwrap();
    let signatures = json["signatures"].as_array().unwrap().len();
    assert!(signatures > 0, "{json}");
    let counted =
        format!("in {signatures} signatures, 0 defects, {signatures} expected rule differences;");
    assert!(stdout.contains(&counted), "wanted `{counted}` in {stdout}");
    for line in stdout.lines() {
        assert!(line.chars().count() <= 120, "too wide: {line}");
    }
    // Basic ko with cycles voided rules as simple ko until a cycle ends the game, where simple
    // ko plays on: a class is referees that ruled alike at every step, game end included, so
    // the two are classes of their own.
    let verbose = rulediff(&[
        "report",
        dir.join("results.json").to_str().unwrap(),
        "--verbose",
    ]);
    let listed = text(&verbose.stdout);
    assert!(
        listed.contains("  simple-ko: simple-ko\n")
            && listed.contains("  cycle-void: cycle-void\n"),
        "{listed}"
    );
    for file in ["divergences.csv", "classes.csv", "disagreements.csv"] {
        let csv = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(csv.lines().count() > 1, "{file}: {csv}");
    }
    let map = std::fs::read_to_string(dir.join("disagreements.csv")).unwrap();
    assert!(map.starts_with("class_a,class_b,steps,games,games_exact"));
    assert!(
        map.contains("true"),
        "new campaigns count games exactly: {map}"
    );
}

/// A referee that plays positional superko while claiming simple ko: every superko
/// divergence from `simple-ko` is then a defect.
fn liar() -> RefereeInfo<Go> {
    let registry = Go::registry();
    let claims = registry
        .iter()
        .find(|r| r.id == "simple-ko")
        .unwrap()
        .claims
        .clone();
    RefereeInfo::new("liar", "psk claiming simple ko", "test", || {
        let registry = Go::registry();
        (registry.iter().find(|r| r.id == "psk").unwrap().make)()
    })
    .with_claims(claims)
}

#[test]
fn a_referee_that_breaks_its_claim_makes_defects_that_lead_every_report() {
    let setup = GoSetup::empty(Graph::grid(4, 4, false).unwrap(), 2);
    let registry = Go::registry();
    let mut referees = select(&registry, "simple-ko,psk").unwrap();
    let liar = liar();
    referees.push(&liar);
    let plan = Plan {
        family: "go".into(),
        setup: <Go as rulediff::Explore>::setup_keys(&setup),
        referees: referees.iter().map(|r| r.id.clone()).collect(),
        seed: 5,
        games: 64,
        max_plies: 128,
        shard: None,
    };
    let mut results = Results::new(plan);
    results.claims = referees
        .iter()
        .map(|r| (r.id.clone(), r.claims.clone()))
        .collect();
    rulediff::run_campaign(&setup, &referees, &mut results, 64, |_, _, _| Ok(())).unwrap();
    let analysis = Analysis::of(&results);
    assert!(
        analysis.defects() > 0,
        "psk ruling as `liar` splits from simple-ko"
    );
    let first = &analysis.signatures[0];
    assert!(first.is_defect(), "defects come first");
    assert!(first.defects[0].describe().contains("simple-ko"));
    // psk and the liar rule alike: one class, named by the first of them.
    assert!(analysis.classes.iter().any(|c| c.label() == "psk + 1"));
    let summary = rulediff::report::campaign_summary(&results, false);
    let defects = summary.find("defects (").expect("a defects section");
    let differences = summary
        .find("expected rule differences (")
        .unwrap_or(usize::MAX);
    assert!(defects < differences, "{summary}");
    let csv = rulediff::report::campaign_csv(&results).unwrap();
    assert!(csv.lines().nth(1).unwrap().starts_with("defect,"), "{csv}");
    let html = rulediff::report::campaign_html(&results);
    let at = |needle: &str| html.find(needle).unwrap_or_else(|| panic!("{needle}"));
    assert!(at("id=\"defects\"") < at("id=\"map\""));
    assert!(at("id=\"map\"") < at("id=\"signatures\""));
    assert!(html.contains("stroke=\"#d50000\""), "defect pairs outlined");
}

#[test]
fn a_case_run_lists_its_defects_in_every_row_of_their_step() {
    let path = corpus("go/superko/psk-2x2-repetition.toml");
    let Ok(rulediff::AnyCase::Go(case)) = rulediff::load_case(Path::new(&path)) else {
        panic!("{path} is a Go case");
    };
    let registry = Go::registry();
    let mut referees = select(&registry, "simple-ko,psk").unwrap();
    let liar = liar();
    referees.push(&liar);
    let run = rulediff::run_case(&case, &referees, &Default::default());
    let claims: Vec<_> = referees.iter().map(|r| &r.claims).collect();
    let defects = rulediff::defects_of_run(&run, &claims);
    assert_eq!(defects.len(), 1, "{defects:?}");
    assert_eq!(defects[0].ply, 7);
    assert!(
        defects[0].line().contains("ply 7 A1: legality"),
        "{defects:?}"
    );
    let csv = rulediff::report::case_runs_csv(&[run], &defects).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",dead,defects"));
    let listing: Vec<&str> = csv
        .lines()
        .filter(|l| l.contains("simple-ko legal"))
        .collect();
    assert_eq!(listing.len(), 3, "every referee's row of ply 7: {csv}");
    assert!(listing.iter().all(|l| l.contains(",7,B,A1,")), "{csv}");
}

#[test]
fn an_engine_that_breaks_its_claim_fails_fail_on_defects() {
    if !require("gnugo", rulediff::locate_program("gnugo").is_some()) {
        return;
    }
    let engine =
        "liar:simple-ko=gnugo --mode gtp --chinese-rules --positional-superko --forbid-suicide";
    let dir = fresh("gnugo-liar");
    let args = |fail: bool| {
        let mut a = vec![
            "random",
            "--board",
            "4x4",
            "--games",
            "40",
            "--seed",
            "2",
            "--rules",
            "simple-ko",
            "--engine",
            engine,
            "--out",
            dir.to_str().unwrap(),
        ];
        if fail {
            a.push("--fail-on-defects");
        }
        a
    };
    let out = rulediff(&args(true));
    let stdout = text(&out.stdout);
    assert!(!out.status.success(), "{stdout}");
    assert!(stdout.contains("DEFECT legality"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
    let out = rulediff(&args(false));
    assert!(
        out.status.success(),
        "without the flag defects are reported only"
    );
    let cases = dir.join("cases");
    let run = |fail: bool| {
        let mut a = vec!["run", cases.to_str().unwrap(), "--engine", engine];
        if fail {
            a.push("--fail-on-defects");
        }
        rulediff(&a)
    };
    let replay = run(true);
    assert!(!replay.status.success(), "{}", text(&replay.stdout));
    let first = text(&replay.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    assert!(
        first.ends_with("defects (referees that claim the same rule ruled apart):"),
        "run leads with its defects: {first}"
    );
    let replay = |format: &str| {
        let (cases, format) = (cases.to_str().unwrap(), format);
        rulediff(&["run", cases, "--engine", engine, "--format", format])
    };
    let json = text(&replay("json").stdout);
    assert!(
        json.starts_with("{\n  \"defects\": ["),
        "JSON leads with its defects"
    );
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["defects"][0]["layer"], "legality", "{json}");
    let csv = text(&replay("csv").stdout);
    assert!(
        csv.contains(",\"legality ("),
        "a defects column lists them: {csv}"
    );
}

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all = Vec::new();
    for sub in ["", "cases"] {
        let mut names: Vec<_> = std::fs::read_dir(dir.join(sub))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        names.sort();
        for path in names {
            let name = path.strip_prefix(dir).unwrap().display().to_string();
            all.push((name, std::fs::read(&path).unwrap()));
        }
    }
    all
}

#[test]
fn four_shards_merge_into_the_report_of_one_run() {
    let whole = fresh("whole");
    assert!(random(&whole, &[]).status.success());
    let shards: Vec<_> = (0..4).map(|i| fresh(&format!("shard{i}"))).collect();
    for (i, dir) in shards.iter().enumerate() {
        let out = random(dir, &["--shard", &format!("{i}/4")]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let merged = fresh("merged");
    let mut args = vec!["report", "--out", merged.to_str().unwrap(), "--merge"];
    // Any order.
    for dir in shards.iter().rev() {
        args.push(dir.to_str().unwrap());
    }
    let out = rulediff(&args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (a, b) = (files(&whole), files(&merged));
    assert_eq!(
        a.iter().map(|f| &f.0).collect::<Vec<_>>(),
        b.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for ((name, x), (_, y)) in a.iter().zip(&b) {
        assert!(
            x == y,
            "{name} differs between one run and four merged shards"
        );
    }

    let merge = |dirs: &[&Path]| {
        let out = fresh("bad-merge");
        let mut args = vec!["report", "--out", out.to_str().unwrap(), "--merge"];
        args.extend(dirs.iter().map(|d| d.to_str().unwrap()));
        let run = rulediff(&args);
        assert!(!run.status.success());
        text(&run.stderr)
    };
    let missing = merge(&[&shards[0], &shards[1], &shards[3]]);
    assert!(missing.contains("shard 2 of 4 missing"), "{missing}");
    let twice = merge(&[&shards[0], &shards[1], &shards[1], &shards[2], &shards[3]]);
    assert!(twice.contains("are both shard 1/4"), "{twice}");
    let other = fresh("other-seed");
    let out = rulediff(&[
        "random",
        "--board",
        "4x4",
        "--games",
        "120",
        "--seed",
        "4",
        "--rules",
        "no-ko,simple-ko,psk,chinese,cycle-void,kee",
        "--shard",
        "1/4",
        "--out",
        other.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let mixed = merge(&[&shards[0], &other, &shards[2], &shards[3]]);
    assert!(
        mixed.contains("shards of different campaigns") && mixed.contains("other-seed"),
        "{mixed}"
    );
    let whole_given = merge(&[&whole]);
    assert!(whole_given.contains("not a shard"), "{whole_given}");
}

#[test]
fn a_corrupt_results_file_names_the_file_and_the_field() {
    let dir = fresh("corrupt");
    assert!(random(&dir, &[]).status.success());
    let path = dir.join("results.json");
    let saved = std::fs::read_to_string(&path).unwrap();
    let broken = saved.replacen("\"plies\": ", "\"plies\": \"many\", \"was\": ", 1);
    std::fs::write(&path, broken).unwrap();
    let out = rulediff(&["report", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let error = text(&out.stderr);
    assert!(
        error.contains("results.json") && error.contains("field `plies`"),
        "{error}"
    );
}

/// Headless Chromium, where installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

#[test]
fn the_page_reads_right_in_a_real_browser() {
    let browser = chromium();
    if !require("chromium", browser.is_some()) {
        return;
    }
    let browser = browser.unwrap();
    let dir = fresh("browser");
    assert!(random(&dir, &[]).status.success());
    let page = format!("file://{}", dir.join("report.html").display());
    let headless = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
    ];
    let dom = Command::new(browser)
        .args(headless)
        .args(["--dump-dom", &page])
        .output()
        .unwrap();
    let dom = text(&dom.stdout);
    let at = |needle: &str| {
        dom.find(needle)
            .unwrap_or_else(|| panic!("{needle} not in the page as rendered"))
    };
    assert!(at("<h2>Defects") < at("<h2>Disagreement map"));
    assert!(at("<h2>Disagreement map") < at("<h2>All signatures"));
    assert!(dom.contains("<svg") && dom.contains("class=\"map\""));
    let sections: Vec<&str> = dom.split("<section class=\"sig\"").skip(1).collect();
    assert!(!sections.is_empty());
    for section in &sections {
        let section = section.split("</section>").next().unwrap();
        assert!(section.contains("<svg"), "a board per divergence");
    }
    for remote in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(!dom.contains(remote), "no network resources: {remote}");
    }
    let shot = dir.join("report.png");
    let out = Command::new(browser)
        .args(headless)
        .args([
            "--window-size=1280,1600",
            &format!("--screenshot={}", shot.display()),
            &page,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        std::fs::metadata(&shot).unwrap().len() > 10_000,
        "a screenshot"
    );
}

/// A campaign of every Go referee whose signatures are copied, each with its own cycle
/// label, to a thousand: the scale the report must stay readable at.
fn thousand_signatures(dir: &Path) -> usize {
    let out = rulediff(&[
        "random",
        "--board",
        "3x3",
        "--games",
        "64",
        "--seed",
        "1",
        "--rules",
        "all",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = dir.join("results.json");
    let mut results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let referees = results["plan"]["referees"].as_array().unwrap().len();
    let found = results["signatures"].as_array().unwrap().clone();
    let many: Vec<serde_json::Value> = (0..1000)
        .map(|i| {
            let mut s = found[i % found.len()].clone();
            s["signature"]["cycle"] = format!("cycle of {} plies", i + 1).into();
            s
        })
        .collect();
    results["signatures"] = many.into();
    std::fs::write(&path, serde_json::to_string(&results).unwrap()).unwrap();
    let out = rulediff(&["report", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    referees
}

/// Which table rows the `#pair=a-b` filter must show: rows where both classes ruled, apart.
fn rows_apart(html: &str, a: usize, b: usize) -> usize {
    html.split("<tr data-kind=")
        .skip(1)
        .filter(|row| {
            let g: Vec<&str> = row
                .split("data-g=\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
                .unwrap()
                .split(' ')
                .collect();
            let (x, y) = (g[a - 1], g[b - 1]);
            x != "-" && y != "-" && x != y
        })
        .count()
}

#[test]
fn a_hundred_referees_and_a_thousand_signatures_stay_readable() {
    let dir = fresh("scale");
    let referees = thousand_signatures(&dir);
    assert!(referees >= 100, "{referees} referees");
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(html.len() < 16 << 20, "{} bytes", html.len());
    assert_eq!(html.matches("<tr data-kind=").count(), 1000);
    assert_eq!(html.matches("<section class=\"sig\"").count(), 1000);
    let apart = rows_apart(&html, 1, 2);
    assert!(apart > 0 && apart < 1000, "{apart} rows apart");
    let Some(browser) = chromium() else {
        require("chromium", false);
        return;
    };
    let page = format!("file://{}", dir.join("report.html").display());
    let shown = |hash: &str| {
        let out = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
            ])
            .args(["--dump-dom", &format!("{page}#{hash}")])
            .output()
            .unwrap();
        let dom = text(&out.stdout);
        let rows = dom.matches("<tr data-kind=").count();
        assert_eq!(rows, 1000, "every row in the page");
        rows - dom
            .split("<tr data-kind=")
            .skip(1)
            .filter(|r| r.split('>').next().unwrap().contains("hidden"))
            .count()
    };
    assert_eq!(shown("q="), 1000);
    assert_eq!(shown("pair=1-2&kind=rule%20difference"), apart);
}

/// `run`'s last line counts the expected rule differences beside the defects: the case's one
/// divergence (territory and area counting end the game with different results) is one.
#[test]
fn the_run_summary_counts_expected_rule_differences_beside_defects() {
    let case = corpus("go/scoring/japanese-or-chinese.toml");
    let out = rulediff(&["run", &case]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("(1 with divergences)")
            && stderr.contains("; 0 defects, 1 expected rule differences"),
        "{stderr}"
    );
}
