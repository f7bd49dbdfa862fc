#!/usr/bin/env bash
# Installs what the adapters in adapters/ need on a Debian machine, as root,
# and builds the compiled ones into target/adapters/: go-net-url (Go),
# uriparser (C) and rust-oxiri (cargo). Idempotent: it installs only the
# packages whose probe fails and rebuilds the Go and C adapters only when
# their source is newer than the binary (cargo decides for rust-oxiri).
#
#     bash adapters/install.sh           # install what is missing, build
#     bash adapters/install.sh --check   # list what is missing (packages, and compiled
#                                        # adapters not built yet); exit 1 if any
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
# The C adapter: a compiler, the C library's headers (gcc only recommends
# libc6-dev, which --no-install-recommends leaves out), and uriparser's
# headers and library, each probed by compiling and linking what the
# adapter uses.
probe_gcc() { cc --version; }
probe_libc6_dev() { printf '#include <stdio.h>\nint main(void) { return 0; }\n' | cc -x c -o /dev/null -; }
probe_liburiparser_dev() {
    printf '#include <uriparser/Uri.h>\nint main(void) { UriUriA u; return uriParseSingleUriA(&u, "a", NULL); }\n' |
        cc -x c -o /dev/null - -luriparser
}
packages=(python3 nodejs default-jdk-headless liburi-perl ruby golang-go tcl tcllib gcc libc6-dev liburiparser-dev)

missing=()
for package in "${packages[@]}"; do
    "probe_${package//-/_}" >/dev/null 2>&1 || missing+=("$package")
done

if [[ ${1:-} == --check ]]; then
    # A run of adapters.toml needs the compiled adapters too.
    for binary in go-net-url uriparser rust-oxiri; do
        [[ -x target/adapters/$binary ]] || missing+=("target/adapters/$binary")
    done
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

binary=target/adapters/uriparser
if [[ ! -x $binary || adapters/uriparser.c -nt $binary ]]; then
    echo "adapters/install.sh: building $binary"
    mkdir -p target/adapters
    cc -std=c99 -O2 -Wall -Wextra -o "$binary" adapters/uriparser.c -luriparser
fi

# rust-oxiri is a workspace member; cargo rebuilds it only when it changed.
# Copied beside the other compiled adapters, wherever CARGO_TARGET_DIR puts
# cargo's output. --locked: the handshake reports the oxiri of Cargo.lock.
if ! command -v cargo >/dev/null; then
    echo "adapters/install.sh: cargo is needed to build rust-oxiri (https://rustup.rs)" >&2
    exit 1
fi
cargo build --release --locked --quiet -p rust-oxiri
mkdir -p target/adapters
cp "${CARGO_TARGET_DIR:-target}/release/rust-oxiri" target/adapters/rust-oxiri
