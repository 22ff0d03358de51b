#!/usr/bin/env python3
"""A rulediff chess bridge around python-chess (pip install chess).

Speaks the JSON-lines protocol documented in the README ("Chess bridges"): one request object
per line on standard input, one reply object per line on standard output. It answers from
python-chess alone: legality, the automatic ends of Board.outcome() (checkmate, insufficient
material, stalemate, 75 moves, fivefold) and the draws the player to move can claim
(can_claim_fifty_moves, can_claim_threefold_repetition). Whether a claim is made is the
referee's claim policy, decided on the rulediff side.
"""

import json
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


def answer(board, request):
    cmd = request.get("cmd")
    if cmd == "hello":
        if chess is None:
            return board, {"error": "python-chess is not installed: " + IMPORT_ERROR}
        return board, {"ok": True, "name": "python-chess", "version": chess.__version__, "protocol": 1}
    if cmd == "start":
        try:
            return chess.Board(request["fen"]), {"ok": True}
        except (ValueError, KeyError) as error:
            return board, {"error": "bad start: %s" % error}
    if board is None:
        return board, {"error": "no game started"}
    if cmd in ("judge", "play"):
        move = legal(board, request.get("move", ""))
        if move is None:
            return board, {"legal": False, "rule": "illegal-move"}
        if cmd == "play":
            board.push(move)
        return board, {"legal": True}
    if cmd == "status":
        return board, status(board)
    if cmd == "legal":
        return board, {"moves": [m.uci() for m in board.legal_moves]}
    return board, {"error": "unknown command %r" % cmd}


def main():
    board = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError:
            reply = {"error": "not JSON"}
        else:
            if request.get("cmd") == "quit":
                return
            board, reply = answer(board, request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
