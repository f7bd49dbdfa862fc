#!/usr/bin/env python3
"""rfc1808 adapter for ada-url (PyPI), the Python binding of ada, the WHATWG
URL parser that Node.js uses: ``ada_url.URL(relative, base).href``, as
``new URL(relative, base)`` in a browser. Its ada is newer than the one of
the Node.js on this machine (node-whatwg-url), so the two side by side show
what changed between ada versions.

    python3 adapters/python-ada-url.py              # jsonl (also: --jsonl)
    python3 adapters/python-ada-url.py --lines      # lines
    python3 adapters/python-ada-url.py BASE REL     # argv

Needs Python 3 and ``pip install ada-url`` (adapters/install.sh does it). A
ValueError ("Invalid URL"), or any other exception, is a rejection. The
protocols are those of rfc1808_adapter.py, beside this file.
"""

import os
import sys

import ada_url

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rfc1808_adapter  # noqa: E402  (found beside this file, whatever the working directory)


if __name__ == "__main__":
    rfc1808_adapter.run("python-ada-url", "WHATWG URL Standard", rfc1808_adapter.pypi_version("ada-url"),
                        lambda base, relative: ada_url.URL(relative, base).href,
                        parse=lambda text: ada_url.URL(text).href)
