#!/usr/bin/env bash
# tools/test.sh [CARGO TEST ARGS...]: the whole test suite on a fresh machine. Installs the real
# provider plugins the plugin client's tests launch (tools/test-plugins.sh, cached under
# ~/.cache/tfshow-test-plugins or $TFSHOW_TEST_PLUGINS; about two minutes the first time, seconds
# after), and Debian's chromium for the HTML report's browser tests when it is missing (from
# Debian's packages, as root; or point CHROMIUM at one), then runs
# `cargo test --workspace --locked`, and, when no argument is given, the Python package's tests
# (tools/test-python.sh: `pip install .` in a fresh venv, then python/tests).
set -euo pipefail
cd "$(dirname "$0")/.."
export TFSHOW_TEST_PLUGINS="${TFSHOW_TEST_PLUGINS:-$HOME/.cache/tfshow-test-plugins}"
tools/test-plugins.sh "$TFSHOW_TEST_PLUGINS"
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "test.sh: installing Debian's chromium for the browser tests" >&2
  if [ "$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
cargo test --workspace --locked "$@"
if [ "$#" -eq 0 ]; then
  tools/test-python.sh
fi
