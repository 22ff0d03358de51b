#!/usr/bin/env bash
# Rebuilds the seed corpora in fuzz/seeds/ from the bundled corpus: case files and SGF records
# as they are, and for the game targets one input per board shape, size and player count.
# cargo test replays every seed (harness/tests/fuzz_seeds.rs); cargo fuzz starts from them:
#   cargo +nightly fuzz run differential fuzz/seeds/differential
set -euo pipefail
cd "$(dirname "$0")"
rm -rf seeds && mkdir -p seeds/{case_file,sgf,differential,termination,go_rules,kee_claims}
find ../corpus -name '*.toml' | while read -r f; do cp "$f" "seeds/case_file/$(echo "${f#../corpus/}" | tr / _)"; done
find ../corpus -name '*.sgf' | while read -r f; do cp "$f" "seeds/sgf/$(basename "$f")"; done
python3 - <<'PY'
import random
random.seed(1)
for shape in range(5):
    for size in (0, 1, 3, 8, 17):
        for players in range(3):
            picks = bytes(random.randrange(256) for _ in range(2 * 60))
            data = bytes([shape, size, players]) + picks
            for target in ("differential", "termination"):
                open(f"seeds/{target}/s{shape}-{size}-{players}", "wb").write(data)
for i in range(20):
    open(f"seeds/go_rules/seed{i}", "wb").write(random.getrandbits(64).to_bytes(8, "little"))
for i in range(20):
    open(f"seeds/kee_claims/seed{i}", "wb").write(random.getrandbits(64).to_bytes(8, "little"))
PY
