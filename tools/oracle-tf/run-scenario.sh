#!/usr/bin/env bash
# run-scenario.sh SCENARIO_DIR VERSION
# Runs one scenario (testdata/oracle/scenarios/NAME) under Terraform VERSION (installed by
# install.sh into cache/bin) and writes its artifacts to SCENARIO_DIR/tf-VERSION/ (the file names
# of testdata/oracle/README.md). The scratch working directory is cache/work/VERSION/NAME.
# ORACLE_OUT_ROOT=DIR (optional): write the artifacts to DIR/NAME/tf-VERSION/ instead.
# A scenario may contain scenario.sh (sourced; it calls the helpers in lib.sh); otherwise
# default_flow runs. A scenario with a file `applies-to` (lines "PROGRAM [MIN_VERSION]") is run
# only when a line "terraform [MIN_VERSION]" admits VERSION (exit status 3 otherwise).
# Kept: what the scenario wrote, minus init.log when init succeeded and empty files.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="$HERE/cache"
# shellcheck source=versions.sh
source "$HERE/versions.sh"
[ $# -eq 2 ] || { echo "usage: $0 SCENARIO_DIR VERSION" >&2; exit 2; }
SCEN="$(cd "$1" && pwd)"
TFVER="${2#tf-}"
NAME="$(basename "$SCEN")"
TFBIN="$CACHE/bin/terraform-$TFVER"
[ -x "$TFBIN" ] || { echo "missing $TFBIN: run install.sh $TFVER" >&2; exit 2; }
if [ -f "$SCEN/applies-to" ]; then
  ok=0
  while read -r prog min _; do
    case "$prog" in ''|'#'*) continue ;; esac
    if [ "$prog" = terraform ] && { [ -z "$min" ] || version_ge "$TFVER" "$min"; }; then ok=1; fi
  done < "$SCEN/applies-to"
  [ $ok = 1 ] || { echo "$NAME (tf-$TFVER): skipped (applies-to)"; exit 3; }
fi
WORK="$CACHE/work/$TFVER/$NAME"
if [ -n "${ORACLE_OUT_ROOT:-}" ]; then
  mkdir -p "$ORACLE_OUT_ROOT"
  OUT="$(cd "$ORACLE_OUT_ROOT" && pwd)/$NAME/tf-$TFVER"
else
  OUT="$SCEN/tf-$TFVER"
fi
rm -rf "$WORK" "$OUT"; mkdir -p "$WORK" "$OUT"
# shellcheck source=lib.sh
source "$HERE/lib.sh"
"$TFBIN" version > "$OUT/version.txt" 2>&1 || true
if [ -f "$SCEN/scenario.sh" ]; then
  # shellcheck disable=SC1091
  source "$SCEN/scenario.sh"
else
  default_flow
fi
# init.log only says something when an init failed
grep -q '^init rc=[^0]' "$OUT/commands.txt" || rm -f "$OUT/init.log"
find "$OUT" -type f -empty -delete
echo "$NAME (tf-$TFVER): $(tr '\n' ';' < "$OUT/commands.txt" | sed -E 's/: terraform[^;]*//g')"
