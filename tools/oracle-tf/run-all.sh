#!/usr/bin/env bash
# run-all.sh [SCENARIO_NAME...]
# Installs (install.sh; builds Terraform the first time) and runs every scenario in
# testdata/oracle/scenarios (or the named ones) under each version in $TF_VERSIONS (default:
# TF_BUILD_VERSIONS in versions.sh), writing testdata/oracle/scenarios/NAME/tf-VERSION/.
# ORACLE_OUT_ROOT=DIR: artifacts to DIR/NAME/tf-VERSION/ instead (see run-scenario.sh).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SCENARIOS="$(cd "$HERE/../../testdata/oracle/scenarios" && pwd)"
# shellcheck source=versions.sh
source "$HERE/versions.sh"
VERSIONS="${TF_VERSIONS:-$TF_BUILD_VERSIONS}"
# shellcheck disable=SC2086
bash "$HERE/install.sh" $VERSIONS
if [ $# -gt 0 ]; then
  SCENS=(); for n in "$@"; do SCENS+=("$SCENARIOS/$n"); done
else
  SCENS=("$SCENARIOS"/*/)
fi
for v in $VERSIONS; do
  for s in "${SCENS[@]}"; do
    rc=0; bash "$HERE/run-scenario.sh" "$s" "$v" || rc=$?
    [ $rc = 0 ] || [ $rc = 3 ] || { echo "run-all.sh: $s under $v failed ($rc)" >&2; exit 1; }
  done
done
