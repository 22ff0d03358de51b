#!/usr/bin/env python3
"""Times python-chess on the games `cargo bench --bench chess_plies` recorded
(target/chess-bench-games.txt): per ply, the position's status as the bridge computes it
(Board.outcome() plus the fifty-move and threefold claims, intended moves included) and then
the move. Stops a game where the status says it is over without claims (as the fide-no-claim
replay does) or, with --claims, also where a claim is possible (as fide does).

    python3 harness/bridges/bench_python_chess.py target/chess-bench-games.txt [--claims]
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chess  # noqa: E402
from python_chess_bridge import status  # noqa: E402


def replay(games, claims):
    plies = 0
    for fen, moves in games:
        board = chess.Board(fen)
        for uci in moves:
            s = status(board)
            if s["over"] or (claims and s.get("claim")):
                break
            board.push(chess.Move.from_uci(uci))
            plies += 1
    return plies


def main():
    path = sys.argv[1]
    claims = "--claims" in sys.argv
    games = []
    for line in open(path):
        fen, _, moves = line.rstrip("\n").partition("|")
        games.append((fen, moves.split()))
    total = sum(len(m) for _, m in games)
    best = None
    for _ in range(3):
        start = time.perf_counter()
        plies = replay(games, claims)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print("%d games, %d plies recorded, %d replayed; best of 3: %.3f s, %.0f plies/s"
          % (len(games), total, plies, best, plies / best))


if __name__ == "__main__":
    main()
