#!/usr/bin/env python3
"""The cheapest Go engine that speaks rulediff's referee protocol: every empty point and a pass
are legal, and nothing is ever captured. It rules nothing worth comparing; the `engines` bench
runs it to measure what the protocol itself costs per campaign step (reports/performance.md).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rulediff_bridge import serve  # noqa: E402

state = {"size": (0, 0), "occupied": set()}


def answer(request):
    cmd = request["cmd"]
    if cmd == "start":
        setup = request["setup"]
        state["size"] = (setup["width"], setup["height"])
        rows = setup["rows"]
        state["occupied"] = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c != "."}
        return {}
    if cmd == "legal":
        width, height = state["size"]
        occupied = state["occupied"]
        points = [[x, y] for y in range(height) for x in range(width) if (x, y) not in occupied]
        return {"moves": ["pass"] + points}
    if cmd in ("judge", "play"):
        move = request["move"]
        if move != "pass":
            point = tuple(move)
            if point in state["occupied"]:
                return {"legal": False, "rule": "occupied"}
            if cmd == "play":
                state["occupied"].add(point)
        return {"legal": True}
    if cmd == "status":
        return {"over": False}
    raise ValueError("unknown command %r" % cmd)


serve({"name": "trivial", "version": "1", "family": "go", "rules": "every empty point", "ends": False}, answer)
