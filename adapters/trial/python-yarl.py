#!/usr/bin/env python3
"""rfc1808 adapter for yarl 1.25.1 (PyPI), the URL library of aiohttp, a library of the fuzzing trial
(README.md beside this file): ``str(yarl.URL(base).join(yarl.URL(relative)))``.

    target/trial/venv/bin/python adapters/trial/python-yarl.py              # jsonl
    target/trial/venv/bin/python adapters/trial/python-yarl.py --lines      # lines
    target/trial/venv/bin/python adapters/trial/python-yarl.py BASE REL     # argv

The library comes from target/trial/venv (adapters/trial/install.sh); an
exception is a rejection. The protocols are those of
adapters/rfc1808_adapter.py.
"""

import os
import sys

import yarl

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import rfc1808_adapter  # noqa: E402  (adapters/, whatever the working directory)


if __name__ == "__main__":
    rfc1808_adapter.run("python-yarl", "rfc3986", rfc1808_adapter.pypi_version("yarl"),
                        lambda base, relative: str(yarl.URL(base).join(yarl.URL(relative))))
