//! Properties that rulesets claim, checked over sequences of steps.
pub mod go_rules;
