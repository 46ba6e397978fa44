# Helpers sourced by run-scenario.sh (and by each scenario's optional scenario.sh). The same
# helpers as the shared Terraform harness (../shared/oracle/harness/lib.sh), for either program.
# Globals set by run-scenario.sh: HERE CACHE SCEN (scenario dir) WORK (scratch working dir)
# OUT (artifact dir) TFBIN (the terraform or tofu binary) TFPROG (terraform | tofu)
# TFVER (its version) CASE (tf-VERSION | tofu-VERSION).

export TF_CLI_CONFIG_FILE="$CACHE/cli.tfrc"
export CHECKPOINT_DISABLE=1 TF_DISABLE_PLUGIN_TLS=1 TF_INPUT=0
export ORACLE_STORE="$WORK/.oracle-store"
unset TF_LOG TF_DATA_DIR TF_PLUGIN_CACHE_DIR TF_WORKSPACE TF_IN_AUTOMATION TF_ENCRYPTION TF_CLI_ARGS

# is_tofu [MIN_VERSION]: true for OpenTofu (of at least MIN_VERSION)
is_tofu() { [ "$TFPROG" = tofu ] && { [ $# -eq 0 ] || version_ge "$TFVER" "$1"; }; }
# is_terraform [MIN_VERSION]
is_terraform() { [ "$TFPROG" = terraform ] && { [ $# -eq 0 ] || version_ge "$TFVER" "$1"; }; }

# tf LABEL ARGS... : run the program in $WORK, log "LABEL rc=N: PROGRAM ARGS" to commands.txt
tf() {
  local label="$1"; shift
  local rc=0
  (cd "$WORK" && "$TFBIN" "$@") || rc=$?
  echo "$label rc=$rc: $TFPROG $*" >> "$OUT/commands.txt"
  return $rc
}

# use_config DIR : replace the working dir's configuration by DIR's (*.tf, *.tofu, *.tfvars,
# modules/, files/)
use_config() {
  local src="$1"
  (cd "$WORK" && rm -rf ./*.tf ./*.tofu ./*.tfvars modules files)
  shopt -s nullglob
  for f in "$src"/*.tf "$src"/*.tofu "$src"/*.tfvars; do cp "$f" "$WORK/"; done
  shopt -u nullglob
  for d in modules files; do [ -d "$src/$d" ] && cp -r "$src/$d" "$WORK/$d"; done
  return 0
}

tf_init() { tf init init -input=false -no-color > "$OUT/init.log" 2>&1; }

# setup_apply [ARGS] : apply the current config (not a captured step) -> setup-apply-ui.jsonl
SETUP_N=0
setup_apply() {
  SETUP_N=$((SETUP_N + 1))
  local name="setup-apply-ui.jsonl"; [ $SETUP_N -gt 1 ] && name="setup$SETUP_N-apply-ui.jsonl"
  tf "setup-apply" apply -auto-approve -input=false -json "$@" > "$OUT/$name" 2>>"$OUT/stderr.log" || true
}

# capture_plan [PLAN ARGS] : the captured plan + everything derived from it.
# With GENCONFIG=FILE set (import config generation), both plans get
# -generate-config-out=FILE: the file the -json plan writes is kept as $OUT/FILE and
# stays in the working dir; the human plan's own copy is discarded (same content,
# but the order of the resource blocks in it varies from run to run).
capture_plan() {
  local gen=()
  if [ -n "${GENCONFIG:-}" ]; then gen=("-generate-config-out=$GENCONFIG"); fi
  if [ -f "$WORK/terraform.tfstate" ]; then
    cp "$WORK/terraform.tfstate" "$OUT/prior.tfstate"
    tf "prior-state-show" show -json > "$OUT/prior-state.json" 2>>"$OUT/stderr.log" || true
  fi
  rm -f "$WORK/plan.tfplan"
  if [ -n "${GENCONFIG:-}" ]; then rm -f "$WORK/$GENCONFIG"; fi
  tf "plan" plan -input=false -json -out=plan.tfplan "${gen[@]}" "$@" > "$OUT/plan-ui.jsonl" 2>>"$OUT/stderr.log" || true
  if [ -n "${GENCONFIG:-}" ] && [ -f "$WORK/$GENCONFIG" ]; then mv "$WORK/$GENCONFIG" "$OUT/$GENCONFIG"; fi
  tf "plan-human" plan -input=false -no-color "${gen[@]}" "$@" > "$OUT/plan-cli.txt" 2>&1 || true
  if [ -n "${GENCONFIG:-}" ]; then
    rm -f "$WORK/$GENCONFIG"
    if [ -f "$OUT/$GENCONFIG" ]; then cp "$OUT/$GENCONFIG" "$WORK/$GENCONFIG"; fi
  fi
  if [ -f "$WORK/plan.tfplan" ]; then
    cp "$WORK/plan.tfplan" "$OUT/plan.tfplan"
    tf "show-json" show -json plan.tfplan > "$OUT/plan.json" 2>>"$OUT/stderr.log" || true
    tf "show-human" show -no-color plan.tfplan > "$OUT/plan.txt" 2>>"$OUT/stderr.log" || true
    (cd "$OUT" && python3 -m zipfile -l plan.tfplan > plan-zip-listing.txt 2>&1) || true
  fi
  tf "schema" providers schema -json > "$OUT/schemas.json" 2>>"$OUT/stderr.log" || true
}

# capture_apply [ARGS] : apply the captured plan file, then capture the state
capture_apply() {
  tf "apply" apply -input=false -json "$@" plan.tfplan > "$OUT/apply-ui.jsonl" 2>>"$OUT/stderr.log" || true
  capture_state
}

capture_state() {
  if [ -f "$WORK/terraform.tfstate" ]; then
    cp "$WORK/terraform.tfstate" "$OUT/terraform.tfstate"
    tf "state-show" show -json > "$OUT/state.json" 2>>"$OUT/stderr.log" || true
  fi
}

# drift ARGS : edit the oracle provider's out-of-band object store (see oracle_provider.py store)
drift() {
  "$CACHE/venv/bin/python" "$HERE/provider/oracle_provider.py" store "$@"
  echo "drift: store $*" >> "$OUT/commands.txt"
}

# default flow: [setup/ applied first] then plan (+ apply) the scenario's top-level config
default_flow() {
  if [ -d "$SCEN/setup" ]; then
    use_config "$SCEN/setup"; tf_init; setup_apply
  fi
  use_config "$SCEN"; tf_init
  capture_plan "$@"
  [ "${NO_APPLY:-0}" = 1 ] || capture_apply
}

# setup_from DIR [APPLY ARGS] : apply DIR's config as an (uncaptured-plan) setup step
setup_from() { local d="$1"; shift; use_config "$d"; tf_init; setup_apply "$@"; }
# main_config : switch to the scenario's top-level config
main_config() { use_config "$SCEN"; tf_init; }
