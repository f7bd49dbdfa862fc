#!/usr/bin/env python3
"""RFC 1808 relative URL resolution, written from the RFC's text alone, a
second way: the parser remembers every delimiter it saw (the BNF gives
"#", "?" and ";" with nothing after them a component of their own), Steps
3 and 5 test for "non-empty", and "(if any)" is read as: when the base has
no such component, the embedded URL keeps its own.

Readings (docs/readings.md): empty-component=kept, inherit-if-any=keep-own,
empty-net-loc=kept, escaped-dots=decoded (an escaped dot is the octet of
".", RFC 1738 section 2.2), and entirely-empty=string, or
entirely-empty=components with `--components` (Step 2a judged on the
parsed components).

`--drop-empty-fragment` drops the "#" of an empty fragment while keeping
an empty query's "?": two readings of one ambiguity, which the harness
must report as inconsistent.

Speaks the harness's `lines` protocol. Standard library only.
"""

import re
import sys

COMPONENTS = ("scheme", "net_loc", "path", "params", "query", "fragment")
SCHEME = re.compile(r"^([A-Za-z0-9+.\-]+):")


class URL:
    """The components of section 2.1; `None` when the delimiter is not
    there, "" when it is and nothing follows."""

    def __init__(self, text):
        rest = text
        self.fragment = self.query = self.params = None
        self.scheme = self.net_loc = None
        if "#" in rest:  # 2.4.1
            rest, self.fragment = rest.split("#", 1)
        m = SCHEME.match(rest)  # 2.4.2
        if m:
            self.scheme, rest = m.group(1), rest[m.end() :]
        if rest.startswith("//"):  # 2.4.3
            m = re.match(r"//([^/]*)", rest)
            self.net_loc, rest = m.group(1), rest[m.end() :]
        if "?" in rest:  # 2.4.4
            rest, self.query = rest.split("?", 1)
        if ";" in rest:  # 2.4.5
            rest, self.params = rest.split(";", 1)
        self.slash = rest.startswith("/")  # 2.4.6
        self.path = rest[1:] if self.slash else rest

    def all_empty(self):
        return (
            self.scheme is None
            and not self.slash
            and not any(getattr(self, c) for c in COMPONENTS[1:])
        )


def empty(component):
    return component is None or component == ""


SEGMENT_START = r"(?:(?<=/)|^)"


def unescape_dots(path):
    segments = []
    for segment in path.split("/"):
        plain = re.sub("%2[eE]", ".", segment)
        segments.append(plain if plain in (".", "..") else segment)
    return "/".join(segments)


def step6(base_path, embedded_path):
    path = re.sub(r"[^/]*$", "", base_path) + embedded_path
    path = unescape_dots(path)
    while True:  # a)
        new = re.sub(SEGMENT_START + r"\./", "", path)
        if new == path:
            break
        path = new
    path = re.sub(SEGMENT_START + r"\.$", "", path)  # b)
    pair = re.compile(SEGMENT_START + r"(?!\.\./)[^/]*/\.\./")
    while True:  # c) leftmost first
        m = pair.search(path)
        if not m:
            break
        path = path[: m.start()] + path[m.end() :]
    return re.sub(SEGMENT_START + r"(?!\.\./)[^/]*/\.\.$", "", path, count=1)  # d)


def resolve(base, embedded, components, drop_empty_fragment):
    if base == "":  # Step 1
        return embedded
    b, url = URL(base), URL(embedded)
    entirely_empty = url.all_empty() if components else embedded == ""
    if entirely_empty:  # Step 2a
        return base
    if url.scheme is not None:  # Step 2b
        return embedded
    url.scheme = b.scheme  # Step 2c

    def inherit(name):
        if getattr(b, name) is not None:
            setattr(url, name, getattr(b, name))

    if empty(url.net_loc):  # Step 3
        inherit("net_loc")
        if not url.slash:  # Step 4
            if url.path == "":  # Step 5
                url.slash, url.path = b.slash, b.path
                if empty(url.params):  # 5a
                    inherit("params")
                    if empty(url.query):  # 5b
                        inherit("query")
            else:  # Step 6
                url.slash, url.path = b.slash, step6(b.path, url.path)
    if drop_empty_fragment and url.fragment == "":
        url.fragment = None
    out = ""  # Step 7
    if url.scheme is not None:
        out += url.scheme + ":"
    if url.net_loc is not None:
        out += "//" + url.net_loc
        if not url.slash and (url.path or url.params is not None or url.query is not None):
            out += "/"  # net_path = "//" net_loc [ abs_path ]
    out += ("/" if url.slash else "") + url.path
    for delimiter, name in ((";", "params"), ("?", "query"), ("#", "fragment")):
        if getattr(url, name) is not None:
            out += delimiter + getattr(url, name)
    return out


def main():
    components = "--components" in sys.argv[1:]
    drop = "--drop-empty-fragment" in sys.argv[1:]
    for line in sys.stdin:
        base, _, relative = line.rstrip("\n").partition("\t")
        print(resolve(base, relative, components, drop), flush=True)


if __name__ == "__main__":
    main()
