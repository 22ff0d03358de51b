//! Chess's fuzz seeds: every FEN the corpus holds and a few start positions (some of them
//! malformed) for the FEN reader, and the corpus's PGN files for the PGN reader.

use std::path::Path;

use crate::listed::Seed;
use crate::util::{files, read};

/// Starts for the FEN reader: the standard position, and positions with castling rights,
/// en-passant squares, no kings, a missing field and a bad side to move, some of which no
/// game reaches or the reader must refuse.
const STARTS: [&str; 7] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8/8/R2p3k/8/4P3/4K3 b - e3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
    "k7/8/8/8/8/8/8/7K x - - 0 1",
];

/// Chess's seeds from the whole corpus (`corpus`): every `fen = "…"` value of any case file,
/// whatever its family, since the reader must refuse the others' too.
pub fn seeds(corpus: &Path) -> std::io::Result<Vec<Seed>> {
    let mut fens = Vec::new();
    for path in files::with_extension(corpus, "toml")? {
        fens.extend(fen_values(&read::text(&path, read::Kind::Case)?));
    }
    fens.sort();
    fens.dedup();
    let mut seeds: Vec<Seed> = fens
        .into_iter()
        .enumerate()
        .map(|(i, fen)| Seed {
            target: "fen",
            name: format!("corpus-{}", i + 1),
            bytes: fen.into_bytes(),
        })
        .collect();
    seeds.extend(STARTS.iter().enumerate().map(|(i, fen)| Seed {
        target: "fen",
        name: format!("start-{i}"),
        bytes: fen.as_bytes().to_vec(),
    }));
    for path in files::with_extension(corpus, "pgn")? {
        seeds.push(Seed {
            target: "pgn",
            name: files::name_of(&path),
            bytes: read::bytes(&path, read::Kind::Pgn)?,
        });
    }
    Ok(seeds)
}

/// Every `fen = "…"` value in a text.
fn fen_values(text: &str) -> Vec<String> {
    text.match_indices("fen = \"")
        .filter_map(|(at, key)| {
            let value = &text[at + key.len()..];
            let end = value.find(['"', '\n'])?;
            value[end..]
                .starts_with('"')
                .then(|| value[..end].to_string())
        })
        .collect()
}
