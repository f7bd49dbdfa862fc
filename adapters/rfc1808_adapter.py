"""The protocol loop of the Python adapters in adapters/ (cpython-urllib,
python-hyperlink): the three protocols of docs/adapters.md, so that each
adapter file holds only the call of its library. An adapter imports this
file from beside itself and hands it its name, the spec it claims, its
library's version and its call:

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import rfc1808_adapter

    rfc1808_adapter.run("cpython-urllib", "RFC 3986", platform.python_version,
                        lambda base, relative: urljoin(base, relative))

An adapter whose library also parses a URL with no base (``new
URL(input)``) passes ``parse=lambda input: ...`` too: the handshake then
offers parse requests, the web-platform tests' entries without a base.

Needs only the Python 3 standard library. docs/adapters.md has the same
loop as one file to copy, for an adapter kept outside this repository.
"""

import json
import sys


def _resolve(call, base, relative):
    """Returns (result, None) or (None, message) when the library raises."""
    try:
        return call(base, relative), None
    except Exception as e:  # any exception is the library declining the case
        return None, f"{type(e).__name__}: {e}"


def _write(out, text):
    out.write(text.encode("utf-8", "surrogateescape"))
    out.flush()


def _answer(adapter, request):
    kind = request.get("type") if isinstance(request, dict) else None
    if kind == "start":
        started = {
            "type": "started",
            "version": 1,
            "name": adapter["name"],
            "implementation_version": adapter["version"](),
            "language": "python",
            "spec": adapter["spec"],
        }
        if adapter.get("parse"):
            started["parse"] = True
        return started
    if kind == "resolve":
        base, relative = request.get("base"), request.get("relative")
        if not isinstance(base, str) or not isinstance(relative, str):
            return {"id": request.get("id"), "error": "adapter: base and relative must be strings"}
        result, error = _resolve(adapter["resolve"], base, relative)
        if error is not None:
            return {"id": request.get("id"), "error": error}
        return {"id": request.get("id"), "result": result}
    if kind == "parse" and adapter.get("parse"):
        text = request.get("input")
        if not isinstance(text, str):
            return {"id": request.get("id"), "error": "adapter: input must be a string"}
        result, error = _resolve(lambda _, text: adapter["parse"](text), None, text)
        if error is not None:
            return {"id": request.get("id"), "error": error}
        return {"id": request.get("id"), "result": result}
    return {"id": request.get("id") if isinstance(request, dict) else None,
            "error": f"adapter: unknown request type {kind!r}"}


def _jsonl(adapter):
    out = sys.stdout.buffer
    for raw in iter(sys.stdin.buffer.readline, b""):
        try:
            request = json.loads(raw.decode("utf-8"))
        except ValueError as e:  # covers UnicodeDecodeError and JSONDecodeError
            _write(out, json.dumps({"id": None, "error": f"adapter: bad request: {e}"}) + "\n")
            continue
        if isinstance(request, dict) and request.get("type") == "stop":
            return
        # ensure_ascii keeps the output valid UTF-8 whatever the library returns.
        _write(out, json.dumps(_answer(adapter, request)) + "\n")


def _lines(adapter):
    out = sys.stdout.buffer
    for raw in iter(sys.stdin.buffer.readline, b""):
        line = raw.decode("utf-8", "surrogateescape").removesuffix("\n").removesuffix("\r")
        base, tab, relative = line.partition("\t")
        if not tab:
            _write(out, "\tadapter: request without a TAB\n")
            continue
        result, error = _resolve(adapter["resolve"], base, relative)
        if error is not None:
            _write(out, "\t" + " ".join(error.splitlines()) + "\n")
        elif "\n" in result or "\r" in result or result.startswith("\t"):
            _write(out, "\tadapter: the result cannot be sent as a line\n")
        else:
            _write(out, result + "\n")


def main(adapter, args):
    if args in ([], ["--jsonl"]):
        _jsonl(adapter)
        return 0
    if args == ["--lines"]:
        _lines(adapter)
        return 0
    if len(args) == 2:
        result, error = _resolve(adapter["resolve"], args[0], args[1])
        if error is not None:
            _write(sys.stderr.buffer, error + "\n")
            return 1
        _write(sys.stdout.buffer, result + "\n")
        return 0
    _write(sys.stderr.buffer, f"usage: {adapter['name']} [--jsonl | --lines | BASE RELATIVE]\n")
    return 2


def pypi_version(package):
    """The version() of an adapter whose library comes from PyPI: the
    package's version, and the Python it runs on."""
    import importlib.metadata
    import platform

    return lambda: f"{importlib.metadata.version(package)} (python {platform.python_version()})"


def run(name, spec, version, resolve, parse=None):
    """Serves the protocol the arguments select, then exits.

    name: the adapter's name; spec: the spec the library claims, as the
    handshake says it; version(): the library's version, asked at each
    handshake; resolve(base, relative): the resolved URL, or an exception,
    which is the library's rejection, reported with its type's name;
    parse(input), if given: the URL parsed with no base, or an exception.
    """
    adapter = {"name": name, "spec": spec, "version": version, "resolve": resolve,
               "parse": parse}
    sys.exit(main(adapter, sys.argv[1:]))
