//! Generated lines of play, for cases too long to write out.
//!
//! `euwe:N` — Euwe's construction (1929) against the former German rule: the two knight-move
//! blocks of the reference,
//! block 0 = Nb1-c3 Nb8-c6 Nc3-b1 Nc6-b8, block 1 = Ng1-f3 Ng8-f6 Nf3-g1 Nf6-g8,
//! played in the order of the Prouhet–Thue–Morse sequence 0 1 1 0 1 0 0 1 … (block i is the
//! parity of the number of ones in i), cut to N half-moves. The sequence has no three equal
//! consecutive blocks of any length (it is overlap-free), so no sequence of moves is ever
//! played three times in succession, yet every block returns to the starting position.

use shakmaty::uci::UciMove;

use super::notation::parse_uci;

/// Longest generated line.
pub const MAX_PLIES: usize = 1_000_000;

const BLOCKS: [[&str; 4]; 2] = [
    ["b1c3", "b8c6", "c3b1", "c6b8"],
    ["g1f3", "g8f6", "f3g1", "f6g8"],
];

/// The Thue–Morse bit of `i`.
pub fn thue_morse(i: usize) -> usize {
    i.count_ones() as usize % 2
}

/// The first `plies` moves of Euwe's line.
pub fn euwe(plies: usize) -> Vec<UciMove> {
    (0..plies)
        .map(|p| parse_uci(BLOCKS[thue_morse(p / 4)][p % 4]).expect("fixed UCI text"))
        .collect()
}

/// Parses a `generate` value (`euwe:N`) into its moves; the caller checks the start.
pub fn parse(spec: &str) -> Result<Vec<UciMove>, GenerateError> {
    let (name, count) = spec
        .split_once(':')
        .ok_or_else(|| GenerateError::NotNamed(spec.to_string()))?;
    let plies: usize = count
        .trim()
        .parse()
        .map_err(|_| GenerateError::NotACount(count.to_string()))?;
    if plies > MAX_PLIES {
        return Err(GenerateError::TooLong);
    }
    match name.trim() {
        "euwe" => Ok(euwe(plies)),
        other => Err(GenerateError::Unknown(other.to_string())),
    }
}

/// Why a `generate` value names no line of moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// Not of the form `name:N`.
    #[error("`{0}`: expected `euwe:N`")]
    NotNamed(String),
    /// `N` is not a number.
    #[error("`{0}` is not a number of half-moves")]
    NotACount(String),
    /// More half-moves than a case may generate.
    #[error("at most {MAX_PLIES} half-moves can be generated")]
    TooLong,
    /// A generator rulediff does not have.
    #[error("unknown generator `{0}` (known: euwe)")]
    Unknown(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thue_morse_prefix_and_blocks() {
        let bits: Vec<usize> = (0..8).map(thue_morse).collect();
        assert_eq!(bits, [0, 1, 1, 0, 1, 0, 0, 1]);
        let line: Vec<String> = euwe(9).iter().map(|m| m.to_string()).collect();
        assert_eq!(
            line,
            ["b1c3", "b8c6", "c3b1", "c6b8", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3"]
        );
        assert!(parse("euwe:x").is_err());
        assert!(parse("knights:4").is_err());
    }
}
