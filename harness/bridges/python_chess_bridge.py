#!/usr/bin/env python3
"""A rulediff chess bridge around python-chess (pip install chess).

Speaks rulediff's JSON-lines referee protocol, version 2 (docs/protocol.md): one request object
per line on standard input, one reply object per line on standard output. It answers from
python-chess alone: legality, every automatic end its predicates see (is_checkmate,
is_insufficient_material, is_stalemate, is_seventyfive_moves, is_fivefold_repetition), its own
result (Board.outcome(): winner and termination), and every draw the player to move can claim
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


def ends(board):
    """Every automatic end python-chess sees, each asked on its own (Board.outcome() names
    only the first it finds: checkmate, insufficient material, stalemate, 75 moves, fivefold)."""
    found = [
        ("checkmate", board.is_checkmate()),
        ("insufficient-material", board.is_insufficient_material()),
        ("stalemate", board.is_stalemate()),
        ("seventy-five-move", board.is_seventyfive_moves()),
        ("fivefold", board.is_fivefold_repetition()),
    ]
    return [rule for rule, holds in found if holds]


def claims(board):
    """Every draw the player to move may claim: now, or by the move it intends."""
    found = []
    if board.can_claim_fifty_moves():
        found.append("fifty-move" if board.is_fifty_moves() else "fifty-move-intended")
    if board.can_claim_threefold_repetition():
        found.append("threefold" if board.is_repetition(3) else "threefold-intended")
    return found


def status(board):
    outcome = board.outcome(claim_draw=False)
    if outcome is None:
        return {"over": False, "ends": ends(board), "claims": claims(board)}
    winner = None if outcome.winner is None else ("white" if outcome.winner else "black")
    result = {"winner": winner, "rule": AUTOMATIC[outcome.termination.name]}
    return {"over": True, "ends": ends(board), "result": result}


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
