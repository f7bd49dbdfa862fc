#!/usr/bin/env bash
# Installs the nine libraries of the fuzzing trial (adapters/trial/README.md)
# under target/trial/ of the repository, which git ignores:
#
#   target/trial/venv  a Python virtual environment (python3 -m venv) with the
#                      exact versions of adapters/trial/requirements.txt
#                      (httpx, rfc3986, uritools, yarl, rfc3987 and their
#                      dependencies)
#   target/trial/node  the npm packages of adapters/trial/package.json, as
#                      locked by adapters/trial/package-lock.json (uri-js,
#                      urijs, fast-uri, url-parse), in target/trial/node/node_modules
#
#     bash adapters/trial/install.sh      # from any directory
#
# Idempotent: each part is installed only when a probe finds it missing or
# at another version than the pinned one, so a second run does nothing.
# Needs python3 with its venv module (Debian: python3-venv), node and npm,
# and the network to PyPI and the npm registry. Exit 1, with a message, when
# one of them is missing or an install fails.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
DEST=$ROOT/target/trial
VENV=$DEST/venv
NODE_DIR=$DEST/node

die() { echo "install.sh: $*" >&2; exit 1; }

# Exit 0 when the venv holds every pinned version of requirements.txt and
# the five libraries import.
probe_python() {
    [ -x "$VENV/bin/python" ] || return 1
    "$VENV/bin/python" - "$HERE/requirements.txt" <<'EOF' 2>/dev/null
import importlib.metadata, sys
import httpx, rfc3986, uritools, yarl, rfc3987
for line in open(sys.argv[1]):
    line = line.split("#", 1)[0].strip()
    if line:
        name, _, version = line.partition("==")
        if importlib.metadata.version(name) != version:
            sys.exit(1)
EOF
}

# Exit 0 when node_modules holds each package of package.json at its version.
probe_node() {
    command -v node >/dev/null 2>&1 || return 1
    node - "$HERE/package.json" "$NODE_DIR/node_modules" <<'EOF' 2>/dev/null
const fs = require('node:fs');
const path = require('node:path');
const [manifest, modules] = process.argv.slice(2);
const deps = JSON.parse(fs.readFileSync(manifest, 'utf8')).dependencies;
for (const [name, version] of Object.entries(deps)) {
  const installed = JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')).version;
  if (installed !== version) process.exit(1);
}
EOF
}

need_python=0; need_node=0
probe_python || need_python=1
probe_node || need_node=1

# What is missing on the machine, checked before anything is installed.
if [ "$need_python" = 1 ]; then
    command -v python3 >/dev/null 2>&1 ||
        die "python3 not found: install Python 3 (Debian: apt-get install python3 python3-venv)"
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 ||
        die "python3 cannot create a virtual environment (no venv or ensurepip module): install python3-venv (Debian: apt-get install python3-venv)"
fi
if [ "$need_node" = 1 ]; then
    command -v node >/dev/null 2>&1 || die "node not found: install Node.js (Debian: apt-get install nodejs npm)"
    command -v npm >/dev/null 2>&1 || die "npm not found: install npm (Debian: apt-get install npm)"
fi
# The adapters run under node even when nothing is to be installed.
command -v node >/dev/null 2>&1 || die "node not found: install Node.js (Debian: apt-get install nodejs npm)"

mkdir -p "$DEST"

if [ "$need_python" = 0 ]; then
    echo "install.sh: $VENV: present, at the pinned versions"
else
    # A venv left without pip (an interrupted run) is made again.
    if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
        echo "install.sh: creating $VENV"
        python3 -m venv --clear "$VENV" || die "python3 -m venv $VENV failed (Debian: apt-get install python3-venv)"
    fi
    echo "install.sh: installing adapters/trial/requirements.txt into $VENV"
    "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input --quiet \
        -r "$HERE/requirements.txt" || die "pip install into $VENV failed"
    probe_python || die "$VENV does not hold the pinned versions after pip install"
fi

if [ "$need_node" = 0 ]; then
    echo "install.sh: $NODE_DIR/node_modules: present, at the pinned versions"
else
    echo "install.sh: installing adapters/trial/package.json into $NODE_DIR"
    mkdir -p "$NODE_DIR"
    cp "$HERE/package.json" "$HERE/package-lock.json" "$NODE_DIR/"
    npm ci --prefix "$NODE_DIR" --no-audit --no-fund || die "npm ci --prefix $NODE_DIR failed"
    probe_node || die "$NODE_DIR/node_modules does not hold the pinned versions after npm ci"
fi

echo "install.sh: done; run a trial with: bash adapters/trial/trial.sh BIN LIB OUT"
