//! The referees of a run, built in one place for `run` (a roster per case) and `random` (one
//! per campaign): the family's registry with the run's engines added, the referees chosen
//! from it (by `--rules`, by the case's own list, or the family's defaults), and then every
//! engine of the family and the ruleset each claims, so that an engine is always compared
//! with what it claims to follow.

use crate::case::Case;
use crate::families::engines::Engines;
use crate::families::{self, ForFamily};
use crate::family::Family;
use crate::listed::Listed;
use crate::referee::select::tokens;
use crate::referee::{rule_matches, select, select_own, Fault, RefereeInfo, SelectError};

use super::lockstep::{case_registry, referees_for, ChoiceError};

/// A registry and the referees of a run chosen from it.
pub struct Roster<F: Family> {
    registry: Vec<RefereeInfo<F>>,
    chosen: Vec<usize>,
}

impl<F: Family> Roster<F> {
    /// The referees, in the order they play.
    pub fn referees(&self) -> Vec<&RefereeInfo<F>> {
        self.chosen.iter().map(|&i| &self.registry[i]).collect()
    }
}

/// Why a run has no roster.
#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    /// An engine that cannot be a referee here.
    #[error(transparent)]
    Engine(#[from] Fault),
    /// A `--rules` list that names no referee, or names one wrongly.
    #[error(transparent)]
    Select(#[from] SelectError),
    /// A case whose own list or expectations name referees wrongly.
    #[error(transparent)]
    Choice(#[from] ChoiceError),
}

/// The roster of `registry` with the engines of `F` added: the referees `choose` picks from
/// it, then the rulesets the engines claim and the engines, each once.
pub fn roster<F: Listed, E>(
    mut registry: Vec<RefereeInfo<F>>,
    engines: &Engines,
    choose: impl for<'a> FnOnce(&'a [RefereeInfo<F>]) -> Result<Vec<&'a RefereeInfo<F>>, E>,
) -> Result<Roster<F>, RosterError>
where
    RosterError: From<E>,
{
    registry.extend(engines.referees::<F>()?);
    let index = |info: &RefereeInfo<F>| registry.iter().position(|r| std::ptr::eq(r, info));
    let mut chosen: Vec<usize> = choose(&registry)?.into_iter().filter_map(index).collect();
    let mut joined = engines.claimed_in::<F>();
    joined.extend(engines.ids_in::<F>());
    for id in joined {
        if let Some(i) = registry.iter().position(|r| r.id == id) {
            if !chosen.contains(&i) {
                chosen.push(i);
            }
        }
    }
    Ok(Roster { registry, chosen })
}

/// A campaign's roster (`random`): `rules` (with the variants it names by parts), else the
/// rulesets the engines claim, else the family's defaults.
pub fn for_campaign<F: Listed>(
    rules: Option<&str>,
    engines: &Engines,
) -> Result<Roster<F>, RosterError> {
    let claimed = engines.claimed_in::<F>();
    let registry = with_claimed(F::registry_for(rules.unwrap_or_default()), &claimed);
    let rules = match (rules, claimed.is_empty()) {
        (Some(rules), _) => rules.to_string(),
        (None, true) => F::DEFAULT_RULES.into(),
        (None, false) => claimed.join(","),
    };
    roster(registry, engines, |all| select(all, &rules))
}

/// A case's roster (`run`): the referees of `rules` of the case's family (`None` where it
/// names none of them), else the case's own list with every referee it expects of.
pub fn for_case<F: Listed>(
    case: &Case<F>,
    rules: Option<&str>,
    engines: &Engines,
) -> Result<Option<Roster<F>>, RosterError> {
    let registry = with_claimed(case_registry(case, rules), &engines.claimed_in::<F>());
    let Some(spec) = rules else {
        return roster(registry, engines, |all| referees_for(all, case, None)).map(Some);
    };
    let mut none = false;
    let roster = roster(registry, engines, |all| {
        let own = select_own(all, spec);
        none = own.is_empty();
        Ok::<_, RosterError>(own)
    })?;
    Ok((!none).then_some(roster))
}

/// `registry` with the referees the engines claim that it lacks (a Kee combination named by
/// its parts, `kee[rescind=erase,replace=same]`), so that each engine meets its ruleset.
fn with_claimed<F: Listed>(
    mut registry: Vec<RefereeInfo<F>>,
    claimed: &[String],
) -> Vec<RefereeInfo<F>> {
    for info in F::registry_for(&claimed.join(",")) {
        if claimed.contains(&info.id) && !registry.iter().any(|r| r.id == info.id) {
            registry.push(info);
        }
    }
    registry
}

/// A `--rules` list for a run of cases of any family that no family's referees and no engine
/// answer to.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A referee named by parts (Kee's `kee[…]`) wrongly: what is wrong.
    #[error("{0}")]
    Parts(String),
    /// An id no family and no engine has.
    #[error("unknown referee `{0}`; `rulediff rules` lists them all")]
    Unknown(String),
    /// A list that selects no referee of any family (`''`, `-all`).
    #[error("--rules `{0}` selects no referee; `rulediff rules` lists them all")]
    NoneSelected(String),
    /// Ids whose referees are all of families no case of the run is of.
    #[error("--rules names referees of no case's family: {named}; the cases are {cases}")]
    OtherFamilies {
        /// Each id with the families of its referees: "`fide` (chess)".
        named: String,
        /// The families of the cases.
        cases: String,
    },
}

/// Checks a `--rules` list for a run of cases of any family (`run`), before any case: every
/// id is some family's referee or one of the run's engines, and the list selects some
/// referee.
pub fn check_rules(spec: &str, engines: &Engines) -> Result<(), RulesError> {
    let engine_ids: Vec<String> = engines.specs().map(|s| s.id.clone()).collect();
    let mut known: Vec<String> = families::for_each(&mut Ids).concat();
    known.extend_from_slice(&engine_ids);
    for token in tokens(spec) {
        let pattern = token.strip_prefix('-').unwrap_or(token);
        let named = families::for_each(&mut NamedByParts(pattern));
        if let Some(error) = named.iter().flatten().find_map(|n| n.as_ref().err()) {
            return Err(RulesError::Parts(error.clone()));
        }
        if named.iter().any(Option::is_some) {
            continue;
        }
        if !known.iter().any(|k| rule_matches(pattern, k)) {
            return Err(RulesError::Unknown(pattern.to_string()));
        }
    }
    let none = families::for_each(&mut SelectsNone(spec))
        .into_iter()
        .all(|none| none);
    let engine_named = tokens(spec)
        .iter()
        .any(|t| engine_ids.iter().any(|e| e == t));
    if none && !engine_named {
        return Err(RulesError::NoneSelected(spec.to_string()));
    }
    Ok(())
}

/// Checks a `--rules` list against the families of the run's cases (`run`): an id (or
/// pattern) whose referees are all of other families would be ignored for every case, so it
/// is an error naming it rather than a run of nothing.
pub fn check_rules_families(
    spec: &str,
    engines: &Engines,
    cases: &[&str],
) -> Result<(), RulesError> {
    let mut other = Vec::new();
    for token in tokens(spec).into_iter().filter(|t| !t.starts_with('-')) {
        let theirs = families_of(token, engines);
        if !theirs.is_empty() && !theirs.iter().any(|f| cases.contains(&f.as_str())) {
            other.push(format!("`{token}` ({})", theirs.join(", ")));
        }
    }
    if other.is_empty() || cases.is_empty() {
        return Ok(());
    }
    let mut named: Vec<&str> = families::NAMES.to_vec();
    named.retain(|f| cases.contains(f));
    Err(RulesError::OtherFamilies {
        named: other.join(", "),
        cases: named.join(", "),
    })
}

/// The families whose referees or engines a `--rules` token selects.
fn families_of(token: &str, engines: &Engines) -> Vec<String> {
    let none = families::for_each(&mut SelectsNone(token));
    let mut theirs: Vec<String> = families::NAMES
        .iter()
        .zip(none)
        .filter(|(_, none)| !none)
        .map(|(name, _)| name.to_string())
        .collect();
    for spec in engines.specs() {
        if rule_matches(token, &spec.id) && !theirs.contains(&spec.family) {
            theirs.push(spec.family.clone());
        }
    }
    theirs
}

/// Every referee id of a family.
struct Ids;

impl ForFamily for Ids {
    type Output = Vec<String>;
    fn run<F: Listed>(&mut self) -> Vec<String> {
        F::registry().into_iter().map(|r| r.id).collect()
    }
}

/// Whether a token names a family's referees by parts (Kee's `kee[…]`), and if so, whether
/// it is well formed (the message of what is wrong).
struct NamedByParts<'a>(&'a str);

impl ForFamily for NamedByParts<'_> {
    type Output = Option<Result<(), String>>;
    fn run<F: Listed>(&mut self) -> Self::Output {
        F::named(self.0).map(|named| named.map(|_| ()).map_err(|e| e.to_string()))
    }
}

/// Whether a `--rules` list selects no referee of a family.
struct SelectsNone<'a>(&'a str);

impl ForFamily for SelectsNone<'_> {
    type Output = bool;
    fn run<F: Listed>(&mut self) -> bool {
        select_own(&F::registry_for(self.0), self.0).is_empty()
    }
}
