#!/bin/bash -eu
# Builds every cargo-fuzz target of fuzz/ with the sanitizer flags the base image sets, and
# packs each target's checked-in seeds (fuzz/seeds/<target>/) as its seed corpus.
# Runs inside the base-builder-rust image ($SRC, $OUT set); also runs by hand:
#   SRC=$PWD/.. OUT=/tmp/out .clusterfuzzlite/build.sh
cd "$SRC/rulediff/fuzz"
cargo +nightly fuzz build --release --debug-assertions
targets=$(cargo +nightly fuzz list)
built=target/x86_64-unknown-linux-gnu/release
mkdir -p "$OUT"
for target in $targets; do
  cp "$built/$target" "$OUT/"
  if [ -d "seeds/$target" ]; then
    (cd "seeds/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
  fi
done
