//! The documentation stays true: every relative link in the README, the guide (`docs/`) and
//! the reports resolves (a file that exists, and a heading for a `#fragment`); every command
//! the README shows runs, and where it shows the output, prints exactly that; and the command
//! reference in `docs/commands.md` is what `rulediff help` prints.
//!
//! `RULEDIFF_UPDATE_DOCS=1 cargo test --test docs` rewrites the generated part of
//! `docs/commands.md` instead of failing.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{tools, Tool};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every Markdown file whose links are checked.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    for dir in ["docs", "reports"] {
        walk(&root().join(dir), &mut files);
    }
    files
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// The prose lines of a Markdown text (outside fenced blocks), with inline code removed, so
/// that a link shown as an example is not taken for one.
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push((i + 1, without_code_spans(line)));
        }
    }
    lines
}

fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// The targets of the `[text](target)` links of a line.
fn link_targets(line: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        targets.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    targets
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, other punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.push(slug(&without_code_spans(line.trim_start_matches('#'))));
        }
    }
    found
}

/// What is wrong with one link of `file`, if anything.
fn broken(file: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, fragment) = match target.split_once('#') {
        Some((path, fragment)) => (path, Some(fragment)),
        None => (target, None),
    };
    let resolved = if path.is_empty() {
        file.to_path_buf()
    } else {
        file.parent().unwrap().join(path)
    };
    if !resolved.exists() {
        return Some(format!("{} does not exist", resolved.display()));
    }
    let fragment = fragment.filter(|_| resolved.extension().is_some_and(|e| e == "md"))?;
    let text = std::fs::read_to_string(&resolved).unwrap();
    (!anchors(&text).iter().any(|a| a == fragment))
        .then(|| format!("{} has no heading #{fragment}", resolved.display()))
}

#[test]
fn every_relative_link_resolves() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for file in markdown_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (line, prose) in prose(&text) {
            for target in link_targets(&prose) {
                checked += 1;
                if let Some(problem) = broken(&file, &target) {
                    bad.push(format!("{}:{line}: ({target}) {problem}", file.display()));
                }
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} links found: is the scan blind?"
    );
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

#[test]
fn the_link_checker_sees_a_broken_link_and_a_missing_heading() {
    let readme = root().join("README.md");
    assert!(broken(&readme, "docs/no-such-chapter.md").is_some());
    assert!(broken(&readme, "docs/kee.md#no-such-heading").is_some());
    assert!(broken(&readme, "docs/kee.md").is_none());
    assert!(broken(&readme, "#the-guide").is_none());
    assert_eq!(slug(" KataGo's rules"), "katagos-rules");
    assert_eq!(
        link_targets("see [a](x.md) and [b](y.md#z)"),
        ["x.md", "y.md#z"]
    );
}

/// A command the README shows, with the output it shows (for `console` blocks).
struct Shown {
    line: usize,
    command: String,
    output: Option<String>,
}

/// The commands of the README's `sh` blocks (each line, comments dropped) and `console` blocks
/// (`$ command` then its output).
fn readme_commands(text: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut block: Option<&str> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(lang) = line.strip_prefix("```") {
            block = match block {
                None => Some(lang.trim()),
                Some(_) => None,
            };
            continue;
        }
        match block {
            Some("sh") => {
                let command = line.split(" #").next().unwrap().trim();
                if !command.is_empty() && !command.starts_with('#') {
                    shown.push(Shown {
                        line: i + 1,
                        command: command.to_string(),
                        output: None,
                    });
                }
            }
            Some("console") => match line.strip_prefix("$ ") {
                Some(command) => shown.push(Shown {
                    line: i + 1,
                    command: command.to_string(),
                    output: Some(String::new()),
                }),
                None => {
                    let output = shown.last_mut().and_then(|s| s.output.as_mut()).unwrap();
                    output.push_str(line);
                    output.push('\n');
                }
            },
            _ => {}
        }
    }
    shown
}

/// Why a README command is not run here, if it is not: the test command is what runs this
/// test, and the install is run by `.ci/run` itself.
fn not_run_here(command: &str) -> Option<&'static str> {
    if command.starts_with("cargo test") {
        Some("it is the command running this test")
    } else if command.starts_with("cargo install") {
        Some("`.ci/run` runs it and then uses the installed `rulediff`")
    } else {
        None
    }
}

/// Runs a README command with `rulediff` (and `cargo run --release --`) meaning the binary
/// under test, from the repository's root: stdout, then stderr, as a terminal shows them
/// when the command is not on one.
fn run_shown(command: &str) -> (bool, String) {
    let binary = env!("CARGO_BIN_EXE_rulediff");
    let command = command.replace("cargo run --release --", "rulediff");
    let bin_dir = Path::new(binary).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("sh")
        .arg("-c")
        .arg(&command)
        .current_dir(root())
        .env("PATH", path)
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// The folders a README command writes with `--out`, removed before it runs, as a reader
/// running the example for the first time has none.
fn out_folder(command: &str) -> Option<PathBuf> {
    let mut words = command.split_whitespace();
    words.find(|w| *w == "--out")?;
    words.next().map(|w| root().join(w))
}

#[test]
fn every_command_in_the_readme_runs_and_prints_what_it_shows() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let shown = readme_commands(&text);
    assert!(shown.iter().filter(|s| s.output.is_some()).count() >= 3);
    let mut failures = Vec::new();
    for s in &shown {
        if let Some(why) = not_run_here(&s.command) {
            eprintln!("README:{}: `{}` not run here: {why}", s.line, s.command);
            continue;
        }
        if s.command.contains("gnugo") && !tools(&[Tool::GnuGo]) {
            continue;
        }
        if let Some(out) = out_folder(&s.command) {
            let _ = std::fs::remove_dir_all(out);
        }
        let (ok, printed) = run_shown(&s.command);
        if !ok {
            failures.push(format!(
                "README:{}: `{}` failed:\n{printed}",
                s.line, s.command
            ));
        } else if let Some(expected) = &s.output {
            if printed.trim_end() != expected.trim_end() {
                failures.push(format!(
                    "README:{}: `{}` prints\n{printed}\nbut the README shows\n{expected}",
                    s.line, s.command
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

const GENERATED: &str = "<!-- Generated from `rulediff help` by harness/tests/docs.rs \
(RULEDIFF_UPDATE_DOCS=1 cargo test --test docs rewrites it); do not edit below. -->";

/// The visible subcommands, in the order `rulediff help` lists them.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .filter(|c| c != "help")
        .collect()
}

fn help_of(args: &[&str]) -> String {
    let output = common::rulediff(args);
    assert!(output.status.success(), "rulediff {args:?}");
    common::text(&output.stdout)
}

fn generated_reference() -> String {
    let top = help_of(&["help"]);
    let mut text = format!("{GENERATED}\n\n## `rulediff`\n\n```text\n{top}```\n");
    for command in subcommands(&top) {
        let help = help_of(&["help", &command]);
        text.push_str(&format!(
            "\n## `rulediff {command}`\n\n```text\n{help}```\n"
        ));
    }
    text
}

#[test]
fn the_command_reference_is_what_help_prints() {
    let path = root().join("docs/commands.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (written, _) = text
        .split_once(GENERATED)
        .expect("docs/commands.md has its generated part");
    let expected = format!("{written}{}", generated_reference());
    if std::env::var("RULEDIFF_UPDATE_DOCS").as_deref() == Ok("1") {
        std::fs::write(&path, &expected).unwrap();
        return;
    }
    assert!(
        text == expected,
        "docs/commands.md is not what `rulediff help` prints: run \
         RULEDIFF_UPDATE_DOCS=1 cargo test --release --test docs"
    );
}
