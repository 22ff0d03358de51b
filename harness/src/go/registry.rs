//! Every Go referee rulediff knows, by id.

use super::rules::psk::Psk;
use super::rules::simple_ko::SimpleKo;
use super::rules::spec::{SpecKo, SpecReferee};
use super::rules::{Basics, GoReferee, SuicidePolicy};
use super::Go;
use crate::referee::{RefereeInfo, Refereed};

const KGS_SUPERKO: &str = "KGS, \"Superko\" (shared/reference/superko-forms-kgs.txt): PSK row";
const SIMPLE_KO_SOURCE: &str =
    "Basic ko: no stone play may recreate, by capturing one stone, the position before the opponent's last play";

fn suicide_words(policy: SuicidePolicy) -> &'static str {
    match policy {
        SuicidePolicy::Forbidden => "suicide forbidden",
        SuicidePolicy::MultiStone => "multi-stone suicide allowed (Kee rule 10)",
        SuicidePolicy::All => "all suicide allowed, even a no-op",
    }
}

fn ko_rules(policy: SuicidePolicy) -> Vec<RefereeInfo<Go>> {
    let suffix = policy.suffix();
    let words = suicide_words(policy);
    let id = |base: &str| format!("{base}{suffix}");
    let spec_id = |base: &str| format!("{base}{suffix}@spec");
    let (simple, psk) = (id("simple-ko"), id("psk"));
    vec![
        RefereeInfo::new(
            simple.clone(),
            format!("Simple ko; {words}"),
            SIMPLE_KO_SOURCE,
            move || {
                Box::new(GoReferee::new(
                    simple.clone(),
                    Basics::new(policy),
                    SimpleKo::default(),
                ))
            },
        ),
        RefereeInfo::new(
            id("psk"),
            format!("Positional superko; {words}"),
            KGS_SUPERKO,
            move || {
                Box::new(GoReferee::new(
                    psk.clone(),
                    Basics::new(policy),
                    Psk::default(),
                ))
            },
        )
        .claims_finite(),
        spec(
            spec_id("simple-ko"),
            format!("Spec of simple ko (whole-history rescan); {words}"),
            policy,
            SpecKo::Simple,
        ),
        spec(
            spec_id("psk"),
            format!("Spec of positional superko (whole-history rescan); {words}"),
            policy,
            SpecKo::Positional,
        ),
    ]
}

fn spec(id: String, summary: String, policy: SuicidePolicy, ko: SpecKo) -> RefereeInfo<Go> {
    let source = "The definition itself, checked against every earlier board";
    let made = id.clone();
    let info = RefereeInfo::new(id, summary, source, move || {
        Box::new(SpecReferee::new(made.clone(), Basics::new(policy), ko))
    });
    match ko {
        SpecKo::Positional => info.claims_finite(),
        SpecKo::Simple => info,
    }
}

impl Refereed for Go {
    /// Each rule once, with its default suicide policy.
    const DEFAULT_RULES: &'static str = "simple-ko,psk";

    /// All Go referees. Ids with `@spec` are the slow reference versions of the same rule.
    fn registry() -> Vec<RefereeInfo<Go>> {
        SuicidePolicy::ALL.into_iter().flat_map(ko_rules).collect()
    }
}
