#!/usr/bin/env python3
"""rfc1808 adapter for CPython's urllib.parse.urljoin (README, "Writing an adapter").

    python3 adapters/cpython-urllib.py              # jsonl (also: --jsonl)
    python3 adapters/cpython-urllib.py --lines      # lines
    python3 adapters/cpython-urllib.py BASE REL     # argv

Needs only the Python 3 standard library. The protocols are those of
rfc1808_adapter.py, beside this file; any exception urljoin raises is a
rejection.
"""

import os
import platform
import sys
from urllib.parse import urljoin

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rfc1808_adapter  # noqa: E402  (found beside this file, whatever the working directory)

if __name__ == "__main__":
    rfc1808_adapter.run("cpython-urllib", "RFC 3986", platform.python_version,
                        lambda base, relative: urljoin(base, relative))
