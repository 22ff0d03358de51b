//! Every chess referee by id: the internal rulesets ([`super::rules`]), the bridges to
//! outside engines ([`super::bridge`]) and the repetition detectors ([`super::detect`]).

use super::Chess;
use crate::referee::{RefereeInfo, Refereed};

impl Refereed for Chess {
    const DEFAULT_RULES: &'static str = "fide,fide-no-claim,threefold-automatic,german";
    /// No referee is named by parts.
    type NameError = std::convert::Infallible;

    fn registry() -> Vec<RefereeInfo<Chess>> {
        let mut all = super::rules::registry::rulesets();
        all.extend(super::bridge::registry());
        all.extend(super::detect::registry());
        all
    }
}
