#!/usr/bin/env bash
# bench/run.sh — time whole tfshow commands on big real plans and check their output.
#
#   bench/run.sh                 # all cases, 3 runs each
#   RUNS=5 bench/run.sh 10000    # only cases whose name contains "10000"
#   TF_WORKDIR=DIR TERRAFORM=BIN bench/run.sh 10000
#       # also time `terraform show -json plan.tfplan` in the initialised working directory
#       # DIR (named like the case, e.g. big-1.15.5-10000, as the oracle harness's bench.sh
#       # makes it), in the same run
#
# Timed for each case: show --json, then every view (show, show --json --redact, ui, summary,
# summary --format html, and diff against the 1,000-resource plan of the same release).
# Cases: bench/data/big-VERSION-N (real plans written by Terraform VERSION, with the provider
# schemas and what `terraform show -json` printed), plus big-1.15.5-50000, made by scaling the
# 10,000-resource plan five times with the scale_plan example and checked against it.
# Prints a markdown table: min / median wall time, peak RSS (from /usr/bin/time), throughput;
# then each view as ratios to show --json of the same plan: best and median wall time, median
# CPU time (user + system, steadier than wall time on a machine whose speed drifts) and peak
# memory.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-3}"
FILTER="${1:-}"
OUT="${BENCH_OUT:-target/bench}"
mkdir -p "$OUT"
cargo build --release -q -p tfshow
cargo build --release -q -p tfshow-planfile --example scale_plan
BIN=target/release/tfshow

# The 50,000-resource case: the 10,000 plan's four modules copied to twenty.
big50=$OUT/big-1.15.5-50000
mkdir -p "$big50"
if [ ! -f "$big50/plan.tfplan" ]; then
  target/release/examples/scale_plan bench/data/big-1.15.5-10000/plan.tfplan "$big50/plan.tfplan" 5 2>/dev/null
  cp bench/data/big-1.15.5-10000/schemas.json "$big50/"
fi

# Timed commands, collected first and then run in turn, RUNS rounds of one run each: this
# machine's speed drifts over minutes, and interleaving the runs exposes every command (and
# Terraform) to the same drift, which keeps the ratios between them fair.
NAMES=(); CMDS=()
add_cmd() {
  local name=$1; shift
  local quoted; printf -v quoted '%q ' "$@"
  NAMES+=("$name"); CMDS+=("$quoted")
}

# time_once NAME CMD → appends "NAME<TAB>seconds<TAB>max RSS KiB<TAB>output bytes<TAB>CPU
# seconds" to $OUT/times.tsv. Wall time from bash's microsecond clock around /usr/bin/time
# (whose own %e has 10 ms steps; the wrapper adds about a millisecond); peak RSS and CPU time
# (user + system, 10 ms steps) from /usr/bin/time.
time_once() {
  local name=$1 cmd=$2
  local start=$EPOCHREALTIME
  eval "/usr/bin/time -f '%M %U %S' -o \"\$OUT/time.txt\" $cmd" > "$OUT/stdout" 2>/dev/null || true
  local end=$EPOCHREALTIME
  read -r rss user sys < "$OUT/time.txt"
  wall=$(python3 -c "print(f'{$end - $start:.4f}')")
  cpu=$(python3 -c "print(f'{$user + $sys:.2f}')")
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$wall" "$rss" "$(stat -c %s "$OUT/stdout")" "$cpu" >> "$OUT/times.tsv"
}

: > "$OUT/times.tsv"
for dir in bench/data/big-* "$big50"; do
  case=$(basename "$dir")
  [[ -n "$FILTER" && "$case" != *$FILTER* ]] && continue
  plan=$dir/plan.tfplan; schemas=$dir/schemas.json
  # Correctness first: the JSON must be Terraform's, byte for byte.
  $BIN show --json --schemas "$schemas" "$plan" > "$OUT/$case.json"
  if [ -f "$dir/plan.json.gz" ]; then
    if zcat "$dir/plan.json.gz" | cmp -s - "$OUT/$case.json"; then echo "$case: show --json output matches Terraform's"; else echo "$case: OUTPUT DIFFERS FROM TERRAFORM'S" >&2; exit 1; fi
  else
    python3 bench/check_scaled.py "$OUT/big-1.15.5-10000.json" "$OUT/$case.json" 4 || { echo "$case: scaled output check failed" >&2; exit 1; }
  fi
  add_cmd "$case show --json" $BIN show --json --schemas "$schemas" "$plan"
  # Every view of the same plan (report.py gives each as a ratio to show --json).
  views=("show" "show --json --redact" "ui" "summary" "summary --format html")
  for view in "${views[@]}"; do
    read -ra args <<< "$view"
    if $BIN "${args[@]}" --schemas "$schemas" "$plan" > /dev/null 2>&1; then
      add_cmd "$case $view" $BIN "${args[@]}" --schemas "$schemas" "$plan"
    fi
  done
  # diff against the 1,000-resource plan of the same release (the 50,000 plan's is 1.15.5's).
  small=bench/data/big-${case#big-}
  small=${small%-*}-1000
  if [[ "$case" != *-1000 && -f "$small/plan.tfplan" ]]; then
    add_cmd "$case diff" $BIN diff --schemas "$schemas" "$small/plan.tfplan" "$plan"
  fi
  if [[ -n "${TF_WORKDIR:-}" && -n "${TERRAFORM:-}" && "$case" == "$(basename "$TF_WORKDIR")" ]]; then
    tf_case=$case
  fi
done
# Terraform last in each round: the command run right after it is slowed (bench/README.md).
if [[ -n "${tf_case:-}" ]]; then
  add_cmd "$tf_case terraform show -json" sh -c "cd '$TF_WORKDIR' && '$TERRAFORM' show -json plan.tfplan"
fi

for _ in $(seq 1 "$RUNS"); do
  for i in "${!NAMES[@]}"; do
    time_once "${NAMES[$i]}" "${CMDS[$i]}"
  done
done

python3 bench/report.py "$OUT/times.tsv"
