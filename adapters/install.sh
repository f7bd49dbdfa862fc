#!/usr/bin/env bash
# Installs what the adapters in adapters/ need on a Debian machine, as root:
# Debian packages, hyperlink from PyPI (into the python3 on the PATH) and
# whatwg-url from npm (into adapters/npm-whatwg-url/node_modules). Then it
# builds the compiled adapters into target/adapters/: go-net-url (Go),
# uriparser, libcurl, libxml2 and glib-guri (C), qt-qurl and boost-url
# (C++), haskell-network-uri (GHC) and rust-oxiri (cargo), and the protocol
# loop the Java adapters share (target/adapters/java). Idempotent: it
# installs only what a probe finds missing and rebuilds the Go, C, C++,
# Java and Haskell builds only when their source is newer than what was
# built (cargo decides for rust-oxiri).
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
# The other C and C++ adapters, each probed by compiling and linking the
# call it makes, with the flags its build below uses.
probe_g__() { printf 'int main() { return 0; }\n' | c++ -x c++ -o /dev/null -; }
probe_pkg_config() { pkg-config --version; }
probe_libcurl4_openssl_dev() {
    printf '#include <curl/curl.h>\nint main(void) { CURLU *h = curl_url(); curl_url_cleanup(h); return 0; }\n' |
        cc -x c -o /dev/null - -lcurl
}
probe_libxml2_dev() {
    printf '#include <libxml/uri.h>\nint main(void) { return xmlBuildURI(0, 0) != 0; }\n' |
        cc -x c -o /dev/null - $(pkg-config --cflags --libs libxml-2.0)
}
probe_libglib2_0_dev() {
    printf '#include <glib.h>\nint main(void) { return g_uri_resolve_relative(0, "a:b", 0, 0) == 0; }\n' |
        cc -x c -o /dev/null - $(pkg-config --cflags --libs glib-2.0)
}
probe_qt6_base_dev() {
    printf '#include <QtCore/QUrl>\nint main() { return QUrl("a:b").resolved(QUrl("c")).isEmpty(); }\n' |
        c++ -std=c++17 -fPIC -x c++ -o /dev/null - $(pkg-config --cflags --libs Qt6Core)
}
probe_libboost_url1_81_dev() {
    printf '#include <boost/url.hpp>\nint main() { boost::urls::url u; return !boost::urls::resolve(*boost::urls::parse_uri("a:b"), *boost::urls::parse_uri_reference("c"), u); }\n' |
        c++ -std=c++17 -x c++ -o /dev/null - -lboost_url
}
probe_ruby_addressable() { ruby -raddressable/uri -e 1; }
# escript, which runs the Erlang adapter, ships in erlang-base too.
probe_erlang_base() { command -v escript && erl -noshell -eval 'uri_string:resolve(<<"a">>, <<"b:c">>), halt().'; }
# javap loads each class from the jars the adapter's class path names
# (httpcore comes in as a dependency of libhttpclient-java).
probe_libhttpclient_java() {
    javap -cp /usr/share/java/httpclient.jar:/usr/share/java/httpcore.jar \
        org.apache.http.client.utils.URIUtils org.apache.http.util.Args
}
probe_racket() { racket -l racket/base -l net/url -l json -e '(void)'; }
# The Haskell adapter is compiled: GHC, and network-uri loaded by it.
probe_ghc() { ghc --version; }
probe_libghc_network_uri_dev() { ghc -package network-uri -e 'print (Network.URI.parseURI "a:b")'; }
packages=(python3 nodejs default-jdk-headless liburi-perl ruby golang-go tcl tcllib gcc libc6-dev liburiparser-dev
    g++ pkg-config libcurl4-openssl-dev libxml2-dev libglib2.0-dev qt6-base-dev libboost-url1.81-dev
    ruby-addressable erlang-base libhttpclient-java racket ghc libghc-network-uri-dev)

# Libraries from the language's own registry, after the Debian packages
# (they need python3 and nodejs): a probe and an installer each, named
# pypi:NAME and npm:NAME. The PyPI ones are pinned here; whatwg-url by the
# package-lock.json beside its adapter, installed into its node_modules.
probe_pypi_hyperlink() { python3 -c 'import hyperlink'; }
install_pypi_hyperlink() {
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore 'hyperlink==21.0.0'
}
# ada-url and upa-url, two WHATWG URL engines (adapters/whatwg.toml), pinned.
probe_pypi_ada_url() { python3 -c 'import ada_url'; }
install_pypi_ada_url() {
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore 'ada-url==4.0.0'
}
probe_pypi_upa_url() { python3 -c 'import upa_url'; }
install_pypi_upa_url() {
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore 'upa-url==2.1.0'
}
probe_npm_whatwg_url() { (cd adapters/npm-whatwg-url && node -e 'require("whatwg-url")'); }
install_npm_whatwg_url() { npm ci --prefix adapters/npm-whatwg-url --no-audit --no-fund --silent; }
registry_packages=(pypi:hyperlink pypi:ada-url pypi:upa-url npm:whatwg-url)
registry() { local name=${1//[:-]/_}; "$2_$name"; }
# The compiled adapters, checked by --check and built below.
compiled=(go-net-url uriparser rust-oxiri rust-url libcurl libxml2 glib-guri qt-qurl boost-url haskell-network-uri)
# The Java adapters run as single-file source programs, which compile only
# their own file: the protocol loop they share, adapters/Rfc1808Adapter.java,
# is compiled ahead, and adapters.toml puts target/adapters/java on their
# class path.
java_loop=target/adapters/java/Rfc1808Adapter.class

missing=()
for package in "${packages[@]}"; do
    "probe_${package//[-+.]/_}" >/dev/null 2>&1 || missing+=("$package")
done

for package in "${registry_packages[@]}"; do
    registry "$package" probe >/dev/null 2>&1 || missing+=("$package")
done

if [[ ${1:-} == --check ]]; then
    # A run of adapters.toml needs the compiled adapters too.
    for binary in "${compiled[@]}"; do
        [[ -x target/adapters/$binary ]] || missing+=("target/adapters/$binary")
    done
    [[ -f $java_loop ]] || missing+=("$java_loop")
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

debian=() from_registry=()
for package in "${missing[@]}"; do
    if [[ $package == *:* ]]; then from_registry+=("$package"); else debian+=("$package"); fi
done
if ((${#debian[@]})); then
    echo "adapters/install.sh: installing ${debian[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${debian[@]}"
    for package in "${debian[@]}"; do
        if ! "probe_${package//[-+.]/_}" >/dev/null 2>&1; then
            echo "adapters/install.sh: $package is installed but its probe still fails:" >&2
            declare -f "probe_${package//[-+.]/_}" >&2
            exit 1
        fi
    done
fi
for package in "${from_registry[@]}"; do
    echo "adapters/install.sh: installing $package"
    registry "$package" install
    if ! registry "$package" probe >/dev/null 2>&1; then
        echo "adapters/install.sh: $package is installed but its probe still fails:" >&2
        declare -f "probe_${package//[:-]/_}" >&2
        exit 1
    fi
done

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

# The C and C++ adapters, which share adapters/rfc1808-adapter.h: built when
# the binary is missing or older than its source or the header.
#     build NAME COMPILER... -- LIBRARY-FLAGS...
build() {
    local name=$1 source=adapters/$1.c binary=target/adapters/$1
    shift
    [[ -f $source ]] || source=adapters/$name.cpp
    if [[ ! -x $binary || $source -nt $binary || adapters/rfc1808-adapter.h -nt $binary ]]; then
        echo "adapters/install.sh: building $binary"
        mkdir -p target/adapters
        local compiler=() flags=()
        while (($#)) && [[ $1 != -- ]]; do compiler+=("$1"); shift; done
        shift
        flags=("$@")
        "${compiler[@]}" -O2 -Wall -Wextra -o "$binary" "$source" "${flags[@]}"
    fi
}
build uriparser cc -std=c99 -- -luriparser
build libcurl cc -std=c99 -- -lcurl
build libxml2 cc -std=c99 -- $(pkg-config --cflags --libs libxml-2.0)
build glib-guri cc -std=c99 -- $(pkg-config --cflags --libs glib-2.0)
# Qt's headers need position-independent code (Qt is built with -reduce-relocations).
build qt-qurl c++ -std=c++17 -fPIC -- $(pkg-config --cflags --libs Qt6Core)
build boost-url c++ -std=c++17 -- -lboost_url

if [[ ! -f $java_loop || adapters/Rfc1808Adapter.java -nt $java_loop ]]; then
    echo "adapters/install.sh: building $java_loop"
    rm -rf target/adapters/java
    mkdir -p target/adapters/java
    javac -d target/adapters/java adapters/Rfc1808Adapter.java
fi

binary=target/adapters/haskell-network-uri
if [[ ! -x $binary || adapters/haskell-network-uri.hs -nt $binary ]]; then
    echo "adapters/install.sh: building $binary"
    mkdir -p target/adapters/ghc
    # GHC's objects and interfaces go beside it, not beside the source.
    ghc -O -v0 -outputdir target/adapters/ghc -o "$binary" adapters/haskell-network-uri.hs
fi

# rust-oxiri and rust-url are workspace members; cargo rebuilds them only
# when they changed. Copied beside the other compiled adapters, wherever
# CARGO_TARGET_DIR puts cargo's output. --locked: the handshake reports the
# library version of Cargo.lock.
if ! command -v cargo >/dev/null; then
    echo "adapters/install.sh: cargo is needed to build rust-oxiri and rust-url (https://rustup.rs)" >&2
    exit 1
fi
cargo build --release --locked --quiet -p rust-oxiri -p rust-url
mkdir -p target/adapters
for rust in rust-oxiri rust-url; do
    cp "${CARGO_TARGET_DIR:-target}/release/$rust" "target/adapters/$rust"
done
