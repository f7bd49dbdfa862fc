#!/usr/bin/env bash
# Fuzzing in CI: builds the cargo-fuzz targets of fuzz/ and runs each for a
# short, bounded time; any finding fails the run. Run from anywhere in the
# repository, as root on a fresh Debian machine:
#
#     bash fuzz/ci.sh
#
# RFC1808_FUZZ_SECONDS  seconds per target (default 30)
# RFC1808_FUZZ_IMPL     an adapter command: also runs external_differential
#                       against it (RFC1808_FUZZ_EXPECTATIONS optional)
#
# Needs a nightly toolchain (cargo-fuzz builds with sanitizer coverage); with
# none it says so and exits 0. A finding leaves its input in
# fuzz/artifacts/<target>/ and the panic message holds a reproducer.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${RFC1808_FUZZ_SECONDS:-30}"

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz/ci.sh: skipped: no nightly toolchain (\`cargo +nightly --version\` failed)"
    exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz/ci.sh: installing cargo-fuzz"
    cargo install cargo-fuzz --locked
fi

# Without a sanitizer: the resolver is safe Rust, and the standard library is
# not instrumented unless rebuilt, so AddressSanitizer finds nothing here
# that a panic does not, at several times the cost per input.
build=(-O -s none)

# fuzz/Cargo.lock is committed and must be current: a stale one would be
# rewritten by the build and leave the tree dirty.
echo "fuzz/ci.sh: checking that fuzz/Cargo.lock is current"
cargo +nightly metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null

echo "fuzz/ci.sh: building the fuzz targets"
cargo +nightly fuzz build "${build[@]}"

echo "fuzz/ci.sh: writing the seed corpus from the vectors"
cargo run --quiet -p rfc1808-fuzzgen --example gen-corpus

targets=(step6_differential idempotence rfc3986_dot_segments rfc3986_idempotence rfc2396_step6_differential rfc3986_crates)
if [[ -n "${RFC1808_FUZZ_IMPL:-}" ]]; then
    targets+=(external_differential)
else
    echo "fuzz/ci.sh: not running external_differential: RFC1808_FUZZ_IMPL is not set"
fi

for target in "${targets[@]}"; do
    echo "fuzz/ci.sh: fuzzing $target for ${seconds}s"
    # The first directory takes what the run finds; the seeds are read only.
    cargo +nightly fuzz run "${build[@]}" "$target" \
        "fuzz/corpus/$target" "fuzz/seeds/$target" -- \
        -dict=fuzz/dict/url.dict -max_len=256 -timeout=10 \
        -max_total_time="$seconds" -print_final_stats=1
done
echo "fuzz/ci.sh: no findings in ${#targets[@]} targets"
