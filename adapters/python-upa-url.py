#!/usr/bin/env python3
"""rfc1808 adapter for upa-url (PyPI), the Python binding of upa, a WHATWG URL
parser in C++ written apart from ada and the browsers:
``upa_url.URL(relative, base).href``, as ``new URL(relative, base)``.

    python3 adapters/python-upa-url.py              # jsonl (also: --jsonl)
    python3 adapters/python-upa-url.py --lines      # lines
    python3 adapters/python-upa-url.py BASE REL     # argv

Needs Python 3 and ``pip install upa-url`` (adapters/install.sh does it). A
RuntimeError ("URL parse error", "Base URL parse error"), or any other
exception, is a rejection. The protocols are those of rfc1808_adapter.py,
beside this file.
"""

import os
import sys

import upa_url

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rfc1808_adapter  # noqa: E402  (found beside this file, whatever the working directory)


if __name__ == "__main__":
    rfc1808_adapter.run("python-upa-url", "WHATWG URL Standard", rfc1808_adapter.pypi_version("upa-url"),
                        lambda base, relative: upa_url.URL(relative, base).href,
                        parse=lambda text: upa_url.URL(text).href)
