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
hyperlink.URLParseError, or any other exception, is a rejection. The
protocols are those of rfc1808_adapter.py, beside this file.
"""

import os
import sys

from hyperlink import URL

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rfc1808_adapter  # noqa: E402  (found beside this file, whatever the working directory)


if __name__ == "__main__":
    rfc1808_adapter.run("python-hyperlink", "RFC 3986", rfc1808_adapter.pypi_version("hyperlink"),
                        lambda base, relative: URL.from_text(base).click(relative).to_text(with_password=True))
