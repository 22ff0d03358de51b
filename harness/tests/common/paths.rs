//! Reading the paths a Rust text names: `use` trees and inline paths, one path per leaf.

/// Every path a text names from one of `roots` (`crate`, `super`, `rulediff`…), as written,
/// each a list of segments; `use` trees (`crate::{a::b, c}`) give one path per leaf.
pub fn named_from(text: &str, roots: &[&str]) -> Vec<Vec<String>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    for root in roots {
        let start = format!("{root}::");
        for (at, _) in text.match_indices(&start) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let head = start.trim_end_matches("::").to_string();
            let mut cursor = at + start.len();
            tree(text, bytes, &mut cursor, vec![head], &mut found);
        }
    }
    found
}

/// Reads the rest of a path from `cursor` (after a `::`): segments, then a braced list of
/// subtrees or a glob.
fn tree(
    text: &str,
    bytes: &[u8],
    cursor: &mut usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) {
    let mut path = prefix;
    loop {
        skip_space(bytes, cursor);
        if bytes.get(*cursor) == Some(&b'{') {
            *cursor += 1;
            loop {
                skip_space(bytes, cursor);
                match bytes.get(*cursor) {
                    Some(b'}') => {
                        *cursor += 1;
                        return;
                    }
                    Some(b',') => *cursor += 1,
                    None => return,
                    Some(_) => {
                        let before = *cursor;
                        tree(text, bytes, cursor, path.clone(), out);
                        if *cursor == before {
                            *cursor += 1;
                        }
                    }
                }
            }
        }
        let word: String = text[*cursor..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() {
            // A glob, or the end of the path.
            if bytes.get(*cursor) == Some(&b'*') {
                *cursor += 1;
            }
            out.push(path);
            return;
        }
        *cursor += word.len();
        if word != "self" {
            path.push(word);
        }
        if text[*cursor..].starts_with("::") {
            *cursor += 2;
        } else {
            out.push(path);
            skip_alias(text, bytes, cursor);
            return;
        }
    }
}

/// Skips ` as name` after a path in a `use` tree.
fn skip_alias(text: &str, bytes: &[u8], cursor: &mut usize) {
    let mut at = *cursor;
    skip_space(bytes, &mut at);
    if let Some(rest) = text[at..].strip_prefix("as ") {
        let name = rest.trim_start();
        let skipped = text.len() - name.len();
        let word = name
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .count();
        *cursor = skipped + word;
    }
}

fn skip_space(bytes: &[u8], cursor: &mut usize) {
    while bytes.get(*cursor).is_some_and(u8::is_ascii_whitespace) {
        *cursor += 1;
    }
}
