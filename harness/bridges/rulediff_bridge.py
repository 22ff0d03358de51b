"""The framing of rulediff's JSON-lines referee protocol (version 2), for Python bridges.

A bridge hands `serve` its `hello` reply and a function that answers one request; `serve`
reads a request a line, echoes each request's `id`, answers `batch` requests in order, turns an
exception into an `{"error": ...}` reply, and stops at `quit` or end of input. See docs/protocol.md
for the protocol.

Xiangqi bridges answer every request with the whole state (ffish_bridge.py documents the
replies); `serve_state_bridge` is their whole request loop, given how to start a game.
"""

import json
import sys

PROTOCOL = 2


def serve(hello, answer):
    def one(request):
        cmd = request.get("cmd")
        if cmd == "hello":
            return dict(hello, protocol=PROTOCOL)
        if cmd == "batch":
            return {"replies": [one(inner) for inner in request.get("requests", [])]}
        try:
            return answer(request)
        except Exception as error:  # a refusal, not a crash: the referee reports it
            return {"ok": False, "error": "%s: %s" % (type(error).__name__, error)}

    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError:
            request = {"cmd": "not JSON"}
        if request.get("cmd") == "quit":
            return
        reply = one(request)
        reply["id"] = request.get("id")
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def serve_state_bridge(hello, start):
    """Serves a bridge whose every reply is the whole state (start, play, state).

    `start(request)` makes a game from a start request (its "fen" and earlier "moves"): an
    object with `legal()` (the legal moves, UCI), `push(move)` (makes a legal move) and
    `state()` (the state reply); the reply to start is its `started()` where it has one, else
    its `state()`. A move that is not legal changes nothing and is answered with the state and
    "legal": false. A `hello` with an "error" (a missing library) makes every request fail
    with it.
    """
    games = [None]

    def answer(request):
        if "error" in hello:
            raise RuntimeError(hello["error"])
        cmd = request.get("cmd")
        if cmd == "start":
            games[0] = start(request)
            return getattr(games[0], "started", games[0].state)()
        game = games[0]
        if game is None:
            raise ValueError("no game started")
        if cmd == "play":
            move = request["move"]
            if move not in game.legal():
                return dict(game.state(), legal=False)
            game.push(move)
            return game.state()
        if cmd == "state":
            return game.state()
        raise ValueError(f"unknown command {cmd!r}")

    serve(hello, answer)
