#!/usr/bin/env python3
"""PettingZoo's `go_v5` (PyPI pettingzoo, with pygame for its import) as a rulediff Go
referee, over rulediff's JSON-lines referee protocol (docs/protocol.md).

Legality is the environment's action mask (`observe(agent)["action_mask"]`), a play is
`env.step(action)`. go_v5 starts from an empty board with Black to move (its parameters are
board_size and komi), so a setup with stones is refused. Its game ends at two passes in a row,
as rulediff's controller ends it, so the bridge says "ends": false and legality alone is
compared. An action is row * size + column, row 0 at the top; size^2 is a pass.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rulediff_bridge import serve  # noqa: E402

try:
    import pettingzoo
    from pettingzoo.classic import go_v5

    IMPORT_ERROR = None
except ImportError as error:
    IMPORT_ERROR = "pettingzoo's go_v5 cannot be imported (pip install pettingzoo pygame): %s" % error

state = {"env": None, "size": 0}


def start(setup):
    if any(c != "." for row in setup["rows"] for c in row) or setup["to_move"] != "B":
        raise ValueError("go_v5 starts from an empty board with Black to move")
    if setup["width"] != setup["height"]:
        raise ValueError("go_v5 plays square boards")
    env = go_v5.env(board_size=setup["width"], komi=float(setup["komi"]))
    env.reset(seed=0)
    state["env"], state["size"] = env, setup["width"]


def mask():
    env = state["env"]
    agent = env.agent_selection
    if env.terminations[agent] or env.truncations[agent]:
        return []
    return env.observe(agent)["action_mask"]


def action(move):
    size = state["size"]
    return size * size if move == "pass" else move[1] * size + move[0]


def move(a):
    size = state["size"]
    if a == size * size:
        return "pass"
    row, column = divmod(a, size)
    return [column, row]


def answer(request):
    cmd = request["cmd"]
    if cmd == "start":
        start(request["setup"])
        return {}
    if cmd == "legal":
        return {"moves": [move(a) for a, ok in enumerate(mask()) if ok]}
    if cmd in ("judge", "play"):
        a = action(request["move"])
        allowed = mask()
        if a >= len(allowed) or not allowed[a]:
            return {"legal": False, "rule": "illegal"}
        if cmd == "play":
            state["env"].step(a)
        return {"legal": True}
    if cmd == "status":
        return {"over": False}
    raise ValueError("unknown command %r" % cmd)


def hello():
    if IMPORT_ERROR:
        return {"error": IMPORT_ERROR}
    return {
        "name": "PettingZoo go_v5",
        "version": pettingzoo.__version__,
        "family": "go",
        "rules": "go_v5 action mask (minigo's go_base: captures, no suicide, basic ko); "
        "the game ends at two passes",
        "ends": False,
    }


if __name__ == "__main__":
    serve(hello(), answer)
