#!/usr/bin/env python3
"""A rulediff chess bridge around python-chess (pip install chess).

Speaks rulediff's JSON-lines referee protocol, version 1 (docs/protocol.md): one request object
per line on standard input, one reply object per line on standard output. It answers from
python-chess alone: legality, the automatic ends of Board.outcome() (checkmate, insufficient
material, stalemate, 75 moves, fivefold) and the draws the player to move can claim
(can_claim_fifty_moves, can_claim_threefold_repetition). Whether a claim is made is the
referee's claim policy, decided on the rulediff side.
"""

import os
import sys

try:
    import chess
except ImportError as error:  # reported as a reply, so rulediff can say what is missing
    chess = None
    IMPORT_ERROR = str(error)

AUTOMATIC = {
    "CHECKMATE": "checkmate",
    "STALEMATE": "stalemate",
    "INSUFFICIENT_MATERIAL": "insufficient-material",
    "SEVENTYFIVE_MOVES": "seventy-five-move",
    "FIVEFOLD_REPETITION": "fivefold",
}


def status(board):
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        winner = None if outcome.winner is None else ("white" if outcome.winner else "black")
        return {"over": True, "rule": AUTOMATIC[outcome.termination.name], "winner": winner}
    claim = None
    if board.can_claim_fifty_moves():
        claim = "fifty-move" if board.is_fifty_moves() else "fifty-move-intended"
    elif board.can_claim_threefold_repetition():
        claim = "threefold" if board.is_repetition(3) else "threefold-intended"
    return {"over": False, "claim": claim}


def legal(board, text):
    try:
        move = chess.Move.from_uci(text)
    except ValueError:
        return None
    return move if move in board.legal_moves else None


class Game:
    board = None


GAME = Game()


def answer(request):
    cmd = request.get("cmd")
    if cmd == "start":
        try:
            GAME.board = chess.Board(request["setup"]["fen"])
        except (ValueError, KeyError, TypeError) as error:
            return {"error": "bad start: %s" % error}
        return {"ok": True}
    board = GAME.board
    if board is None:
        return {"error": "no game started"}
    if cmd in ("judge", "play"):
        move = legal(board, request.get("move", ""))
        if move is None:
            return {"legal": False, "rule": "illegal-move"}
        if cmd == "play":
            board.push(move)
        return {"legal": True}
    if cmd == "undo":
        board.pop()
        return {"ok": True}
    if cmd == "status":
        return status(board)
    if cmd == "legal":
        return {"moves": [m.uci() for m in board.legal_moves]}
    return {"error": "unknown command %r" % cmd}


def hello():
    if chess is None:
        return {"error": "python-chess is not installed: " + IMPORT_ERROR}
    return {
        "name": "python-chess",
        "version": chess.__version__,
        "family": "chess",
        "rules": "FIDE Laws: Board.outcome() ends (checkmate, stalemate, insufficient material, "
        "75 moves, fivefold); can_claim_fifty_moves / can_claim_threefold_repetition",
        "undo": True,
    }


if "serve" not in globals():  # run as a file; embedded, the framing comes first
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from rulediff_bridge import serve

if __name__ == "__main__":
    serve(hello(), answer)
