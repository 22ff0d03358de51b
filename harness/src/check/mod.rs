//! Properties that rulesets claim, checked over sequences of steps.
