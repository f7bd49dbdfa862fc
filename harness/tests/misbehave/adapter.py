#!/usr/bin/env python3
"""A test adapter that misbehaves on request, for harness/tests/subprocess.rs.

    adapter.py PROTOCOL [OPTION...] [BASE RELATIVE]

PROTOCOL is argv, lines or jsonl. A well-behaved case answers BASE|RELATIVE;
the relative URL picks a misbehaviour for its case:

    hang     never answers (sleeps)
    exit     prints a message on standard error and exits with code 3
    abort    dies of SIGABRT
    binary   answers with bytes that are not UTF-8
    garbage  answers with a line that is not JSON
    wrongid  answers with the id plus 1000
    noise    writes to standard error, then answers correctly
    big      answers http://a/ followed by 10,000,000 x
    reject   rejects the case with the message "no: reject"

Options:

    --start=exit     prints a message on standard error and exits with code 1 at once
    --start=silent   never answers the jsonl handshake
    --start=version2 answers the jsonl handshake with protocol version 2
    --always-crash   exits with code 3 on every case
    --ignore-stop    keeps running after the stop message and end of input
    --spawn-sleeper  starts a `sleep 60` child that holds the standard streams
    --spawn-setsid   starts a `sleep 60` child in a session of its own
    --pidfile=PATH   appends its pid (and the sleepers') to PATH
    --banner         lines: prints a banner line before the first answer
    --flood=stderr   writes to standard error without end, from the start
    --flood-after=N  answers N requests, then writes lines to standard output
                     without end
    --slow=SECS      sleeps SECS before each answer
    --never-flush    lines: never flushes its answers
    --name=NAME      jsonl: the name in the handshake
    --answer-unread=N  jsonl: reads one request, answers ids 1 to N without
                     reading the others, then sleeps without reading
    --all=RELATIVE   treats every case as if its relative URL were RELATIVE
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time

OPTIONS = {}


def settle():
    """Waits for the harness to read what came before.

    Standard output and standard error are two pipes read by two threads, so
    the harness can tell which case a write to standard error belongs to
    only when the writes are apart in time.
    """
    if "--always-crash" not in OPTIONS:
        time.sleep(0.3)


ANSWERED = [0]


def flood(stream):
    line = b"x" * 65535 + b"\n"
    while True:
        stream.write(line)
        stream.flush()


def after_answer():
    ANSWERED[0] += 1
    if "--flood-after" in OPTIONS and ANSWERED[0] == int(OPTIONS["--flood-after"]):
        flood(sys.stdout.buffer)


def misbehave(relative, answer_id=None):
    """Does what `relative` asks before an answer; returns raw bytes to send
    instead of the answer, or None to answer normally."""
    if "--slow" in OPTIONS:
        time.sleep(float(OPTIONS["--slow"]))
    if relative == "hang":
        time.sleep(60)
    if relative == "exit" or "--always-crash" in OPTIONS:
        settle()
        sys.stderr.write("adapter: exiting on purpose\n")
        sys.stderr.flush()
        sys.exit(3)
    if relative == "abort":
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGABRT)
    if relative == "binary":
        return b"\xff\xfe"
    if relative == "garbage":
        return b"not json"
    if relative == "wrongid" and answer_id is not None:
        return json.dumps({"id": answer_id + 1000, "result": "x"}).encode()
    if relative == "noise":
        settle()
        sys.stderr.write("warning: noisy case\nhttp://evil/\n")
        sys.stderr.flush()
        settle()
    return None


def resolve(base, relative):
    """(result, None) or (None, message)."""
    if relative == "reject":
        return None, "no: reject"
    if relative == "big":
        return "http://a/" + "x" * 10_000_000, None
    return f"{base}|{relative}", None


UNFLUSHED = []


def send(data):
    if "--never-flush" in OPTIONS:
        # As a block-buffered stream that is never flushed: the answers wait
        # until the end, whatever PYTHONUNBUFFERED says.
        UNFLUSHED.append(data + b"\n")
    else:
        sys.stdout.buffer.write(data + b"\n")
        sys.stdout.buffer.flush()
    after_answer()


def argv(base, relative):
    relative = OPTIONS.get("--all", relative)
    raw = misbehave(relative)
    if raw is not None:
        sys.stdout.buffer.write(raw)
        return 0
    result, error = resolve(base, relative)
    if error is not None:
        sys.stderr.write(error + "\n")
        return 1
    sys.stdout.write(result + "\n")
    return 0


def lines():
    if "--banner" in OPTIONS:
        send(b"misbehave adapter 1.0 ready")
        ANSWERED[0] -= 1
    for raw in iter(sys.stdin.buffer.readline, b""):
        base, _, relative = raw.decode().rstrip("\n").partition("\t")
        relative = OPTIONS.get("--all", relative)
        data = misbehave(relative)
        if data is None:
            result, error = resolve(base, relative)
            data = (result if error is None else "\t" + error).encode()
        send(data)


def jsonl():
    first = sys.stdin.readline()
    if OPTIONS.get("--start") == "silent":
        time.sleep(60)
    version = 2 if OPTIONS.get("--start") == "version2" else 1
    assert json.loads(first) == {"type": "start", "version": 1}, first
    send(json.dumps({"type": "started", "version": version,
                     "name": OPTIONS.get("--name", "misbehave"),
                     "implementation_version": "0", "language": "python",
                     "spec": "none"}).encode())
    ANSWERED[0] -= 1
    if "--answer-unread" in OPTIONS:
        # Byte by byte, so that exactly one request leaves the pipe.
        while os.read(0, 1) not in (b"\n", b""):
            pass
        for i in range(1, int(OPTIONS["--answer-unread"]) + 1):
            send(json.dumps({"id": i, "result": "x"}).encode())
        time.sleep(60)
    for raw in iter(sys.stdin.buffer.readline, b""):
        request = json.loads(raw)
        if request["type"] == "stop":
            break
        request["relative"] = OPTIONS.get("--all", request["relative"])
        data = misbehave(request["relative"], request["id"])
        if data is None:
            result, error = resolve(request["base"], request["relative"])
            answer = {"id": request["id"]}
            answer["result" if error is None else "error"] = result or error
            data = json.dumps(answer).encode()
        send(data)
    if "--ignore-stop" in OPTIONS:
        time.sleep(60)


def main(args):
    protocol = args.pop(0)
    while args and args[0].startswith("--"):
        key, _, value = args.pop(0).partition("=")
        OPTIONS[key] = value
    children = []
    if "--spawn-sleeper" in OPTIONS:
        children.append(subprocess.Popen(["sleep", "60"]))
    if "--spawn-setsid" in OPTIONS:
        children.append(subprocess.Popen(["sleep", "60"], start_new_session=True,
                                         stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL))
    if "--pidfile" in OPTIONS:
        with open(OPTIONS["--pidfile"], "a") as f:
            f.write(f"{os.getpid()}\n")
            for child in children:
                f.write(f"{child.pid}\n")
    if OPTIONS.get("--flood") == "stderr":
        threading.Thread(target=flood, args=(sys.stderr.buffer,), daemon=True).start()
    if OPTIONS.get("--start") == "exit":
        sys.stderr.write("adapter: cannot load the URL library\n")
        return 1
    if protocol == "argv":
        return argv(*args)
    if protocol == "lines":
        lines()
    else:
        jsonl()
    sys.stdout.buffer.write(b"".join(UNFLUSHED))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
