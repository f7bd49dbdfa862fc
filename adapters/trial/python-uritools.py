#!/usr/bin/env python3
"""rfc1808 adapter for uritools 7.0.0 (PyPI), a library of the fuzzing trial
(README.md beside this file): ``uritools.urijoin(base, relative)``.

    target/trial/venv/bin/python adapters/trial/python-uritools.py              # jsonl
    target/trial/venv/bin/python adapters/trial/python-uritools.py --lines      # lines
    target/trial/venv/bin/python adapters/trial/python-uritools.py BASE REL     # argv

The library comes from target/trial/venv (adapters/trial/install.sh); an
exception is a rejection. The protocols are those of
adapters/rfc1808_adapter.py.
"""

import os
import sys

import uritools

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import rfc1808_adapter  # noqa: E402  (adapters/, whatever the working directory)


if __name__ == "__main__":
    rfc1808_adapter.run("python-uritools", "rfc3986", rfc1808_adapter.pypi_version("uritools"),
                        lambda base, relative: uritools.urijoin(base, relative))
