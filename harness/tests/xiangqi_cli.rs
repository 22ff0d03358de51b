//! The `rulediff` binary on xiangqi: running cases, clear errors on bad case files, random
//! campaigns whose minimized cases replay, and the judge's explanation.

mod common;
use common::{corpus, rulediff, scratch, text};

#[test]
fn a_wxf_case_passes_and_a_wrong_expectation_fails() {
    let ok = rulediff(&["run", &corpus("xiangqi/wxf/001.toml")]);
    assert!(ok.status.success(), "{}", text(&ok.stderr));
    assert!(text(&ok.stdout).contains("ok   wxf over at 1 (black)"));

    let dir = scratch("wrong");
    let case = dir.join("wrong.toml");
    std::fs::write(
        &case,
        "family = \"xiangqi\"\nranks = \"1-10\"\nmoves = \"h3e3 h10g8\"\n[expect]\nwxf = { over = 2, result = \"red\" }\n",
    )
    .unwrap();
    let out = rulediff(&["run", case.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("FAIL wxf over at 2 (red) -- got ongoing"));
}

#[test]
fn bad_case_files_say_where() {
    let dir = scratch("bad");
    let cases = [
        (
            "no-ranks.toml",
            "family = \"xiangqi\"\nmoves = \"h2e2\"\n",
            "no-ranks.toml:1:1: missing `ranks`",
        ),
        (
            "bad-fen.toml",
            "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"4k4/9/9/9/9/9/9/9/9/3K4 w\"\n",
            "bad-fen.toml:3:",
        ),
        (
            "rank-10.toml",
            "family = \"xiangqi\"\nranks = \"0-9\"\nmoves = \"\"\"h2e2\n a9a10\"\"\"\n",
            "rank-10.toml:4:2: `a9a10`: rank 10 is outside 0-9",
        ),
        (
            "history.toml",
            "family = \"xiangqi\"\nranks = \"0-9\"\nhistory = \"h2e2 h2e2\"\n",
            "history.toml:3:17: history move 2: h2e2 is not a legal move for black",
        ),
        (
            "ranks.toml",
            "family = \"xiangqi\"\nranks = \"1-9\"\n",
            "ranks.toml:2:9: ranks `1-9` must be",
        ),
    ];
    let mut paths = Vec::new();
    for (name, body, _) in &cases {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        paths.push(path.display().to_string());
    }
    paths.push(corpus("xiangqi/wxf/002.toml"));
    let args: Vec<&str> = ["run"]
        .into_iter()
        .chain(paths.iter().map(String::as_str))
        .collect();
    let out = rulediff(&args);
    let err = text(&out.stderr);
    for (_, _, want) in &cases {
        assert!(err.contains(want), "missing `{want}` in:\n{err}");
    }
    assert!(
        text(&out.stdout).contains("ok   wxf over at 1"),
        "the good case still ran"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn random_campaign_finds_minimizes_and_replays() {
    let dir = scratch("campaign");
    let out_dir = dir.join("out");
    let out = rulediff(&[
        "random",
        "--family",
        "xiangqi",
        "--start",
        "2c1kab2/4a4/4b4/9/9/9/P1p5P/2r1N1cC1/4A4/3ACK3 w - - 0 1",
        "--games",
        "40",
        "--seed",
        "6",
        "--rules",
        "wxf,wxf@spec,check-only",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    // check-only differs from WXF on perpetual chases; the spec never differs from wxf, so
    // the two are one class.
    assert!(
        summary.contains("legal, game over black+perpetual-chase: wxf + 1")
            && summary.contains("legal, game over draw:repetition: check-only"),
        "{summary}"
    );
    let verbose = rulediff(&[
        "report",
        out_dir.join("results.json").to_str().unwrap(),
        "--verbose",
    ]);
    assert!(
        text(&verbose.stdout).contains("wxf + 1: wxf, wxf@spec"),
        "wxf and its spec split:\n{}",
        text(&verbose.stdout)
    );
    // Rerooted at the start of the repetition: a handful of plies from a FEN.
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out_dir.join("results.json")).unwrap()).unwrap();
    assert!(
        saved["signatures"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["minimized_plies"] == 4),
        "{summary}"
    );
    let cases = out_dir.join("cases");
    let replay = rulediff(&["run", cases.to_str().unwrap()]);
    assert!(replay.status.success(), "{}", text(&replay.stdout));
    let html = std::fs::read_to_string(out_dir.join("report.html")).unwrap();
    assert!(
        html.contains("<svg") && html.contains("帥"),
        "board diagrams in the report"
    );
}

#[test]
fn start_is_for_xiangqi_and_must_be_a_fen() {
    let dir = scratch("start");
    let out = rulediff(&[
        "random",
        "--start",
        "x",
        "--out",
        dir.join("a").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--start is for non-Go families"));
    let out = rulediff(&[
        "random",
        "--family",
        "xiangqi",
        "--start",
        "9/9 w",
        "--out",
        dir.join("b").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("2 ranks, a xiangqi board has 10"));
}

#[test]
fn explain_shows_each_move_of_the_repetition() {
    let out = rulediff(&[
        "explain",
        &corpus("xiangqi/wxf/033.toml"),
        "--rules",
        "wxf,wxf-whole-piece",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    // Red's horse and cannon take turns on the black rook: a perpetual chase under the
    // default per-capture reading, idle when the whole piece must be saved.
    assert!(shown.contains("== wxf\n"), "{shown}");
    assert!(shown.contains("level: perpetual chase"), "{shown}");
    assert!(shown.contains("result: black+perpetual-chase"), "{shown}");
    assert!(shown.contains("result: draw:repetition"), "{shown}");
    // A repetition of the start position puts the start itself in a window.
    let dir = scratch("explain");
    let case = dir.join("start.toml");
    std::fs::write(
        &case,
        "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"3k5/9/9/9/9/c8/9/9/1R7/4K4 w\"\nmoves = \"b1a1 a4b4 a1b1 b4a4 b1a1\"\n",
    )
    .unwrap();
    let out = rulediff(&["explain", case.to_str().unwrap(), "--rules", "wxf"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("ply 0 (the start): idle"),
        "{}",
        text(&out.stdout)
    );
    let go = rulediff(&["explain", &corpus("go/basics/basic-ko.toml")]);
    assert_eq!(go.status.code(), Some(2));
}

#[test]
fn rules_lists_the_xiangqi_referees() {
    let out = rulediff(&["rules"]);
    let listing = text(&out.stdout);
    for id in [
        "wxf ",
        "wxf@spec",
        "wxf-3fold",
        "check-only",
        "threefold",
        "ffish",
    ] {
        assert!(listing.contains(id), "{id} missing:\n{listing}");
    }
}
