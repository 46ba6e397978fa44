#!/usr/bin/env bash
# tools/test.sh [CARGO TEST ARGS...]: the whole test suite on a fresh machine. Installs the real
# provider plugins the plugin client's tests launch (tools/test-plugins.sh, cached under
# ~/.cache/tfshow-test-plugins or $TFSHOW_TEST_PLUGINS; about two minutes the first time, seconds
# after), then runs `cargo test --workspace --locked`.
set -euo pipefail
cd "$(dirname "$0")/.."
export TFSHOW_TEST_PLUGINS="${TFSHOW_TEST_PLUGINS:-$HOME/.cache/tfshow-test-plugins}"
tools/test-plugins.sh "$TFSHOW_TEST_PLUGINS"
exec cargo test --workspace --locked "$@"
