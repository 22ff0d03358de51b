//! SVG diagrams of a chess position for HTML reports: the board from White's side, pieces as
//! Unicode chess symbols, the squares of a move marked.

use std::fmt::Write as _;

use shakmaty::{Color, File, Position, Rank, Role, Square};

use super::Pos;

const CELL: u32 = 40;
const MARGIN: u32 = 18;

fn glyph(color: Color, role: Role) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let i = match role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    };
    if color == Color::White {
        white[i]
    } else {
        black[i]
    }
}

fn corner(sq: Square) -> (u32, u32) {
    let x = MARGIN + u32::from(sq.file()) * CELL;
    let y = MARGIN + (7 - u32::from(sq.rank())) * CELL;
    (x, y)
}

/// The position, with `marked` squares (a move's from and to) outlined.
pub fn svg(pos: &Pos, marked: &[Square]) -> String {
    let size = 8 * CELL + 2 * MARGIN;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\">"
    );
    for sq in Square::ALL {
        let (x, y) = corner(sq);
        let light = (u32::from(sq.file()) + u32::from(sq.rank())) % 2 == 1;
        let fill = if light { "#f0d9b5" } else { "#b58863" };
        write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
        )
        .expect("writing to a String");
    }
    for sq in marked {
        let (x, y) = corner(*sq);
        write!(out, "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#d22\" stroke-width=\"3\"/>", x + 2, y + 2, CELL - 4, CELL - 4)
            .expect("writing to a String");
    }
    for (sq, piece) in pos.board().iter() {
        let (x, y) = corner(sq);
        write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\">{}</text>",
            x + CELL / 2,
            y + CELL - 8,
            CELL - 6,
            glyph(piece.color, piece.role)
        )
        .expect("writing to a String");
    }
    for i in 0..8u32 {
        let file = File::new(i).char();
        let rank = Rank::new(7 - i).char();
        write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{file}</text>",
            MARGIN + i * CELL + CELL / 2,
            size - 4
        )
        .expect("writing to a String");
        write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{rank}</text>",
            MARGIN / 2,
            MARGIN + i * CELL + CELL / 2 + 4
        )
        .expect("writing to a String");
    }
    let side = if pos.turn() == Color::White {
        "White"
    } else {
        "Black"
    };
    write!(
        out,
        "<text x=\"{MARGIN}\" y=\"13\" font-size=\"12\">{side} to move</text></svg>"
    )
    .expect("writing to a String");
    out
}
