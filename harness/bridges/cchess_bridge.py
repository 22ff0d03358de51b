#!/usr/bin/env python3
"""cchess (PyPI `cchess`, a Python xiangqi library) as a rulediff referee, speaking JSON lines.

It answers the same requests as ffish_bridge.py (start, play, state; every reply the whole
state), so rulediff's xiangqi bridge referee drives both. Moves are UCI coordinates with files
a-i and ranks 1-10 (Red's back rank is 1); cchess numbers ranks 0-9.

What cchess rules, in its own code (board.py): a move is legal when `is_valid_move` (the
piece's movement, blocking, its own side's pieces) holds and `is_checked_move` does not (the
mover's king may not be attackable after it, facing kings included), exactly the moves its
`no_moves()` looks for. A side with no such move has lost (`no_moves`; xiangqi has no
stalemate draw). cchess has no repetition or move-count rule, so it claims rulediff's
`no-repetition`. Protocol 2: every state carries "ends", the end no_moves() reports (at most
one: cchess has no other).
"""

import os
import sys

try:
    import cchess
    from cchess import ChessBoard

    IMPORT_ERROR = None
except Exception as exc:  # the reply to every request says why
    cchess = None
    IMPORT_ERROR = f"cannot import cchess (pip install cchess): {exc}"

FILES = "abcdefghi"


def uci(move):
    (x1, y1), (x2, y2) = move
    return f"{FILES[x1]}{y1 + 1}{FILES[x2]}{y2 + 1}"


def positions(text):
    i = 1
    while text[i].isdigit():
        i += 1
    return (FILES.index(text[0]), int(text[1:i]) - 1), (FILES.index(text[i]), int(text[i + 1:]) - 1)


class Game:
    def __init__(self, fen, moves):
        self.board = ChessBoard(fen)
        if str(self.board.move_player) not in ("RED", "BLACK"):
            raise ValueError(f"cchess reads no side to move from {fen}")
        for move in moves:
            if move not in self.legal():
                raise ValueError(f"history move {move} is not legal")
            self.push(move)

    def legal(self):
        board = self.board
        return [
            uci(m)
            for m in board.create_moves()
            if board.is_valid_move_t(m) and not board.is_checked_move(*m)
        ]

    def push(self, move):
        start, end = positions(move)
        if self.board.move(start, end) is None:
            raise RuntimeError(f"cchess refused {move}, which it listed as legal")
        self.board.next_turn()

    def in_check(self):
        """Whether the side to move is in check: its opponent could take its king."""
        other = self.board.copy()
        other.next_turn()
        return other.is_checking()

    def state(self):
        """cchess's one end, ChessBoard.no_moves() (the side to move has no legal move, or no
        king): a loss for the side to move, a checkmate where its opponent gives check."""
        legal = self.legal()
        if not self.board.no_moves():
            if not legal:
                raise RuntimeError("cchess lists no move but no_moves() says there is one")
            return {"ok": True, "legal": True, "moves": legal, "over": False, "ends": []}
        reason = "checkmate" if self.in_check() else "stalemate"
        return {"ok": True, "legal": True, "moves": [], "over": True, "result": "loss",
                "reason": reason, "ends": [reason]}


def start(request):
    return Game(request["fen"], request.get("moves", []))


def hello():
    if IMPORT_ERROR:
        return {"error": IMPORT_ERROR}
    from importlib.metadata import version

    return {
        "name": "cchess",
        "version": version("cchess"),
        "family": "xiangqi",
        "rules": "legal moves as ChessBoard.no_moves() counts them; no moves loses; no repetition rule",
    }


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from rulediff_bridge import serve_state_bridge

    serve_state_bridge(hello(), start)
