#!/usr/bin/env python3
"""OpenSpiel's `go` and `chess` (PyPI open-spiel) as rulediff referees, over rulediff's
JSON-lines referee protocol, version 2 (docs/protocol.md).

    python3 openspiel_bridge.py go      # legality, game end and returns from GoState
    python3 openspiel_bridge.py chess   # legality, game end and returns from ChessState

Go: OpenSpiel starts from an empty board only (its parameters are board_size, komi, handicap
and max_game_length), so a setup with stones is refused. GoState ends a game itself
(GoState::IsTerminal): at two passes in a row, scored by TrompTaylorScore (go_board.h: "Score
according to https://senseis.xmp.net/?TrompTaylorRules."); at a play that recreates a position
(go.h: "We also treat superko as a draw"); at max_game_length moves. Its result is its returns,
+1 to the winner and -1 to the loser (0 each for a draw): GoState::Returns computes the
Tromp-Taylor score but gives no margin, so the bridge reports the returns and no margin. The
default max_game_length (board_size^2 * 2) would end random games early; the bridge sets it
past any campaign's ply budget. An action is row * size + column, row 0 at the bottom; size^2
is a pass.

Chess: ChessState ends the game by itself (ChessState::MaybeFinalReturns: insufficient
material, threefold repetition, no legal move, fifty moves), with no claim; its result is its
returns. The Python API tells the repetition (is_repetition_draw), whether a move is left
(board().has_legal_moves()) and the returns, which tell a checkmate from a stalemate; the
fifty-move counter is the one its FEN writes; insufficient material is the draw that none of
these explains (MaybeFinalReturns' first test, not exposed). Moves in UCI from
chess.Move.to_lan().
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
# Past any campaign's ply budget: GoState's default (board_size^2 * 2) would end games early.
MAX_GAME_LENGTH = 1000000
state = {"game": None, "size": 0}


def go_start(setup):
    if any(c != "." for row in setup["rows"] for c in row) or setup["to_move"] != "B":
        raise ValueError("OpenSpiel's go starts from an empty board with Black to move")
    if setup["width"] != setup["height"]:
        raise ValueError("OpenSpiel's go plays square boards")
    size = setup["width"]
    game = pyspiel.load_game(
        "go", {"board_size": size, "komi": float(setup["komi"]), "max_game_length": MAX_GAME_LENGTH})
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


def seat_returns(game, seats):
    """The returns of a terminal state, by seat name."""
    returns = game.returns()
    return {seat: returns[player] for player, seat in enumerate(seats)}


def chess_ends(game):
    """Every end ChessState tells, each asked on its own where the API lets it."""
    board = game.board()
    returns = game.returns()
    ends = []
    if not board.has_legal_moves():
        ends.append("stalemate" if returns[0] == returns[1] else "checkmate")
    if game.is_repetition_draw():
        ends.append("threefold")
    # MaybeFinalReturns asks the fifty-move counter only of a position with a move left.
    if board.has_legal_moves() and int(board.to_fen().split()[4]) >= 100:
        ends.append("fifty-move")
    if game.is_terminal() and not ends:
        ends.append("insufficient-material")
    return ends


def chess_status():
    game = state["game"]
    if not game.is_terminal():
        return {"over": False, "ends": [], "claims": []}
    ends = chess_ends(game)
    # Player 0 is Black in OpenSpiel's chess.
    returns = seat_returns(game, ["black", "white"])
    if returns["black"] == returns["white"]:
        rule = next(e for e in ends if e != "checkmate")
        return {"over": True, "ends": ends, "result": {"winner": None, "rule": rule}}
    winner = "black" if returns["black"] > returns["white"] else "white"
    return {"over": True, "ends": ends, "result": {"winner": winner, "rule": "checkmate"}}


def go_ends(game):
    """Why GoState::IsTerminal holds: two passes, the move limit, else its superko flag."""
    history = game.history()
    pass_action = state["size"] ** 2
    ends = []
    if len(history) >= 2 and history[-1] == history[-2] == pass_action:
        ends.append("two-passes")
    if len(history) >= MAX_GAME_LENGTH:
        ends.append("move-limit")
    if not ends:
        ends.append("superko")
    return ends


def go_status():
    """GoState's own end and returns (player 0 is Black)."""
    game = state["game"]
    if not game.is_terminal():
        return {"over": False, "ends": [], "claims": []}
    ends = go_ends(game)
    return {"over": True, "ends": ends, "result": {"rewards": seat_returns(game, ["B", "W"]),
                                                   "rule": ends[0]}}


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
        "go": "GoState: legal_actions() (GoBoard::IsLegalMove: no suicide, basic ko); ends at two "
        "passes scored by TrompTaylorScore (go_board.h: \"Score according to "
        "https://senseis.xmp.net/?TrompTaylorRules.\"), a repetition drawn (go.h: \"We also "
        "treat superko as a draw\"); returns, no margin",
        "chess": "ChessState: checkmate, stalemate, insufficient material, threefold and fifty "
        "moves end the game without a claim",
    }[GAME]
    return {"name": "OpenSpiel " + GAME, "version": pyspiel.__version__ if hasattr(pyspiel, "__version__") else "2.0.2",
            "family": GAME, "rules": rules, "ends": True}


if __name__ == "__main__":
    serve(hello(), answer)
