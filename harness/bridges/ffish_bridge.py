#!/usr/bin/env python3
"""Fairy-Stockfish as a rulediff referee, through pyffish, speaking JSON lines.

One request per line on stdin, one reply per line on stdout. Moves are UCI coordinates as
Fairy-Stockfish writes them for xiangqi: files a-i, ranks 1-10 (Red's back rank is 1).

Requests:
  {"cmd": "start", "variant": "xiangqi", "fen": FEN, "moves": [MOVE, ...]}
      a new game from FEN after MOVES (earlier moves, counted for repetitions)
  {"cmd": "play", "move": MOVE}    make MOVE if it is legal
  {"cmd": "state"}                 the state again, changing nothing
  {"cmd": "quit"}

Every reply to start, play and state is the whole state:
  {"ok": true, "legal": true, "moves": [legal moves], "over": false}
  {"ok": true, "legal": true, "moves": [], "over": true,
   "result": "win" | "loss" | "draw",        (for the side to move)
   "reason": "checkmate" | "stalemate" | "repetition" | "perpetual-check" |
             "perpetual-chase" | "rule"}
"legal" is false (and nothing changed) when play's move was not legal. Errors:
  {"ok": false, "error": "..."}

Fairy-Stockfish's xiangqi follows the Asian (AXF) rules and rules on a repetition at the third
occurrence of a position (pyffish's is_optional_game_end with ply 0). It does not say why a
repetition is lost; "perpetual-check" here means every move of the loser in the repeated
stretch gave check (Fairy-Stockfish weighs checks before chases), else "perpetual-chase".
"""

import json
import sys

try:
    import pyffish as sf

    IMPORT_ERROR = None
except Exception as exc:  # the reply to every request says why
    sf = None
    IMPORT_ERROR = f"cannot import pyffish: {exc}"


class Game:
    def __init__(self, variant, fen, moves):
        self.variant = variant
        self.fen = fen
        self.moves = []
        for move in moves:
            if move not in self.legal():
                raise ValueError(f"history move {move} is not legal")
            self.moves.append(move)

    def legal(self):
        return sf.legal_moves(self.variant, self.fen, self.moves)

    def key(self, plies):
        """Position after `plies` moves: board and side to move."""
        fen = sf.get_fen(self.variant, self.fen, self.moves[:plies])
        return " ".join(fen.split()[:2])

    def state(self):
        legal = self.legal()
        if not legal:
            value = sf.game_result(self.variant, self.fen, self.moves)
            check = sf.gives_check(self.variant, self.fen, self.moves)
            return ended(value, "checkmate" if check else "stalemate")
        end, value = sf.is_immediate_game_end(self.variant, self.fen, self.moves)
        if end:
            return ended(value, "rule")
        end, value = sf.is_optional_game_end(self.variant, self.fen, self.moves)
        if end:
            return ended(value, self.repetition_reason(value))
        return {"ok": True, "legal": True, "moves": legal, "over": False}

    def repetition_reason(self, value):
        if value == 0:
            return "repetition"
        n = len(self.moves)
        now = self.key(n)
        earlier = [k for k in range(n - 2, -1, -2) if self.key(k) == now]
        start = earlier[1] if len(earlier) >= 2 else (earlier[0] if earlier else 0)
        # The loser moved into positions n-1, n-3, ... when it is to move (value < 0).
        first = n - 1 if value < 0 else n
        loser_moves = range(first, start, -2)
        checks = all(sf.gives_check(self.variant, self.fen, self.moves[:k]) for k in loser_moves)
        return "perpetual-check" if checks else "perpetual-chase"


def ended(value, reason):
    result = "draw" if value == 0 else ("win" if value > 0 else "loss")
    return {"ok": True, "legal": True, "moves": [], "over": True, "result": result, "reason": reason}


def handle(game, request):
    cmd = request.get("cmd")
    if cmd == "start":
        variant = request.get("variant", "xiangqi")
        fen = request["fen"]
        if sf.validate_fen(fen, variant) != sf.FEN_OK:
            raise ValueError(f"Fairy-Stockfish rejects the FEN {fen}")
        game = Game(variant, fen, request.get("moves", []))
        return game, game.state()
    if game is None:
        raise ValueError("no game started")
    if cmd == "play":
        move = request["move"]
        if move not in game.legal():
            reply = game.state()
            reply["legal"] = False
            return game, reply
        game.moves.append(move)
        return game, game.state()
    if cmd == "state":
        return game, game.state()
    raise ValueError(f"unknown command {cmd!r}")


def main():
    game = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
            if request.get("cmd") == "quit":
                break
            if IMPORT_ERROR:
                raise RuntimeError(IMPORT_ERROR)
            game, reply = handle(game, request)
        except Exception as exc:
            reply = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
