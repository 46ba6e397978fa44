#!/usr/bin/env bash
# tools/test-python.sh: installs the Python package (`pip install .`: maturin, fetched from PyPI
# by pip's build isolation, builds crates/tfshow-python with the release profile into this
# checkout's target directory) in a fresh venv, then runs its tests (python/tests) against it.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="target/python-test-venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check .
"$venv/bin/python" -m unittest discover -s python/tests -v
