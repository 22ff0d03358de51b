//! Checks a run against the expectations written in its case file.

use serde::{Deserialize, Serialize};

use crate::case::Expectation;
use crate::referee::Status;

use super::record::{CaseRun, Ruling};

/// One expectation and whether the run met it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpectationCheck {
    /// The referee's id.
    pub referee: String,
    /// What the case expects, in words.
    pub expected: String,
    /// What the referee actually did, in the same words.
    pub got: String,
    /// `None` when the referee was not part of this run (the command line left it out).
    pub ok: Option<bool>,
}

/// Checks every expectation of the case against the run.
pub fn check_expectations(
    run: &CaseRun,
    expect: &[(String, Expectation)],
) -> Vec<ExpectationCheck> {
    expect
        .iter()
        .map(|(id, expectation)| {
            let expected = describe(expectation);
            match run.referees.iter().position(|r| r == id) {
                None => ExpectationCheck {
                    referee: id.clone(),
                    expected,
                    got: "not run".into(),
                    ok: None,
                },
                Some(r) => {
                    let got = what_happened(run, r);
                    let ok = Some(meets(run, r, expectation));
                    ExpectationCheck {
                        referee: id.clone(),
                        expected,
                        got,
                        ok,
                    }
                }
            }
        })
        .collect()
}

/// An expectation in the words `what_happened` uses.
pub fn describe(expectation: &Expectation) -> String {
    match expectation {
        Expectation::Illegal {
            at,
            rule: Some(rule),
        } => format!("illegal at {at} ({rule})"),
        Expectation::Illegal { at, rule: None } => format!("illegal at {at}"),
        Expectation::Over {
            at,
            result: Some(result),
        } => format!("over at {at} ({result})"),
        Expectation::Over { at, result: None } => format!("over at {at}"),
        Expectation::Ongoing => "ongoing".into(),
    }
}

/// How referee `r`'s game went, as a short phrase.
pub fn what_happened(run: &CaseRun, r: usize) -> String {
    match &run.start[r] {
        Err(fault) => return format!("fault at the start: {fault}"),
        Ok(Status::Over { outcome }) => return format!("over at 0 ({})", outcome.summary()),
        Ok(Status::Ongoing) => {}
    }
    for (i, ruling) in run.column(r).enumerate() {
        match ruling {
            Ruling::Legal | Ruling::Stopped => {}
            Ruling::Ends { outcome } => {
                return format!("over at {} ({})", i + 1, outcome.summary())
            }
            Ruling::Illegal { rule } => return format!("illegal at {} ({rule})", i + 1),
            Ruling::Fault { message } => return format!("fault at {}: {message}", i + 1),
        }
    }
    "ongoing".into()
}

fn meets(run: &CaseRun, r: usize, expectation: &Expectation) -> bool {
    let at_start = &run.start[r];
    let mut rulings = run.column(r);
    match expectation {
        Expectation::Over { at: 0, result } => match at_start {
            Ok(Status::Over { outcome }) => result.as_deref().is_none_or(|x| outcome.matches(x)),
            _ => false,
        },
        _ if !matches!(at_start, Ok(Status::Ongoing)) => false,
        Expectation::Ongoing => rulings.all(|ruling| *ruling == Ruling::Legal),
        Expectation::Illegal { at, rule } => {
            rulings.by_ref().take(at - 1).all(|x| *x == Ruling::Legal)
                && matches!(rulings.next(), Some(Ruling::Illegal { rule: got })
                    if rule.as_ref().is_none_or(|want| want == got))
        }
        Expectation::Over { at, result } => {
            rulings.by_ref().take(at - 1).all(|x| *x == Ruling::Legal)
                && matches!(rulings.next(), Some(Ruling::Ends { outcome })
                    if result.as_deref().is_none_or(|want| outcome.matches(want)))
        }
    }
}
