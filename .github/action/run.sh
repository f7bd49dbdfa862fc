#!/usr/bin/env bash
# The logic of the composite action in action.yml, one phase per step:
#
#     run.sh key       the cache key and install directory of this version
#     run.sh install   builds rfc1808 from the action's own checkout, unless
#                      the install directory (restored from the cache) has it
#     run.sh run       runs `rfc1808 run --config`, writes the markdown summary
#                      to $GITHUB_STEP_SUMMARY and a JUnit file, and exits with
#                      rfc1808's code: 0 passed, 1 conformance failures, 2 a
#                      usage, configuration or I/O error
#
# It reads what GitHub sets (GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_PATH,
# GITHUB_STEP_SUMMARY, RUNNER_TEMP, RUNNER_TOOL_CACHE, RUNNER_OS,
# RUNNER_ARCH) and the action's inputs as INPUT_CONFIG, INPUT_JUNIT and
# INPUT_ARGS. RFC1808_BIN, when set, is the binary to run instead of an
# installed one (a `pip install`ed wheel, or the repository's own tests).
# harness/tests/action.rs runs each phase with these variables set.
set -euo pipefail

action_path=${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}

fail() {
    echo "::error title=rfc1808 action::$*" >&2
    exit 2
}

need() {
    [[ -n ${!1:-} ]] || fail "$1 is not set: run this script as a step of the action"
}

# The tool version, from the harness's manifest.
version() {
    sed -n 's/^version = "\(.*\)"$/\1/p' "$action_path/harness/Cargo.toml" | head -n 1
}

# The cache key names the version and a digest of every file that goes into
# the build (Rust sources, manifests, the lock file and the vector files), so
# that a branch or a commit of the action gets its own binary; files that
# tests or tools leave beside them do not change it.
key() {
    local digest
    digest=$(cd "$action_path" &&
        find Cargo.toml Cargo.lock harness resolver vectors fuzzgen -type f \
            \( -name '*.rs' -o -name '*.toml' -o -name Cargo.lock \) \
            -not -path '*/target/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum |
        sha256sum | cut -c1-16)
    echo "rfc1808-${RUNNER_OS:-local}-${RUNNER_ARCH:-local}-$(version)-$digest"
}

install_root() {
    echo "${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:?}}/rfc1808/$(key)"
}

phase_key() {
    need GITHUB_OUTPUT
    {
        echo "key=$(key)"
        echo "root=$(install_root)"
    } >>"$GITHUB_OUTPUT"
}

phase_install() {
    need GITHUB_PATH
    if [[ -n ${RFC1808_BIN:-} ]]; then
        echo "rfc1808 action: using RFC1808_BIN=$RFC1808_BIN"
        return
    fi
    local root
    root=$(install_root)
    if [[ -x $root/bin/rfc1808 ]]; then
        echo "rfc1808 action: $root/bin/rfc1808 restored from the cache"
    else
        echo "rfc1808 action: building rfc1808 $(version) into $root"
        "${CARGO:-cargo}" install --locked --path "$action_path/harness" --root "$root"
    fi
    echo "$root/bin" >>"$GITHUB_PATH"
}

phase_run() {
    need GITHUB_STEP_SUMMARY
    need GITHUB_OUTPUT
    need RUNNER_TEMP
    local config=${INPUT_CONFIG:-}
    [[ -n $config ]] || fail "the input \`config\` is empty: give the rfc1808 config file that lists your implementations"
    local junit=${INPUT_JUNIT:-rfc1808-junit.xml}
    local bin=${RFC1808_BIN:-rfc1808}
    local markdown="$RUNNER_TEMP/rfc1808-summary.md"
    local errors="$RUNNER_TEMP/rfc1808-stderr.txt"
    rm -f "$markdown"
    mkdir -p "$(dirname "$junit")"
    # Whitespace-separated words, no quoting: filters such as `--tag step6`.
    local extra=()
    read -r -a extra <<<"${INPUT_ARGS:-}"

    local code=0
    "$bin" run --config "$config" "${extra[@]}" \
        --report "junit=$junit" --report "markdown=$markdown" 2>"$errors" || code=$?
    cat "$errors" >&2

    if [[ -s $markdown ]]; then
        cat "$markdown" >>"$GITHUB_STEP_SUMMARY"
    else
        {
            echo "## RFC 1808 conformance"
            echo
            echo "❌ rfc1808 could not run (exit $code):"
            echo
            echo '```'
            tail -n 20 "$errors"
            echo '```'
        } >>"$GITHUB_STEP_SUMMARY"
    fi
    {
        echo "exit-code=$code"
        echo "junit=$junit"
        echo "version=$(version)"
    } >>"$GITHUB_OUTPUT"
    case $code in
        0) ;;
        1) echo "::error title=RFC 1808 conformance::conformance failures: see the job summary and $junit" ;;
        *) echo "::error title=RFC 1808 conformance::rfc1808 could not run (exit $code): see the job summary" ;;
    esac
    exit "$code"
}

case ${1:-} in
    key) phase_key ;;
    install) phase_install ;;
    run) phase_run ;;
    *)
        echo "usage: run.sh key|install|run" >&2
        exit 2
        ;;
esac
