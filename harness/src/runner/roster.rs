//! The referees of a run, built in one place for `run` (a roster per case) and `random` (one
//! per campaign): the family's registry with the run's engines added, the referees chosen
//! from it (by `--rules`, by the case's own list, or the family's defaults), and then every
//! engine of the family and the ruleset each claims, so that an engine is always compared
//! with what it claims to follow.

use crate::case::Case;
use crate::families::engines::Engines;
use crate::family::Family;
use crate::listed::Listed;
use crate::referee::{select, select_own, Fault, RefereeInfo, SelectError};

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
    let registry = F::registry_for(rules.unwrap_or_default());
    let claimed = engines.claimed_in::<F>();
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
    let registry = case_registry(case, rules);
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
