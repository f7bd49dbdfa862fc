#!/usr/bin/env python3
"""RFC 1808 relative URL resolution, written from the RFC's text alone and
read literally: section 2.4 calls a trailing "#", "?" or ";" "empty", the
same word it uses when the delimiter is missing, so here an empty
component is no component at all, the net_loc included.

Readings (docs/readings.md): empty-component=absent, empty-net-loc=dropped,
entirely-empty=string, escaped-dots=literal. A base URL without a scheme
is rejected: section 2 requires a base that obeys the generic-RL syntax.

Speaks the harness's `lines` protocol: `BASE<TAB>RELATIVE` in, the
resolved URL (or a TAB and a message) out. Standard library only.
"""

import sys

SCHEME_CHARACTERS = set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-"
)


def cut(parse_string, delimiter):
    """Sections 2.4.1, 2.4.4, 2.4.5: the substring after the first
    delimiter, removed with it. "If the ... is the last character, or no
    ... is present, then ... is empty": both are None here."""
    if delimiter not in parse_string:
        return parse_string, None
    before, after = parse_string.split(delimiter, 1)
    return before, (after if after != "" else None)


def parse(url):
    """Section 2.4, the rules in the order the parser applies them."""
    parse_string, fragment = cut(url, "#")  # 2.4.1
    scheme = None  # 2.4.2
    colon = parse_string.find(":")
    if colon > 0 and all(c in SCHEME_CHARACTERS for c in parse_string[:colon]):
        scheme, parse_string = parse_string[:colon], parse_string[colon + 1 :]
    net_loc = None  # 2.4.3
    if parse_string.startswith("//"):
        rest = parse_string[2:]
        slash = rest.find("/")
        if slash == -1:
            net_loc, parse_string = rest, ""
        else:
            net_loc, parse_string = rest[:slash], rest[slash:]
        if net_loc == "":
            net_loc = None
    parse_string, query = cut(parse_string, "?")  # 2.4.4
    parse_string, params = cut(parse_string, ";")  # 2.4.5
    # 2.4.6: "Often this is done by simply storing the preceding slash along
    # with the path."
    return {
        "scheme": scheme,
        "net_loc": net_loc,
        "path": parse_string,
        "params": params,
        "query": query,
        "fragment": fragment,
    }


def starts_segment(path, i):
    return i == 0 or path[i - 1] == "/"


def step6(base_path, embedded_path):
    """Step 6 on the path without its initial slash, which "is not part of
    the URL path" (2.4.6)."""
    slash = base_path.rfind("/")
    path = (base_path[: slash + 1] if slash != -1 else "") + embedded_path
    # a) All occurrences of "./", where "." is a complete path segment.
    i = path.find("./")
    while i != -1:
        if starts_segment(path, i):
            path = path[:i] + path[i + 2 :]
            i = path.find("./", i)
        else:
            i = path.find("./", i + 1)
    # b) A final "." as a complete path segment.
    if path.endswith(".") and starts_segment(path, len(path) - 1):
        path = path[:-1]
    # c) "<segment>/../", leftmost first, until none remains.
    while True:
        start, removed = 0, False
        while True:
            end = path.find("/", start)
            if end == -1:
                break
            if path[start:end] != ".." and path.startswith("/../", end):
                path = path[:start] + path[end + 4 :]
                removed = True
                break
            start = end + 1
        if not removed:
            break
    # d) A final "<segment>/..".
    if path.endswith("/.."):
        start = path.rfind("/", 0, len(path) - 3) + 1
        if path[start : len(path) - 3] != "..":
            path = path[:start]
    return path


def resolve(base, embedded):
    # Step 1.
    if base == "":
        return embedded
    # Step 2.
    b, e = parse(base), parse(embedded)
    if b["scheme"] is None:
        raise ValueError("the base URL has no scheme, so it is not absolute")
    if embedded == "":  # a) entirely empty
        return base
    if e["scheme"] is not None:  # b)
        return embedded
    e["scheme"] = b["scheme"]  # c)
    # Step 3.
    if e["net_loc"] is None:
        e["net_loc"] = b["net_loc"]
        # Step 4.
        if not e["path"].startswith("/"):
            if e["path"] == "":
                # Step 5.
                e["path"] = b["path"]
                if e["params"] is None:
                    e["params"] = b["params"]
                    if e["query"] is None:
                        e["query"] = b["query"]
            else:
                # Step 6.
                slash = "/" if b["path"].startswith("/") else ""
                e["path"] = slash + step6(b["path"][len(slash) :], e["path"])
    # Step 7.
    out = ""
    if e["scheme"] is not None:
        out += e["scheme"] + ":"
    if e["net_loc"] is not None:
        out += "//" + e["net_loc"]
        # net_path = "//" net_loc [ abs_path ]: what follows starts with "/".
        if not e["path"].startswith("/") and (
            e["path"] or e["params"] is not None or e["query"] is not None
        ):
            out += "/"
    out += e["path"]
    if e["params"] is not None:
        out += ";" + e["params"]
    if e["query"] is not None:
        out += "?" + e["query"]
    if e["fragment"] is not None:
        out += "#" + e["fragment"]
    return out


def main():
    for line in sys.stdin:
        base, _, relative = line.rstrip("\n").partition("\t")
        try:
            print(resolve(base, relative), flush=True)
        except ValueError as err:
            print("\tValueError: " + str(err), flush=True)


if __name__ == "__main__":
    main()
