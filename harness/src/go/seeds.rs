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
    for path in files::with_extension(corpus, "sgf")? {
        seeds.push(Seed {
            target: "sgf",
            name: files::name_of(&path),
            bytes: read::bytes(&path, read::Kind::Sgf)?,
        });
    }
    Ok(seeds)
}
