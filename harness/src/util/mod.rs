//! Small shared pieces with no game knowledge.

pub mod atomic;
pub mod files;
pub mod fingerprint;
pub mod hash;
pub mod hashset;
pub mod memory;
pub mod read;
pub mod reclaim;

/// Escapes text for HTML and SVG.
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The 1-based line and column (in bytes) of `offset` in `text`, for error messages.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before.len(), |nl| before.len() - nl - 1)
        + 1;
    (line, column)
}
