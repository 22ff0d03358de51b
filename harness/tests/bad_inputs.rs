//! Bad input, as a new user might give it: every one gets a clear answer (an error naming
//! the file and line where there is one, or a stated warning), never a hang, a panic or
//! silence.

mod common;
use common::{corpus, rulediff_within, scratch, text};

use std::path::Path;

/// A folder holding one good case (and whatever the test adds).
fn folder_with_a_case(name: &str) -> std::path::PathBuf {
    let dir = scratch(name);
    std::fs::copy(corpus("go/basics/occupied.toml"), dir.join("good.toml")).unwrap();
    dir
}

fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_named_like_a_case_is_skipped_with_a_warning() {
    let dir = folder_with_a_case("fifo");
    mkfifo(&dir.join("x.toml"));
    let out = rulediff_within(60, &["run", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("x.toml: skipped: not a regular file"),
        "{stderr}"
    );
    assert!(stderr.contains("1 cases"), "{stderr}");
}

#[test]
fn a_fifo_given_by_name_is_skipped_with_a_warning() {
    let dir = scratch("fifo-given");
    let fifo = dir.join("x.toml");
    mkfifo(&fifo);
    let out = rulediff_within(60, &["run", fifo.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("x.toml: skipped: not a regular file"),
        "{stderr}"
    );
    assert!(stderr.contains("no .toml case files"), "{stderr}");
}

#[test]
fn a_folder_link_back_up_is_walked_once() {
    let dir = folder_with_a_case("loop");
    std::os::unix::fs::symlink(&dir, dir.join("loop")).unwrap();
    let out = rulediff_within(60, &["run", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("loop: skipped: symbolic-link loop"),
        "{stderr}"
    );
    assert!(stderr.contains("1 cases"), "{stderr}");
}

#[test]
fn a_link_loop_named_like_a_case_and_a_link_to_a_fifo_are_skipped() {
    let dir = folder_with_a_case("link-loop");
    std::os::unix::fs::symlink(dir.join("b.toml"), dir.join("a.toml")).unwrap();
    std::os::unix::fs::symlink(dir.join("a.toml"), dir.join("b.toml")).unwrap();
    mkfifo(&dir.join("pipe"));
    std::os::unix::fs::symlink(dir.join("pipe"), dir.join("c.toml")).unwrap();
    let out = rulediff_within(60, &["run", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    for name in ["a.toml", "b.toml"] {
        assert!(
            stderr.contains(&format!("{name}: skipped: cannot follow")),
            "{stderr}"
        );
    }
    assert!(
        stderr.contains("c.toml: skipped: not a regular file"),
        "{stderr}"
    );
    assert!(stderr.contains("1 cases"), "{stderr}");
}

#[test]
fn a_case_reached_by_two_links_is_read_once() {
    let dir = folder_with_a_case("twice");
    std::os::unix::fs::symlink(dir.join("good.toml"), dir.join("same.toml")).unwrap();
    let sub = dir.join("sub");
    std::fs::create_dir(&sub).unwrap();
    std::os::unix::fs::symlink(&dir, sub.join("up")).unwrap();
    let out = rulediff_within(60, &["run", dir.to_str().unwrap(), dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("1 cases"), "{stderr}");
}

/// Files the case files below refer to: records with one fault each.
const RECORDS: &[(&str, &str)] = &[
    ("bad1.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Qxz9 1-0\n"),
    ("bad2.pgn", "[Event \"x\"\n\n1. e4 1-0\n"),
    ("bad3.pgn", "1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Kf5 *\n"),
    ("s2.sgf", "(;SZ[5];B[zz])"),
    ("s3.sgf", "(;SZ[30])"),
    ("s4.sgf", "garbage"),
    ("s5.sgf", "(;SZ[5];B[aa];B[bb])"),
    ("s6.sgf", "(;GM[1]FF[4]SZ[5]TB[aa]TW[aa])"),
    ("s7.sgf", "(;SZ[5]PL[X])"),
    ("s8.sgf", "(;SZ[5]AB[cc]AW[cc])"),
    ("s9.sgf", "(;SZ[5]KM[abc])"),
    ("s10.sgf", "(;SZ[5]HA[-5])"),
    ("s11.sgf", "(;SZ[5];B[aa]W[bb])"),
    ("s12.sgf", "(;SZ[5]B[zz])"),
    ("s13.sgf", "(;GM[1]FF[4]SZ[5]\n;B[aa]\n;W[bb]\n;W[cc])"),
    ("s14.sgf", "(;GM[1]FF[4]SZ[5]\n  KM[6.25])"),
    ("s15.sgf", "(;SZ[5]RU[Japanese]RU[Chinese])"),
    ("s16.sgf", "(;SZ[5]RU[Japanese]\n;B[aa]RU[Chinese])"),
    ("s17.sgf", "(;SZ[5]RU[Japanese][Chinese])"),
    ("s18.sgf", "(;SZ[5];B[aa]TB[ee];W[bb];B[])"),
    ("s19.sgf", "(;SZ[5];B[aa])(;SZ[9])"),
    ("s20.sgf", "(;SZ[5]RE[B+1];B[aa]\n;W[bb]RE[W+2])"),
    (
        "bad4.pgn",
        "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n\n1. Kd1 *\n",
    ),
];

/// Bad case files (Go, chess, xiangqi; FEN, PGN and SGF through them): the file, its text, and
/// the error `rulediff run` must print, from the file and line on (`{dir}`: the folder).
const CASES: &[(&str, &str, &str)] = &[
    ("g01.toml", "family = \"go\"\nboard = \"5x5\nmoves = \"A1\"\n", "g01.toml:2:13: invalid basic string"),
    ("g02.toml", "family = \"go\"\nboard = \"5x5\"\nmoves = \"A1 Z9\"\n", "g02.toml:3:13: `Z9` is not a vertex of board 5x5"),
    ("g03.toml", "family = \"go\"\nboard = \"99x99\"\n", "g03.toml:2:9: grid 99x99 is out of range (each side 1..=25)"),
    ("g04.toml", "family = \"go\"\nboard = \"5x5\"\nkomi_ = 1\n", "g04.toml:3:1: unknown key `komi_`"),
    ("g05.toml", "family = \"shogi\"\n", "g05.toml:1:10: unknown family `shogi` (known: go, chess, xiangqi)"),
    ("g06.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = { illegal = 5 }\n", "g06.toml:5:7: illegal = 5, but the moves are numbered 1..=1"),
    ("g07.toml", "family = \"go\"\nboard = \"2x2\"\nsetup = \"\"\"\nXO\nOX\n\"\"\"\n", "g07.toml:3:9: setup has a string without liberties at A1"),
    ("g08.toml", "board = \"5x5\"\n", "g08.toml:1:1: missing field `family`"),
    ("g09.toml", "family = 3\n", "g09.toml:1:10: invalid type: integer `3`, expected a string"),
    ("g10.toml", "family = \"go\"\n", "g10.toml:1:1: missing `board` (e.g. \"9x9\") or `edges`"),
    ("g11.toml", "family = \"go\"\nboard = \"0x5\"\n", "g11.toml:2:9: grid 0x5 is out of range (each side 1..=25)"),
    ("g12.toml", "family = \"go\"\nboard = \"5x\"\n", "g12.toml:2:9: unknown board shape `5x`"),
    ("g14.toml", "family = \"go\"\nboard = \"path:0\"\n", "g14.toml:2:9: board must have at least one vertex"),
    ("g15.toml", "family = \"go\"\nedges = \"a-b b-\"\n", "g15.toml:2:9: edge `b-` is not of the form a-b"),
    ("g16.toml", "family = \"go\"\nedges = \"a-a\"\n", "g16.toml:2:9: edge `a` joins a vertex to itself"),
    ("g17.toml", "family = \"go\"\nboard = \"5x5\"\nedges = \"a-b\"\n", "g17.toml:2:9: give either `board` or `edges`, not both"),
    ("g18.toml", "family = \"go\"\nboard = \"3x3\"\nkomi = \"x\"\n", "g18.toml:3:8: data did not match any variant of untagged enum Komi"),
    ("g19.toml", "family = \"go\"\nboard = \"3x3\"\nkomi = 0.3\n", "g19.toml:3:8: komi 0.3 is not a multiple of 0.5"),
    ("g20.toml", "family = \"go\"\nboard = \"3x3\"\nplayers = 1\n", "g20.toml:3:11: players must be 2..=8"),
    ("g21.toml", "family = \"go\"\nboard = \"3x3\"\nplayers = 99\n", "g21.toml:3:11: players must be 2..=8"),
    ("g22.toml", "family = \"go\"\nboard = \"3x3\"\nto_move = \"Q\"\n", "g22.toml:3:11: `Q` is not one of the seats [\"B\", \"W\"]"),
    ("g23.toml", "family = \"go\"\nboard = \"3x3\"\nsetup = \"\"\"\nXX\n\"\"\"\n", "g23.toml:3:9: setup must be 3 rows of 3 symbols (top row first)"),
    ("g24.toml", "family = \"go\"\nboard = \"3x3\"\nsetup = \"\"\"\nXXZ\n...\n...\n\"\"\"\n", "g24.toml:3:9: setup symbol `Z` is not `.`, `X`, `O` or a seat letter"),
    ("g25.toml", "family = \"go\"\nboard = \"3x3\"\nrules = \"nonsense\"\n", "g25.toml:3:9: unknown referee `nonsense` for go; known: no-ko"),
    ("g26.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\nnonsense = { ongoing = true }\n", "g26.toml:5:12: expectation for unknown referee `nonsense`"),
    ("g28.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = { flying = true }\n", "g28.toml:5:9: unknown field `flying`"),
    ("g29.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = { illegal = 0 }\n", "g29.toml:5:7: illegal = 0, but the moves are numbered 1..=1"),
    ("g30.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = 3\n", "g30.toml:5:7: invalid type: integer `3`, expected struct ExpectSpec"),
    ("g31.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = 5\n", "g31.toml:3:9: invalid type: integer `5`, expected a string"),
    ("g32.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1 A1 pass pas\"\n", "g32.toml:3:21: `pas` is not a vertex of board 3x3"),
    ("g33.toml", "family = \"go\"\nsgf = \"missing.sgf\"\n", "g33.toml:2:7: cannot read "),
    ("g34.toml", "family = \"go\"\nsgf = \"s1.sgf\"\nboard = \"3x3\"\n", "g34.toml:2:7: `sgf` brings its own board, setup and moves; drop those keys"),
    ("g35.toml", "family = \"go\"\nboard = \"3x3\"\ndead = \"Z9\"\n", "g35.toml:3:9: `Z9` is not a vertex"),
    ("g36.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\ntitle = 5\n", "g36.toml:4:9: invalid type: integer `5`, expected a string"),
    ("g37.toml", "\0\x01", "g37.toml:1:1: invalid key"),
    ("g38.toml", "", "g38.toml:1:1: missing field `family`"),
    ("g39.toml", "family = \"go\"\nfamily = \"go\"\n", "g39.toml:2:1: duplicate key `family` in document root"),
    ("g40.toml", "family = \"go\"\nboard = \"3x3\"\n[expect]\n[expect]\n", "g40.toml:4:1: invalid table header"),
    ("c01.toml", "family = \"chess\"\nfen = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n", "c01.toml:2:7: `8/8/8/8/8/8/8/8 w - - 0 1` is not a legal position: empty board, a king is missing"),
    ("c02.toml", "family = \"chess\"\nfen = \"nonsense\"\n", "c02.toml:2:7: `nonsense` is not FEN: invalid board part in fen"),
    ("c03.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nmoves = \"e4\"\n", "c03.toml:3:10: move 1: `e4` in 4k3/8/8/8/8/8/8/4K3 w - - 0 1: illegal san"),
    ("c04.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nmoves = \"Kd1 Kz9\"\n", "c04.toml:3:14: move 2: `Kz9` is neither a UCI nor a SAN move"),
    ("c05.toml", "family = \"chess\"\npgn = \"missing.pgn\"\n", "c05.toml:2:7: cannot read "),
    ("c06.toml", "family = \"chess\"\npgn = \"bad1.pgn\"\n", "bad1.pgn:3:17: move 4: `Qxz9` is neither a UCI nor a SAN move"),
    ("c07.toml", "family = \"chess\"\npgn = \"bad2.pgn\"\n", "bad2.pgn:1:1: tag `[` not closed on its line"),
    ("c08.toml", "family = \"chess\"\npgn = \"bad3.pgn\"\n", "bad3.pgn:1:35: move 7: `Kf5` in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4: illegal san"),
    ("c10.toml", "family = \"chess\"\npgn = \"bad3.pgn\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n", "c10.toml:3:7: a case imports `pgn` or sets `fen`/`generate`, not both"),
    ("c11.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nboard = \"3x3\"\n", "c11.toml:3:1: unknown key `board`"),
    ("c12.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nrules = \"psk\"\n", "c12.toml:3:9: unknown referee `psk` for chess; known: fide"),
    ("c14.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"\n", "c14.toml:2:7: `4k3/8/8/8/8/8/8/4K3 x - - 0 1` is not FEN: invalid turn part in fen"),
    ("c17.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - -5 1\"\n", "c17.toml:2:7: `4k3/8/8/8/8/8/8/4K3 w - - -5 1` is not FEN: invalid halfmove clock in fen"),
    ("c18.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\ngenerate = \"x\"\n", "c18.toml:3:12: `x`: expected `euwe:N`"),
    ("x01.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"nonsense\"\n", "x01.toml:3:8: 1 ranks, a xiangqi board has 10"),
    ("x02.toml", "family = \"xiangqi\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\nranks = \"2-11\"\n", "x02.toml:3:9: ranks `2-11` must be \"0-9\""),
    ("x03.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\nmoves = \"z9z9\"\n", "x03.toml:4:10: `z9z9` is not a move in coordinates (file a-i, rank 0-9)"),
    ("x04.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\nhistory = \"h8h9 h8h9\"\n", "x04.toml:4:17: history move 2: h8h9 is not a legal move for black here"),
    ("x05.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"9/9/9/9/9/9/9/9/9/9 w - - 0 1\"\n", "x05.toml:3:8: red has no king"),
    ("x06.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4 w - - 0 1\"\n", "x06.toml:3:8: 9 ranks, a xiangqi board has 10"),
    ("x07.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/10 w - - 0 1\"\n", "x07.toml:3:44: a run of empty points cannot be 0"),
    ("x08.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\nmoves = \"e1e2\"\n[expect]\nwxf = { illegal = 1, rule = \"x\" }\nfide = { ongoing = true }\n", "x08.toml:7:8: expectation for unknown referee `fide`"),
    ("x09.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 q - - 0 1\"\n", "x09.toml:3:45: side to move `q` is not `w` (Red) or `b` (Black)"),
    ("s01.toml", "family = \"go\"\nsgf = \"s2.sgf\"\n", "s01.toml:2:7: {dir}/s2.sgf:1:9: point (25,25) is off the 5x5 board"),
    ("s02.toml", "family = \"go\"\nsgf = \"s3.sgf\"\n", "s02.toml:2:7: {dir}/s3.sgf:1:3: board size 30x30 is outside 1..=25"),
    ("s03.toml", "family = \"go\"\nsgf = \"s4.sgf\"\n", "s03.toml:2:7: {dir}/s4.sgf:1:1: not a Go SGF: "),
    ("s04.toml", "family = \"go\"\nsgf = \"s5.sgf\"\n", "s04.toml:2:7: {dir}/s5.sgf:1:15: node 2: B plays out of turn"),
    ("s05.toml", "family = \"go\"\nsgf = \"s6.sgf\"\n", "s05.toml:2:7: {dir}/s6.sgf:1:18: TB and TW both mark aa (A5)"),
    ("s06.toml", "family = \"go\"\nsgf = \"s7.sgf\"\n", "s06.toml:2:7: {dir}/s7.sgf:1:8: node 0: PL[X] is not a valid PL value"),
    ("x12.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\nrules = \"wxf-nonsense\"\n", "x12.toml:4:9: unknown referee `wxf-nonsense` for xiangqi; known: wxf"),
    ("x13.toml", "family = \"xiangqi\"\nranks = 9\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\n", "x13.toml:2:9: invalid type: integer `9`, expected a string"),
    ("x14.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\nboard = \"9x10\"\n", "x14.toml:4:1: unknown key `board`"),
    ("x15.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/4K4 w - - 0 1\"\n", "x15.toml:3:8: red has 2 pieces `K`, at most 1 are possible"),
    ("xr.toml", "family = \"xiangqi\"\nfen = \"nonsense\"\n", "xr.toml:1:1: missing `ranks`"),
    ("s07.toml", "family = \"go\"\nsgf = \"s8.sgf\"\n", "s07.toml:2:7: {dir}/s8.sgf:1:14: node 0: AB and AW both set cc"),
    ("s08.toml", "family = \"go\"\nsgf = \"s9.sgf\"\n", "s08.toml:2:7: {dir}/s9.sgf:1:8: node 0: KM[abc] is not a valid KM value"),
    ("s09.toml", "family = \"go\"\nsgf = \"s10.sgf\"\n", "s09.toml:2:7: {dir}/s10.sgf:1:8: node 0: HA[-5] is not a valid HA value"),
    ("s10.toml", "family = \"go\"\nsgf = \"s11.sgf\"\n", "s10.toml:2:7: {dir}/s11.sgf:1:14: node 1: 2 moves in one node"),
    ("s11.toml", "family = \"go\"\nsgf = \"s12.sgf\"\n", "s11.toml:2:7: {dir}/s12.sgf:1:8: point (25,25) is off the 5x5 board"),
    ("s12.toml", "family = \"go\"\nsgf = \"s13.sgf\"\n", "s12.toml:2:7: {dir}/s13.sgf:4:2: node 3: W plays out of turn"),
    ("s13.toml", "family = \"go\"\nsgf = \"s14.sgf\"\n", "s13.toml:2:7: {dir}/s14.sgf:2:3: KM[6.25]: komi is not a multiple of 0.5"),
    ("s14.toml", "family = \"go\"\nsgf = \"s15.sgf\"\n", "s14.toml:2:7: {dir}/s15.sgf:1:20: node 0: RU given twice in one node"),
    ("s15.toml", "family = \"go\"\nsgf = \"s16.sgf\"\n", "s15.toml:2:7: {dir}/s16.sgf:2:7: node 1: RU is game information, read from the root (node 0) only"),
    ("s16.toml", "family = \"go\"\nsgf = \"s17.sgf\"\n", "s16.toml:2:7: {dir}/s17.sgf:1:8: node 0: RU[Japanese][Chinese] is not a valid RU value"),
    ("s17.toml", "family = \"go\"\nsgf = \"s18.sgf\"\n", "s17.toml:2:7: {dir}/s18.sgf:1:14: node 1: TB before the last node; territory markup is read from the last node of the main line (node 3) only"),
    ("s18.toml", "family = \"go\"\nsgf = \"s19.sgf\"\n", "s18.toml:2:7: {dir}/s19.sgf holds 2 game trees; a case imports one"),
    ("s19.toml", "family = \"go\"\nsgf = \"s20.sgf\"\n", "s19.toml:2:7: {dir}/s20.sgf:2:7: node 2: RE is game information"),
    ("g41.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = { over = 1, result = \"Q+3\" }\n", "g41.toml:5:28: `Q+3` is not a result: write `B` or `W` (who won), `B+3.5` (by points)"),
    ("g42.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = { over = 1, result = \"B+3.25\" }\n", "g42.toml:5:28: `B+3.25` is not a result"),
    ("g43.toml", "family = \"go\"\nboard = \"3x3\"\nplayers = 3\nmoves = \"A1\"\n[expect]\npsk = { over = 1, result = \"B=1 W=1\" }\n", "g43.toml:6:28: `B=1 W=1` is not a result"),
    ("g44.toml", "family = \"go\"\nboard = \"3x3\"\nmoves = \"A1\"\n[expect]\npsk = { over = 1, result = \"draw:\" }\n", "g44.toml:5:28: `draw:` is not a result"),
    ("c19.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"\n", "c19.toml:2:7: `4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1` is not a legal position: castling rights `KQkq` without the king and rook on their home squares"),
    ("c20.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - e6 0 1\"\n", "c20.toml:2:7: `4k3/8/8/8/8/8/8/4K3 w - e6 0 1` is not a legal position: en passant square `e6` that no pawn's double step just made"),
    ("c21.toml", "family = \"chess\"\nfen = \"r3k2r/8/8/8/4P3/8/8/R3K2R b KQkq e4 0 1\"\n", "c21.toml:2:7: `r3k2r/8/8/8/4P3/8/8/R3K2R b KQkq e4 0 1` is not a legal position: en passant square `e4` that no pawn's double step just made"),
    ("c22.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K2R w Q - 0 1\"\n", "c22.toml:2:7: `4k3/8/8/8/8/8/8/4K2R w Q - 0 1` is not a legal position: castling rights `Q` without the king and rook on their home squares"),
    ("c23.toml", "family = \"chess\"\npgn = \"bad4.pgn\"\n", "bad4.pgn:3:1: `4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1` is not a legal position: castling rights `KQkq` without the king and rook on their home squares"),
    ("c24.toml", "family = \"chess\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\nmoves = \"Kd1\"\n[expect]\nfide = { over = 1, result = \"W+1\" }\n", "c24.toml:5:29: `W+1` is not a result: write `white` or `black` (who won)"),
    ("x16.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - e3 0 1\"\n", "x16.toml:3:49: expected `-`, found `e3` (xiangqi has no castling or en passant)"),
    ("x17.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 0\"\n", "x17.toml:3:53: the move number starts at 1, it cannot be 0"),
    ("x18.toml", "family = \"xiangqi\"\nranks = \"0-9\"\nfen = \"c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\"\nmoves = \"e1e2\"\n[expect]\nwxf = { over = 1, result = \"R+1\" }\n", "x18.toml:6:28: `R+1` is not a result: write `red` or `black` (who won)"),
];

#[test]
fn every_bad_case_file_is_an_error_at_its_file_and_line() {
    let dir = scratch("cases");
    for (name, body) in RECORDS {
        std::fs::write(dir.join(name), body).unwrap();
    }
    for (name, body, _) in CASES {
        std::fs::write(dir.join(name), body).unwrap();
    }
    let out = rulediff_within(120, &["run", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for (name, _, expected) in CASES {
        let expected = expected.replace("{dir}", &dir.display().to_string());
        let line = format!("error: {}/{expected}", dir.display());
        assert!(
            stderr.contains(&line),
            "{name}: wanted `{line}` in\n{stderr}"
        );
    }
    let summary = format!("{} case files with errors", CASES.len());
    assert!(stderr.contains(&summary), "{stderr}");
    assert!(CASES.len() >= 85);
}

/// A command line and what it must answer (exit status 2, the error) before any work.
fn refused(args: &[&str], expected: &str) {
    let out = rulediff_within(60, args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(
        stderr.contains(expected),
        "{args:?}: wanted `{expected}` in\n{stderr}"
    );
}

#[test]
fn bad_command_lines_are_refused_before_any_work() {
    let out = scratch("cli").join("out");
    let out = out.to_str().unwrap();
    let case = corpus("go/basics/occupied.toml");
    let table: &[(&[&str], &str)] = &[
        (
            &["run", &case, "--rules", ""],
            "--rules `` selects no referee",
        ),
        (
            &["run", &case, "--rules=-all"],
            "--rules `-all` selects no referee",
        ),
        (
            &["run", &case, "--rules", "nonsense"],
            "unknown referee `nonsense`",
        ),
        (
            &["run", &case, "--engine", "a:nonsense-rule=x"],
            "unknown ruleset `nonsense-rule`",
        ),
        (
            &["run", &case, "--engine", "a:fide=x"],
            "ruleset `fide` is a chess ruleset",
        ),
        (
            &["run", &case, "--engine", "psk=/bin/cat"],
            "id `psk` is a built-in referee's",
        ),
        (
            &["run", &case, "--engine", "nobody"],
            "`nobody` is not a built-in engine",
        ),
        (
            &["run", &case, "--engine", "bad id=x"],
            "`bad id` is not an id",
        ),
        (
            &["run", "/nonexistent/cases"],
            "/nonexistent/cases: no such file or directory",
        ),
        (
            &["run", &case, "--rules", "fide"],
            "--rules names referees of no case's family: `fide` (chess); the cases are go",
        ),
        (
            &["run", &case, "--rules", "psk,wxf*,-fide"],
            "--rules names referees of no case's family: `wxf*` (xiangqi); the cases are go",
        ),
        (&["random", "--games", "0", "--out", out], "--games 0"),
        (
            &["random", "--max-plies", "0", "--out", out],
            "--max-plies 0",
        ),
        (
            &[
                "random",
                "--family",
                "chess",
                "--board",
                "5x5",
                "--players",
                "3",
                "--out",
                out,
            ],
            "--board is for Go",
        ),
        (
            &[
                "random",
                "--family",
                "chess",
                "--players",
                "3",
                "--out",
                out,
            ],
            "--players is for Go",
        ),
        (
            &["random", "--board", "99x99", "--out", out],
            "grid 99x99 is out of range",
        ),
        (
            &["random", "--players", "9", "--out", out],
            "--players must be 2..=8",
        ),
        (
            &["random", "--rules", "", "--out", out],
            "selects no go referee",
        ),
        (
            &[
                "random", "--family", "chess", "--start", "nonsense", "--out", out,
            ],
            "`nonsense` is not FEN",
        ),
        (
            &[
                "random", "--family", "xiangqi", "--start", "nonsense", "--out", out,
            ],
            "--start nonsense",
        ),
        (
            &[
                "random",
                "--family",
                "chess",
                "--engine",
                "gnugo-psk",
                "--out",
                out,
            ],
            "the engines given referee go games, not chess",
        ),
        (
            &[
                "finite",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--max-states",
                "0",
            ],
            "--max-states 0",
        ),
        (
            &[
                "finite",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--max-seconds",
                "0",
            ],
            "--max-seconds 0",
        ),
        (
            &[
                "finite",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--max-memory",
                "0",
            ],
            "--max-memory 0",
        ),
        (
            &[
                "finite",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--players",
                "1",
            ],
            "`1` is not 2..=8",
        ),
        (
            &["finite", "--rules", "psk", "--graphs", "connected:1..=x"],
            "--graphs takes `connected:1..=N`",
        ),
        (
            &["finite", "--rules", "", "--board", "2x2"],
            "selects no go referee",
        ),
        (
            &[
                "finite", "--family", "chess", "--rules", "fide", "--board", "2x2",
            ],
            "are for Go",
        ),
        (
            &[
                "solve",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--max-seconds",
                "0",
            ],
            "--max-seconds 0",
        ),
        (
            &[
                "solve",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--table-mb",
                "4000000",
            ],
            "--table-mb 4000000",
        ),
        (
            &[
                "solve",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--table-mb",
                "0",
            ],
            "--table-mb 0",
        ),
        (
            &[
                "solve",
                "--rules",
                "psk",
                "--board",
                "2x2",
                "--no-result",
                "0.3",
            ],
            "is not a multiple of 0.5",
        ),
        (
            &["solve", "--rules", "psk", "--board", "30x30"],
            "grid 30x30 is out of range",
        ),
        (&["solve", "--rules", "psk"], "give --board"),
        (
            &["kee-claims", "--games", "18446744073709551615"],
            "--games 18446744073709551615: at most",
        ),
        (&["kee-claims", "--games", "0"], "--games 0"),
        (
            &[
                "kee-claims",
                "--seed",
                "18446744073709551615",
                "--games",
                "2",
            ],
            "the last game's seed would pass",
        ),
        (
            &["kee-claims", "--rules", "kee:nonsense", "--games", "1"],
            "`kee:nonsense` is not a Kee reading",
        ),
        (
            &["sgf", "/nonexistent.toml"],
            "/nonexistent.toml: cannot read",
        ),
        (
            &["report", "/nonexistent/results.json"],
            "cannot read /nonexistent/results.json",
        ),
    ];
    for (args, expected) in table {
        refused(args, expected);
    }
}

/// Bad engines files: the error names the file and the line of the engine at fault.
const ENGINES: &[(&str, &str)] = &[
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\ncolour = 1\n",
        "e.toml:4:1: unknown field `colour`",
    ),
    (
        "[[engine]]\nid = \"a b\"\ncommand = \"x\"\n",
        "e.toml:1: engine `a b`: `a b` is not an id",
    ),
    (
        "\n[[engine]]\nid = \"a\"\n",
        "e.toml:2: engine `a`: `a` is not a built-in engine",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"\"\n",
        "e.toml:1: engine `a`: empty command",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = []\n",
        "e.toml:1: engine `a`: empty command",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\ntimeout_ms = 0\n",
        "e.toml:1: engine `a`: timeout_ms must be 1..=3600000",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\ntimeout_ms = -5\n",
        "e.toml:4:14: invalid value: integer `-5`",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nstartup_ms = 99999999999\n",
        "e.toml:1: engine `a`: startup_ms must be 1..=3600000",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nkomi = 0.3\n",
        "e.toml:1: engine `a`: komi 0.3 is not a multiple of 0.5",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nruleset = \"fide\"\n",
        "e.toml:1: engine `a`: ruleset `fide` is a chess ruleset",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nruleset = \"wxf\"\n",
        "e.toml:1: engine `a`: ruleset `wxf` is a xiangqi ruleset",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nruleset = \"nonsense-rule\"\n",
        "e.toml:1: engine `a`: unknown ruleset `nonsense-rule`",
    ),
    (
        "[[engine]]\nid = \"psk\"\ncommand = \"x\"\n",
        "e.toml:1: engine `psk`: id `psk` is a built-in referee's",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nlegality = \"sometimes\"\n",
        "e.toml:4:12: unknown variant `sometimes`",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nscoring = \"vibes\"\n",
        "e.toml:4:11: unknown variant `vibes`",
    ),
    (
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\n\n[[engine]]\nid = \"a\"\ncommand = \"y\"\n",
        "e.toml:5: engine `a`: defined twice",
    ),
    (
        "[engine]\nid = 3\n",
        "e.toml:1:1: invalid type: map, expected a sequence",
    ),
    (
        "engine = 5\n",
        "e.toml:1:10: invalid type: integer `5`, expected a sequence",
    ),
    (
        "[[engine]]\nid = \"goban-chinese\"\ncommand = \"x\"\n",
        "e.toml:1: engine `goban-chinese`: `goban-chinese` runs in process",
    ),
    (
        "[[engine]]\ncommand = \"x\"\n",
        "e.toml:1:1: missing field `id`",
    ),
    ("[[engine]\n", "e.toml:1:"),
];

#[test]
fn bad_engines_files_name_the_file_and_line() {
    let dir = scratch("engines");
    let case = corpus("go/basics/occupied.toml");
    for (i, (body, expected)) in ENGINES.iter().enumerate() {
        let sub = dir.join(i.to_string());
        std::fs::create_dir_all(&sub).unwrap();
        let file = sub.join("e.toml");
        std::fs::write(&file, body).unwrap();
        let expected = format!("{}/{expected}", sub.display());
        refused(
            &["run", &case, "--engines", file.to_str().unwrap()],
            &expected,
        );
    }
    refused(
        &["run", &case, "--engines", "/nonexistent/e.toml"],
        "/nonexistent/e.toml: cannot read",
    );
}

/// Bad saved results: `report` names the file, and the line and column of a syntax error,
/// or the format version the file lacks.
#[test]
fn bad_results_files_name_the_file_and_where() {
    let dir = scratch("results");
    let not_results = "not a rulediff results file";
    let table: &[(&str, &str)] = &[
        ("{\"version\": 1,\n\"plan\": 3}", "in field `plan` (line 2, column 9): invalid type: integer `3`, expected struct Plan at line 2 column 9"),
        ("{\n\"plan\": {\n", "in field `plan` (line 3, column 0): EOF while parsing an object at line 3 column 0"),
        ("", "(line 1, column 0): EOF while parsing a value at line 1 column 0"),
        ("[]", "invalid length 0, expected struct Results"),
        ("\u{0}", "(line 1, column 1): expected value at line 1 column 1"),
    ];
    for (i, (body, expected)) in table.iter().enumerate() {
        let file = dir.join(format!("{i}.json"));
        std::fs::write(&file, body).unwrap();
        refused(
            &["report", file.to_str().unwrap()],
            &format!("{}: {not_results}", file.display()),
        );
        refused(&["report", file.to_str().unwrap()], expected);
    }
    let versions: &[(&str, &str)] = &[
        (
            "{\"plan\": 3}",
            "no format version; this rulediff reads results of version 1",
        ),
        (
            "{\"version\": 2, \"plan\": 3}",
            "results format version 2; this rulediff reads version 1 only",
        ),
        (
            "{\"version\": \"1\"}",
            "results format version \"1\"; this rulediff reads version 1 only",
        ),
    ];
    for (i, (body, expected)) in versions.iter().enumerate() {
        let file = dir.join(format!("version-{i}.json"));
        std::fs::write(&file, body).unwrap();
        refused(
            &["report", file.to_str().unwrap()],
            &format!("{}: {expected}", file.display()),
        );
    }
    refused(
        &["report", dir.to_str().unwrap()],
        "not a regular file (it is a folder)",
    );
}

#[test]
fn a_resume_from_an_edited_games_done_is_refused() {
    let out = scratch("edited-done").join("campaign");
    let out = out.to_str().unwrap();
    let args = [
        "random",
        "--board",
        "3x3",
        "--games",
        "128",
        "--seed",
        "3",
        "--rules",
        "simple-ko,psk",
        "--max-plies",
        "200",
        "--out",
        out,
    ];
    let first = rulediff_within(120, &args);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let file = Path::new(out).join("results.json");
    let saved = std::fs::read_to_string(&file).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(json["games_done"], 128);
    // A plausible edit: another multiple of the 64-game batch, with the plies still within
    // what 64 games may take, so a resume would play games 64-127 again and count them twice.
    json["games_done"] = serde_json::json!(64);
    std::fs::write(&file, serde_json::to_string_pretty(&json).unwrap()).unwrap();
    let resume: Vec<&str> = args.iter().copied().chain(["--resume"]).collect();
    refused(
        &resume,
        &format!(
            "{}: inconsistent results: games_done is 64, but game_signatures counts 128 games; cannot resume from it",
            file.display()
        ),
    );
}

#[test]
fn an_empty_folder_or_one_without_cases_is_an_error() {
    let dir = scratch("empty");
    std::fs::write(dir.join("notes.txt"), "not a case").unwrap();
    refused(&["run", dir.to_str().unwrap()], "no .toml case files under");
    assert!(Path::new(&dir).exists());
}

/// An engine that never answers holds a run for its start-up allowance (here 1.5 s), not a
/// minute: the first command is bounded like every other.
#[test]
fn a_silent_engine_costs_its_startup_allowance_not_a_minute() {
    let dir = scratch("silent");
    let file = dir.join("e.toml");
    std::fs::write(
        &file,
        "[[engine]]\nid = \"silent\"\ncommand = \"sleep 1000\"\nruleset = \"psk\"\ntimeout_ms = 1500\n",
    )
    .unwrap();
    let case = corpus("go/basics/occupied.toml");
    let started = std::time::Instant::now();
    let out = rulediff_within(60, &["run", &case, "--engines", file.to_str().unwrap()]);
    let seconds = started.elapsed().as_secs_f64();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("engine `silent`"), "{stderr}");
    assert!(stderr.contains("1500 ms"), "{stderr}");
    // Under the 10 s default command timeout, so the 1.5 s allowance is what ended it, yet
    // loose enough for a loaded machine: 3.65 s failed once under a load average of 8.
    assert!(seconds < 8.0, "{seconds} s");
}

#[test]
fn engines_says_when_node_is_there_but_the_bridges_packages_are_not() {
    let dir = common::fresh("node-bridges-without-packages");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .arg("engines")
        .env("RULEDIFF_NODE_BRIDGES", &dir)
        .env("RULEDIFF_NODE", "sh")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let sabaki = text.split("\nsabaki ").nth(1).expect("sabaki listed");
    let status = sabaki.lines().nth(3).unwrap();
    assert!(
        status.contains("npm packages are not installed") && status.contains("npm ci"),
        "{status}"
    );
}

/// A command line that must end within a minute with status `code` and `expected` on stderr.
fn answers(args: &[&str], code: i32, expected: &str) {
    let out = rulediff_within(60, args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(
        stderr.contains(expected),
        "{args:?}: wanted `{expected}` in\n{stderr}"
    );
}

#[test]
fn every_command_refuses_a_fifo_and_a_device_naming_the_path() {
    let dir = scratch("fifo-commands");
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    let out = dir.join("out");
    for path in [fifo.to_str().unwrap(), "/dev/zero"] {
        let what = if path == "/dev/zero" {
            "not a regular file (it is a device)"
        } else {
            "not a regular file (it is a FIFO)"
        };
        let said = format!("{path}: {what}");
        // Case files and engines files are errors at a file and line; here, the whole file.
        let at_file = format!("{path}: cannot read: {what}");
        answers(&["score", path], 1, &said);
        answers(&["report", path], 2, &said);
        answers(&["sgf", path], 2, &at_file);
        answers(&["explain", path], 2, &at_file);
        answers(&["solve", "--rules", "psk", "--case", path], 2, &at_file);
        let out = out.to_str().unwrap();
        answers(&["wxf-import", path, "--out", out], 2, &said);
        let random = ["random", "--board", "3x3", "--games", "1", "--out", out];
        answers(&[&random[..], &["--engines", path]].concat(), 2, &at_file);
    }
}

#[test]
fn case_keys_naming_a_fifo_or_a_device_are_errors_at_the_key() {
    let dir = scratch("fifo-keys");
    mkfifo(&dir.join("pipe.sgf"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.pgn")).unwrap();
    std::fs::write(dir.join("a.toml"), "family = \"go\"\nsgf = \"pipe.sgf\"\n").unwrap();
    std::fs::write(
        dir.join("b.toml"),
        "family = \"chess\"\npgn = \"zero.pgn\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("c.toml"), "family = \"go\"\nsgf = \"/dev/zero\"\n").unwrap();
    let out = rulediff_within(60, &["run", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let d = dir.display();
    for line in [
        format!("a.toml:2:7: cannot read {d}/pipe.sgf: not a regular file (it is a FIFO)"),
        format!("b.toml:2:7: cannot read {d}/zero.pgn: not a regular file (it is a device)"),
        "c.toml:2:7: cannot read /dev/zero: not a regular file (it is a device)".to_string(),
    ] {
        assert!(stderr.contains(&line), "wanted `{line}` in\n{stderr}");
    }
}

#[test]
fn a_file_over_its_kinds_limit_is_refused_with_the_limit() {
    let dir = scratch("too-large");
    let big = dir.join("big.sgf");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len((16 << 20) + 1).unwrap();
    let said = format!(
        "{}: larger than the 16 MiB an SGF record may be",
        big.display()
    );
    answers(&["score", big.to_str().unwrap()], 1, &said);
    let case = dir.join("big.toml");
    std::fs::File::create(&case)
        .unwrap()
        .set_len((4 << 20) + 1)
        .unwrap();
    answers(
        &["sgf", case.to_str().unwrap()],
        2,
        "cannot read: larger than the 4 MiB a case file may be",
    );
}

#[test]
fn score_on_a_folder_keeps_every_good_record_whatever_the_others_are() {
    let dir = scratch("score-hostile");
    let good = "go/records/japanese-walls.sgf";
    std::fs::copy(corpus(good), dir.join("good.sgf")).unwrap();
    let deep = format!("(;SZ[9]{})", ";".repeat(40_000));
    std::fs::write(dir.join("deep.sgf"), &deep).unwrap();
    let nested = format!("(;SZ[9]{}{})", "(;".repeat(40_000), ")".repeat(40_000));
    std::fs::write(dir.join("nested.sgf"), nested).unwrap();
    mkfifo(&dir.join("pipe.sgf"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.sgf")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("up")).unwrap();
    std::fs::write(dir.join("junk.sgf"), "(;SZ[9];B[").unwrap();
    let out = rulediff_within(60, &["score", dir.to_str().unwrap(), "--format", "json"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{json}");
    assert!(games[0]["file"].as_str().unwrap().ends_with("good.sgf"));
    assert_eq!(json["errors"].as_array().unwrap().len(), 3, "{json}");
    // The deep records parse and are walked: they end without RE, so are not counted.
    assert_eq!(json["not_counted"].as_array().unwrap().len(), 2, "{json}");
    assert!(stderr.contains("pipe.sgf: not a regular file (it is a FIFO)"));
}

#[test]
fn a_time_budget_past_the_clock_is_no_deadline() {
    for command in ["finite", "solve"] {
        let args = [
            command,
            "--rules",
            "psk",
            "--board",
            "1x2",
            "--max-seconds",
            "18446744073709551615",
        ];
        let out = rulediff_within(60, &args);
        let stderr = text(&out.stderr);
        assert!(out.status.success(), "{command}: {stderr}");
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
    }
}

#[test]
fn score_names_what_it_read_differently_in_the_records_notes() {
    let dir = scratch("score-notes");
    let good = std::fs::read_to_string(corpus("go/records/japanese-walls.sgf")).unwrap();
    std::fs::write(dir.join("two.sgf"), format!("{good}\n(;SZ[9])")).unwrap();
    let out = rulediff_within(60, &["score", dir.to_str().unwrap(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let notes = json["games"][0]["notes"].to_string();
    assert!(
        notes.contains("the file holds 2 game trees; only the first is read"),
        "{json}"
    );
}

#[test]
fn values_past_their_bound_are_refused_with_the_bound() {
    let solve = ["solve", "--rules", "psk", "--board", "1x2", "--no-result"];
    let bound = "is outside the points rulediff counts (less than 5e14 either way)";
    answers(
        &[&solve[..], &["1e308"]].concat(),
        2,
        &format!("--no-result 1e308: {bound}"),
    );
    let dir = scratch("komi-bound");
    let case = dir.join("komi.toml");
    std::fs::write(&case, "family = \"go\"\nboard = \"3x3\"\nkomi = 1e300\n").unwrap();
    answers(
        &["run", case.to_str().unwrap()],
        1,
        &format!("komi.toml:3:8: komi 1e300 {bound}"),
    );
    let engines = dir.join("e.toml");
    std::fs::write(
        &engines,
        "[[engine]]\nid = \"a\"\ncommand = \"x\"\nkomi = 1e300\n",
    )
    .unwrap();
    answers(
        &[
            "run",
            case.to_str().unwrap(),
            "--engines",
            engines.to_str().unwrap(),
        ],
        2,
        &format!("e.toml:1: engine `a`: komi 1e300 {bound}"),
    );
    // The value is shown as written, not as its 301 digits.
    let out = rulediff_within(60, &[&solve[..], &["1e300"]].concat());
    assert!(
        !text(&out.stderr).contains("0000000000"),
        "{}",
        text(&out.stderr)
    );
    answers(
        &[&solve[..], &["10000"]].concat(),
        2,
        "--no-result 10000: outside -8191.5..=8191.5",
    );
    let out = scratch("shard").join("out");
    let shard = [
        "random", "--board", "3x3", "--games", "3", "--shard", "5/10", "--out",
    ];
    answers(
        &[&shard[..], &[out.to_str().unwrap()]].concat(),
        2,
        "--shard 5/10: a campaign of 3 games has no game for shard 5",
    );
}

#[test]
fn a_results_file_that_is_a_folder_is_named_as_one() {
    let out = scratch("results-folder");
    std::fs::create_dir_all(out.join("results.json")).unwrap();
    let args = ["random", "--board", "3x3", "--games", "1", "--out"];
    answers(
        &[&args[..], &[out.to_str().unwrap()]].concat(),
        2,
        "results.json is a folder, not a results file",
    );
}

#[test]
fn a_bridge_time_out_that_is_not_one_is_an_error_naming_the_variable() {
    for (var, value) in [
        ("RULEDIFF_BRIDGE_TIMEOUT_MS", "abc"),
        ("RULEDIFF_BRIDGE_STARTUP_MS", "0"),
        ("RULEDIFF_BRIDGE_TIMEOUT_MS", "18446744073709551615"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_rulediff"))
            .arg("rules")
            .env(var, value)
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{var}={value}: {stderr}");
        let said = format!(
            "error: {var}=\"{value}\": not a time-out in milliseconds (a whole number 1..=3600000"
        );
        assert!(stderr.contains(&said), "wanted `{said}` in\n{stderr}");
    }
}

/// Saved results whose plan no run could have had are refused, not rendered.
#[test]
fn a_results_file_whose_plan_no_run_could_have_is_refused() {
    let dir = scratch("bad-plan");
    let out = dir.join("campaign");
    let args = ["random", "--board", "3x3", "--games", "1", "--out"];
    let made = rulediff_within(60, &[&args[..], &[out.to_str().unwrap()]].concat());
    assert!(made.status.success(), "{}", text(&made.stderr));
    let saved = std::fs::read_to_string(out.join("results.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&saved).unwrap();
    let edits: [(&str, serde_json::Value, &str); 2] = [
        (
            "family",
            "checkers".into(),
            "the campaign's plan: unknown family `checkers` (known: go, chess, xiangqi)",
        ),
        (
            "setup",
            "board = \"0x0\"\nplayers = 2\n".into(),
            "the campaign's plan: its start (`setup`): grid 0x0 is out of range (each side 1..=25)",
        ),
    ];
    for (key, value, expected) in edits {
        let mut edited = json.clone();
        edited["plan"][key] = value;
        let file = dir.join(format!("{key}.json"));
        std::fs::write(&file, edited.to_string()).unwrap();
        let report = dir.join(format!("{key}-report"));
        refused(
            &[
                "report",
                file.to_str().unwrap(),
                "--out",
                report.to_str().unwrap(),
            ],
            &format!("{}: {expected}", file.display()),
        );
        assert!(!report.exists(), "nothing is rendered for {key}");
    }
}

/// A memory budget below what the command already holds stops every search at once, and each
/// row says that budget stopped it, the row FINITE by the ruleset's argument too.
#[test]
fn a_search_stopped_by_the_memory_budget_says_so() {
    let args = [
        "finite",
        "--rules",
        "psk,ssk",
        "--board",
        "4x4",
        "--max-memory",
        "1",
    ];
    let out = rulediff_within(60, &args);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(rows.len(), 2, "{stdout}");
    for row in rows {
        assert!(row.contains("memory budget of 1 MiB ran out ("), "{row}");
    }
    assert!(
        stdout.contains("| FINITE | by its termination argument (")
            && stdout.contains("longest game not settled: memory budget of 1 MiB ran out ("),
        "{stdout}"
    );
}

#[test]
fn an_out_folder_that_is_a_file_is_refused_before_any_work_naming_the_file() {
    let dir = scratch("out-file");
    let file = dir.join("claims.md");
    std::fs::write(&file, "not a folder").unwrap();
    let said = format!(
        "--out {}: is a file, not a folder (the folder for the results; it is made if missing)",
        file.display()
    );
    let out = file.to_str().unwrap();
    // A count of games that would take hours: the refusal comes first.
    answers(
        &["kee-claims", "--games", "100000000", "--out", out],
        2,
        &said,
    );
    answers(
        &["finite", "--rules", "psk", "--board", "1x2", "--out", out],
        2,
        &said,
    );
    answers(
        &["random", "--board", "3x3", "--games", "1", "--out", out],
        2,
        &said,
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

/// Off a terminal, where indicatif draws nothing, a long command still says where it is: a
/// plain line on stderr every `$RULEDIFF_PROGRESS_SECONDS` (30 s by default).
#[test]
fn long_runs_print_progress_lines_when_not_on_a_terminal() {
    let dir = scratch("progress");
    let out = dir.join("campaign");
    let runs: [(&[&str], &str); 3] = [
        (
            &[
                "random",
                "--board",
                "5x5",
                "--games",
                "18446744073709551615",
                "--out",
                out.to_str().unwrap(),
            ],
            "/18446744073709551615 games",
        ),
        (
            &["finite", "--rules", "psk", "--board", "4x4"],
            "0/1 searches",
        ),
        (&["solve", "--rules", "psk", "--board", "4x4"], "psk 4x4, "),
    ];
    for (i, (args, expected)) in runs.iter().enumerate() {
        let err = dir.join(format!("{i}.err"));
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rulediff"))
            .args(*args)
            .env("RULEDIFF_PROGRESS_SECONDS", "1")
            .stdout(std::process::Stdio::null())
            .stderr(std::fs::File::create(&err).unwrap())
            .spawn()
            .unwrap();
        // Poll rather than sleep a fixed time: a loaded machine starts a search late.
        let progress_lines = || {
            let said = std::fs::read_to_string(&err).unwrap();
            let lines = said.lines().filter(|l| l.starts_with("progress: ")).count();
            (said, lines)
        };
        let began = std::time::Instant::now();
        while progress_lines().1 < 2 && began.elapsed().as_secs() < 60 {
            std::thread::sleep(std::time::Duration::from_millis(250));
        }
        let _ = child.kill();
        let _ = child.wait();
        let (said, lines) = progress_lines();
        assert!(lines >= 2, "{args:?}: {said}");
        assert!(
            said.contains(expected),
            "{args:?}: wanted `{expected}` in\n{said}"
        );
    }
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_rulediff"))
        .arg("rules")
        .env("RULEDIFF_PROGRESS_SECONDS", "0")
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("RULEDIFF_PROGRESS_SECONDS=\"0\": not a number of seconds"));
}
