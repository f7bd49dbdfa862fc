#!/usr/bin/env python3
"""rfc1808 adapter for hyperlink (PyPI), the URL library of Twisted and
Klein: ``URL.from_text(base).click(relative).to_text()``, the resolution its
documentation describes ("Resolve the given URL relative to this URL").

    python3 adapters/python-hyperlink.py              # jsonl (also: --jsonl)
    python3 adapters/python-hyperlink.py --lines      # lines
    python3 adapters/python-hyperlink.py BASE REL     # argv

Needs Python 3 and ``pip install hyperlink`` (adapters/install.sh does it).
``to_text(with_password=True)`` is the URI form as hyperlink holds it
(``to_uri()`` would percent-encode, ``to_iri()`` decode; without
``with_password=True``, ``to_text()`` leaves a password out, for display); a
hyperlink.URLParseError, or any other exception, is a rejection.
"""

import importlib.metadata
import json
import platform
import sys

from hyperlink import URL

NAME = "python-hyperlink"


def resolve(base, relative):
    """Returns (result, None) or (None, message) when hyperlink raises."""
    try:
        return URL.from_text(base).click(relative).to_text(with_password=True), None
    except Exception as e:  # any exception is the library declining the case
        return None, f"{type(e).__name__}: {e}"


def write(out, text):
    out.write(text.encode("utf-8", "surrogateescape"))
    out.flush()


def answer(request):
    kind = request.get("type") if isinstance(request, dict) else None
    if kind == "start":
        return {
            "type": "started",
            "version": 1,
            "name": NAME,
            "implementation_version": f"{importlib.metadata.version('hyperlink')}"
            f" (python {platform.python_version()})",
            "language": "python",
            "spec": "RFC 3986",
        }
    if kind == "resolve":
        base, relative = request.get("base"), request.get("relative")
        if not isinstance(base, str) or not isinstance(relative, str):
            return {"id": request.get("id"), "error": "adapter: base and relative must be strings"}
        result, error = resolve(base, relative)
        if error is not None:
            return {"id": request.get("id"), "error": error}
        return {"id": request.get("id"), "result": result}
    return {"id": request.get("id") if isinstance(request, dict) else None,
            "error": f"adapter: unknown request type {kind!r}"}


def jsonl():
    out = sys.stdout.buffer
    for raw in iter(sys.stdin.buffer.readline, b""):
        try:
            request = json.loads(raw.decode("utf-8"))
        except ValueError as e:  # covers UnicodeDecodeError and JSONDecodeError
            write(out, json.dumps({"id": None, "error": f"adapter: bad request: {e}"}) + "\n")
            continue
        if isinstance(request, dict) and request.get("type") == "stop":
            return
        # ensure_ascii keeps the output valid UTF-8 whatever hyperlink returns.
        write(out, json.dumps(answer(request)) + "\n")


def lines():
    out = sys.stdout.buffer
    for raw in iter(sys.stdin.buffer.readline, b""):
        line = raw.decode("utf-8", "surrogateescape").removesuffix("\n").removesuffix("\r")
        base, tab, relative = line.partition("\t")
        if not tab:
            write(out, "\tadapter: request without a TAB\n")
            continue
        result, error = resolve(base, relative)
        if error is not None:
            write(out, "\t" + " ".join(error.splitlines()) + "\n")
        elif "\n" in result or "\r" in result or result.startswith("\t"):
            write(out, "\tadapter: the result cannot be sent as a line\n")
        else:
            write(out, result + "\n")


def main(args):
    if args in ([], ["--jsonl"]):
        jsonl()
        return 0
    if args == ["--lines"]:
        lines()
        return 0
    if len(args) == 2:
        result, error = resolve(args[0], args[1])
        if error is not None:
            write(sys.stderr.buffer, error + "\n")
            return 1
        write(sys.stdout.buffer, result + "\n")
        return 0
    write(sys.stderr.buffer, f"usage: {NAME} [--jsonl | --lines | BASE RELATIVE]\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
