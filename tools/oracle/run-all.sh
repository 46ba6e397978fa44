#!/usr/bin/env bash
# run-all.sh [SCENARIO_NAME...]
# Installs what is missing (install.sh) and runs the scenarios of testdata/oracle/scenarios under
# each case in $CASES (default: tofu-V for every V in TOFU_VERSIONS of versions.sh; Terraform too
# with e.g. CASES="tf-1.15.5 tofu-1.12.6"). Which scenarios: the named ones; else every one for
# Terraform, for the tofu releases in TOFU_FULL_VERSIONS and with ALL_SCENARIOS=1, and
# CORE_SCENARIOS for the other tofu releases. Scenarios whose `applies-to` file excludes a case
# are skipped for it. Prints the time taken.
# ORACLE_OUT_ROOT=DIR (optional): artifacts go to DIR/NAME/CASE/ instead (see run-scenario.sh).
# JOBS=N (optional, default 1): run N scenarios at a time (each one is a separate working dir and
# provider store; the machine's cores are the limit).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
SCENARIOS="$ROOT/testdata/oracle/scenarios"
# shellcheck source=versions.sh
source "$HERE/versions.sh"
if [ -z "${CASES:-}" ]; then CASES=""; for v in $TOFU_VERSIONS; do CASES="$CASES tofu-$v"; done; fi
# shellcheck disable=SC2086
bash "$HERE/install.sh" $CASES
ALL=(); for d in "$SCENARIOS"/*/; do ALL+=("$(basename "$d")"); done
start=$SECONDS
for c in $CASES; do
  if [ $# -gt 0 ]; then SCENS=("$@")
  elif [ "${ALL_SCENARIOS:-0}" = 1 ] || [ "${c#tofu-}" = "$c" ] ||
       [[ " $TOFU_FULL_VERSIONS " == *" ${c#tofu-} "* ]]; then SCENS=("${ALL[@]}")
  else read -r -a SCENS <<< "$(echo $CORE_SCENARIOS)"; fi
  for n in "${SCENS[@]}"; do
    s="$SCENARIOS/$n"
    if [ "${JOBS:-1}" -gt 1 ]; then
      while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
      bash "$HERE/run-scenario.sh" "$s" "$c" &
    else
      bash "$HERE/run-scenario.sh" "$s" "$c" || [ $? -eq 3 ]
    fi
  done
done
wait
echo "run-all.sh: $(( (SECONDS - start) / 60 ))m$(( (SECONDS - start) % 60 ))s for cases:$CASES"
