//! Go's vertices in GTP (`C3`, `pass`): what rulediff writes in `play` and `is_legal`, and
//! reads in `all_legal` and `final_status_list` replies. Engines are untrusted input, so the
//! readers return an error for anything unexpected and never panic (`check::fuzz::gtp_reply`
//! holds them to that).

use crate::engine::gtp_reply::{clip, AnswerError};
use crate::go::graph::{Graph, Vertex};
use crate::go::GoPlay;

/// GTP's name for a play on a grid board: `C3`, `pass`. Appeals have none.
pub fn vertex_text(graph: &Graph, play: &GoPlay) -> Option<String> {
    match play {
        GoPlay::Stone(v) => Some(graph.name(*v).to_string()),
        GoPlay::Pass => Some("pass".into()),
        GoPlay::Appeal => None,
    }
}

/// A GTP vertex on `graph` (a grid, whose vertex names are GTP coordinates).
pub fn parse_vertex(graph: &Graph, text: &str) -> Result<GoPlay, AnswerError> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("pass") {
        return Ok(GoPlay::Pass);
    }
    let valid = text.len() >= 2
        && text.len() <= 3
        && text.as_bytes()[0].is_ascii_alphabetic()
        && text[1..].bytes().all(|b| b.is_ascii_digit());
    match valid.then(|| graph.vertex(text)).flatten() {
        Some(v) => Ok(GoPlay::Stone(v)),
        None => Err(AnswerError::NotAVertex(clip(text))),
    }
}

/// A whitespace-separated list of vertices (`all_legal`), without duplicates.
pub fn parse_vertex_list(graph: &Graph, text: &str) -> Result<Vec<Vertex>, AnswerError> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        match parse_vertex(graph, word)? {
            GoPlay::Stone(v) if !out.contains(&v) => out.push(v),
            GoPlay::Stone(_) => return Err(AnswerError::Twice(word.to_string())),
            _ => return Err(AnswerError::NotAPoint(word.to_string())),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_vertices() {
        let graph = Graph::grid(5, 5, false).unwrap();
        assert_eq!(
            parse_vertex(&graph, "c3"),
            Ok(GoPlay::Stone(graph.vertex("C3").unwrap()))
        );
        assert_eq!(parse_vertex(&graph, "PASS"), Ok(GoPlay::Pass));
        assert!(parse_vertex(&graph, "F1").is_err());
        assert!(parse_vertex(&graph, "I1").is_err());
        assert!(parse_vertex(&graph, "A").is_err());
        assert_eq!(parse_vertex_list(&graph, " A1  e5 ").unwrap().len(), 2);
        assert!(parse_vertex_list(&graph, "A1 A1").is_err());
        assert!(parse_vertex_list(&graph, "A1 pass").is_err());
    }
}
