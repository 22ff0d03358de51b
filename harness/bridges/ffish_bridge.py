#!/usr/bin/env python3
"""Fairy-Stockfish as a rulediff referee, through pyffish, speaking JSON lines.

Speaks rulediff's JSON-lines referee protocol, version 2 (docs/protocol.md),
through its framing in rulediff_bridge.py (request ids, hello, batch). One request per line on
stdin, one reply per line on stdout. Moves are UCI coordinates as
Fairy-Stockfish writes them for xiangqi: files a-i, ranks 1-10 (Red's back rank is 1).

Requests:
  {"cmd": "start", "variant": "xiangqi", "fen": FEN, "moves": [MOVE, ...]}
      a new game from FEN after MOVES (earlier moves: counted for repetitions, but not
      ruled on, so the reply to start reports only checkmate and stalemate)
  {"cmd": "play", "move": MOVE}    make MOVE if it is legal
  {"cmd": "state"}                 the state again, changing nothing
  {"cmd": "quit"}

Every reply to start, play and state is the whole state:
  {"ok": true, "legal": true, "moves": [legal moves], "over": false, "ends": []}
  {"ok": true, "legal": true, "moves": [], "over": true,
   "result": "win" | "loss" | "draw",        (for the side to move)
   "reason": "checkmate" | "stalemate" | "repetition" | "perpetual-check" |
             "perpetual-chase" | "50-move" | "insufficient-material" | "rule",
   "ends": [every reason that holds, the one of "result" first]}
Protocol 2: "ends" lists every end pyffish reports at once (no legal move, an immediate end,
insufficient material on both sides, an optional end), "result" and "reason" are the first.
"legal" is false (and nothing changed) when play's move was not legal. Errors:
  {"ok": false, "error": "..."}

Fairy-Stockfish's xiangqi follows the Asian (AXF) rules and rules on a repetition at the third
occurrence of a position (pyffish's is_optional_game_end with ply 0); it also draws after 100
plies without a capture (its 50-move rule; soldier moves do not reset it). It does not say why
a repetition is lost; "perpetual-check" here means every move of the loser in the repeated
stretch gave check (Fairy-Stockfish weighs checks before chases), else "perpetual-chase"; a
draw by the 50-move rule is "50-move".

Every pyffish call rebuilds the variant tables (about 4 ms), so the bridge keeps a plain copy
of the board to know when asking is_optional_game_end can matter: at the third occurrence of a
position, or after 100 plies without a capture.
"""

import os
import sys

try:
    import pyffish as sf

    IMPORT_ERROR = None
except Exception as exc:  # the reply to every request says why
    sf = None
    IMPORT_ERROR = f"cannot import pyffish: {exc}"


class Board:
    """Pieces by square and the side to move, enough to compare positions."""

    def __init__(self, fen):
        fields = fen.split()
        self.rows = []
        for row in fields[0].split("/"):
            cells = []
            for ch in row:
                cells.extend("." * int(ch) if ch.isdigit() else ch)
            self.rows.append(cells)
        self.side = fields[1] if len(fields) > 1 else "w"
        self.quiet = int(fields[4]) if len(fields) > 4 else 0

    def play(self, move):
        """Makes a UCI move (ranks 1-10); returns whether it captured."""
        (f1, r1), (f2, r2) = squares(move)
        piece = self.rows[10 - r1][f1]
        captured = self.rows[10 - r2][f2] != "."
        self.rows[10 - r2][f2] = piece
        self.rows[10 - r1][f1] = "."
        self.side = "b" if self.side == "w" else "w"
        self.quiet = 0 if captured else self.quiet + 1
        return captured

    def key(self):
        """Board and side to move as FEN writes them."""
        rows = []
        for cells in self.rows:
            row, run = "", 0
            for c in cells:
                if c == ".":
                    run += 1
                    continue
                row += (str(run) if run else "") + c
                run = 0
            rows.append(row + (str(run) if run else ""))
        return "/".join(rows) + " " + self.side


def squares(move):
    files = "abcdefghi"
    i = 1
    while move[i].isdigit():
        i += 1
    return (files.index(move[0]), int(move[1:i])), (files.index(move[i]), int(move[i + 1:]))


class Game:
    def __init__(self, variant, fen, moves):
        self.variant = variant
        self.fen = fen
        self.moves = []
        self.board = Board(fen)
        self.keys = [self.board.key()]
        self.cached = None
        self.material = None
        for move in moves:
            if move not in self.legal():
                raise ValueError(f"history move {move} is not legal")
            self.push(move)

    def push(self, move):
        if self.board.play(move):
            self.keys = []
            self.material = None
        self.cached = None
        self.moves.append(move)
        self.keys.append(self.board.key())

    def may_end(self):
        """Whether is_optional_game_end can say yes here."""
        return self.keys.count(self.keys[-1]) >= 3 or self.board.quiet >= 100

    def legal(self):
        if self.cached is None:
            self.cached = sf.legal_moves(self.variant, self.fen, self.moves)
        return self.cached

    def started(self):
        """The reply to start: earlier moves are not ruled on, so no repetition end."""
        return self.state(judge=False)

    def state(self, judge=True):
        """Every end pyffish reports here, each asked on its own, and its result: the first
        found, in the order no legal move (game_result), an immediate end
        (is_immediate_game_end), insufficient material on both sides
        (has_insufficient_material), an optional end (is_optional_game_end)."""
        legal = self.legal()
        found = []
        if not legal:
            value = sf.game_result(self.variant, self.fen, self.moves)
            check = sf.gives_check(self.variant, self.fen, self.moves)
            found.append((value, "checkmate" if check else "stalemate"))
        end, value = sf.is_immediate_game_end(self.variant, self.fen, self.moves)
        if end:
            found.append((value, "rule"))
        if all(self.insufficient()):
            found.append((0, "insufficient-material"))
        if judge and self.may_end():
            end, value = sf.is_optional_game_end(self.variant, self.fen, self.moves)
            if end:
                found.append((value, self.reason(value)))
        if not found:
            return {"ok": True, "legal": True, "moves": legal, "over": False, "ends": []}
        return ended(found[0][0], found[0][1], [reason for _, reason in found])

    def insufficient(self):
        """has_insufficient_material for each side; material changes only by a capture, so
        it is asked again only after one."""
        if self.material is None:
            self.material = sf.has_insufficient_material(self.variant, self.fen, self.moves)
        return self.material

    def reason(self, value):
        now = " ".join(sf.get_fen(self.variant, self.fen, self.moves).split()[:2])
        if now != self.board.key():
            raise RuntimeError(f"bridge board {self.board.key()} differs from {now}")
        keys = self.keys  # positions since the last capture, the current one last
        last = len(keys) - 1
        earlier = [k for k in range(last - 2, -1, -2) if keys[k] == keys[last]]
        if len(earlier) < 2:
            return "50-move"
        if value == 0:
            return "repetition"
        n = len(self.moves)
        start = earlier[1] + n - last  # as a ply number
        # The loser moved into positions n-1, n-3, ... when it is to move (value < 0).
        first = n - 1 if value < 0 else n
        loser_moves = range(first, start, -2)
        checks = all(sf.gives_check(self.variant, self.fen, self.moves[:k]) for k in loser_moves)
        return "perpetual-check" if checks else "perpetual-chase"


def ended(value, reason, ends):
    result = "draw" if value == 0 else ("win" if value > 0 else "loss")
    return {"ok": True, "legal": True, "moves": [], "over": True, "result": result,
            "reason": reason, "ends": ends}


def start(request):
    variant = request.get("variant", "xiangqi")
    fen = request["fen"]
    if sf.validate_fen(fen, variant) != sf.FEN_OK:
        raise ValueError(f"Fairy-Stockfish rejects the FEN {fen}")
    return Game(variant, fen, request.get("moves", []))


def hello():
    if IMPORT_ERROR:
        return {"error": IMPORT_ERROR}
    return {
        "name": "Fairy-Stockfish (pyffish)",
        "version": ".".join(map(str, sf.version())),
        "family": "xiangqi",
        "rules": "Asian (AXF) rules, ruled at the third occurrence (is_optional_game_end)",
    }


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from rulediff_bridge import serve_state_bridge

    serve_state_bridge(hello(), start)
