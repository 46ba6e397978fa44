#!/usr/bin/env bash
# gen.sh: runs the `terraform` on PATH (1.11.4 made the files here) on main.tf and writes the
# real plan next to this script: plan.tfplan, plan.json (`terraform show -json`), plan.txt
# (`terraform show -no-color`), schemas.json and version.txt. Needs no provider plugin.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_CLI_CONFIG_FILE=/dev/null
cp "$here/main.tf" "$work/"
cd "$work"
terraform init -no-color >/dev/null
terraform plan -no-color -out=plan.tfplan >/dev/null
cp plan.tfplan "$here/plan.tfplan"
terraform show -json plan.tfplan >"$here/plan.json"
terraform show -no-color plan.tfplan >"$here/plan.txt"
terraform providers schema -json >"$here/schemas.json"
terraform version -json >"$here/version.txt"
