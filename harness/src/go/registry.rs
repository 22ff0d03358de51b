//! Every Go referee rulediff knows, by id: each ko rule with each suicide policy (fast and
//! `@spec`), then the real-world presets, then KataGo's rulesets (fast and `@spec`), then the Kee Rules readings (fast and `@spec`).

use super::rules::kinds::KoKind;
use super::rules::presets::presets;
use super::rules::{Basics, SuicidePolicy};
use super::Go;
use crate::referee::{RefereeInfo, Refereed};

fn suicide_words(policy: SuicidePolicy) -> &'static str {
    match policy {
        SuicidePolicy::Forbidden => "suicide forbidden",
        SuicidePolicy::MultiStone => "multi-stone suicide allowed (Kee rule 10)",
        SuicidePolicy::All => "all suicide allowed, even a no-op",
    }
}

fn ko_rules(policy: SuicidePolicy) -> Vec<RefereeInfo<Go>> {
    let words = suicide_words(policy);
    let mut all = Vec::new();
    for kind in KoKind::ALL {
        let id = format!("{}{}", kind.id(), policy.suffix());
        let made = id.clone();
        all.push(
            RefereeInfo::new(
                id.clone(),
                format!("{}; {words}", kind.summary()),
                kind.source(),
                move || kind.referee(made.clone(), Basics::new(policy)),
            )
            .with_details(kind.details())
            .with_termination(kind.termination_argument())
            .with_legality(id.clone())
            .with_claims(kind.claims(&Basics::new(policy))),
        );
        let spec_id = format!("{id}@spec");
        let made = spec_id.clone();
        all.push(
            RefereeInfo::new(
                spec_id.clone(),
                format!("Spec of {} (whole-history rescan); {words}", kind.id()),
                "The definition itself, checked against every earlier board",
                move || kind.spec_referee(made.clone(), Basics::new(policy)),
            )
            .with_details(kind.details())
            .with_termination(kind.termination_argument())
            .with_legality(spec_id)
            .with_claims(kind.claims(&Basics::new(policy))),
        );
    }
    all
}

impl Refereed for Go {
    /// Each rule once, with its default suicide policy.
    const DEFAULT_RULES: &'static str = "simple-ko,psk";
    type NameError = super::rules::kee::axes::ReadingError;

    /// All Go referees. Ids with `@spec` are the slow reference versions of the same rule.
    fn registry() -> Vec<RefereeInfo<Go>> {
        let mut all: Vec<_> = SuicidePolicy::ALL.into_iter().flat_map(ko_rules).collect();
        all.extend(presets().iter().map(|p| p.info()));
        all.extend(super::rules::katago::registry());
        all.extend(super::rules::kee::registry());
        all
    }

    /// Kee combinations by their parts (`kee[rescind=erase,replace=same]`, `kee[*]`).
    fn named(token: &str) -> Option<Result<Vec<RefereeInfo<Go>>, Self::NameError>> {
        super::rules::kee::named(token)
    }
}
