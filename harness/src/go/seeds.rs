//! Go's fuzz seeds: one input per board shape, size and player count for the targets that
//! play Go games from bytes, seeds for the targets that draw a game from eight bytes, and the
//! corpus's SGF records.

use std::path::Path;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::listed::Seed;
use crate::util::{files, read};

/// The targets that read a board shape, a size and a player count from the first three
/// bytes, then plays (`check::go_input`).
const GAME_TARGETS: [&str; 4] = ["differential", "termination", "pass_alive", "case_writer"];

/// The targets that draw a whole random game from a seed in the first eight bytes.
const SEEDED_TARGETS: [&str; 2] = ["go_rules", "kee_claims"];

/// Go's seeds; `corpus` is the folder of Go cases, whose SGF records seed the SGF importer.
pub fn seeds(corpus: &Path) -> std::io::Result<Vec<Seed>> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut seeds = Vec::new();
    // Every shape (`shape % 5`), sizes from the smallest up, and 2, 3 and 4 players.
    for shape in 0..5u8 {
        for size in [0u8, 1, 3, 8, 17] {
            for players in 0..3u8 {
                let mut bytes = vec![shape, size, players];
                bytes.extend((0..2 * 60).map(|_| rng.gen::<u8>()));
                seeds.extend(GAME_TARGETS.map(|target| Seed {
                    target,
                    name: format!("s{shape}-{size}-{players}"),
                    bytes: bytes.clone(),
                }));
            }
        }
    }
    for target in SEEDED_TARGETS {
        seeds.extend((0..20).map(|i| Seed {
            target,
            name: format!("seed{i}"),
            bytes: rng.gen::<u64>().to_le_bytes().to_vec(),
        }));
    }
    // A title and comment of control characters, quotes and backslashes for the case writer.
    seeds.push(Seed {
        target: "case_writer",
        name: "control-characters".into(),
        bytes: b"\x00\x03\x02\"q\\\\ \x1b\x7f\n\r\t\xc2\x85 title \xff end".to_vec(),
    });
    seeds.extend(hostile_records().into_iter().map(|(name, text)| Seed {
        target: "sgf",
        name: name.into(),
        bytes: text.into_bytes(),
    }));
    for path in files::with_extension(corpus, "sgf")? {
        seeds.push(Seed {
            target: "sgf",
            name: files::name_of(&path),
            bytes: read::bytes(&path, read::Kind::Sgf)?,
        });
    }
    Ok(seeds)
}

/// SGF records the importer must take apart without recursion or refuse with a clear error:
/// deep trees, many game trees, and game information that conflicts with itself.
fn hostile_records() -> Vec<(&'static str, String)> {
    vec![
        ("deep-main-line", format!("(;SZ[9]{})", ";".repeat(40_000))),
        (
            "deep-variations",
            format!("(;SZ[9]{}{})", "(;B[aa]".repeat(5_000), ")".repeat(5_000)),
        ),
        ("many-game-trees", "(;SZ[5];B[aa])".repeat(200)),
        (
            "rules-twice",
            "(;SZ[5]RU[Japanese]RU[Chinese]RE[B+1])".into(),
        ),
        ("rules-two-values", "(;SZ[5]RU[Japanese][Chinese])".into()),
        (
            "rules-in-a-move",
            "(;SZ[5]RU[Japanese];B[aa]RU[Chinese])".into(),
        ),
        ("second-result", "(;SZ[5]RE[B+1];B[aa];W[bb]RE[W+2])".into()),
        (
            "markup-mid-game",
            "(;SZ[5];B[aa]TB[ee];W[bb]TW[cc];B[])".into(),
        ),
        ("handicap-moves", "(;SZ[9]HA[2];B[cc];B[gg];W[ee])".into()),
        (
            "handicap-moves-mismatch",
            "(;SZ[9]HA[3];B[cc];B[gg];W[ee])".into(),
        ),
        ("draw-by-zero", "(;SZ[5]RE[B+0]KM[0];B[];W[])".into()),
    ]
}
