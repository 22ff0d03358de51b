#!/usr/bin/env python3
"""PettingZoo's `go_v5` (PyPI pettingzoo, with pygame for its import) as a rulediff Go
referee, over rulediff's JSON-lines referee protocol, version 2 (docs/protocol.md).

Legality is the environment's action mask (`observe(agent)["action_mask"]`), a play is
`env.step(action)`. go_v5 starts from an empty board with Black to move (its parameters are
board_size and komi), so a setup with stones is refused. The environment ends its game itself
(its documentation: "The game ends if both players sequentially decide to pass"): then every
agent's `terminations` entry is set and `rewards` holds its returns (+1 to the winner, -1 to
the loser: "### Rewards"). Those returns come from minigo's `Position.result()`, the sign of
`Position.score()` (go_base.py: "Return score from B perspective"), so the bridge reports the
margin that score gives beside the returns. An action is row * size + column, row 0 at the
top; size^2 is a pass.
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


SEATS = {"black_0": "B", "white_0": "W"}


def status():
    """The environment's end, its rewards, and the margin of the count they come from."""
    env = state["env"]
    if not any(env.terminations.values()) and not any(env.truncations.values()):
        return {"over": False, "ends": [], "claims": []}
    position = env.unwrapped._go
    ends = ["two-passes"] if position.is_game_over() else []
    if any(env.truncations.values()):
        ends.append("truncated")
    rewards = {SEATS[agent]: float(r) for agent, r in env.rewards.items()}
    score = float(position.score())
    result = {"rewards": rewards, "rule": ends[0] if ends else "end"}
    if score != 0:
        result.update(winner="B" if score > 0 else "W", margin=abs(score))
    else:
        result.update(winner=None)
    return {"over": True, "ends": ends, "result": result}


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
        return status()
    raise ValueError("unknown command %r" % cmd)


def hello():
    if IMPORT_ERROR:
        return {"error": IMPORT_ERROR}
    return {
        "name": "PettingZoo go_v5",
        "version": pettingzoo.__version__,
        "family": "go",
        "rules": "go_v5: the action mask (minigo's go_base.py, \"Obeys CGOS Rules of Play. In "
        "short: No suicides, Chinese/area scoring, Positional superko\"); \"The game ends if both "
        "players sequentially decide to pass\"; rewards +1/-1, and the score they come from",
        "ends": True,
    }


if __name__ == "__main__":
    serve(hello(), answer)
