//! Divergence signatures: what makes two divergences "the same" for deduplication: which
//! referees ruled which way and by which rule, and the kind of repetition involved.

use serde::{Deserialize, Serialize};

use super::record::Ruling;

/// The groups of referees with identical rulings, plus the cycle kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Signature {
    /// Each ruling (with its rule) and the referees that gave it, sorted.
    pub groups: Vec<(String, Vec<String>)>,
    /// `basic ko`, `cycle of 4 plies`, … where the play recreates an earlier position.
    pub cycle: Option<String>,
}

impl Signature {
    pub fn new(ids: &[String], rulings: &[Ruling], cycle: Option<String>) -> Signature {
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for (id, ruling) in ids.iter().zip(rulings) {
            let text = ruling.signature_text();
            match groups.iter_mut().find(|(t, _)| *t == text) {
                Some((_, members)) => members.push(id.clone()),
                None => groups.push((text, vec![id.clone()])),
            }
        }
        groups.iter_mut().for_each(|(_, members)| members.sort());
        groups.sort();
        Signature { groups, cycle }
    }

    /// One line, e.g. `psk: illegal (superko-positional) | simple-ko: legal [cycle of 4 plies]`.
    pub fn describe(&self) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|(t, ids)| format!("{}: {t}", ids.join(", ")))
            .collect();
        match &self.cycle {
            Some(cycle) => format!("{} [{cycle}]", groups.join(" | ")),
            None => groups.join(" | "),
        }
    }

    /// A file-name-safe slug; a long one is cut and ends in a hash of the whole description,
    /// so signatures that differ only past the cut (long referee lists) keep apart.
    pub fn slug(&self) -> String {
        let mut slug: String = self
            .describe()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '+' {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        while slug.contains("--") {
            slug = slug.replace("--", "-");
        }
        let slug = slug.trim_matches('-');
        if slug.len() <= 100 {
            return slug.to_string();
        }
        // FNV-1a: stable across runs and platforms, unlike the std hasher.
        let hash = self
            .describe()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
            });
        let cut: String = slug.chars().take(83).collect();
        format!("{}-{hash:016x}", cut.trim_end_matches('-'))
    }
}
