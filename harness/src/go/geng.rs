//! Every connected graph on a number of vertices, one per isomorphism class, from nauty's
//! `nauty-geng` (Debian package `nauty`): the boards exhaustive searches run over when they
//! ask for all small graphs.

use std::process::Command;

use super::graph::{Graph, GraphError};

/// Why `nauty-geng` gave no graphs.
#[derive(Debug, thiserror::Error)]
pub enum GengError {
    /// The program could not be started (not installed, most likely).
    #[error("cannot run nauty-geng (Debian package `nauty`): {0}")]
    Run(std::io::Error),
    /// The program exited with a failure; what it printed on standard error.
    #[error("nauty-geng failed: {0}")]
    Failed(String),
    /// A line of its output that is not a graph6 graph.
    #[error("nauty-geng printed `{line}`: {cause}")]
    Output {
        /// The line.
        line: String,
        /// Why it is not a graph.
        cause: GraphError,
    },
}

/// The connected graphs on `n` vertices, one per isomorphism class, in `nauty-geng`'s order.
pub fn connected(n: usize) -> Result<Vec<Graph>, GengError> {
    let output = Command::new("nauty-geng")
        .args(["-c", "-q", &n.to_string()])
        .output()
        .map_err(GengError::Run)?;
    if !output.status.success() {
        return Err(GengError::Failed(
            String::from_utf8_lossy(&output.stderr).into_owned(),
        ));
    }
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            Graph::from_graph6(line).map_err(|cause| GengError::Output {
                line: line.to_string(),
                cause,
            })
        })
        .collect()
}
