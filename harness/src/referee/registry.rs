//! Registries: each family's list of referees ([`RefereeInfo`], [`Refereed`]).

use crate::family::Family;

use super::{Claims, Referee};

/// A referee in a registry: its id, what it is, where its definition comes from, and how to
/// make one.
pub struct RefereeInfo<F: Family> {
    /// The id `--rules` and case files name it by (`psk`, `kee:rescind-erases`).
    pub id: String,
    /// One line on what it is.
    pub summary: String,
    /// Where its definition comes from (a rule text's article, a program and version).
    pub source: String,
    /// Longer description for `rulediff rules --verbose`.
    pub details: String,
    /// The ruleset claims every game ends (the termination checks hold it to that).
    pub claims_finite: bool,
    /// Why every game ends, where the rules give a measure that each play decreases; the
    /// finiteness checker may settle finiteness by it (never the longest game).
    pub termination: Option<String>,
    /// What an exhaustive search that runs out of budget should add for this ruleset (why
    /// it cannot settle it, where another tool does).
    pub search_note: Option<String>,
    /// Referees with the same class allow exactly the same plays after every history (the
    /// same code with the same parameters: a preset and the ko rule it uses differ only in
    /// scoring). Campaigns ask one referee per class for its legal set; every referee is
    /// still asked about each play made and about the end of the game.
    pub legality: Option<String>,
    /// What it claims to implement, per layer (see [`Claims`]).
    pub claims: Claims,
    /// Makes a fresh referee (each run and each campaign thread has its own).
    pub make: Box<dyn Fn() -> Box<dyn Referee<F>> + Send + Sync>,
}

impl<F: Family> RefereeInfo<F> {
    /// A referee that claims, in every layer, to be the ruleset its id names (see
    /// [`Claims::own`]), with no details and no claim of finiteness.
    pub fn new(
        id: impl Into<String>,
        summary: impl Into<String>,
        source: impl Into<String>,
        make: impl Fn() -> Box<dyn Referee<F>> + Send + Sync + 'static,
    ) -> Self {
        let id: String = id.into();
        RefereeInfo {
            claims: Claims::own(&id),
            id,
            summary: summary.into(),
            source: source.into(),
            details: String::new(),
            claims_finite: false,
            termination: None,
            search_note: None,
            legality: None,
            make: Box::new(make),
        }
    }

    /// Adds the longer description `rulediff rules --verbose` prints.
    pub fn with_details(mut self, details: impl Into<String>) -> Self {
        self.details = details.into();
        self
    }

    /// Records the termination argument of a ruleset (which then claims finiteness).
    pub fn with_termination(mut self, argument: Option<&str>) -> Self {
        self.claims_finite |= argument.is_some();
        self.termination = argument.map(str::to_string);
        self
    }

    /// Records what an exhaustive search should say when its budget runs out (see
    /// [`RefereeInfo::search_note`]).
    pub fn with_search_note(mut self, note: Option<&str>) -> Self {
        self.search_note = note.map(str::to_string);
        self
    }

    /// Records the legality class (see [`RefereeInfo::legality`]).
    pub fn with_legality(mut self, class: impl Into<String>) -> Self {
        self.legality = Some(class.into());
        self
    }

    /// Records what the referee claims to implement (see [`Claims`]).
    pub fn with_claims(mut self, claims: Claims) -> Self {
        self.claims = claims;
        self
    }

    /// Records whether the ruleset claims every game is finite.
    pub fn finite(mut self, claims_finite: bool) -> Self {
        self.claims_finite = claims_finite;
        self
    }
}

/// A family with referees: the registry the command line picks from.
pub trait Refereed: Family {
    /// Referees a run uses when neither the command line nor the case names any.
    const DEFAULT_RULES: &'static str;
    /// Why a token of the family's by-parts form (see [`Refereed::named`]) is malformed.
    type NameError: std::error::Error + Send + Sync + 'static;
    /// Every referee of this family, by id.
    ///
    /// ```
    /// use rulediff::{Chess, Go, Refereed, Xiangqi};
    ///
    /// let go = Go::registry();
    /// let psk = go.iter().find(|r| r.id == "psk").expect("listed");
    /// assert!(psk.summary.contains("superko"));
    /// // Every ruleset has its plain spec twin.
    /// assert!(go.iter().any(|r| r.id == "psk@spec"));
    /// assert!(Chess::registry().iter().any(|r| r.id == "fide"));
    /// assert!(!Xiangqi::registry().is_empty());
    /// ```
    fn registry() -> Vec<RefereeInfo<Self>>;

    /// The referees a `--rules` token names by parts rather than by a listed id (Kee's
    /// `kee[rescind=erase,replace=same]`, `kee[*]`): `None` when the token is not of such a
    /// form, an error naming what is wrong when it is malformed.
    fn named(_token: &str) -> Option<Result<Vec<RefereeInfo<Self>>, Self::NameError>> {
        None
    }

    /// The id under which a referee spelled `id` is known: a combination named by parts
    /// takes its canonical id (`kee[replace=same,rescind=erase,round=survives]` is
    /// `kee[rescind=erase,replace=same]`, `kee[rescind=erase]` is `kee:rescind-erases`), so
    /// that `--rules` lists, case expectations and engines files all compare ids in one
    /// form; any other id is returned as written.
    fn canonical_spelling(id: &str) -> String {
        match Self::named(id) {
            Some(Ok(named)) if named.len() == 1 => named[0].id.clone(),
            _ => id.to_string(),
        }
    }

    /// The canonical id of the one referee `id` names (see [`Refereed::canonical_spelling`]),
    /// or `None` when it names none or several (`kee[*]`).
    fn canonical_id(id: &str) -> Option<String> {
        match Self::named(id) {
            Some(Ok(named)) if named.len() == 1 => Some(named[0].id.clone()),
            Some(_) => None,
            None => Self::registry()
                .iter()
                .any(|r| r.id == id)
                .then(|| id.to_string()),
        }
    }

    /// The registry, plus every referee the tokens of a `--rules` list name by parts (see
    /// [`Refereed::named`]); malformed tokens are left for [`super::select()`] to report.
    fn registry_for(spec: &str) -> Vec<RefereeInfo<Self>> {
        let mut all = Self::registry();
        for token in super::select::tokens(spec) {
            let token = token.strip_prefix('-').unwrap_or(token);
            if let Some(Ok(named)) = Self::named(token) {
                for info in named {
                    if !all.iter().any(|r| r.id == info.id) {
                        all.push(info);
                    }
                }
            }
        }
        all
    }
}
