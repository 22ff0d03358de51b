//! SVG diagrams of a xiangqi position: the board with its river and palaces, pieces as
//! discs with their Chinese names (Red's red, Black's black), and a move marked from and to.

use std::fmt::Write as _;

use super::board::{Colour, Kind, Move, Piece, Position, Square, FILES, RANKS};

const CELL: f64 = 40.0;
const MARGIN: f64 = 32.0;

fn centre(sq: Square) -> (f64, f64) {
    (
        MARGIN + CELL * sq.file() as f64,
        MARGIN + CELL * (RANKS - 1 - sq.rank()) as f64,
    )
}

fn name(piece: Piece) -> char {
    let (red, black) = match piece.kind {
        Kind::King => ('帥', '將'),
        Kind::Advisor => ('仕', '士'),
        Kind::Elephant => ('相', '象'),
        Kind::Horse => ('傌', '馬'),
        Kind::Rook => ('俥', '車'),
        Kind::Cannon => ('炮', '砲'),
        Kind::Pawn => ('兵', '卒'),
    };
    match piece.colour {
        Colour::Red => red,
        Colour::Black => black,
    }
}

/// The position, with `play` (a move about to be made) marked.
pub fn svg(pos: &Position, play: Option<&Move>) -> String {
    let width = 2.0 * MARGIN + CELL * (FILES - 1) as f64;
    let height = 2.0 * MARGIN + CELL * (RANKS - 1) as f64;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#f0d9a6\"/>"
    );
    grid(&mut out);
    labels(&mut out);
    for sq in Square::all() {
        if let Some(piece) = pos.at(sq) {
            disc(&mut out, sq, piece);
        }
    }
    if let Some(mv) = play {
        mark(&mut out, mv);
    }
    out.push_str("</svg>");
    out
}

fn line(out: &mut String, a: (f64, f64), b: (f64, f64)) {
    write!(
        out,
        "<line x1=\"{:.0}\" y1=\"{:.0}\" x2=\"{:.0}\" y2=\"{:.0}\" stroke=\"#5d4037\"/>",
        a.0, a.1, b.0, b.1
    )
    .expect("writing to a String");
}

fn at(file: u8, rank: u8) -> (f64, f64) {
    centre(Square::new(file, rank).expect("on the board"))
}

fn grid(out: &mut String) {
    for rank in 0..RANKS {
        line(out, at(0, rank), at(FILES - 1, rank));
    }
    for file in 0..FILES {
        if file == 0 || file == FILES - 1 {
            line(out, at(file, 0), at(file, RANKS - 1));
        } else {
            // Inner files stop at the river.
            line(out, at(file, 0), at(file, 4));
            line(out, at(file, 5), at(file, RANKS - 1));
        }
    }
    for (low, high) in [(0, 2), (7, 9)] {
        line(out, at(3, low), at(5, high));
        line(out, at(5, low), at(3, high));
    }
    let (x, y) = at(4, 4);
    write!(
        out,
        "<text x=\"{x:.0}\" y=\"{:.0}\" font-size=\"16\" fill=\"#5d4037\" text-anchor=\"middle\">楚河　　漢界</text>",
        y - CELL / 2.0 + 6.0
    )
    .expect("writing to a String");
}

fn labels(out: &mut String) {
    for file in 0..FILES {
        let (x, y) = at(file, 0);
        write!(
            out,
            "<text x=\"{x:.0}\" y=\"{:.0}\" font-size=\"11\" fill=\"#333\" text-anchor=\"middle\">{}</text>",
            y + 26.0,
            (b'a' + file) as char
        )
        .expect("writing to a String");
    }
    for rank in 0..RANKS {
        let (x, y) = at(0, rank);
        write!(
            out,
            "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"11\" fill=\"#333\" text-anchor=\"middle\">{rank}</text>",
            x - 24.0,
            y + 4.0
        )
        .expect("writing to a String");
    }
}

fn disc(out: &mut String, sq: Square, piece: Piece) {
    let (x, y) = centre(sq);
    let colour = match piece.colour {
        Colour::Red => "#c62828",
        Colour::Black => "#212121",
    };
    write!(
        out,
        "<circle cx=\"{x:.0}\" cy=\"{y:.0}\" r=\"17\" fill=\"#fff8e1\" stroke=\"{colour}\" stroke-width=\"2\"/>\
         <text x=\"{x:.0}\" y=\"{:.0}\" font-size=\"18\" fill=\"{colour}\" text-anchor=\"middle\"><title>{}</title>{}</text>",
        y + 6.0,
        piece.letter(),
        name(piece)
    )
    .expect("writing to a String");
}

fn mark(out: &mut String, mv: &Move) {
    let (fx, fy) = centre(mv.from);
    let (tx, ty) = centre(mv.to);
    write!(
        out,
        "<circle cx=\"{fx:.0}\" cy=\"{fy:.0}\" r=\"20\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/>\
         <line x1=\"{fx:.0}\" y1=\"{fy:.0}\" x2=\"{tx:.0}\" y2=\"{ty:.0}\" stroke=\"#1565c0\" stroke-width=\"3\" opacity=\"0.6\"/>\
         <circle cx=\"{tx:.0}\" cy=\"{ty:.0}\" r=\"20\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"3\"/>"
    )
    .expect("writing to a String");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_32_discs_and_a_marked_move() {
        let pos = Position::start();
        let mv = Move::new(Square::new(7, 2).unwrap(), Square::new(4, 2).unwrap());
        let svg = svg(&pos, Some(&mv));
        assert_eq!(svg.matches("r=\"17\"").count(), 32);
        assert!(svg.contains("帥") && svg.contains("將"));
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    }
}
