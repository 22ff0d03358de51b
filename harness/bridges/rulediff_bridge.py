"""The framing of rulediff's JSON-lines referee protocol (version 1), for Python bridges.

A bridge hands `serve` its `hello` reply and a function that answers one request; `serve`
reads a request a line, echoes each request's `id`, answers `batch` requests in order, turns an
exception into an `{"error": ...}` reply, and stops at `quit` or end of input. See the README,
"Engines in any language", for the protocol.
"""

import json
import sys

PROTOCOL = 1


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
