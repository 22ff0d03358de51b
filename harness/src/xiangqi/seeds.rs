//! Xiangqi's fuzz seeds: the start position and every FEN of the xiangqi corpus for the FEN
//! reader, and a few games per start position for the fast/spec differential.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::listed::Seed;
use crate::util::{files, read};

/// The standard start position.
const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Xiangqi's seeds; `corpus` is the folder of xiangqi cases.
pub fn seeds(corpus: &Path) -> std::io::Result<Vec<Seed>> {
    let mut fens = vec![START.to_string()];
    for path in files::with_extension(corpus, "toml")? {
        fens.extend(fen_key(&read::text(&path, read::Kind::Case)?));
    }
    fens.sort();
    fens.dedup();
    let mut seeds: Vec<Seed> = fens
        .into_iter()
        .enumerate()
        .map(|(i, fen)| Seed {
            target: "xiangqi_fen",
            name: format!("fen{i:03}"),
            bytes: fen.into_bytes(),
        })
        .collect();
    // The first byte picks one of the differential's start positions, the rest the plays.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for start in 0..8u8 {
        for stream in 0..4 {
            let mut bytes = vec![start];
            bytes.extend((0..2 * 40).map(|_| rng.gen::<u8>()));
            seeds.push(Seed {
                target: "xiangqi_differential",
                name: format!("s{start}-{stream}"),
                bytes,
            });
        }
    }
    Ok(seeds)
}

/// The case's `fen` key: the first line `fen = "…"`.
fn fen_key(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        line.strip_prefix("fen = \"")?
            .strip_suffix('"')
            .map(str::to_string)
    })
}
