//! The library's public API returns typed errors: no public function (a `pub fn`, or a
//! method of a `pub trait`) returns `Result<_, String>`, and no `FromStr` has `String` as
//! its error. A source scan of `src/` (the binary's `main.rs` and `commands/` are not the
//! library and are left out).

mod common;

use std::path::{Path, PathBuf};

use common::sources;

/// The text without `//` comments (doc comments included) and without the unit-test module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// From `at` (just after `fn name`) to the signature's end: the first `{` or `;` outside
/// brackets.
fn signature_end(code: &str, at: usize) -> usize {
    let bytes = code.as_bytes();
    let mut depth = 0i32;
    for (i, &b) in bytes.iter().enumerate().skip(at) {
        match b {
            b'(' | b'[' | b'<' => depth += 1,
            b')' | b']' => depth -= 1,
            b'>' if bytes[i - 1] != b'-' => depth -= 1,
            b'{' | b';' if depth <= 0 => return i,
            _ => {}
        }
    }
    code.len()
}

/// The byte ranges of every `pub trait … { … }` body.
fn pub_traits(code: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("pub trait ") {
        let Some(open) = code[at..].find('{').map(|o| at + o) else {
            continue;
        };
        let mut depth = 0;
        for (i, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        out.push((open, open + i));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// Whether a return type is `Result<_, String>` (also inside an `Option`).
fn string_error(returns: &str) -> bool {
    let flat: String = returns.chars().filter(|c| !c.is_whitespace()).collect();
    flat.contains("Result<") && flat.contains(",String>")
}

/// `file:line: fn …` for each public function returning `Result<_, String>`.
fn offenders(file: &Path, text: &str) -> Vec<String> {
    let code = code(text);
    let traits = pub_traits(&code);
    let mut out = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        let starts_word = at == 0 || !code.as_bytes()[at - 1].is_ascii_alphanumeric();
        if !starts_word {
            continue;
        }
        let end = signature_end(&code, at + 3);
        let signature = &code[at..end];
        let Some((_, returns)) = signature.split_once("->") else {
            continue;
        };
        let line_start = code[..at].rfind('\n').map_or(0, |n| n + 1);
        let before = code[line_start..at].trim();
        let public = before.split_whitespace().any(|w| w == "pub")
            || traits.iter().any(|&(open, close)| open < at && at < close);
        if public && string_error(returns) {
            let line = code[..at].matches('\n').count() + 1;
            let shown: Vec<&str> = signature.split_whitespace().collect();
            out.push(format!("{}:{line}: {}", file.display(), shown.join(" ")));
        }
    }
    if code.contains("type Err = String;") {
        out.push(format!(
            "{}: a FromStr with `String` errors",
            file.display()
        ));
    }
    out
}

fn library_sources() -> Vec<PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.retain(|f| {
        let relative = f.strip_prefix(&src).unwrap();
        relative != Path::new("main.rs") && !relative.starts_with("commands")
    });
    files.sort();
    files
}

#[test]
fn no_public_function_returns_string_errors() {
    let mut found = Vec::new();
    for file in library_sources() {
        let text = std::fs::read_to_string(&file).unwrap();
        found.extend(offenders(&file, &text));
    }
    assert!(
        found.is_empty(),
        "public functions returning `Result<_, String>` (give them a thiserror type):\n{}",
        found.join("\n")
    );
}

/// The scan itself finds what it looks for: a `pub fn` with a one-line or multi-line
/// signature, a trait method, an `Option<Result<…, String>>`; and not a private function or
/// a `String` that is the success value.
#[test]
fn the_scan_sees_string_errors() {
    let text = "pub fn a(x: &str) -> Result<u8, String> {}\n\
                pub fn b<'a>(\n    x: &'a str,\n) -> Result<Vec<&'a str>, String> {}\n\
                pub trait T {\n    fn c(x: &str) -> Option<Result<u8, String>>;\n}\n\
                fn private() -> Result<u8, String> {}\n\
                pub(crate) fn inner() -> Result<u8, String> {}\n\
                pub fn fine() -> Result<String, std::io::Error> {}\n\
                pub fn text() -> std::io::Result<String> {}\n";
    let found = offenders(Path::new("x.rs"), text);
    let lines: Vec<&str> = found
        .iter()
        .map(|f| f.split(": ").nth(1).unwrap_or(""))
        .collect();
    assert_eq!(found.len(), 3, "{found:?}");
    assert!(lines[0].starts_with("fn a"), "{lines:?}");
    assert!(lines[1].starts_with("fn b"), "{lines:?}");
    assert!(lines[2].starts_with("fn c"), "{lines:?}");
}
