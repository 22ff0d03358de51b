//! Replays the checked-in seed corpus of every fuzz target (`fuzz/seeds/<target>/`, rebuilt
//! by `fuzz/seed.sh`) through the same functions the targets call, on the stable toolchain.

use std::path::Path;

use rulediff::check::fuzz;
use rulediff::ForFamily;
use rulediff::Listed;

fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/seeds")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        run(&std::fs::read(&path).unwrap());
        count += 1;
    }
    assert!(count > 0, "no seeds in {}", dir.display());
}

#[test]
fn case_file_seeds() {
    replay("case_file", fuzz::case_file);
}

#[test]
fn sgf_seeds() {
    replay("sgf", fuzz::sgf);
}

#[test]
fn differential_seeds() {
    replay("differential", fuzz::differential);
}

#[test]
fn termination_seeds() {
    replay("termination", fuzz::termination);
}

#[test]
fn fen_seeds() {
    replay("fen", fuzz::fen);
}

#[test]
fn pgn_seeds() {
    replay("pgn", fuzz::pgn);
}

#[test]
fn go_rules_seeds() {
    replay("go_rules", fuzz::go_rules);
}

#[test]
fn gtp_reply_seeds() {
    replay("gtp_reply", fuzz::gtp_reply);
}

#[test]
fn xiangqi_fen_seeds() {
    replay("xiangqi_fen", fuzz::xiangqi_fen);
}

#[test]
fn xiangqi_differential_seeds() {
    replay("xiangqi_differential", fuzz::xiangqi_differential);
}

#[test]
fn kee_claims_seeds() {
    replay("kee_claims", fuzz::kee_claims);
}

#[test]
fn katago_cleanup_seeds() {
    replay("katago_cleanup", fuzz::katago_cleanup);
}

#[test]
fn pass_alive_seeds() {
    replay("pass_alive", fuzz::pass_alive);
}

#[test]
fn engines_file_seeds() {
    replay("engines_file", fuzz::engines_file);
}

#[test]
fn results_json_seeds() {
    replay("results_json", fuzz::results_json);
}

#[test]
fn case_writer_seeds() {
    replay("case_writer", fuzz::case_writer);
}

/// Every target a family makes seeds for (`Listed::fuzz_seeds`), as `fuzz/seed.sh` writes
/// them; each has its replay above.
const FAMILY_TARGETS: &[&str] = &[
    "differential",
    "termination",
    "pass_alive",
    "case_writer",
    "go_rules",
    "kee_claims",
    "sgf",
    "fen",
    "pgn",
    "xiangqi_fen",
    "xiangqi_differential",
];

/// Each family makes seeds from the corpus, each for a target this file replays, and no two
/// seeds share a file.
#[test]
fn every_family_makes_seeds_for_known_targets() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let seeds = rulediff::fuzz_seeds(&corpus).expect("the corpus reads");
    for seed in &seeds {
        assert!(
            FAMILY_TARGETS.contains(&seed.target),
            "seed {} for unknown target {}",
            seed.name,
            seed.target
        );
    }
    let mut files: Vec<(&str, &str)> = seeds.iter().map(|s| (s.target, s.name.as_str())).collect();
    files.sort();
    let before = files.len();
    files.dedup();
    assert_eq!(files.len(), before, "two seeds with one file name");
    for target in FAMILY_TARGETS {
        assert!(
            seeds.iter().any(|s| s.target == *target),
            "no seed for {target}"
        );
    }
    struct Count<'a>(&'a Path);
    impl ForFamily for Count<'_> {
        type Output = (&'static str, usize);
        fn run<F: Listed>(&mut self) -> (&'static str, usize) {
            (
                F::NAME,
                F::fuzz_seeds(self.0).expect("the corpus reads").len(),
            )
        }
    }
    for (family, count) in rulediff::for_each_family(&mut Count(&corpus)) {
        assert!(count > 0, "{family} makes no fuzz seeds");
    }
}

proptest::proptest! {
    /// Any bytes: a Go setup, plays, and a title and comment of any characters.
    #[test]
    fn the_case_writer_round_trips(data in proptest::collection::vec(proptest::prelude::any::<u8>(), 3..160)) {
        fuzz::case_writer(&data);
    }
}
