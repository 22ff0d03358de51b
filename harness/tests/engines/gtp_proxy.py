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
  lie-die      after N plays of a game, answer that the point just played is legal
               (`all_legal` lists it, `is_legal` says 1, `play` there says `=` and keeps
               the engine's board); at the next command after an `is_legal` or `play` lie
               exit, creating MARKER; a process started while MARKER exists exits at its
               first command (the engine is broken for good)
  lie-recover  lie as lie-die, in every game, and exit after the first lie only (MARKER
               records it): restarted, the engine is well again and tells the same lie
"""
import os
import subprocess
import sys
import time


def main():
    mode, n, marker = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    engine = subprocess.Popen(sys.argv[5:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    if mode.startswith("lie-"):
        return liar(mode, n, marker, engine)
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


def ask(engine, line):
    """The engine's whole reply to one command, blank line included."""
    engine.stdin.write(line)
    engine.stdin.flush()
    reply = []
    while True:
        part = engine.stdout.readline()
        reply.append(part)
        if part.strip() == "":
            return "".join(reply)


def liar(mode, n, marker, engine):
    if mode == "lie-die" and os.path.exists(marker):
        sys.stdin.readline()
        sys.exit(3)
    played, lied = [], False
    for line in sys.stdin:
        words = line.split()
        if words and words[0].isdigit():
            words = words[1:]
        if lied and (mode == "lie-die" or not os.path.exists(marker)):
            open(marker, "w").close()
            sys.exit(3)
        command = words[0] if words else ""
        at_lie = len(played) == n and played[-1] != "PASS"
        if at_lie and command == "play" and words[2].upper() == played[-1]:
            ident = line.split()[0] if line.split()[0].isdigit() else ""
            sys.stdout.write("=%s\n\n" % ident)
            sys.stdout.flush()
            played.append(words[2].upper())
            lied = True
            continue
        reply = ask(engine, line)
        if command in ("boardsize", "clear_board"):
            played = []
        elif command == "play" and reply.startswith("="):
            played.append(words[2].upper())
        elif command == "undo" and reply.startswith("=") and played:
            played.pop()
        at_lie = len(played) == n and played[-1] != "PASS"
        if at_lie and command == "all_legal":
            head, _, rest = reply.partition("\n")
            reply = "%s %s\n%s" % (head.rstrip(), played[-1], rest)
        elif at_lie and command == "is_legal" and words[2].upper() == played[-1]:
            reply = reply.split(" ")[0].rstrip("\n") + " 1\n\n"
            lied = True
        sys.stdout.write(reply)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
