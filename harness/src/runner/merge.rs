//! Merging the shards of a campaign (`random --shard I/N` on several machines) into the
//! results one run of the whole campaign gives: the same totals, the same example per
//! signature (the shortest history, earliest game among equals) and the same order.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::campaign::{Plan, Results};
use super::random::SignatureSummary;

/// Why shards do not merge; each names the folders concerned.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MergeError {
    /// No folders.
    #[error("no shard folders given")]
    Empty,
    /// A folder's results are a whole campaign's (the folder given).
    #[error("{0} holds a whole campaign, not a shard (made without --shard)")]
    NotSharded(PathBuf),
    /// Two folders hold shards of different campaigns.
    #[error("{a} and {b} are shards of different campaigns (family, board, players, referees, seed, games, ply budget or shard count differ)")]
    Mixed {
        /// One folder.
        a: PathBuf,
        /// The other.
        b: PathBuf,
    },
    /// Two folders hold the same shard.
    #[error("{a} and {b} are both shard {index}/{count}")]
    Overlap {
        /// One folder.
        a: PathBuf,
        /// The other.
        b: PathBuf,
        /// The shard, from 0.
        index: u64,
        /// Shards in the campaign.
        count: u64,
    },
    /// Shards of the campaign that no folder holds.
    #[error("shard{} {} of {count} missing (given: {})", if .missing.len() > 1 { "s" } else { "" }, .missing.iter().map(u64::to_string).collect::<Vec<_>>().join(", "), .given.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "))]
    Missing {
        /// The shards missing, from 0.
        missing: Vec<u64>,
        /// Shards in the campaign.
        count: u64,
        /// The folders given.
        given: Vec<PathBuf>,
    },
    /// A shard whose games are not all played.
    #[error("{folder}: shard {index}/{count} is unfinished ({done} of its {total} games played); finish it with --resume")]
    Unfinished {
        /// Its folder.
        folder: PathBuf,
        /// The shard, from 0.
        index: u64,
        /// Shards in the campaign.
        count: u64,
        /// Games it played.
        done: u64,
        /// Games it has to play.
        total: u64,
    },
}

/// The plan of the whole campaign a shard belongs to.
fn whole(plan: &Plan) -> Plan {
    Plan {
        shard: None,
        ..plan.clone()
    }
}

/// Merges every shard of one campaign, each with the folder it was read from.
pub fn merge(shards: Vec<(PathBuf, Results)>) -> Result<Results, MergeError> {
    let first = shards.first().ok_or(MergeError::Empty)?;
    let (first_dir, first_plan) = (first.0.clone(), first.1.plan.clone());
    let count = first_plan
        .shard
        .ok_or_else(|| MergeError::NotSharded(first_dir.clone()))?
        .count;
    let mut by_index: BTreeMap<u64, (PathBuf, Results)> = BTreeMap::new();
    for (dir, results) in shards {
        let shard = results
            .plan
            .shard
            .ok_or_else(|| MergeError::NotSharded(dir.clone()))?;
        if whole(&results.plan) != whole(&first_plan) || shard.count != count {
            return Err(MergeError::Mixed {
                a: first_dir,
                b: dir,
            });
        }
        let total = shard.len(results.plan.games);
        if results.games_done != total {
            return Err(MergeError::Unfinished {
                folder: dir,
                index: shard.index,
                count,
                done: results.games_done,
                total,
            });
        }
        if let Some((other, _)) = by_index.get(&shard.index) {
            return Err(MergeError::Overlap {
                a: other.clone(),
                b: dir,
                index: shard.index,
                count,
            });
        }
        by_index.insert(shard.index, (dir, results));
    }
    let missing: Vec<u64> = (0..count).filter(|i| !by_index.contains_key(i)).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            missing,
            count,
            given: by_index.into_values().map(|(dir, _)| dir).collect(),
        });
    }
    Ok(combine(
        whole(&first_plan),
        by_index.into_values().map(|(_, r)| r),
    ))
}

fn combine(plan: Plan, parts: impl Iterator<Item = Results>) -> Results {
    let mut merged = Results::new(plan);
    let mut signatures: Vec<SignatureSummary> = Vec::new();
    for part in parts {
        merged.games_done += part.games_done;
        merged.plies += part.plies;
        merged.long_games.extend(part.long_games);
        merged.faults.extend(part.faults);
        merged.incidents.extend(part.incidents);
        merged.claims.extend(part.claims);
        merged.add_game_signatures(part.game_signatures.into_iter().collect());
        for s in part.signatures {
            add_signature(&mut signatures, s);
        }
    }
    merged.long_games.sort_unstable();
    // One run lists them game by game; a stable sort by game keeps each game's own order.
    merged.faults.sort_by_key(|f| game_of(f));
    merged.incidents.sort_by_key(|f| game_of(f));
    signatures.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then(a.description.cmp(&b.description))
    });
    merged.signatures = signatures;
    merged
}

/// Adds up the counts of one signature and keeps the example one run would keep.
fn add_signature(all: &mut Vec<SignatureSummary>, s: SignatureSummary) {
    let Some(known) = all.iter_mut().find(|k| k.signature == s.signature) else {
        return all.push(s);
    };
    let (count, games) = (known.count + s.count, known.games + s.games);
    if (s.shortest_found, s.game) < (known.shortest_found, known.game) {
        *known = s;
    }
    known.count = count;
    known.games = games;
}

/// The game a `game G: …` line is about.
fn game_of(line: &str) -> u64 {
    line.strip_prefix("game ")
        .and_then(|rest| rest.split(':').next())
        .and_then(|g| g.parse().ok())
        .unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::super::campaign::Shard;
    use super::*;

    fn shard(index: u64, count: u64, games: u64) -> Results {
        let plan = Plan {
            family: "go".into(),
            setup: "board = \"3x3\"\n".into(),
            referees: vec!["psk".into()],
            seed: 1,
            games,
            max_plies: 9,
            shard: Some(Shard { index, count }),
        };
        let mut r = Results::new(plan);
        r.games_done = Shard { index, count }.len(games);
        r
    }

    #[test]
    fn shards_split_the_games() {
        let s = Shard::parse("1/4").unwrap();
        assert_eq!((s.len(10), s.game(0), s.game(2)), (3, 1, 9));
        assert_eq!(Shard::parse("3/4").unwrap().len(10), 2);
        assert!(Shard::parse("4/4").is_err());
        assert!(Shard::parse("x").is_err());
    }

    #[test]
    fn bad_sets_of_shards_are_named() {
        let dir = |i: u64| PathBuf::from(format!("s{i}"));
        let missing = merge(vec![(dir(0), shard(0, 3, 10)), (dir(2), shard(2, 3, 10))]);
        assert!(
            matches!(&missing, Err(MergeError::Missing { missing, .. }) if missing == &vec![1])
        );
        let twice = merge(vec![(dir(0), shard(0, 2, 10)), (dir(9), shard(0, 2, 10))]);
        assert!(twice.unwrap_err().to_string().contains("s0 and s9"));
        let mut other = shard(1, 2, 10);
        other.plan.seed = 2;
        let mixed = merge(vec![(dir(0), shard(0, 2, 10)), (dir(1), other)]);
        assert!(matches!(mixed, Err(MergeError::Mixed { .. })));
        let mut short = shard(1, 2, 10);
        short.games_done = 1;
        let unfinished = merge(vec![(dir(0), shard(0, 2, 10)), (dir(1), short)]);
        assert!(matches!(unfinished, Err(MergeError::Unfinished { .. })));
        let merged = merge(vec![(dir(1), shard(1, 2, 10)), (dir(0), shard(0, 2, 10))]).unwrap();
        assert_eq!((merged.games_done, merged.plan.shard), (10, None));
    }
}
