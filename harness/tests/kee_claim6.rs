//! Claim 6 in either reading from the command line (issue 37 item 2): `kee-claims --claim6
//! literal|at-own-pass|both` checks the reading asked, names it in the output, and counts
//! the same games under it as when both are asked.

mod common;

use common::{fresh, rulediff, text};

fn table(claim6: &str, out: Option<&str>) -> String {
    let mut args = vec![
        "kee-claims",
        "--games",
        "80",
        "--rules",
        "kee",
        "--claim6",
        claim6,
    ];
    if let Some(out) = out {
        args.extend(["--out", out]);
    }
    let run = rulediff(&args);
    assert!(run.status.success(), "{}", text(&run.stderr));
    text(&run.stdout)
}

/// The cells of the row for policy "any legal play" under the column named `column`.
fn cell(table: &str, column: &str) -> Option<String> {
    let header: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("| reading"))?
        .split(" | ")
        .collect();
    let at = header
        .iter()
        .position(|h| h.trim_matches(|c| c == '|' || c == ' ') == column)?;
    let row = table.lines().find(|l| l.contains("| any legal play |"))?;
    Some(
        row.split(" | ")
            .nth(at)?
            .trim_matches(|c| c == '|' || c == ' ')
            .to_string(),
    )
}

#[test]
fn each_reading_of_claim_6_is_asked_and_named() {
    let both = table("both", None);
    let literal = table("literal", None);
    let at_pass = table("at-own-pass", None);
    let (lit, pass) = ("claim 6 literal (at the end)", "claim 6 at own pass");
    assert!(
        both.contains("read literally (\"when a game ends\""),
        "{both}"
    );
    assert!(both.contains("at each player's own final pass"), "{both}");
    assert!(
        literal.contains("read literally") && !literal.contains("own final pass"),
        "{literal}"
    );
    assert!(
        at_pass.contains("own final pass") && !at_pass.contains("read literally"),
        "{at_pass}"
    );
    assert_eq!(cell(&literal, pass), None, "{literal}");
    assert_eq!(cell(&at_pass, lit), None, "{at_pass}");
    // The same games are counted under each reading as when both are asked; in 80 games
    // `kee`'s random players break both readings (so the counts say something).
    assert_eq!(cell(&literal, lit), cell(&both, lit));
    assert_eq!(cell(&at_pass, pass), cell(&both, pass));
    for (t, c) in [(&literal, lit), (&at_pass, pass)] {
        let n: usize = cell(t, c)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(n > 0, "{t}");
    }
}

#[test]
fn only_the_reading_asked_gets_cases() {
    let dir = fresh("literal");
    table("literal", Some(dir.to_str().unwrap()));
    let names: Vec<String> = std::fs::read_dir(dir.join("cases"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().any(|n| n.starts_with("claim6-")), "{names:?}");
    assert!(
        !names.iter().any(|n| n.starts_with("claim6-at-pass")),
        "{names:?}"
    );
    let bad = rulediff(&["kee-claims", "--claim6", "sometimes"]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("literal, at-own-pass, both"),
        "{}",
        text(&bad.stderr)
    );
}
