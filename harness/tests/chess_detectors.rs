//! The repetition detectors of issue 9 against the FIDE referees: where they must agree, and
//! the known disagreements (each a corpus case under corpus/chess/detectors/).

use rulediff::chess::euwe;
use rulediff::chess::Detector;
use rulediff::chess::Line;
use rulediff::chess::Table;
use rulediff::chess::{legal_move, Chess, ChessSetup};
use rulediff::AnyCase;
use rulediff::Refereed;
use rulediff::RunOptions as Options;

fn corpus() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/chess")
}

/// Every corpus case through `reference` and `detector`: the steps where they split.
fn splits(reference: &str, detector: &str) -> Vec<String> {
    let registry = Chess::registry();
    let referees = rulediff::select(&registry, &format!("{reference},{detector}")).unwrap();
    let mut out = Vec::new();
    for path in rulediff::discover_cases(&[corpus()]).unwrap() {
        let AnyCase::Chess(case) = rulediff::load_case(&path).unwrap() else {
            continue;
        };
        let run = rulediff::run_case(&case, &referees, &Options::default());
        for d in run.divergences {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            out.push(format!("{name}@{}", d.ply));
        }
    }
    out
}

#[test]
fn cuckoo_claims_exactly_what_fide_claims_on_the_corpus() {
    assert_eq!(splits("fide", "detect-cuckoo"), Vec::<String>::new());
}

#[test]
fn hash_detectors_differ_from_fide_only_on_en_passant_hashing() {
    let keys = splits("threefold-automatic", "detect-keys");
    assert_eq!(keys, splits("threefold-automatic", "detect-table"));
    assert!(!keys.is_empty());
    for split in &keys {
        assert!(
            [
                "double-step-without-en-passant",
                "en-passant-pinned",
                "petroff-knight-dance",
                "en-passant-hash",
                // corpus/chess/engines/: a pinned capturer after a double step (chess.js).
                "chessjs-pinned-en-passant"
            ]
            .iter()
            .any(|case| split.starts_with(case)),
            "unexplained: {split}"
        );
    }
}

#[test]
fn the_move_list_misses_rights_and_the_side_to_move() {
    let moves = splits("threefold-automatic", "detect-moves");
    for expected in [
        "castling-rights@15",
        "odd-cycle@18",
        "king-walk-loses-castling@8",
        "en-passant-possible@9",
    ] {
        assert!(
            moves.contains(&expected.to_string()),
            "{expected} in {moves:?}"
        );
    }
}

#[test]
fn the_repetition_table_counts_hits_and_false_hits() {
    let setup = ChessSetup::standard();
    let mut line = Line::new(setup.start.clone());
    let mut table = Table::new(true);
    table.start(&line);
    for play in euwe(2000) {
        let m = legal_move(line.pos(), &play).unwrap();
        line.push(m);
        table.pushed(&line);
    }
    let stats = table.stats;
    assert_eq!(stats.entries, 2001);
    // Euwe's line has only 7 distinct positions: every entry after the first few is a hit,
    // and a confirmed one (the back-trace finds the earlier occurrences).
    assert!(stats.hits >= 1990, "{stats:?}");
    assert_eq!(stats.false_hits, 0);
    assert!(stats.traced > 0);
}
