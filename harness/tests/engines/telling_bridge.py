#!/usr/bin/env python3
"""A Go bridge for rulediff's protocol tests that ends its own games and tells what it found.

    telling_bridge.py MODE

Every empty point is legal, nothing is ever captured; two passes in a row end the game, and
`status` then answers as MODE says:

  margin        protocol 2: ends ["two-passes"], result W by 3.5 (the engine's own count)
  rewards       protocol 2: ends ["two-passes"], result the returns B +1, W -1
  two-endings   protocol 2: ends ["two-passes", "superko"] at once (incompatible), a draw
  v1            protocol 1: {"rule": "two-passes", "score": {"B": 10, "W": 4}}
"""
import json
import sys

MODE = sys.argv[1]
game = {"passes": 0, "stones": set()}

OVER = {
    "margin": {"ends": ["two-passes"], "result": {"winner": "W", "margin": 3.5}},
    "rewards": {"ends": ["two-passes"], "result": {"rewards": {"B": 1, "W": -1}}},
    "two-endings": {"ends": ["two-passes", "superko"], "result": {"winner": None}},
    "v1": {"rule": "two-passes", "winner": None, "score": {"B": 10, "W": 4}},
}


def answer(request):
    cmd = request["cmd"]
    if cmd == "hello":
        return {"protocol": 1 if MODE == "v1" else 2, "name": "telling", "version": "1",
                "family": "go", "rules": "every empty point", "ends": True}
    if cmd == "batch":
        return {"replies": [answer(r) for r in request["requests"]]}
    if cmd == "start":
        game["passes"], game["stones"] = 0, set()
        return {}
    if cmd in ("judge", "play"):
        move = request["move"]
        if move != "pass" and tuple(move) in game["stones"]:
            return {"legal": False, "rule": "occupied"}
        if cmd == "play":
            if move == "pass":
                game["passes"] += 1
            else:
                game["passes"] = 0
                game["stones"].add(tuple(move))
        return {"legal": True}
    if cmd == "legal":
        return {"moves": ["pass"]}
    if cmd == "status":
        if game["passes"] >= 2:
            return dict(OVER[MODE], over=True)
        return {"over": False, "ends": [], "claims": []} if MODE != "v1" else {"over": False}
    return {"error": "unknown command %r" % cmd}


for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "quit":
        break
    reply = answer(request)
    reply["id"] = request["id"]
    print(json.dumps(reply), flush=True)
