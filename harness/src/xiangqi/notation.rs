//! Moves in coordinate notation: from-square then to-square, each a file letter `a`–`i`
//! (from Red's left) and a rank number. Two conventions number the ranks, and a case or a
//! command always says which it uses, because `e2e3` is a legal-looking move in both:
//!
//! - `0-9`: ICCS and UCCI (and the WXF test data), Red's back rank is 0: `h2e2`;
//! - `1-10`: UCI as Fairy-Stockfish and pyffish write it, Red's back rank is 1: `h3e3`,
//!   and Black's is 10: `a10a9`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::board::{Move, Square, FILES, RANKS};

/// How ranks are numbered in move text.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Ranks {
    /// ICCS/UCCI: ranks 0–9.
    ZeroToNine,
    /// UCI (Fairy-Stockfish): ranks 1–10.
    OneToTen,
}

impl Ranks {
    fn base(self) -> u8 {
        match self {
            Ranks::ZeroToNine => 0,
            Ranks::OneToTen => 1,
        }
    }

    /// The square's name in this convention: `e0` or `e1`.
    pub fn square(self, sq: Square) -> String {
        format!("{}{}", (b'a' + sq.file()) as char, sq.rank() + self.base())
    }

    /// The move's text: `h2e2` or `h3e3`.
    pub fn format(self, mv: Move) -> String {
        format!("{}{}", self.square(mv.from), self.square(mv.to))
    }

    /// Reads a move, with a message that names the convention when a rank is out of range.
    pub fn parse(self, text: &str) -> Result<Move, MoveError> {
        let bad = || MoveError::NotCoordinates {
            text: text.to_string(),
            ranks: self,
        };
        let (from, rest) = self.square_prefix(text).ok_or_else(bad)?;
        let (to, rest) = self.square_prefix(rest).ok_or_else(bad)?;
        if !rest.is_empty() {
            return Err(bad());
        }
        let outside = |rank| MoveError::RankOutside {
            text: text.to_string(),
            rank,
            ranks: self,
        };
        Ok(Move::new(from.map_err(outside)?, to.map_err(outside)?))
    }

    /// A square at the start of `text` (file letter, then digits), and what follows it; the
    /// square is `Err(rank)` where the rank is outside this convention.
    fn square_prefix(self, text: &str) -> Option<(Result<Square, u8>, &str)> {
        let mut chars = text.char_indices();
        let (_, letter) = chars.next()?;
        let file = (letter.to_ascii_lowercase() as u32).checked_sub('a' as u32)?;
        if file >= FILES as u32 {
            return None;
        }
        let digits = text[1..].chars().take_while(char::is_ascii_digit).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let number: u8 = text[1..1 + digits].parse().ok()?;
        let rest = &text[1 + digits..];
        let square = number
            .checked_sub(self.base())
            .filter(|r| *r < RANKS)
            .and_then(|r| Square::new(file as u8, r))
            .ok_or(number);
        Some((square, rest))
    }

    /// The example move of an error message: `h2e2` in this convention.
    fn example(self) -> String {
        self.format(Move::new(
            Square::new(7, 2).expect("h2"),
            Square::new(4, 2).expect("e2"),
        ))
    }

    /// Where the other convention is named for a rank this one lacks.
    fn other_hint(self) -> &'static str {
        match self {
            Ranks::ZeroToNine => " (rank 10 exists only with ranks = \"1-10\")",
            Ranks::OneToTen => " (rank 0 exists only with ranks = \"0-9\")",
        }
    }
}

/// Why a text is not a xiangqi move in coordinates.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not two squares (file letter and rank number each).
    #[error("`{text}` is not a move in coordinates (file a-i, rank {ranks}): e.g. `{}`", ranks.example())]
    NotCoordinates {
        /// The move as written.
        text: String,
        /// The convention it was read in.
        ranks: Ranks,
    },
    /// A square's rank is outside the convention.
    #[error("`{text}`: rank {rank} is outside {ranks}{}", ranks.other_hint())]
    RankOutside {
        /// The move as written.
        text: String,
        /// The rank number as written.
        rank: u8,
        /// The convention it was read in.
        ranks: Ranks,
    },
}

/// A `ranks` value that names neither convention.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("ranks `{0}` must be \"0-9\" (ICCS/UCCI, Red's back rank 0) or \"1-10\" (UCI as Fairy-Stockfish writes it)")]
pub struct UnknownRanks(pub String);

impl fmt::Display for Ranks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ranks::ZeroToNine => "0-9",
            Ranks::OneToTen => "1-10",
        })
    }
}

impl FromStr for Ranks {
    type Err = UnknownRanks;
    fn from_str(s: &str) -> Result<Ranks, UnknownRanks> {
        match s.trim() {
            "0-9" => Ok(Ranks::ZeroToNine),
            "1-10" => Ok(Ranks::OneToTen),
            other => Err(UnknownRanks(other.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_conventions() {
        let mv = Ranks::ZeroToNine.parse("h2e2").unwrap();
        assert_eq!(Ranks::OneToTen.format(mv), "h3e3");
        let top = Ranks::OneToTen.parse("a10a9").unwrap();
        assert_eq!(Ranks::ZeroToNine.format(top), "a9a8");
        assert_eq!(
            Ranks::OneToTen.parse("a10a9"),
            Ranks::OneToTen.parse("A10A9")
        );
    }

    #[test]
    fn out_of_range_ranks_name_the_convention() {
        let e = Ranks::ZeroToNine.parse("a10a9").unwrap_err().to_string();
        assert!(e.contains("rank 10 is outside 0-9"), "{e}");
        let e = Ranks::OneToTen.parse("a0a1").unwrap_err().to_string();
        assert!(e.contains("rank 0 is outside 1-10"), "{e}");
        for bad in ["", "h2", "h2e", "j2e2", "h2e2x", "h123e2", "2h2e"] {
            assert!(Ranks::ZeroToNine.parse(bad).is_err(), "{bad}");
        }
        assert!("0-10".parse::<Ranks>().is_err());
    }
}
