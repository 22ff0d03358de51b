//! Every corpus case through its referees: every expectation must hold, and what every
//! referee ruled at every step is pinned in `snapshots/` (one file per case), so a change in
//! any ruleset's behaviour shows up as a snapshot diff.

use std::path::{Path, PathBuf};

use rulediff::Case;
use rulediff::ForCase;
use rulediff::Listed;

use rulediff::{CaseRun, RunOptions as Options};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The run of a case of any family, named by `path` (read from wherever it was loaded).
struct RunAs(PathBuf);

impl ForCase for RunAs {
    type Output = CaseRun;
    fn run<F: Listed>(self, mut case: Case<F>) -> CaseRun {
        case.path = self.0;
        run(&case)
    }
}

fn run<F: Listed>(case: &Case<F>) -> CaseRun {
    let registry = rulediff::case_registry(case, None);
    let referees =
        rulediff::referees_for(&registry, case, None).expect("case names known referees");
    rulediff::run_case(case, &referees, &Options { legal_sets: false })
}

/// `corpus/go/basics/ko.toml` → `go__basics__ko`.
fn snapshot_name(path: &Path) -> String {
    let relative = path
        .strip_prefix(root().join("corpus"))
        .expect("case under corpus/");
    relative
        .with_extension("")
        .to_string_lossy()
        .replace(['/', '\\'], "__")
}

#[test]
fn corpus_cases_pass_and_match_their_snapshots() {
    let files = rulediff::discover_cases(&[root().join("corpus")]).expect("corpus readable");
    assert!(
        files.len() >= 20,
        "the corpus should hold at least 20 cases, found {}",
        files.len()
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    let _guard = settings.bind_to_scope();
    let mut failures = Vec::new();
    for path in &files {
        // The case is named by its path from the repository root, as the README's command
        // names it: an absolute path would make lines wrap differently in every checkout.
        let relative = path.strip_prefix(root()).unwrap_or(path).to_path_buf();
        let run = rulediff::load_case(path)
            .unwrap_or_else(|e| panic!("{e}"))
            .visit(RunAs(relative));
        let mut text = rulediff::report::case_run_text(&run);
        text = text.replace(&format!("{}/", root().display()), "");
        insta::assert_snapshot!(snapshot_name(path), text);
        if !run.passed() {
            failures.push(rulediff::report::case_run_text(&run));
        }
    }
    assert!(
        failures.is_empty(),
        "expectations failed:\n{}",
        failures.join("\n")
    );
}
