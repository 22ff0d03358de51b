#!/usr/bin/env bash
# The WXF-versus-AXF differential campaigns behind reports/xiangqi.md: random repetition-heavy
# games from the opening, a rook ending and composed positions of the WXF test data, through
# the WXF judge timed as Fairy-Stockfish times it (wxf-3fold) and Fairy-Stockfish itself.
# Needs python3 with pyffish. Each campaign writes reports/xiangqi/campaigns/NAME/.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-target/release/rulediff}
[ "$BIN" = target/release/rulediff ] && cargo build --release --quiet
GAMES=${GAMES:-100}
while IFS='|' read -r name fen; do
  [ -z "$name" ] && continue
  out=reports/xiangqi/campaigns/$name
  "$BIN" random --family xiangqi --start "$fen" --games "$GAMES" --seed 1 \
    --max-plies 150 --rules wxf-3fold,ffish --out "$out" ${RESUME:+--resume}
done <<'STARTS'
opening|rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1
rooks|4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1
wxf-001|c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1
wxf-025|2c1kab2/4a4/4b4/9/9/9/P1p5P/2r1N1cC1/4A4/3ACK3 w - - 0 1
wxf-037|2bak3r/4a4/4b1n2/P2rp3p/2p1c1p2/4R4/N3P3R/4BC1C1/N3A4/4KAB2 w - - 0 1
wxf-045|2bk1a3/4a4/4b4/9/c8/1R7/3r5/4B4/4A4/4KAB2 w - - 0 1
wxf-088|4kab2/4a4/4b3n/2r3p1p/2p2N3/9/1RP3P1P/4B3C/2r1A4/2N1KABc1 w - - 0 1
wxf-093|3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w - - 0 1
wxf-041|2bak4/4a4/4b3n/p3p4/4n3p/4R4/Pr2P4/4BC1C1/3rA4/R3KAB2 w - - 0 1
wxf-049|3aka3/7R1/7c1/9/9/9/9/9/4A4/3AK1p2 b - - 0 1
wxf-055|2bak4/RC2arN2/4b1n2/2p5p/6p2/2P6/4p1P1c/4B4/4A4/4KAB2 b - - 0 1
wxf-060|1rb1kabr1/4a1c2/1cn3n2/p1C1p1R1p/9/9/P1P1P1P1P/2N1C1N2/9/R1BAKAB2 w - - 0 1
wxf-086|3akabC1/9/4b4/r3p4/p1p6/4P4/P1P5n/NCr1B4/4A4/R2AK1B2 w - - 0 1
wxf-098|4ka3/4a4/4b4/p7p/9/4C4/4P4/4B4/3K5/3Ac1B2 w - - 0 1
wxf-102|3a2b1r/4ak3/8p/7P1/9/9/9/B2NN3B/3K5/4p4 w - - 0 1
wxf-104|1Pbak2r1/4a4/4b4/2p6/9/3R5/2P6/4p2p1/3CC2N1/5K3 w - - 0 1
wxf-114|2rakab2/9/8b/2NPP1p2/9/2P1c1P2/7R1/2n1B1p2/4A4/3AK1B2 w - - 0 1
wxf-117|3rkabc1/4a3R/4b4/9/9/9/9/B8/1R2A4/c1BAK4 w - - 0 1
wxf-119|2b1ka1P1/4a4/b8/p5R2/8c/7R1/P1p3p2/3rBn3/N2C2n1C/3K1NB2 w - - 0 1
wxf-127|3akab2/9/4b3r/8c/p8/7R1/P8/9/4A4/r1BAK3R w - - 0 1
wxf-131|2bak1r2/4a4/1C2b4/9/6p2/9/9/9/7R1/c1BAK4 w - - 0 1
wxf-141|C1Na5/3Rak3/4bc3/2p6/n5b2/9/1p6r/4B4/4A4/2B1KA3 w - - 0 1
STARTS
