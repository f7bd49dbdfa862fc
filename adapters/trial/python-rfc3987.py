#!/usr/bin/env python3
"""rfc1808 adapter for rfc3987 1.3.8 (PyPI), a library of the fuzzing trial
(README.md beside this file): ``rfc3987.resolve(base, relative)``.

    target/trial/venv/bin/python adapters/trial/python-rfc3987.py              # jsonl
    target/trial/venv/bin/python adapters/trial/python-rfc3987.py --lines      # lines
    target/trial/venv/bin/python adapters/trial/python-rfc3987.py BASE REL     # argv

The library comes from target/trial/venv (adapters/trial/install.sh); an
exception is a rejection. The protocols are those of
adapters/rfc1808_adapter.py.
"""

import os
import sys

import rfc3987

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import rfc1808_adapter  # noqa: E402  (adapters/, whatever the working directory)


if __name__ == "__main__":
    rfc1808_adapter.run("python-rfc3987", "rfc3986", rfc1808_adapter.pypi_version("rfc3987"),
                        lambda base, relative: rfc3987.resolve(base, relative))
