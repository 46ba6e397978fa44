#!/usr/bin/env bash
# bench/schemas.sh — schemas without --schemas (#14): a cold plugin launch per provider, a
# first run with an empty cache against a warm one, and the 10,000-resource plans with a warm
# cache against --schemas.
#
#   bench/schemas.sh                 # 7 rounds; needs the test plugins (tools/test-plugins.sh)
#   RUNS=11 bench/schemas.sh
#
# Everything runs with its own HOME and XDG_CACHE_HOME under target/bench/schemas, so the
# machine's own cache and plugin directories are not used.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-7}"
PLUGINS="${TFSHOW_TEST_PLUGINS:-$HOME/.cache/tfshow-test-plugins}"
OUT=target/bench/schemas
rm -rf "$OUT"; mkdir -p "$OUT/home" "$OUT/cache"
cargo build --release -q -p tfshow
cargo build --release -q -p tfshow-schemas-source --example launch_time --example load_speed
BIN=$PWD/target/release/tfshow
ENVS=(env -i PATH="$PATH" HOME="$PWD/$OUT/home" XDG_CACHE_HOME="$PWD/$OUT/cache")

echo "## Cold launch of each plugin (hash the package, launch, ask, stop; min / median of $RUNS)"
echo
echo "| plugin | protocol | size | h1: hash | launch + schema + stop |"
echo "|---|---|---|---|---|"
target/release/examples/launch_time "$RUNS" "$PLUGINS/null/terraform-provider-null_v2.1.2_x4" \
  "$PLUGINS/tfshowtest/terraform-provider-tfshowtest" "$PLUGINS/oracle/terraform-provider-oracle_v0.1.0"
echo
echo "## Loading a cached schema against parsing its JSON"
echo
target/release/examples/load_speed | sed 's/^/    /'
echo

# Working directories laid out as `terraform init` leaves them.
null_case=testdata/oracle/scenarios/null_provider/tf-1.15.5
W=$OUT/null; mkdir -p "$W/.terraform/providers/registry.terraform.io/hashicorp/null/2.1.2/linux_amd64"
cp "$null_case/plan.tfplan" "$W/"
cp "$PLUGINS/null/terraform-provider-null_v2.1.2_x4" "$W/.terraform/providers/registry.terraform.io/hashicorp/null/2.1.2/linux_amd64/"
# The 10,000 plans: the schemas imported into the cache with the versions of the plan's own
# lock file; Terraform 1.0.3's plan keeps none, so its working directory gets that lock file.
for v in 1.0.3 1.15.5; do
  mkdir -p "$OUT/big-$v"; cp "bench/data/big-$v-10000/plan.tfplan" "$OUT/big-$v/"
done
unzip -p bench/data/big-1.15.5-10000/plan.tfplan .terraform.lock.hcl > "$OUT/big-1.0.3/.terraform.lock.hcl"
"${ENVS[@]}" "$BIN" schemas import --lock-file "$OUT/big-1.0.3/.terraform.lock.hcl" bench/data/big-1.15.5-10000/schemas.json > /dev/null
for v in 1.0.3 1.15.5; do
  "${ENVS[@]}" "$BIN" show --json --chdir "$OUT/big-$v" plan.tfplan 2> "$OUT/err" | zcat -f | cmp -s - <(zcat "bench/data/big-$v-10000/plan.json.gz") \
    && [ ! -s "$OUT/err" ] && echo "big-$v-10000: warm cache output matches Terraform's, nothing on stderr" \
    || { echo "big-$v-10000: warm cache output differs" >&2; cat "$OUT/err" >&2; exit 1; }
done

NAMES=(); CMDS=()
add_cmd() { local name=$1; shift; local q; printf -v q '%q ' "$@"; NAMES+=("$name"); CMDS+=("$q"); }
time_once() {
  local name=$1 cmd=$2
  local start=$EPOCHREALTIME
  eval "/usr/bin/time -f %M -o \"\$OUT/time.txt\" $cmd" > "$OUT/stdout" 2>/dev/null || true
  local end=$EPOCHREALTIME
  read -r rss < "$OUT/time.txt"
  wall=$(python3 -c "print(f'{$end - $start:.4f}')")
  printf '%s\t%s\t%s\t%s\n' "$name" "$wall" "$rss" "$(stat -c %s "$OUT/stdout")" >> "$OUT/times.tsv"
}
# The null plan: first run (empty cache: hash, launch, cache) against a warm cache.
add_cmd "null 1.15.5 plan, empty cache (plugin launched)" sh -c "rm -rf '$OUT/cache-null'; exec env -i PATH='$PATH' HOME='$PWD/$OUT/home' XDG_CACHE_HOME='$PWD/$OUT/cache-null' '$BIN' show --json --chdir '$W' plan.tfplan"
add_cmd "null 1.15.5 plan, warm cache" "${ENVS[@]}" XDG_CACHE_HOME="$PWD/$OUT/cache-null" "$BIN" show --json --chdir "$W" plan.tfplan
add_cmd "null 1.15.5 plan, --schemas" "${ENVS[@]}" "$BIN" show --json --schemas "$null_case/schemas.json" "$W/plan.tfplan"
for v in 1.0.3 1.15.5; do
  add_cmd "big-$v-10000 show --json, --schemas" "${ENVS[@]}" "$BIN" show --json --schemas "bench/data/big-$v-10000/schemas.json" "$OUT/big-$v/plan.tfplan"
  add_cmd "big-$v-10000 show --json, warm cache" "${ENVS[@]}" "$BIN" show --json --chdir "$OUT/big-$v" plan.tfplan
done
: > "$OUT/times.tsv"
for _ in $(seq 1 "$RUNS"); do
  for i in "${!NAMES[@]}"; do time_once "${NAMES[$i]}" "${CMDS[$i]}"; done
done
echo
python3 bench/report.py "$OUT/times.tsv" | grep -v "^- "
python3 - "$OUT/times.tsv" <<'PY'
import statistics, sys
from collections import defaultdict
runs = defaultdict(list)
for line in open(sys.argv[1]):
    name, wall, _, _ = line.split("\t")
    runs[name].append(float(wall))
print()
for v in ["1.0.3", "1.15.5"]:
    s = runs[f"big-{v}-10000 show --json, --schemas"]
    c = runs[f"big-{v}-10000 show --json, warm cache"]
    print(f"- big-{v}-10000: warm cache / --schemas = {min(c)/min(s):.2f}x by minimum, "
          f"{statistics.median(c)/statistics.median(s):.2f}x by median (target: at most 1.2x)")
PY
