# Terraform releases that tools/oracle-tf builds from source (sourced by install.sh, run-all.sh,
# run-scenario.sh): the newest patch release of each line the PyPI-based harness that made the
# other testdata/oracle cases cannot install (0.12-0.15, 1.1-1.5). Terraform is MPL-2.0 up to
# 1.5.7; each is built from github.com/hashicorp/terraform@vVERSION through the Go module proxy
# (build-terraform.sh).
TF_BUILD_VERSIONS="0.12.29 0.13.7 0.14.11 0.15.5 1.1.9 1.2.9 1.3.10 1.4.7 1.5.7"

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
