#!/usr/bin/env bash
# ClusterFuzzLite's entry point: the build lives in fuzz/oss-fuzz/build.sh.
set -euo pipefail
exec bash "$SRC/rfc1808/fuzz/oss-fuzz/build.sh"
