#!/usr/bin/env bash
# Installs what the adapters in adapters/ need on a Debian machine, as root,
# and builds the Go adapter into target/adapters/go-net-url. Idempotent: it
# installs only the packages whose probe fails and rebuilds only when the Go
# source is newer than the binary.
#
#     bash adapters/install.sh           # install what is missing, build
#     bash adapters/install.sh --check   # list what is missing; exit 1 if any
set -euo pipefail
cd "$(dirname "$0")/.."

# One probe per adapter runtime: a command that exits 0 only when what the
# adapter loads is there, beside the Debian package that provides it. Each
# probe loads the module the adapter uses rather than only finding the
# interpreter, and each one's exit status is what it says: `echo 'package
# require uri' | tclsh` exits 0 even when the package is missing (tclsh
# reading commands from a pipe reports an error and carries on), hence the
# explicit `exit 1`. .ci/run removes packages and checks that these probes
# see them go and that this script brings them back.
probe_python3() { python3 -c 'import urllib.parse'; }
probe_nodejs() { node -e 'require("url")'; }
# javac, not java: launching a single-file source program needs the JDK.
probe_default_jdk_headless() { javac -version; }
probe_liburi_perl() { perl -MURI -e 1; }
probe_ruby() { ruby -ruri -e 1; }
probe_golang_go() { go version; }
probe_tcl() { echo 'exit 0' | tclsh; }
probe_tcllib() { echo 'if {[catch {package require uri}]} {exit 1}' | tclsh; }
packages=(python3 nodejs default-jdk-headless liburi-perl ruby golang-go tcl tcllib)

missing=()
for package in "${packages[@]}"; do
    "probe_${package//-/_}" >/dev/null 2>&1 || missing+=("$package")
done

if [[ ${1:-} == --check ]]; then
    if ((${#missing[@]})); then
        echo "adapters/install.sh: missing ${missing[*]}"
        exit 1
    fi
    echo "adapters/install.sh: nothing missing"
    exit 0
elif (($#)); then
    echo "usage: bash adapters/install.sh [--check]" >&2
    exit 2
fi

if ((${#missing[@]})); then
    echo "adapters/install.sh: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
    for package in "${missing[@]}"; do
        if ! "probe_${package//-/_}" >/dev/null 2>&1; then
            echo "adapters/install.sh: $package is installed but its probe still fails:" >&2
            declare -f "probe_${package//-/_}" >&2
            exit 1
        fi
    done
fi

binary=target/adapters/go-net-url
if [[ ! -x $binary || adapters/go-net-url.go -nt $binary ]]; then
    echo "adapters/install.sh: building $binary"
    mkdir -p target/adapters
    # Standard library only: no module, no network, no C compiler, and a
    # build cache that works without a HOME.
    CGO_ENABLED=0 GOTOOLCHAIN=local GOPROXY=off GOFLAGS= \
        GOCACHE="${GOCACHE:-$PWD/target/adapters/go-cache}" \
        go build -o "$binary" adapters/go-net-url.go
fi
