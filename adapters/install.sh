#!/usr/bin/env bash
# Installs what the adapters in adapters/ need on a Debian machine, as root,
# and builds the Go adapter into target/adapters/go-net-url. Idempotent: it
# installs only the packages that are missing and rebuilds only when the Go
# source is newer than the binary.
#
#     bash adapters/install.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# A command each adapter needs, and the Debian package that provides it
# (javac, not java: launching a single-file source program needs the JDK).
declare -A package_of=(
    [python3]=python3
    [node]=nodejs
    [javac]=default-jdk-headless
    [perl]=perl
    [ruby]=ruby
    [go]=golang-go
    [tclsh]=tcl
)
missing=()
for command in "${!package_of[@]}"; do
    command -v "$command" >/dev/null || missing+=("${package_of[$command]}")
done
perl -MURI -e 1 2>/dev/null || missing+=(liburi-perl)
echo 'package require uri' | tclsh >/dev/null 2>&1 || missing+=(tcllib)

if ((${#missing[@]})); then
    echo "adapters/install.sh: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
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
