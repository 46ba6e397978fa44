#!/usr/bin/env bash
# tools/oracle-tf/state-upgrade.sh TERRAFORM [NULL_PROVIDER]
# Regenerates testdata/oracle/scenarios/state_upgrade/tf-VERSION/ (VERSION: what TERRAFORM
# reports) from the hand-written legacy states in state_upgrade/states/ (formats 1 to 3): for
# each STATE.tfstate, `terraform show -json STATE.tfstate` > STATE-state.json and
# `terraform show -no-color STATE.tfstate` > STATE-state.txt, run in an empty working
# directory; a command that fails leaves STATE-show.log (what it printed) instead. The v3.tfstate
# case is also written under the names the other state tests discover (terraform.tfstate,
# state.json, state.txt). schemas.json is `terraform providers schema -json` with v3.tfstate as
# the working directory's state and a configuration of one `terraform_remote_state` data source
# (for the builtin provider's schema, which v3-remote-state.tfstate needs).
#
# Upgraded states name their providers as Terraform 0.11 did, which Terraform 0.13+ reads as
# legacy providers (registry.terraform.io/-/null) that no registry or mirror serves; the real
# hashicorp/null 2.1.2 binary is given for that address through a `dev_overrides` CLI
# configuration. NULL_PROVIDER defaults to the binary tools/test-plugins.sh installs
# ($HOME/.cache/tfshow-test-plugins/null/terraform-provider-null_v2.1.2_x4); it is checked
# against the release's SHA-256. Nothing is downloaded or built.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TERRAFORM [NULL_PROVIDER]" >&2; exit 2; }
TF="$(command -v "$1")"
NULL_BIN="${2:-$HOME/.cache/tfshow-test-plugins/null/terraform-provider-null_v2.1.2_x4}"
NULL_SHA256=c56285e7bd25a806bf86fcd4893edbe46e621a46e20fe24ef209b6fd0b7cf5fc
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SCEN="$ROOT/testdata/oracle/scenarios/state_upgrade"
echo "$NULL_SHA256  $NULL_BIN" | sha256sum -c --status ||
  { echo "$0: $NULL_BIN is not the hashicorp/null 2.1.2 release binary" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP/null" "$TMP/work"
cp "$NULL_BIN" "$TMP/null/"
cat > "$TMP/cli.tfrc" <<TFRC
provider_installation {
  dev_overrides {
    "registry.terraform.io/-/null" = "$TMP/null"
  }
}
TFRC
export TF_CLI_CONFIG_FILE="$TMP/cli.tfrc" CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_INPUT=0
unset TF_LOG TF_DATA_DIR TF_PLUGIN_CACHE_DIR TF_WORKSPACE TF_CLI_ARGS

VERSION="$("$TF" version | head -n1 | sed -n 's/^Terraform v//p')"
[ -n "$VERSION" ] || { echo "$0: $TF does not report a Terraform version" >&2; exit 1; }
OUT="$SCEN/tf-$VERSION"
rm -rf "$OUT"
mkdir -p "$OUT"
(cd "$TMP/work" && "$TF" version) > "$OUT/version.txt"

# run LABEL OUTFILE ARGS... : terraform ARGS in the empty working dir, stdout to OUTFILE;
# on failure the output (stdout and stderr) goes to LABEL-show.log instead
run() {
  local label="$1" file="$2"; shift 2
  local rc=0
  (cd "$TMP/work" && "$TF" "$@") > "$TMP/stdout" 2> "$TMP/stderr" || rc=$?
  echo "$label rc=$rc: terraform $*" >> "$OUT/commands.txt"
  if [ $rc -eq 0 ]; then
    mv "$TMP/stdout" "$OUT/$file"
  else
    cat "$TMP/stdout" "$TMP/stderr" > "$OUT/$label-show.log"
  fi
}

for input in "$SCEN"/states/*.tfstate; do
  name="$(basename "$input" .tfstate)"
  cp "$input" "$OUT/$name.tfstate"
  run "$name" "$name-state.json" show -json "$OUT/$name.tfstate"
  run "$name-text" "$name-state.txt" show -no-color "$OUT/$name.tfstate"
done
# The names the tests of real states discover.
cp "$OUT/v3.tfstate" "$OUT/terraform.tfstate"
cp "$OUT/v3-state.json" "$OUT/state.json"
cp "$OUT/v3-state.txt" "$OUT/state.txt"
cp "$SCEN/states/v3.tfstate" "$TMP/work/terraform.tfstate"
printf 'data "terraform_remote_state" "any" {\n  backend = "local"\n}\n' > "$TMP/work/main.tf"
run schema schemas.json providers schema -json
sed -i "s#$TMP#TMPDIR#g; s#$OUT/#OUT/#g" "$OUT/commands.txt"
echo "wrote $OUT"
