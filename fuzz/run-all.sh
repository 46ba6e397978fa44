#!/bin/sh
# Runs every fuzz target for SECONDS seconds (default 240) one after the other, collecting
# crashes under artifacts/<target>/ (libFuzzer fork mode goes on after a crash).
# Usage: ./run-all.sh [SECONDS] [TARGET...]
set -u
secs=${1:-240}
shift 2>/dev/null || true
targets=${*:-"msgpack_roundtrip tfplan plan_container state_json schema_json hcl_config ui_stream views encryption"}
for t in $targets; do
    mkdir -p "corpus/$t" "artifacts/$t"
    echo "== $t ($secs s)"
    cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -artifact_prefix="artifacts/$t/" > "artifacts/$t.log" 2>&1
    echo "   exit $?; $(ls "artifacts/$t" | wc -l) artifacts"
done
