#!/usr/bin/env bash
# Rebuilds the seed corpora in fuzz/seeds/ from the bundled corpus: case files and SGF records
# as they are, and for the game targets one input per board shape, size and player count.
# cargo test replays every seed (harness/tests/fuzz_seeds.rs); cargo fuzz starts from them:
#   cargo +nightly fuzz run differential fuzz/seeds/differential
set -euo pipefail
cd "$(dirname "$0")"
rm -rf seeds && mkdir -p seeds/{case_file,sgf,differential,termination,go_rules,fen,pgn,gtp_reply,xiangqi_fen,xiangqi_differential,kee_claims,pass_alive,engines_file,results_json,case_writer}
find ../corpus -name '*.toml' | while read -r f; do cp "$f" "seeds/case_file/$(echo "${f#../corpus/}" | tr / _)"; done
find ../corpus -name '*.sgf' | while read -r f; do cp "$f" "seeds/sgf/$(basename "$f")"; done
find ../corpus -name '*.pgn' | while read -r f; do cp "$f" "seeds/pgn/$(basename "$f")"; done
grep -ho 'fen = "[^"]*"' -r ../corpus | sed 's/^fen = "//; s/"$//' | sort -u | nl -w1 -s' ' | while read -r n fen; do printf '%s' "$fen" > "seeds/fen/corpus-$n"; done
python3 - <<'PY'
import random
random.seed(1)
for shape in range(5):
    for size in (0, 1, 3, 8, 17):
        for players in range(3):
            picks = bytes(random.randrange(256) for _ in range(2 * 60))
            data = bytes([shape, size, players]) + picks
            for target in ("differential", "termination", "pass_alive", "case_writer"):
                open(f"seeds/{target}/s{shape}-{size}-{players}", "wb").write(data)
starts = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/R2p3k/8/4P3/4K3 b - e3 0 1",
          "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w KQkq e6 0 1", "8/8/8/8/8/8/8/8 w - - 0 1",
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "k7/8/8/8/8/8/8/7K x - - 0 1"]
for i, fen in enumerate(starts):
    open(f"seeds/fen/start-{i}", "w").write(fen)
for i in range(20):
    open(f"seeds/go_rules/seed{i}", "wb").write(random.getrandbits(64).to_bytes(8, "little"))
# xiangqi: every FEN the corpus uses, and one game per start position and a few pick streams.
import glob, re
fens = {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"}
for path in glob.glob("../corpus/xiangqi/**/*.toml", recursive=True):
    m = re.search(r'^fen = "(.*)"$', open(path).read(), re.M)
    if m:
        fens.add(m.group(1))
for i, f in enumerate(sorted(fens)):
    open(f"seeds/xiangqi_fen/fen{i:03}", "w").write(f)
for start in range(8):
    for stream in range(4):
        picks = bytes(random.randrange(256) for _ in range(2 * 40))
        open(f"seeds/xiangqi_differential/s{start}-{stream}", "wb").write(bytes([start]) + picks)
for i in range(20):
    open(f"seeds/kee_claims/seed{i}", "wb").write(random.getrandbits(64).to_bytes(8, "little"))
PY
# GTP replies: what GNU Go and Leela Zero print, and the kinds of nonsense a broken engine might.
printf '=1 \n\n=2 A1 B2 C3 T19\n\n? illegal move\n\n=3 1\n\n' > seeds/gtp_reply/gnugo
printf '= protocol_version\nname\nversion\n\n=12 W+3.5\n\n=13 0\n\n' > seeds/gtp_reply/lists
printf '=7\n   A1 pass\n\n?8 unknown command\r\n\r\n' > seeds/gtp_reply/multiline
printf 'hello\n\n=99999999999999999999999 x\n\n=1x\n\n= B+inf\n\n' > seeds/gtp_reply/garbage
# Engines files: the README's example, built-ins by id, and faults the reader must name.
printf '\x00\x03\x02"q\\\\ \x1b\x7f\x0a\x0d\x09\xc2\x85 title \xff end' > seeds/case_writer/control-characters
printf '[[engine]]\nid = "mybot-psk"\ncommand = "/opt/mybot --gtp"\nruleset = "psk"\ntimeout_ms = 10000\nstartup_ms = 30000\nlegality = "auto"\nscoring = "area"\nkomi = 0.0\npipeline = true\nsummary = "x"\n\n[[engine]]\nid = "gnugo-ssk"\n' > seeds/engines_file/readme
printf '[[engine]]\nid = "a"\ncommand = ["prog", "--x"]\nruleset = "fide"\n' > seeds/engines_file/chess-ruleset
printf '[[engine]]\nid = "psk"\ncommand = "x"\ntimeout_ms = 0\n[[engine]]\nid = "psk"\n' > seeds/engines_file/faults
# Saved results: a small campaign's, and the same with games_done edited.
out=$(mktemp -d)
(cd .. && cargo run --release -q -- random --board 4x4 --games 70 --rules simple-ko,psk --out "$out/r" >/dev/null)
cp "$out/r/results.json" seeds/results_json/campaign
sed 's/"games_done": 70/"games_done": 13/' "$out/r/results.json" > seeds/results_json/edited
rm -rf "$out"
