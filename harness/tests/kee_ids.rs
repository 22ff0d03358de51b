//! Referee ids in canonical form everywhere (issue 37 item 3): a bracketed Kee id with commas
//! is one id in every command, and an id spelled with its parts in another order or with
//! default values spelled out names the same referee in `--rules` lists, `[expect]` keys and
//! engines files.

mod common;

use common::{rulediff, scratch, text};

fn ok(args: &[&str]) -> String {
    let out = rulediff(args);
    assert!(
        out.status.success(),
        "{args:?}: {}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

#[test]
fn kee_claims_takes_a_bracketed_id_with_commas_as_one_id() {
    let table = ok(&[
        "kee-claims",
        "--games",
        "5",
        "--rules",
        "kee[rescind=erase,replace=same],kee[replace=same,rescind=erase],kee[rescind=erase,round=survives]",
    ]);
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| `")).collect();
    // Two readings (each under two policies): the first two ids spell one combination.
    assert_eq!(rows.len(), 4, "{table}");
    assert!(
        rows[0].starts_with("| `kee[rescind=erase,replace=same]` |"),
        "{table}"
    );
    assert!(rows[2].starts_with("| `kee:rescind-erases` |"), "{table}");
    for command in ["finite", "solve"] {
        let out = ok(&[
            command,
            "--rules",
            "kee[replace=same,rescind=erase]",
            "--board",
            "1x2",
        ]);
        assert!(
            out.contains("kee[rescind=erase,replace=same]"),
            "{command}: {out}"
        );
    }
}

const CASE: &str = r#"family = "go"
title = "an expectation under another spelling of the id"
board = "1x2"
rules = "kee"
moves = "A1"
[expect]
"#;

#[test]
fn expectations_name_referees_in_any_spelling() {
    let dir = scratch("expect");
    let case = dir.join("spelled.toml");
    let key = "\"kee[rescind=erase,round=survives,appeal=rule11]\"";
    std::fs::write(&case, format!("{CASE}{key} = {{ ongoing = true }}\n")).unwrap();
    let out = rulediff(&["run", case.to_str().unwrap()]);
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{all}");
    assert!(all.contains("ok   kee:rescind-erases ongoing"), "{all}");
    assert!(all.contains("expectations: 1 ok, 0 failed"), "{all}");
    // The expectation is checked, not skipped: a wrong one fails under that spelling.
    std::fs::write(&case, format!("{CASE}{key} = {{ illegal = 1 }}\n")).unwrap();
    let out = rulediff(&["run", case.to_str().unwrap()]);
    let all = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(all.contains("0 ok, 1 failed"), "{all}");
    // Two keys for one referee: refused at the second, with its line.
    let twice = format!(
        "{CASE}\"kee:rescind-erases\" = {{ ongoing = true }}\n{key} = {{ ongoing = true }}\n"
    );
    std::fs::write(&case, twice).unwrap();
    let out = rulediff(&["run", case.to_str().unwrap()]);
    let err = text(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("spelled.toml:8:"), "{err}");
    assert!(err.contains("which an earlier expectation names"), "{err}");
}

#[test]
fn run_lists_take_any_spelling() {
    let dir = scratch("rules");
    let case = dir.join("c.toml");
    std::fs::write(&case, format!("{CASE}kee = {{ ongoing = true }}\n")).unwrap();
    let out = ok(&[
        "run",
        "--rules",
        "kee[round=survives,rescind=erase],kee[]",
        case.to_str().unwrap(),
    ]);
    assert!(out.contains("referees: kee:rescind-erases, kee\n"), "{out}");
}

#[test]
fn engines_files_store_the_claimed_ruleset_in_canonical_form() {
    let dir = scratch("engines");
    let file = dir.join("e.toml");
    let entry = |ruleset: &str| {
        format!("[[engine]]\nid = \"mine\"\ncommand = \"true\"\nruleset = \"{ruleset}\"\n")
    };
    std::fs::write(
        &file,
        entry("kee[replace=same,rescind=erase,start=appeared]"),
    )
    .unwrap();
    let out = ok(&["engines", "--engines", file.to_str().unwrap()]);
    let line = out
        .lines()
        .find(|l| l.starts_with("mine "))
        .expect("listed");
    assert!(
        line.contains("claims kee[rescind=erase,replace=same]"),
        "{line}"
    );
    std::fs::write(&file, entry("kee[rescind=erase]")).unwrap();
    let out = ok(&["engines", "--engines", file.to_str().unwrap()]);
    assert!(out.contains("claims kee:rescind-erases"), "{out}");
    // Several combinations are not one ruleset.
    std::fs::write(&file, entry("kee[rescind=*]")).unwrap();
    let out = rulediff(&["engines", "--engines", file.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("unknown ruleset `kee[rescind=*]`"),
        "{}",
        text(&out.stderr)
    );
}
