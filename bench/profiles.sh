#!/usr/bin/env bash
# bench/profiles.sh BIN_A BIN_B [CASE]: times `show --json` and `show` of bench/data/CASE
# (default big-1.15.5-10000) with two tfshow binaries built with different profiles, RUNS
# interleaved rounds (default 3), and prints each one's best wall time and its CPU time.
# How the binaries were built (and how long that took) is in bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
a="$1" b="$2" case="${3:-big-1.15.5-10000}"
runs="${RUNS:-3}"
dir="bench/data/$case"
[ -d "$dir" ] || dir="../shared/bench/$case"
plan="$dir/plan.tfplan" schemas="$dir/schemas.json"
declare -A best_wall best_cpu
for ((round = 1; round <= runs; round++)); do
  for bin in "$a" "$b"; do
    for view in "show --json" "show"; do
      key="$bin|$view"
      # %e wall, %U user, %S system (seconds)
      t=$( { /usr/bin/time -f "%e %U %S" "$bin" $view --schemas "$schemas" "$plan" >/dev/null; } 2>&1 | tail -1)
      read -r wall user sys <<<"$t"
      cpu=$(echo "$user + $sys" | bc)
      if [ -z "${best_wall[$key]:-}" ] || (( $(echo "$wall < ${best_wall[$key]}" | bc) )); then best_wall[$key]=$wall; fi
      if [ -z "${best_cpu[$key]:-}" ] || (( $(echo "$cpu < ${best_cpu[$key]}" | bc) )); then best_cpu[$key]=$cpu; fi
    done
  done
done
printf '| binary | view | best wall | best CPU (user+sys) |\n|---|---|---|---|\n'
for bin in "$a" "$b"; do
  for view in "show --json" "show"; do
    key="$bin|$view"
    printf '| %s | %s | %s s | %s s |\n' "$bin" "$view" "${best_wall[$key]}" "${best_cpu[$key]}"
  done
done
