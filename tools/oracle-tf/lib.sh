# Helpers sourced by run-scenario.sh (and by each scenario's optional scenario.sh): the helpers of
# the harness that made the other testdata/oracle cases, for Terraform releases back to 0.12.
# Globals set by run-scenario.sh: HERE CACHE SCEN (scenario dir) WORK (scratch working dir)
# OUT (artifact dir) TFBIN (terraform binary) TFVER (its version).
# Releases before 0.15.3 have no machine-readable UI (`plan -json`, `apply -json`): their plans
# and applies run with -no-color instead, and no *-ui.jsonl file is written.

export TF_CLI_CONFIG_FILE="$CACHE/cli.tfrc"
export CHECKPOINT_DISABLE=1 TF_DISABLE_PLUGIN_TLS=1 TF_INPUT=0
export ORACLE_STORE="$WORK/.oracle-store"
unset TF_LOG TF_DATA_DIR TF_PLUGIN_CACHE_DIR TF_WORKSPACE TF_IN_AUTOMATION TF_CLI_ARGS

# is_terraform [MIN_VERSION]: true when this run's Terraform is at least MIN_VERSION
is_terraform() { [ $# -eq 0 ] || version_ge "$TFVER" "$1"; }
# is_tofu: never (scenario.sh files written for both programs call it)
is_tofu() { return 1; }
if is_terraform 0.15.3; then UI=(-json); else UI=(-no-color); fi
has_json_ui() { [ "${UI[0]}" = -json ]; }

# tf LABEL ARGS... : run terraform in $WORK, log "LABEL rc=N: terraform ARGS" to commands.txt
tf() {
  local label="$1"; shift
  local rc=0
  (cd "$WORK" && "$TFBIN" "$@") || rc=$?
  echo "$label rc=$rc: terraform $*" >> "$OUT/commands.txt"
  return $rc
}

# json_out FILE LABEL ARGS... : tf LABEL ARGS > $OUT/FILE; when the command fails, what it printed
# is kept as FILE-stdout.log instead (0.12 prints its diagnostics to stdout, so a failed
# `show -json` or `providers schema -json` would leave a FILE that is not JSON)
json_out() {
  local file="$1"; shift
  tf "$@" > "$OUT/$file" 2>>"$OUT/stderr.log" || mv "$OUT/$file" "$OUT/${file%.json}-stdout.log"
}

# ui_out NAME : where the UI output of a step goes: NAME-ui.jsonl, or nowhere without -json
ui_out() { if has_json_ui; then echo "$OUT/$1-ui.jsonl"; else echo /dev/null; fi; }

# use_config DIR : replace the working dir's configuration by DIR's (*.tf, *.tfvars, modules/, files/)
use_config() {
  local src="$1"
  (cd "$WORK" && rm -rf ./*.tf ./*.tfvars modules files)
  shopt -s nullglob
  for f in "$src"/*.tf "$src"/*.tfvars; do cp "$f" "$WORK/"; done
  shopt -u nullglob
  for d in modules files; do [ -d "$src/$d" ] && cp -r "$src/$d" "$WORK/$d"; done
  return 0
}

tf_init() { tf init init -input=false -no-color > "$OUT/init.log" 2>&1; }

# setup_apply [ARGS] : apply the current config (not a captured step) -> setup-apply-ui.jsonl
SETUP_N=0
setup_apply() {
  SETUP_N=$((SETUP_N + 1))
  local name="setup-apply"; [ $SETUP_N -gt 1 ] && name="setup$SETUP_N-apply"
  tf "setup-apply" apply -auto-approve -input=false "${UI[@]}" "$@" > "$(ui_out $name)" 2>>"$OUT/stderr.log" || true
}

# capture_plan [PLAN ARGS] : the captured plan + everything derived from it.
# With GENCONFIG=FILE set (import config generation), both plans get
# -generate-config-out=FILE: the file the first plan writes is kept as $OUT/FILE and
# stays in the working dir; the human plan's own copy is discarded.
capture_plan() {
  local gen=()
  if [ -n "${GENCONFIG:-}" ]; then gen=("-generate-config-out=$GENCONFIG"); fi
  if [ -f "$WORK/terraform.tfstate" ]; then
    cp "$WORK/terraform.tfstate" "$OUT/prior.tfstate"
    json_out prior-state.json "prior-state-show" show -json
  fi
  rm -f "$WORK/plan.tfplan"
  if [ -n "${GENCONFIG:-}" ]; then rm -f "$WORK/$GENCONFIG"; fi
  tf "plan" plan -input=false "${UI[@]}" -out=plan.tfplan "${gen[@]}" "$@" > "$(ui_out plan)" 2>>"$OUT/stderr.log" || true
  if [ -n "${GENCONFIG:-}" ] && [ -f "$WORK/$GENCONFIG" ]; then mv "$WORK/$GENCONFIG" "$OUT/$GENCONFIG"; fi
  tf "plan-human" plan -input=false -no-color "${gen[@]}" "$@" > "$OUT/plan-cli.txt" 2>&1 || true
  if [ -n "${GENCONFIG:-}" ]; then
    rm -f "$WORK/$GENCONFIG"
    if [ -f "$OUT/$GENCONFIG" ]; then cp "$OUT/$GENCONFIG" "$WORK/$GENCONFIG"; fi
  fi
  if [ -f "$WORK/plan.tfplan" ]; then
    cp "$WORK/plan.tfplan" "$OUT/plan.tfplan"
    json_out plan.json "show-json" show -json plan.tfplan
    tf "show-human" show -no-color plan.tfplan > "$OUT/plan.txt" 2>>"$OUT/stderr.log" || true
  fi
  json_out schemas.json "schema" providers schema -json
}

# capture_apply [ARGS] : apply the captured plan file, then capture the state
capture_apply() {
  tf "apply" apply -input=false "${UI[@]}" "$@" plan.tfplan > "$(ui_out apply)" 2>>"$OUT/stderr.log" || true
  capture_state
}

capture_state() {
  if [ -f "$WORK/terraform.tfstate" ]; then
    cp "$WORK/terraform.tfstate" "$OUT/terraform.tfstate"
    json_out state.json "state-show" show -json
  fi
}

# drift ARGS : edit the oracle provider's out-of-band object store (see oracle_provider.py store)
drift() {
  "$CACHE/venv/bin/python" "$HERE/../oracle/provider/oracle_provider.py" store "$@"
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
