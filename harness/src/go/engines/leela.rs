//! A tiny all-zero Leela Zero network, made locally: Leela Zero will not start without a
//! weights file, and rulediff only needs its `play` (which never consults the network).
//!
//! The format (Leela Zero's README, "Weights format"): a text file, one row of coefficients
//! per line, the first line the format version `1`. A residual tower (an input 3×3
//! convolution from 18 input planes, then residual blocks of two 3×3 convolutions), each
//! convolution followed by batch normalisation, then the policy head (1×1 convolution to 2
//! planes, batch norm, fully connected to 19×19+1 moves) and the value head (1×1 convolution
//! to 1 plane, batch norm, fully connected to 256, then to 1). A convolution or fully
//! connected layer is two rows (weights, then biases); a batch norm is two rows (means, then
//! variances). Leela Zero infers the number of filters and blocks from the row lengths.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Input planes: 8 history planes per side and 2 side-to-move planes.
const INPUT_PLANES: usize = 18;
const POINTS: usize = 19 * 19;
const VALUE_HIDDEN: usize = 256;

/// The rows of an all-zero network with `filters` filters and `blocks` residual blocks.
pub fn zero_network(filters: usize, blocks: usize) -> String {
    let mut rows: Vec<usize> = Vec::new();
    let convolution = |rows: &mut Vec<usize>, weights: usize, outputs: usize| {
        rows.extend([weights, outputs, outputs, outputs]);
    };
    convolution(&mut rows, filters * INPUT_PLANES * 9, filters);
    for _ in 0..2 * blocks {
        convolution(&mut rows, filters * filters * 9, filters);
    }
    convolution(&mut rows, 2 * filters, 2);
    rows.extend([(POINTS + 1) * 2 * POINTS, POINTS + 1]);
    convolution(&mut rows, filters, 1);
    rows.extend([VALUE_HIDDEN * POINTS, VALUE_HIDDEN, VALUE_HIDDEN, 1]);
    let mut text = String::from("1\n");
    for n in rows {
        let row = vec!["0"; n].join(" ");
        writeln!(text, "{row}").expect("writing to a String");
    }
    text
}

/// The path of the smallest all-zero network (1 filter, 1 block, about 700 kB) in the temp
/// folder, written there first if it is missing.
pub fn zero_weights() -> std::io::Result<PathBuf> {
    // Engines start on several threads at once; one writes the file.
    static WRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = WRITING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let path = std::env::temp_dir().join("rulediff-leela-zero-all-zero-1x1.txt");
    let text = zero_network(1, 1);
    let current = std::fs::metadata(&path).map(|m| m.len() == text.len() as u64);
    if !matches!(current, Ok(true)) {
        crate::util::atomic::write(&path, text.as_bytes())?;
    }
    Ok(path)
}

/// Replaces the `{zero-weights}` placeholder in a command with the generated file.
pub fn expand(argv: &[String]) -> std::io::Result<Vec<String>> {
    let placeholder = super::known::ZERO_WEIGHTS;
    if !argv.iter().any(|w| w.contains(placeholder)) {
        return Ok(argv.to_vec());
    }
    let path = zero_weights()?;
    let path = Path::new(&path).display().to_string();
    Ok(argv.iter().map(|w| w.replace(placeholder, &path)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_has_the_rows_leela_zero_expects() {
        let text = zero_network(2, 3);
        let rows: Vec<usize> = text.lines().map(|l| l.split_whitespace().count()).collect();
        // Version, 4 rows for the input convolution, 8 per block, 6 policy, 8 value.
        assert_eq!(rows.len(), 1 + 4 + 8 * 3 + 6 + 8);
        assert_eq!(text.lines().next(), Some("1"));
        assert_eq!(rows[1], 2 * 18 * 9);
        assert_eq!(rows[5], 2 * 2 * 9);
        assert_eq!(rows[rows.len() - 8], 2);
        assert_eq!(rows[rows.len() - 1], 1);
        assert!(text.lines().skip(1).all(|l| l.split(' ').all(|x| x == "0")));
    }
}
