#!/usr/bin/env bash
# Rebuilds the seed corpora in fuzz/seeds/. Each family's seeds (its game targets, its notations
# read from the corpus) come from the family itself through the one list of families
# (`rulediff fuzz-seeds`); this script adds the seeds that belong to no family: every case file
# of the corpus, GTP replies, engines files and saved campaign results.
# cargo test replays every seed (harness/tests/fuzz_seeds.rs); cargo fuzz starts from them:
#   cargo +nightly fuzz run differential fuzz/seeds/differential
set -euo pipefail
cd "$(dirname "$0")"
rm -rf seeds && mkdir -p seeds/{case_file,gtp_reply,engines_file,results_json}
(cd .. && cargo run --release -q -- fuzz-seeds --corpus corpus --out fuzz/seeds >/dev/null)
find ../corpus -name '*.toml' | while read -r f; do cp "$f" "seeds/case_file/$(echo "${f#../corpus/}" | tr / _)"; done
# KataGo cleanup-phase games: byte strings spread over starts and presets, and issue 33's start.
python3 - seeds/katago_cleanup <<'PY'
import os, sys
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for n in range(12):
    data = bytes((((n * 2654435761) ^ (i * 40503)) & 0xff) for i in range(80))
    data = bytes(((b << (n % 8)) | (b >> (8 - n % 8))) & 0xff for b in data)
    open(os.path.join(out, f"seed{n}"), "wb").write(data)
open(os.path.join(out, "issue33"), "wb").write(bytes([2, 0, 0] + [200, 100, 250, 30, 60, 90, 120] * 6))
PY
# GTP replies: what GNU Go and Leela Zero print, and the kinds of nonsense a broken engine might.
printf '=1 \n\n=2 A1 B2 C3 T19\n\n? illegal move\n\n=3 1\n\n' > seeds/gtp_reply/gnugo
printf '= protocol_version\nname\nversion\n\n=12 W+3.5\n\n=13 0\n\n' > seeds/gtp_reply/lists
printf '=7\n   A1 pass\n\n?8 unknown command\r\n\r\n' > seeds/gtp_reply/multiline
printf 'hello\n\n=99999999999999999999999 x\n\n=1x\n\n= B+inf\n\n' > seeds/gtp_reply/garbage
# Engines files: the README's example, built-ins by id, and faults the reader must name.
printf '[[engine]]\nid = "mybot-psk"\ncommand = "/opt/mybot --gtp"\nruleset = "psk"\ntimeout_ms = 10000\nstartup_ms = 30000\nlegality = "auto"\nscoring = "area"\nkomi = 0.0\npipeline = true\nsummary = "x"\n\n[[engine]]\nid = "gnugo-ssk"\n' > seeds/engines_file/readme
printf '[[engine]]\nid = "a"\ncommand = ["prog", "--x"]\nruleset = "fide"\n' > seeds/engines_file/chess-ruleset
printf '[[engine]]\nid = "psk"\ncommand = "x"\ntimeout_ms = 0\n[[engine]]\nid = "psk"\n' > seeds/engines_file/faults
# Saved results: a small campaign's (the default family's default referees), and the same
# with games_done edited.
out=$(mktemp -d)
(cd .. && cargo run --release -q -- random --games 70 --out "$out/r" >/dev/null)
cp "$out/r/results.json" seeds/results_json/campaign
sed 's/"games_done": 70/"games_done": 13/' "$out/r/results.json" > seeds/results_json/edited
rm -rf "$out"
