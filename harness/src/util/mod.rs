//! Small shared pieces with no game knowledge.

pub mod atomic;
pub mod fingerprint;
pub mod hashset;

/// Escapes text for HTML and SVG.
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
