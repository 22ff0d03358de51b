#!/usr/bin/env bash
# Regenerates the campaigns behind reports/engines.md: every GNU Go mode against the ruleset it
# claims, the goban crate against its presets, and Leela Zero on 19x19. Each campaign's
# results.json, divergences.csv, report.html and minimized cases land in its own folder here.
#   bash reports/engines/run.sh          (about 10 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")"
rulediff=${RULEDIFF:-../../target/release/rulediff}
campaign() { # name board games max-plies engine [extra args]
  local name=$1 board=$2 games=$3 plies=$4 engine=$5
  shift 5
  rm -rf "$name"
  "$rulediff" random --board "$board" --games "$games" --max-plies "$plies" --seed 2026 \
    --engine "$engine" --out "$name" "$@" > "$name.txt"
  mv "$name.txt" "$name/summary.txt"
  head -1 "$name/summary.txt"
}
for ko in psk ssk simple-ko; do
  campaign "gnugo-$ko-5x5" 5x5 3000 200 "gnugo-$ko"
  campaign "gnugo-$ko-9x9" 9x9 500 648 "gnugo-$ko"
done
for mode in no-ko psk+suicide psk+all-suicide ssk+suicide ssk+all-suicide \
  simple-ko+suicide simple-ko+all-suicide no-ko+suicide no-ko+all-suicide; do
  campaign "gnugo-$mode-5x5" 5x5 1000 200 "gnugo-$mode"
done
# Games of thousands of plies on small boards: with all suicide allowed, games rarely end.
campaign gnugo-simple-ko+all-suicide-4x4-long 4x4 40 5000 gnugo-simple-ko+all-suicide
campaign gnugo-no-ko+all-suicide-5x5-long 5x5 40 5000 gnugo-no-ko+all-suicide
for rules in chinese japanese; do
  campaign "goban-$rules-5x5" 5x5 2000 200 "goban-$rules"
  campaign "goban-$rules-9x9" 9x9 300 648 "goban-$rules"
done
campaign leela-zero-19x19 19x19 4 300 leela-zero --rules psk,no-ko+all-suicide
# Engines over the referee protocol (issue 23): npm packages installed by `npm ci` in
# harness/bridges/node.
campaign sabaki-5x5 5x5 1000 200 sabaki
campaign sabaki-9x9 9x9 200 648 sabaki
campaign sabaki+all-suicide-5x5 5x5 1000 200 sabaki+all-suicide
chess_campaign() { # name games rules [extra args]
  local name=$1 games=$2 rules=$3
  shift 3
  rm -rf "$name"
  "$rulediff" random --family chess --games "$games" --seed 2026 --rules "$rules" \
    --out "$name" "$@" > "$name.txt"
  mv "$name.txt" "$name/summary.txt"
  head -1 "$name/summary.txt"
}
CASTLING_EP='r3k2r/p1pp1ppp/8/1p2p3/3P4/8/PPP1PPPP/R3K2R w KQkq - 0 1'
chess_campaign chessjs-start 300 threefold-automatic,chess.js
chess_campaign chessjs-ep-castling 300 threefold-automatic,chess.js --start "$CASTLING_EP"
chess_campaign chessops-start 300 no-repetition,chessops
chess_campaign chessops-ep-castling 300 no-repetition,chessops --start "$CASTLING_EP"
# OGS's GobanEngine (npm goban), one campaign per rules preset.
for preset in chinese aga japanese korean ing nz; do
  campaign "ogs-$preset-5x5" 5x5 300 200 "ogs-$preset"
done
for preset in chinese aga japanese korean ing nz; do
  campaign "ogs-$preset-9x9" 9x9 300 648 "ogs-$preset"
done
# Tenuki (npm tenuki), one campaign per ko rule on each board size.
for ko in "" -psk -ssk -nsk; do
  campaign "tenuki$ko-5x5" 5x5 1000 200 "tenuki$ko"
  campaign "tenuki$ko-9x9" 9x9 300 648 "tenuki$ko"
done
# The Python environments (PyPI open-spiel, pettingzoo): empty boards only.
campaign openspiel-go-5x5 5x5 300 200 openspiel-go --rules simple-ko,psk,openspiel-go
campaign pettingzoo-go-5x5 5x5 300 200 pettingzoo-go
chess_campaign openspiel-chess-start 200 threefold-automatic,openspiel-chess
campaign openspiel-go-vs-simple-ko-5x5 5x5 300 200 openspiel-go
campaign openspiel-go-9x9 9x9 300 648 openspiel-go --rules simple-ko,psk,openspiel-go
campaign openspiel-go-vs-simple-ko-9x9 9x9 300 648 openspiel-go
campaign pettingzoo-go-9x9 9x9 300 648 pettingzoo-go
campaign sabaki+all-suicide-9x9 9x9 200 648 sabaki+all-suicide
# 19x19, short: 40 games to a 400-ply bound, the bridges on the full board.
for preset in chinese ing; do
  campaign "ogs-$preset-19x19" 19x19 40 400 "ogs-$preset"
done
campaign sabaki-19x19 19x19 40 400 sabaki
campaign tenuki-psk-19x19 19x19 40 400 tenuki-psk
campaign openspiel-go-19x19 19x19 40 400 openspiel-go --rules simple-ko,psk,openspiel-go
# Importing pygame can take more than the default 10 s under load: a longer start-up.
printf '[[engine]]\nid = "pettingzoo-go"\nstartup_ms = 60000\n' > pettingzoo-slow-start.toml
rm -rf pettingzoo-go-19x19
"$rulediff" random --board 19x19 --games 40 --max-plies 400 --seed 2026 \
  --engines pettingzoo-slow-start.toml --out pettingzoo-go-19x19 > pettingzoo-go-19x19.txt
rm pettingzoo-slow-start.toml
mv pettingzoo-go-19x19.txt pettingzoo-go-19x19/summary.txt
head -1 pettingzoo-go-19x19/summary.txt
# cchess (PyPI), a Python xiangqi library: about 10 ms a step, so a short campaign.
rm -rf cchess-start
"$rulediff" random --family xiangqi --games 24 --max-plies 200 --seed 2026 \
  --rules no-repetition,cchess --out cchess-start > cchess-start.txt
mv cchess-start.txt cchess-start/summary.txt
head -1 cchess-start/summary.txt
