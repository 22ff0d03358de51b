//! The space of readings: each ambiguous sentence of the Kee Rules is an axis with named
//! values, and a Kee referee is any combination of them. Ids: `kee[axis=value,…]` names the
//! combination that takes the listed values and every other axis's default; `kee[…,*]` (or
//! `axis=*`) names every combination that varies the unlisted (or that) axis; `kee[*]` names
//! the whole space. A combination that one of the ten named readings ([`super::VARIANTS`])
//! takes is called by that name (`kee[rescind=erase]` is `kee:rescind-erases`), so their
//! cases and snapshots keep their ids.

use super::{BanLasts, BanScope, Opponents, Reading, Replacement, RescindRecord, Turn};

/// One axis: its key in ids, the sentence it reads, and its values, default first.
pub struct Axis {
    /// The axis's key in `kee[…]` ids.
    pub key: &'static str,
    /// The sentence of the rule text whose reading the axis fixes, quoted.
    pub sentence: &'static str,
    /// The axis's values, the default first.
    pub values: &'static [AxisValue],
    /// Reads the axis's value off a reading (an index into `values`).
    get: fn(&Reading) -> usize,
    /// Sets the axis to `values[i]`.
    set: fn(&mut Reading, usize),
}

/// One value of an axis.
pub struct AxisValue {
    /// The value's name in `kee[…]` ids.
    pub name: &'static str,
    /// What the sentence means under this value.
    pub meaning: &'static str,
}

impl Axis {
    /// The value `reading` takes on this axis.
    pub fn value_of(&self, reading: &Reading) -> &'static AxisValue {
        &self.values[(self.get)(reading)]
    }

    /// Does this axis say anything under `reading`? `ban` says how long "another play"
    /// binds, so only when the replacing play must differ and is the rescinded player's next
    /// play (`turn=again`); under `turn=next` the rescinding pass is the replacement, so
    /// `replace=other` and `replace=same` agree (only `never` still bans). `lasts` says how
    /// long a piled ban outlives the replacing play, so only under `ban=pile`: `ban=next` is
    /// itself the reading that the ban holds "for the replacing play only" (and a ban that
    /// outlived it would come back with the game a rescind restores, which is a pile).
    pub fn applies(&self, reading: &Reading) -> bool {
        let bans = reading.replacement == Replacement::Differs && reading.turn == Turn::Again;
        match self.key {
            "ban" => bans,
            "lasts" => bans && reading.ban == BanScope::Pile,
            "replace" => {
                reading.turn == Turn::Again || reading.replacement == Replacement::NeverAgain
            }
            _ => true,
        }
    }
}

const fn v(name: &'static str, meaning: &'static str) -> AxisValue {
    AxisValue { name, meaning }
}

/// Every axis, in the order ids list them.
pub const AXES: [Axis; 11] = [
    Axis {
        key: "rescind",
        sentence: "Rule 14: \"the game would restart from there.\"",
        values: &[
            v("keep", "the rescinded play and the passes after it stay in the record rule 11 reads (\"has ever appeared earlier in the game\")"),
            v("erase", "restarting unmakes the record: rule 11 reads only the live game, so the rescinded position never appeared and the appeal and rescinding pass were never made"),
        ],
        get: |r| (r.rescind == RescindRecord::Erase) as usize,
        set: |r, i| r.rescind = [RescindRecord::Keep, RescindRecord::Erase][i],
    },
    Axis {
        key: "replace",
        sentence: "Rule 14: \"the player has to reconsider another play to replace it\"",
        values: &[
            v("other", "the replacing play must be another play than the rescinded one"),
            v("same", "\"reconsider\" binds nothing: the same stone play may replace it; only rules 10 and 11 decide"),
            v("never", "\"another play\" for good: the player may never again make that stone play on that board position"),
        ],
        get: |r| match r.replacement {
            Replacement::Differs => 0,
            Replacement::MaySame => 1,
            Replacement::NeverAgain => 2,
        },
        set: |r, i| {
            r.replacement = [
                Replacement::Differs,
                Replacement::MaySame,
                Replacement::NeverAgain,
            ][i]
        },
    },
    Axis {
        key: "ban",
        sentence: "Rule 14: \"the player has to reconsider another play to replace it and the game would restart from there.\" (with replace=other)",
        values: &[
            v("next", "the ban holds for the replacing play only: after a second rescind at the same point only the latest rescinded play is banned"),
            v("pile", "the bans pile up: every stone play rescinded at a point of the live game stays banned whenever the game restarts from that point"),
        ],
        get: |r| (r.ban == BanScope::Pile) as usize,
        set: |r, i| r.ban = [BanScope::Next, BanScope::Pile][i],
    },
    Axis {
        key: "lasts",
        sentence: "Rule 14: \"Once a stone play is rescinded, the player has to reconsider another play to replace it and the game would restart from there.\" (with ban=pile)",
        values: &[
            v("until-any-play", "the ban is on \"another play to replace it\": it binds the replacing play, which has then been made, so any later play ends it"),
            v("until-stone-at-point", "\"the game would restart from there\" restarts the game with its bans: a ban stays alive while no stone has been played at its point since (by anyone), and a later rescind that restores a game in which it was alive brings it back"),
        ],
        get: |r| (r.lasts == BanLasts::UntilStoneAtPoint) as usize,
        set: |r, i| r.lasts = [BanLasts::UntilAnyPlay, BanLasts::UntilStoneAtPoint][i],
    },
    Axis {
        key: "start",
        sentence: "Rule 11: \"a board position which has ever appeared earlier in the game unless (a) The player made a non-appealing pass play after the stone play made on its last appearance\"",
        values: &[
            v("appeared", "the initial board has appeared (the triple-ko example: \"would repeat the initial board position\")"),
            v("not", "an appearance is made by a stone play (\"the stone play made on its last appearance\"), so the initial board never appeared"),
        ],
        get: |r| !r.start_appears as usize,
        set: |r, i| r.start_appears = i == 0,
    },
    Axis {
        key: "idle",
        sentence: "Rule 11(b): \"At least one of his opponent(s) has only made stone play(s) since its first appearance.\"",
        values: &[
            v("counts", "an opponent who made no play at all since the first appearance made no pass, so he qualifies"),
            v("not", "\"has only made stone plays\" presupposes some: an opponent with no play since does not qualify"),
        ],
        get: |r| !r.idle_opponent_counts as usize,
        set: |r, i| r.idle_opponent_counts = i == 0,
    },
    Axis {
        key: "round",
        sentence: "Rule 15: \"Once every player has consecutively made a pass play on a board position, if the last stone play has not been rescinded, the game ends\"",
        values: &[
            v("survives", "passes made on the board before a rescinded stone play count toward the final round"),
            v("restarts", "after a rescind the round of passes starts afresh"),
        ],
        get: |r| !r.passes_survive_rescind as usize,
        set: |r, i| r.passes_survive_rescind = i == 0,
    },
    Axis {
        key: "appeal",
        sentence: "Rule 12: \"a player may choose to appeal if he can indicate a stone play he wants to make on the current board position but it is prohibited for him to do so due to Cycle Prohibition Rule.\"",
        values: &[
            v("rule11", "the named play must be one that only rule 11 forbids"),
            v("any", "any stone play on an empty point that rule 11 forbids may be named, even one rule 10 or rule 14 also forbids"),
        ],
        get: |r| r.appeal_names_disallowed as usize,
        set: |r, i| r.appeal_names_disallowed = i == 1,
    },
    Axis {
        key: "opponents",
        sentence: "Rules 11(b) and 13: \"at least one of his opponent(s)\"",
        values: &[
            v("all", "every other player"),
            v("next", "with three or more players, only the player who moves after him (with two the values agree)"),
        ],
        get: |r| (r.opponents == Opponents::Next) as usize,
        set: |r, i| r.opponents = [Opponents::All, Opponents::Next][i],
    },
    Axis {
        key: "window",
        sentence: "Rule 13: \"A stone play of a player is rescinded if, before the next stone play, it is responded by an appealing pass play\"",
        values: &[
            v("open", "a rescinded stone play is not \"the next stone play\" of the restarted game, so rescinds cascade to earlier plays"),
            v("closes", "the next stone play closes the window even if it is rescinded later"),
        ],
        get: |r| !r.cascade as usize,
        set: |r, i| r.cascade = i == 0,
    },
    Axis {
        key: "turn",
        sentence: "Rule 14: \"the player has to reconsider another play to replace it and the game would restart from there.\"",
        values: &[
            v("again", "the rescinded player moves again: his replacing play is his next play"),
            v("next", "the rescinding pass is his replacing play: the turn passes on to the next player, on the restored board"),
        ],
        get: |r| (r.turn == Turn::Next) as usize,
        set: |r, i| r.turn = [Turn::Again, Turn::Next][i],
    },
];

/// The canonical form of a reading: axes that do not apply take their default, so one
/// behaviour has one id.
pub fn canonical(mut reading: Reading) -> Reading {
    for axis in &AXES {
        if !axis.applies(&reading) {
            (axis.set)(&mut reading, 0);
        }
    }
    reading
}

/// Every combination, the default first, each once (in canonical form).
pub fn every_reading() -> Vec<Reading> {
    combinations(&[None; AXES.len()])
}

/// The combinations that take `fixed[i]` on axis `i` where given and every value elsewhere.
fn combinations(fixed: &[Option<usize>; AXES.len()]) -> Vec<Reading> {
    let mut all = vec![Reading::DEFAULT];
    for (axis, fixed) in AXES.iter().zip(fixed) {
        let values: Vec<usize> = match fixed {
            Some(i) => vec![*i],
            None => (0..axis.values.len()).collect(),
        };
        all = all
            .iter()
            .flat_map(|r| {
                values.iter().map(move |&i| {
                    let mut r = *r;
                    (axis.set)(&mut r, i);
                    r
                })
            })
            .collect();
    }
    let mut seen = std::collections::HashSet::new();
    all.into_iter()
        .map(canonical)
        .filter(|r| seen.insert(*r))
        .collect()
}

/// The id of a combination: a named reading's name, else `kee[…]` with every axis that
/// leaves its default.
pub fn id_of(reading: &Reading) -> String {
    let reading = canonical(*reading);
    if let Some(named) = super::VARIANTS.iter().find(|v| v.reading == reading) {
        return named.id.to_string();
    }
    let parts: Vec<String> = AXES
        .iter()
        .filter(|a| (a.get)(&reading) != 0)
        .map(|a| format!("{}={}", a.key, a.value_of(&reading).name))
        .collect();
    format!("kee[{}]", parts.join(","))
}

/// The bracket form of a reading, every axis that leaves its default listed (also for the
/// named readings): what `rulediff rules --verbose` prints beside a name.
pub fn bracket_form(reading: &Reading) -> String {
    let parts: Vec<String> = AXES
        .iter()
        .filter(|a| (a.get)(reading) != 0)
        .map(|a| format!("{}={}", a.key, a.value_of(reading).name))
        .collect();
    format!("kee[{}]", parts.join(","))
}

/// The one combination a referee id names (a named reading or `kee[…]` without wildcards);
/// `None` for any other id, `@spec` twins included.
pub fn reading_of(id: &str) -> Option<Reading> {
    if let Some(named) = super::variant(id) {
        return Some(named.reading);
    }
    match parse(id)? {
        Ok(readings) if readings.len() == 1 => Some(readings[0]),
        _ => None,
    }
}

/// The readings a `kee[…]` token names (without `@spec`); `None` when the token is not of
/// that form, an error naming the bad part when it is malformed.
pub fn parse(token: &str) -> Option<Result<Vec<Reading>, ReadingError>> {
    let inner = token.strip_prefix("kee[")?.strip_suffix(']')?;
    Some(parse_inner(inner))
}

fn parse_inner(inner: &str) -> Result<Vec<Reading>, ReadingError> {
    let mut fixed: [Option<usize>; AXES.len()] = [Some(0); AXES.len()];
    let mut given = [false; AXES.len()];
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if part == "*" {
            for (f, g) in fixed.iter_mut().zip(&given) {
                if !g {
                    *f = None;
                }
            }
            continue;
        }
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| ReadingError::NotAxisValue {
                part: part.to_string(),
                inner: inner.to_string(),
            })?;
        let at = AXES
            .iter()
            .position(|a| a.key == key.trim())
            .ok_or_else(|| ReadingError::UnknownAxis(key.trim().to_string()))?;
        let axis = &AXES[at];
        given[at] = true;
        fixed[at] = match value.trim() {
            "*" => None,
            name => Some(
                axis.values
                    .iter()
                    .position(|v| v.name == name)
                    .ok_or_else(|| ReadingError::UnknownValue {
                        axis: axis.key,
                        name: name.to_string(),
                    })?,
            ),
        };
    }
    Ok(combinations(&fixed))
}

/// Why a `kee[…]` token names no combination.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadingError {
    /// A part that is neither `axis=value` nor `*`.
    #[error("`{part}` in `kee[{inner}]` is not axis=value or `*`")]
    NotAxisValue {
        /// The part.
        part: String,
        /// Everything between the brackets.
        inner: String,
    },
    /// An axis key that is not one of [`AXES`].
    #[error("unknown Kee axis `{0}`; the axes are {keys}", keys = axis_keys())]
    UnknownAxis(String),
    /// A value its axis does not have.
    #[error("unknown value `{name}` of Kee axis `{axis}`; its values are {values}", values = axis_values(axis))]
    UnknownValue {
        /// The axis key.
        axis: &'static str,
        /// The value as written.
        name: String,
    },
}

fn axis_keys() -> String {
    let keys: Vec<&str> = AXES.iter().map(|a| a.key).collect();
    keys.join(", ")
}

fn axis_values(key: &str) -> String {
    let axis = AXES.iter().find(|a| a.key == key);
    let names: Vec<&str> = axis.map_or(Vec::new(), |a| a.values.iter().map(|v| v.name).collect());
    names.join(", ")
}

/// The axes on which two readings differ, as `axis=value` of `other`.
pub fn differences(base: &Reading, other: &Reading) -> Vec<String> {
    AXES.iter()
        .filter(|a| (a.get)(base) != (a.get)(other))
        .map(|a| format!("{}={}", a.key, a.value_of(other).name))
        .collect()
}

/// What `rulediff rules --verbose` says of a combination: each axis off its default with
/// its value's meaning and the sentence it reads.
pub fn describe(reading: &Reading) -> String {
    let mut out = format!("combination {}\n", bracket_form(reading));
    for axis in AXES.iter().filter(|a| a.applies(reading)) {
        let value = axis.value_of(reading);
        out.push_str(&format!(
            "{}={}: {} (reads {})\n",
            axis.key, value.name, value.meaning, axis.sentence
        ));
    }
    out
}

/// The axes as `rulediff rules` lists them: the id grammar, then per axis its sentence and
/// values (default first); `verbose` adds what each value means.
pub fn listing(verbose: bool) -> String {
    let mut out = format!(
        "Kee readings as axes: `kee[axis=value,…]` is any combination ({} in all; unlisted axes take their default; `kee[*]` is every combination, `kee[axis=*]` every value of one axis, `…@spec` the spec twins)\n",
        every_reading().len()
    );
    for axis in &AXES {
        let names: Vec<&str> = axis.values.iter().map(|v| v.name).collect();
        out.push_str(&format!(
            "  {:9}  {}  reads {}\n",
            axis.key,
            names.join("|"),
            axis.sentence
        ));
        if verbose {
            for value in axis.values {
                out.push_str(&format!(
                    "  {:9}    {}: {}\n",
                    "", value.name, value.meaning
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_space_has_every_combination_once_and_ids_round_trip() {
        let all = every_reading();
        // 2 rescinds × (turn=again: other × (next + pile × 2 durations) + same + never;
        // turn=next: other + never) × 2^6 for the binary axes.
        assert_eq!(all.len(), 2 * (5 + 2) * 64);
        assert_eq!(all[0], Reading::DEFAULT);
        let mut ids = std::collections::HashSet::new();
        for r in &all {
            let id = id_of(r);
            assert!(ids.insert(id.clone()), "{id} twice");
            let back = match id.strip_prefix("kee[") {
                Some(_) => parse(&id).expect("bracket id").expect("parses"),
                None => vec![super::super::variant(&id).expect("named").reading],
            };
            assert_eq!(back, vec![*r], "{id}");
        }
    }

    #[test]
    fn named_readings_keep_their_names() {
        for named in &super::super::VARIANTS {
            assert_eq!(id_of(&named.reading), named.id);
            let bracket = bracket_form(&named.reading);
            assert_eq!(parse(&bracket).unwrap().unwrap(), vec![named.reading]);
        }
        let erase = parse("kee[rescind=erase]").unwrap().unwrap();
        assert_eq!(id_of(&erase[0]), "kee:rescind-erases");
        assert_eq!(id_of(&parse("kee[]").unwrap().unwrap()[0]), "kee");
    }

    #[test]
    fn wildcards_and_errors() {
        assert_eq!(parse("kee[rescind=*]").unwrap().unwrap().len(), 2);
        assert_eq!(parse("kee[rescind=erase,*]").unwrap().unwrap().len(), 448);
        // ban applies only with replace=other: 2 + 1 + 1.
        assert_eq!(parse("kee[replace=*,ban=*]").unwrap().unwrap().len(), 4);
        // lasts only with ban=pile: other × (next + pile × 2) + same + never.
        assert_eq!(
            parse("kee[replace=*,ban=*,lasts=*]")
                .unwrap()
                .unwrap()
                .len(),
            5
        );
        let stone = parse("kee[ban=pile,lasts=until-stone-at-point]")
            .unwrap()
            .unwrap();
        assert_eq!(id_of(&stone[0]), "kee[ban=pile,lasts=until-stone-at-point]");
        // Under ban=next the duration says nothing: the id is the canonical one.
        let next = parse("kee[lasts=until-stone-at-point]").unwrap().unwrap();
        assert_eq!(id_of(&next[0]), "kee");
        let spelled = parse("kee[ban=pile,lasts=until-any-play]")
            .unwrap()
            .unwrap();
        assert_eq!(id_of(&spelled[0]), "kee[ban=pile]");
        let bad = parse("kee[rescind=maybe]")
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(bad.contains("keep, erase"), "{bad}");
        let bad = parse("kee[colour=red]").unwrap().unwrap_err().to_string();
        assert!(bad.contains("unknown Kee axis `colour`"), "{bad}");
        assert!(parse("kee:rescind-erases").is_none());
    }
}
