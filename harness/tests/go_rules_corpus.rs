//! Runs every case under `corpus/go/rules/` through the referees its expectations name (and
//! their `@spec` twins, held to the same expectation) and checks what each one rules.
//!
//! `RULEDIFF_SHOW=1 cargo test --test go_rules_corpus -- --nocapture` prints, per case, what
//! every ko rule says, which is how the expectations were reviewed.

use std::path::{Path, PathBuf};

use rulediff::go::Go;
use rulediff::AnyCase;
use rulediff::{Case, Expectation};
use rulediff::{Outcome, RefereeInfo, Refereed, Verdict};

/// What a referee did with a case's plays.
#[derive(Debug, Clone, PartialEq)]
enum Observed {
    Illegal { at: usize, rule: String },
    Over { at: usize, outcome: Outcome },
    Ongoing,
}

impl std::fmt::Display for Observed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Observed::Illegal { at, rule } => write!(f, "illegal at {at} ({rule})"),
            Observed::Over { at, outcome } => write!(f, "over after {at}: {outcome}"),
            Observed::Ongoing => f.write_str("ongoing"),
        }
    }
}

fn observe(info: &RefereeInfo<Go>, case: &Case<Go>) -> Observed {
    let mut referee = (info.make)();
    referee.start(&case.setup).expect("start");
    for (i, play) in case.plays.iter().enumerate() {
        if let rulediff::Status::Over { outcome } = referee.status().expect("status") {
            return Observed::Over { at: i, outcome };
        }
        match referee.play(play).expect("play") {
            Verdict::Legal => {}
            Verdict::Illegal { rule } => return Observed::Illegal { at: i + 1, rule },
        }
    }
    match referee.status().expect("status") {
        rulediff::Status::Over { outcome } => Observed::Over {
            at: case.plays.len(),
            outcome,
        },
        rulediff::Status::Ongoing => Observed::Ongoing,
    }
}

fn meets(observed: &Observed, expected: &Expectation) -> bool {
    match (observed, expected) {
        (
            Observed::Illegal { at, rule },
            Expectation::Illegal {
                at: want,
                rule: want_rule,
            },
        ) => at == want && want_rule.as_ref().is_none_or(|r| r == rule),
        (Observed::Over { at, outcome }, Expectation::Over { at: want, result }) => {
            at == want && result.as_ref().is_none_or(|r| outcome.matches(r))
        }
        (Observed::Ongoing, Expectation::Ongoing) => true,
        _ => false,
    }
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/go/rules");
    rulediff::discover_cases(&[dir]).expect("corpus/go/rules exists")
}

#[test]
fn every_rules_case_meets_its_expectations() {
    let registry = Go::registry();
    let show = std::env::var_os("RULEDIFF_SHOW").is_some();
    let mut failures = Vec::new();
    let cases = corpus();
    assert!(cases.len() >= 8, "the rules corpus is missing cases");
    for path in cases {
        let AnyCase::Go(case) = rulediff::load_case(&path).unwrap_or_else(|e| panic!("{e}")) else {
            panic!("{}: not a Go case", path.display())
        };
        assert!(
            !case.expect.is_empty(),
            "{}: no expectations",
            path.display()
        );
        if show {
            println!("\n{} — {}", path.display(), case.title);
            for base in rulediff::go::KoKind::ALL {
                let info = registry
                    .iter()
                    .find(|r| r.id == base.id())
                    .expect("ko rule");
                println!("  {:<24} {}", base.id(), observe(info, &case));
            }
        }
        for (id, expected) in &case.expect {
            let spec_id = format!("{id}@spec");
            let twins = registry.iter().filter(|r| &r.id == id || r.id == spec_id);
            let mut found = false;
            for info in twins {
                found = true;
                let observed = observe(info, &case);
                if !meets(&observed, expected) {
                    failures.push(format!(
                        "{}: {} expected {:?}, got {observed}",
                        path.display(),
                        info.id,
                        expected
                    ));
                }
            }
            assert!(found, "{}: unknown referee `{id}`", path.display());
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
