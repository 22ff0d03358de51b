#!/usr/bin/env python3
"""OpenSpiel's `go` and `chess` (PyPI open-spiel) as rulediff referees, over rulediff's
JSON-lines referee protocol (docs/protocol.md).

    python3 openspiel_bridge.py go      # legality from GoState.legal_actions()
    python3 openspiel_bridge.py chess   # legality and game end from ChessState

Go: OpenSpiel starts from an empty board only (its parameters are board_size, komi, handicap
and max_game_length), so a setup with stones is refused. Its default max_game_length
(board_size^2 * 2) ends games early; the bridge sets it past any campaign's ply budget and
says "ends": false, so rulediff ends a game at two passes and counts, and legality alone is
compared, and the one end of its own: a play that recreates a position is legal and ends the
game as a draw (go.h: "We also treat superko as a draw"), which the bridge's status reports as
{"over": true, "rule": "superko", "winner": null}. An action is row * size + column, row 0 at
the bottom; size^2 is a pass.

Chess: the state ends the game by itself (checkmate, stalemate, insufficient material,
threefold repetition, fifty moves), with no claim; moves in UCI from chess.Move.to_lan().
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rulediff_bridge import serve  # noqa: E402

try:
    import pyspiel

    IMPORT_ERROR = None
except ImportError as error:  # reported in hello: rulediff says what is missing
    pyspiel = None
    IMPORT_ERROR = "open-spiel is not installed (pip install open-spiel): %s" % error

GAME = sys.argv[1] if len(sys.argv) > 1 else "go"
state = {"game": None, "size": 0}


def go_start(setup):
    if any(c != "." for row in setup["rows"] for c in row) or setup["to_move"] != "B":
        raise ValueError("OpenSpiel's go starts from an empty board with Black to move")
    if setup["width"] != setup["height"]:
        raise ValueError("OpenSpiel's go plays square boards")
    size = setup["width"]
    game = pyspiel.load_game(
        "go", {"board_size": size, "komi": float(setup["komi"]), "max_game_length": 1000000})
    state["game"], state["size"] = game.new_initial_state(), size


def go_action(move):
    size = state["size"]
    if move == "pass":
        return size * size
    x, y = move
    return (size - 1 - y) * size + x


def go_move(action):
    size = state["size"]
    if action == size * size:
        return "pass"
    row, x = divmod(action, size)
    return [x, size - 1 - row]


def chess_start(setup):
    state["game"] = pyspiel.load_game("chess").new_initial_state(setup["fen"])


def chess_moves():
    game = state["game"]
    board = game.board()
    return {pyspiel.chess.action_to_move(a, board).to_lan(): a for a in game.legal_actions()}


def legal_moves():
    game = state["game"]
    if game.is_terminal():
        return {}
    if GAME == "go":
        return {str(go_move(a)): a for a in game.legal_actions()}
    return chess_moves()


def chess_status():
    game = state["game"]
    if not game.is_terminal():
        return {"over": False, "claim": None}
    returns = game.returns()
    if returns[0] == returns[1]:
        return {"over": True, "rule": draw_rule(game), "winner": None}
    # Player 0 is Black in OpenSpiel's chess.
    winner = "black" if returns[0] > returns[1] else "white"
    return {"over": True, "rule": "checkmate", "winner": winner}


def draw_rule(game):
    """OpenSpiel says only that the game is drawn; the reason is read off the state."""
    if not game.board().has_legal_moves():
        return "stalemate"
    if game.is_repetition_draw():
        return "threefold"
    if int(game.board().to_fen().split()[4]) >= 100:
        return "fifty-move"
    return "insufficient-material"


def go_status():
    """Terminal without two passes: a repeated position, which OpenSpiel scores as a draw."""
    game = state["game"]
    history = game.history()
    pass_action = state["size"] ** 2
    passes = len(history) >= 2 and history[-1] == history[-2] == pass_action
    if game.is_terminal() and not passes:
        return {"over": True, "rule": "superko", "winner": None}
    return {"over": False}


def answer(request):
    cmd = request["cmd"]
    if cmd == "start":
        (go_start if GAME == "go" else chess_start)(request["setup"])
        return {}
    if cmd == "legal":
        moves = legal_moves()
        if GAME == "go":
            return {"moves": [go_move(a) for a in moves.values()]}
        return {"moves": list(moves)}
    if cmd in ("judge", "play"):
        key = str(request["move"]) if GAME == "go" else request["move"]
        action = legal_moves().get(key)
        if action is None:
            return {"legal": False, "rule": "illegal"}
        if cmd == "play":
            state["game"].apply_action(action)
        return {"legal": True}
    if cmd == "status":
        return go_status() if GAME == "go" else chess_status()
    raise ValueError("unknown command %r" % cmd)


def hello():
    if IMPORT_ERROR:
        return {"error": IMPORT_ERROR}
    rules = {
        "go": "GoState.legal_actions(): captures, no suicide, positional superko (go_board.cc)",
        "chess": "ChessState: checkmate, stalemate, insufficient material, threefold and fifty "
        "moves end the game without a claim",
    }[GAME]
    return {"name": "OpenSpiel " + GAME, "version": pyspiel.__version__ if hasattr(pyspiel, "__version__") else "2.0.2",
            "family": GAME, "rules": rules, "ends": GAME != "go"}


if __name__ == "__main__":
    serve(hello(), answer)
