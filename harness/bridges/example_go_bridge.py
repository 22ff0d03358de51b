#!/usr/bin/env python3
"""A Go referee written from scratch for rulediff's JSON-lines referee protocol (version 2):
captures, suicide forbidden, basic ko (no immediate recapture of a single stone). It claims
rulediff's `simple-ko`; the docs/protocol.md walks through it.

    rulediff random --board 7x7 --games 100 --engines example.toml --out out/
"""
import json
import sys

board, width, height, turn, ko = {}, 0, 0, "X", None


def neighbours(x, y):
    return [(a, b) for a, b in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1))
            if 0 <= a < width and 0 <= b < height]


def chain(p, stones):
    """The string of stones at p and whether it has a liberty."""
    seen, todo, free = {p}, [p], False
    while todo:
        for q in neighbours(*todo.pop()):
            if stones.get(q) is None:
                free = True
            elif stones[q] == stones[p] and q not in seen:
                seen.add(q)
                todo.append(q)
    return seen, free


def after(move):
    """The board after `move` and the point of a new ko, or the rule it breaks."""
    if move == "pass":
        return dict(board), None, None
    p = tuple(move)
    if p in board:
        return None, None, "occupied"
    if p == ko:
        return None, None, "ko"
    stones = dict(board)
    stones[p] = turn
    taken = set()
    for q in neighbours(*p):
        if stones.get(q) not in (None, turn):
            group, free = chain(q, stones)
            if not free:
                taken |= group
    for q in taken:
        del stones[q]
    group, free = chain(p, stones)
    if not free:
        return None, None, "suicide"
    # Basic ko: a lone stone that took one stone and has one liberty, where that stone was.
    lonely = len(taken) == 1 and len(group) == 1 and sum(
        stones.get(q) is None for q in neighbours(*p)) == 1
    return stones, (next(iter(taken)) if lonely else None), None


def answer(request):
    global board, width, height, turn, ko
    cmd = request["cmd"]
    if cmd == "hello":
        return {"protocol": 2, "name": "example", "version": "1", "family": "go",
                "rules": "captures, no suicide, basic ko", "ends": False}
    if cmd == "start":
        s = request["setup"]
        width, height, turn, ko = s["width"], s["height"], "X" if s["to_move"] == "B" else "O", None
        board = {(x, y): c for y, row in enumerate(s["rows"]) for x, c in enumerate(row) if c != "."}
        return {}
    if cmd == "batch":
        return {"replies": [answer(r) for r in request["requests"]]}
    if cmd == "legal":
        points = [[x, y] for y in range(height) for x in range(width)]
        return {"moves": ["pass"] + [p for p in points if after(p)[2] is None]}
    if cmd in ("judge", "play"):
        stones, new_ko, rule = after(request["move"])
        if rule:
            return {"legal": False, "rule": rule}
        if cmd == "play":
            board, ko, turn = stones, new_ko, "O" if turn == "X" else "X"
        return {"legal": True}
    if cmd == "status":  # the game ends at two passes, which rulediff counts
        return {"over": False}
    return {"error": "unknown command " + cmd}


for line in sys.stdin:
    request = json.loads(line)
    if request["cmd"] == "quit":
        break
    reply = answer(request)
    reply["id"] = request["id"]
    print(json.dumps(reply), flush=True)
