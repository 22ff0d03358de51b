#!/usr/bin/env python3
"""A misbehaving GTP engine for rulediff's robustness tests.

Forwards every command to a real engine and passes its replies back, except that at the
N-th command (`*-once` modes) or every N-th `play` (the others) it misbehaves:

  gtp_proxy.py MODE N MARKER -- ENGINE ARGS...

  crash-once   exit without answering, unless MARKER exists (then create it first)
  hang-once    stop answering, unless MARKER exists (then create it first)
  crash        exit without answering, every time
  garbage      answer with a line that is not GTP, every N-th play
  hide         leave the commands listed in MARKER (comma-separated) out of `list_commands`
"""
import os
import subprocess
import sys
import time


def main():
    mode, n, marker = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    engine = subprocess.Popen(sys.argv[5:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    plays = commands = 0
    for line in sys.stdin:
        words = line.split()
        commands += 1
        is_play = len(words) > 1 and words[1] == "play"
        plays += is_play
        count = commands if mode.endswith("-once") else plays
        if (is_play or mode.endswith("-once")) and misbehave(mode, n, marker, count):
            continue
        engine.stdin.write(line)
        engine.stdin.flush()
        hidden = marker.split(",") if mode == "hide" else []
        while True:
            reply = engine.stdout.readline()
            if reply.strip() in hidden:
                continue
            sys.stdout.write(reply)
            if reply.strip() == "" or reply == "":
                break
        sys.stdout.flush()


def misbehave(mode, n, marker, count):
    if mode == "hide":
        return False
    once = mode.endswith("-once")
    if once and (count != n or os.path.exists(marker)):
        return False
    if not once and count % n != 0:
        return False
    if once:
        open(marker, "w").close()
    if mode.startswith("crash"):
        sys.exit(3)
    if mode.startswith("hang"):
        time.sleep(3600)
    sys.stdout.write("hello, I am not GTP\n\n")
    sys.stdout.flush()
    return True


if __name__ == "__main__":
    main()
