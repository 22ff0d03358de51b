#!/usr/bin/env python3
"""A misbehaving GTP engine for rulediff's robustness tests.

Forwards every command to a real engine and passes its replies back, except that at the
N-th `play` command it misbehaves:

  gtp_proxy.py MODE N MARKER -- ENGINE ARGS...

  crash-once   exit without answering, unless MARKER exists (then create it first)
  hang-once    stop answering, unless MARKER exists (then create it first)
  crash        exit without answering, every time
  garbage      answer with a line that is not GTP, every N-th play
"""
import os
import subprocess
import sys
import time


def main():
    mode, n, marker = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    engine = subprocess.Popen(sys.argv[5:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    plays = 0
    for line in sys.stdin:
        words = line.split()
        if len(words) > 1 and words[1] == "play":
            plays += 1
            if misbehave(mode, n, marker, plays):
                continue
        engine.stdin.write(line)
        engine.stdin.flush()
        while True:
            reply = engine.stdout.readline()
            sys.stdout.write(reply)
            if reply.strip() == "" or reply == "":
                break
        sys.stdout.flush()


def misbehave(mode, n, marker, plays):
    once = mode.endswith("-once")
    if once and (plays != n or os.path.exists(marker)):
        return False
    if not once and plays % n != 0:
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
