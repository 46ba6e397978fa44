#!/usr/bin/env bash
# run-scenario.sh SCENARIO_DIR CASE
# CASE: tofu-VERSION (OpenTofu) or tf-VERSION (Terraform; a bare VERSION means tf-VERSION), a
# version that install.sh has installed into cache/bin.
# Runs one scenario against the real program and writes its artifacts to SCENARIO_DIR/CASE/
# (the same file names for both programs; see testdata/oracle/README.md). The scratch working
# directory is cache/work/CASE/NAME.
# ORACLE_OUT_ROOT=DIR (optional): write the artifacts to DIR/NAME/CASE/ instead.
# A scenario may contain scenario.sh (sourced; it calls the helpers in lib.sh); otherwise
# default_flow runs: setup/ applied first (if present), then the top-level config is planned
# (captured) and the plan applied (captured). A scenario may contain a file `applies-to` with
# lines "PROGRAM [MIN_VERSION]" (PROGRAM: tofu or terraform); it is then run only for those
# (exit status 3 otherwise, nothing written).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="$HERE/cache"
# shellcheck source=versions.sh
source "$HERE/versions.sh"
[ $# -eq 2 ] || { echo "usage: $0 SCENARIO_DIR tofu-VERSION|tf-VERSION" >&2; exit 2; }
SCEN="$(cd "$1" && pwd)"
CASE="$2"
case "$CASE" in
  tofu-*) TFPROG=tofu; TFVER="${CASE#tofu-}"; TFBIN="$CACHE/bin/tofu-$TFVER" ;;
  tf-*) TFPROG=terraform; TFVER="${CASE#tf-}"; TFBIN="$CACHE/bin/terraform-$TFVER" ;;
  [0-9]*) TFPROG=terraform; TFVER="$CASE"; CASE="tf-$TFVER"; TFBIN="$CACHE/bin/terraform-$TFVER" ;;
  *) echo "run-scenario.sh: bad case '$CASE' (tofu-VERSION or tf-VERSION)" >&2; exit 2 ;;
esac
NAME="$(basename "$SCEN")"
[ -x "$TFBIN" ] || { echo "missing $TFBIN: run install.sh $CASE" >&2; exit 2; }
if [ -f "$SCEN/applies-to" ]; then
  ok=0
  while read -r prog min _; do
    case "$prog" in ''|'#'*) continue ;; esac
    if [ "$prog" = "$TFPROG" ] && { [ -z "$min" ] || version_ge "$TFVER" "$min"; }; then ok=1; fi
  done < "$SCEN/applies-to"
  [ $ok = 1 ] || { echo "$NAME ($CASE): skipped (applies-to)"; exit 3; }
fi
WORK="$CACHE/work/$CASE/$NAME"
if [ -n "${ORACLE_OUT_ROOT:-}" ]; then
  mkdir -p "$ORACLE_OUT_ROOT"
  OUT="$(cd "$ORACLE_OUT_ROOT" && pwd)/$NAME/$CASE"
else
  OUT="$SCEN/$CASE"
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
# drop empty artifacts (e.g. stderr.log when nothing went wrong)
find "$OUT" -type f -empty -delete
echo "$NAME ($CASE): $(tr '\n' ';' < "$OUT/commands.txt" | sed -E 's/: (terraform|tofu)[^;]*//g')"
