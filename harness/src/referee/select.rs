//! The `--rules` selection language: picking referees from a registry by ids and `*`
//! patterns.

use thiserror::Error;

use super::{RefereeInfo, Refereed};

/// Why a `--rules` list picks no referees.
#[derive(Debug, Error)]
pub enum SelectError {
    /// The list leaves no referee (`''`, `-all`).
    #[error("--rules `{spec}` selects no {family} referee; `rulediff rules` lists them")]
    Empty {
        /// The list as given.
        spec: String,
        /// The family's name.
        family: &'static str,
    },
    /// A token of a family's by-parts form (`kee[…]`) that is malformed.
    #[error("--rules `{token}`: {reason}")]
    Malformed {
        /// The token, without its `-`.
        token: String,
        /// What the family says is wrong with it (in the message, so not a `source`).
        reason: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A token that names no referee of the family.
    #[error("unknown referee `{token}` for {family}; known: {known}")]
    Unknown {
        /// The token, without its `-`.
        token: String,
        /// The family's name.
        family: &'static str,
        /// The first ids of the registry, for the message.
        known: String,
    },
}

/// Picks referees from a registry by a `--rules` list: comma-separated tokens, each `all`,
/// an id, or a pattern with `*` wildcards (`kee*`, `*@spec`); a token prefixed with `-`
/// removes what it matches (`all,-*@spec` is every referee but the spec twins). Referees
/// come in the order the tokens first name them. A token that names nothing is an error, and
/// so is a list that leaves no referee (`''`, `-all`): a run with no referee checks nothing.
///
/// ```
/// use rulediff::{select, Go, Refereed};
///
/// let registry = Go::registry();
/// let ours: Vec<&str> = select(&registry, "psk,kee*,-kee:*,-*@spec")?
///     .iter()
///     .map(|r| r.id.as_str())
///     .collect();
/// assert_eq!(ours, ["psk", "kee"]);
/// assert!(select(&registry, "no-such-rules").is_err());
/// assert!(select(&registry, "all,-all").is_err());
/// # Ok::<(), rulediff::SelectError>(())
/// ```
pub fn select<'a, F: Refereed>(
    registry: &'a [RefereeInfo<F>],
    spec: &str,
) -> Result<Vec<&'a RefereeInfo<F>>, SelectError> {
    let chosen = select_tokens(registry, spec, true)?;
    if chosen.is_empty() {
        return Err(SelectError::Empty {
            spec: spec.to_string(),
            family: F::NAME,
        });
    }
    Ok(chosen)
}

/// The first ids of a registry, for an error message (there are hundreds).
fn some_ids<F: Refereed>(registry: &[RefereeInfo<F>]) -> String {
    const SHOWN: usize = 12;
    let ids: Vec<&str> = registry.iter().map(|r| r.id.as_str()).collect();
    match ids.len() {
        n if n > SHOWN => format!(
            "{}, … ({n} in all; `rulediff rules` lists them)",
            ids[..SHOWN].join(", ")
        ),
        _ => ids.join(", "),
    }
}

/// As [`select`], but tokens that name no referee of this family are ignored (a `--rules`
/// list given to a run over cases of several families).
pub fn select_own<'a, F: Refereed>(
    registry: &'a [RefereeInfo<F>],
    spec: &str,
) -> Vec<&'a RefereeInfo<F>> {
    select_tokens(registry, spec, false).unwrap_or_default()
}

fn select_tokens<'a, F: Refereed>(
    registry: &'a [RefereeInfo<F>],
    spec: &str,
    strict: bool,
) -> Result<Vec<&'a RefereeInfo<F>>, SelectError> {
    let mut chosen: Vec<&RefereeInfo<F>> = Vec::new();
    for token in tokens(spec) {
        let (remove, pattern) = match token.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let hits: Vec<&RefereeInfo<F>> = match F::named(pattern) {
            Some(Err(e)) if strict => {
                return Err(SelectError::Malformed {
                    token: pattern.to_string(),
                    reason: Box::new(e),
                })
            }
            Some(Err(_)) => Vec::new(),
            Some(Ok(named)) => named
                .iter()
                .filter_map(|n| registry.iter().find(|r| r.id == n.id))
                .collect(),
            None => registry
                .iter()
                .filter(|r| rule_matches(pattern, &r.id))
                .collect(),
        };
        if hits.is_empty() && strict {
            return Err(SelectError::Unknown {
                token: pattern.to_string(),
                family: F::NAME,
                known: some_ids(registry),
            });
        }
        if remove {
            chosen.retain(|c| !hits.iter().any(|h| h.id == c.id));
        } else {
            for hit in hits {
                if !chosen.iter().any(|c| c.id == hit.id) {
                    chosen.push(hit);
                }
            }
        }
    }
    Ok(chosen)
}

/// The tokens of a `--rules` list: split at commas, except inside brackets (the parts of
/// `kee[rescind=erase,replace=same]`).
pub fn tokens(spec: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in spec.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth <= 0 => {
                out.push(&spec[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&spec[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Does one `--rules` token (without its `-`) name referee `id`? `all` names every referee;
/// `*` matches any run of characters.
pub fn rule_matches(pattern: &str, id: &str) -> bool {
    if pattern == "all" {
        return true;
    }
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = id.strip_prefix(first) else {
        return false;
    };
    let tail: Vec<&str> = parts.collect();
    let Some((last, middle)) = tail.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_patterns() {
        assert!(rule_matches("all", "psk"));
        assert!(rule_matches("psk", "psk"));
        assert!(!rule_matches("psk", "psk+suicide"));
        assert!(rule_matches("psk*", "psk+suicide"));
        assert!(rule_matches("*@spec", "psk@spec"));
        assert!(!rule_matches("*@spec", "psk"));
        assert!(rule_matches("k*e", "kee"));
        assert!(!rule_matches("ab*ba", "aba"));
        assert!(rule_matches("*", ""));
    }

    #[test]
    fn commas_inside_brackets_do_not_split() {
        assert_eq!(
            tokens("psk, kee[rescind=erase,replace=same],-kee[*]@spec,"),
            vec!["psk", "kee[rescind=erase,replace=same]", "-kee[*]@spec"]
        );
    }
}
