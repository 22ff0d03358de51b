//! FEN in the common xiangqi form: ten ranks from Black's back rank (rank 9) down to Red's
//! (rank 0), separated by `/`; `K A B N R C P` for Red and lower case for Black (`E`/`e` for
//! elephant and `H`/`h` for horse are accepted too); then the side to move, `w` (or `r`) for
//! Red and `b` for Black, and optionally the two unused fields `- -` and the half-move and
//! move counters: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.

use super::board::{Colour, Kind, Piece, Position, PositionError, Square, FILES, RANKS, SQUARES};

/// The standard opening position.
pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What is wrong with a FEN, and at which character (0-based) of it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("FEN column {column}: {message}")]
pub struct FenError {
    /// The character, 0-based.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn error(column: usize, message: impl Into<String>) -> FenError {
    FenError {
        column,
        message: message.into(),
    }
}

/// Parses a FEN into a position that a legal game could reach.
pub fn parse(text: &str) -> Result<Position, FenError> {
    let lead = text.len() - text.trim_start().len();
    let fields: Vec<(usize, &str)> = fields(text);
    let Some(&(board_at, board)) = fields.first() else {
        return Err(error(lead, "empty FEN"));
    };
    if fields.len() > 6 {
        return Err(error(fields[6].0, "more than six fields"));
    }
    let cells = cells(board, board_at)?;
    let to_move = match fields.get(1) {
        None => Colour::Red,
        Some(&(_, "w" | "r" | "W" | "R")) => Colour::Red,
        Some(&(_, "b" | "B")) => Colour::Black,
        Some(&(at, other)) => {
            return Err(error(
                at,
                format!("side to move `{other}` is not `w` (Red) or `b` (Black)"),
            ))
        }
    };
    for &(at, field) in fields.iter().skip(2).take(2) {
        if field != "-" {
            return Err(error(
                at,
                format!("expected `-`, found `{field}` (xiangqi has no castling or en passant)"),
            ));
        }
    }
    for &(at, field) in fields.iter().skip(4) {
        if field.parse::<u32>().is_err() {
            return Err(error(at, format!("move counter `{field}` is not a number")));
        }
    }
    if let Some(&(at, "0")) = fields.get(5) {
        return Err(error(at, "the move number starts at 1, it cannot be 0"));
    }
    Position::new(cells, to_move).map_err(|e: PositionError| error(board_at, e.to_string()))
}

fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

fn cells(board: &str, at: usize) -> Result<[Option<Piece>; SQUARES], FenError> {
    let mut cells = [None; SQUARES];
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != RANKS as usize {
        return Err(error(
            at,
            format!("{} ranks, a xiangqi board has 10", rows.len()),
        ));
    }
    let mut offset = at;
    for (i, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - i as u8;
        let mut file: u8 = 0;
        for (j, ch) in row.char_indices() {
            let column = offset + j;
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(error(column, "a run of empty points cannot be 0"));
                }
                file = file.saturating_add(d as u8);
            } else {
                let piece = piece(ch)
                    .ok_or_else(|| error(column, format!("`{ch}` is not a piece letter")))?;
                let sq = Square::new(file, rank)
                    .ok_or_else(|| error(column, format!("rank {rank} has more than 9 points")))?;
                cells[sq.index()] = Some(piece);
                file += 1;
            }
            if file > FILES {
                return Err(error(column, format!("rank {rank} has more than 9 points")));
            }
        }
        if file != FILES {
            return Err(error(
                offset,
                format!("rank {rank} has {file} points, it needs 9"),
            ));
        }
        offset += row.len() + 1;
    }
    Ok(cells)
}

fn piece(ch: char) -> Option<Piece> {
    let kind = match ch.to_ascii_uppercase() {
        'K' => Kind::King,
        'A' => Kind::Advisor,
        'B' | 'E' => Kind::Elephant,
        'N' | 'H' => Kind::Horse,
        'R' => Kind::Rook,
        'C' => Kind::Cannon,
        'P' => Kind::Pawn,
        _ => return None,
    };
    let colour = if ch.is_ascii_uppercase() {
        Colour::Red
    } else {
        Colour::Black
    };
    Some(Piece::new(colour, kind))
}

/// The position in FEN, with `- - 0 1` after the side to move.
pub fn format(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            match pos.at(Square::new(file, rank).expect("on the board")) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(p.letter());
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = match pos.to_move() {
        Colour::Red => 'w',
        Colour::Black => 'b',
    };
    format!("{out} {side} - - 0 1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_round_trips() {
        let pos = parse(START).unwrap();
        assert_eq!(format(&pos), START);
        assert_eq!(pos.to_move(), Colour::Red);
    }

    #[test]
    fn short_forms_and_aliases() {
        let a = parse("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR").unwrap();
        assert_eq!(format(&a), START);
        let b = parse("4k4/9/9/9/9/9/9/9/9/3K5 b").unwrap();
        assert_eq!(b.to_move(), Colour::Black);
    }

    #[test]
    fn errors_name_the_column() {
        let cases = [
            ("", "empty FEN"),
            ("4k4/9/9 w", "3 ranks"),
            ("4k4/9/9/9/9/9/9/9/9/3K4 w", "rank 0 has 8 points"),
            ("4k5/9/9/9/9/9/9/9/9/3K5 w", "rank 9 has more than 9 points"),
            ("4x4/9/9/9/9/9/9/9/9/3K5 w", "`x` is not a piece letter"),
            ("4k4/9/9/9/9/9/9/9/9/3K5 x", "side to move `x`"),
            ("4k4/9/9/9/9/9/9/9/9/9 w", "red has no king"),
            (
                "4k4/9/9/9/9/9/9/9/9/4K4 b",
                "red is in check but it is not red's turn",
            ),
            ("4k4/9/9/9/9/9/9/9/9/K8 w", "`K` on a0"),
            ("4k4/9/9/9/9/9/9/9/9/3K5 w KQ - 0 1", "expected `-`"),
            ("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1", "move counter `x`"),
            ("4k4/9/9/9/9/9/9/9/9/3K5 w - e3 0 1", "expected `-`"),
            ("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0", "cannot be 0"),
            (
                "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 7",
                "more than six fields",
            ),
            ("4k4/9/9/9/PPPPPP3/9/9/9/9/3K5 w", "6 pieces `P`"),
            ("4k4/9/9/9/9/9/9/9/9/30K5 w", "cannot be 0"),
        ];
        for (text, want) in cases {
            let err = parse(text).expect_err(text).to_string();
            assert!(err.contains(want), "{text}: {err}");
        }
        let text = "4k4/9/9/9/9/9/9/9/9/3K5 x";
        assert_eq!(parse(text).unwrap_err().column, text.find('x').unwrap());
    }
}
