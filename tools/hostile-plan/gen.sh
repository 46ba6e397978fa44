#!/usr/bin/env bash
# gen.sh OUT_DIR: runs the `terraform` on PATH on the configuration of
# testdata/oracle/scenarios/hostile_strings (main.tf, keys.tf, setup/) and writes a real plan with
# hostile addresses, values and a secret map key into OUT_DIR, laid out as an oracle case
# (testdata/oracle/README.md). Needs no provider plugin: only the builtin terraform_data.
# The case in the tests: testdata/oracle/scenarios/hostile_strings/tf-1.11.4.
set -euo pipefail
here="$(cd "$(dirname "$0")/../../testdata/oracle/scenarios/hostile_strings" && pwd)"
out="$(mkdir -p "$1" && cd "$1" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_CLI_CONFIG_FILE=/dev/null
cp -r "$here/setup" "$work/setup"
(cd "$work/setup" && terraform init -no-color >/dev/null && terraform apply -auto-approve -no-color >/dev/null)
mkdir "$work/main"
cp "$here/main.tf" "$here/keys.tf" "$work/main/"
mv "$work/setup/terraform.tfstate" "$work/main/"
cd "$work/main"
terraform init -no-color >/dev/null
terraform plan -json -out=plan.tfplan >"$out/plan-ui.jsonl"
terraform show -json plan.tfplan >"$out/plan.json"
terraform show -no-color plan.tfplan >"$out/plan.txt"
cp plan.tfplan "$out/plan.tfplan"
cp terraform.tfstate "$out/prior.tfstate"
terraform show -json terraform.tfstate >"$out/prior-state.json"
terraform providers schema -json >"$out/schemas.json"
terraform apply -json plan.tfplan >"$out/apply-ui.jsonl" || true
terraform show -json >"$out/state.json"
cp terraform.tfstate "$out/terraform.tfstate"
terraform version -json >"$out/version.txt"
