# OpenTofu-only features, each release with the parts it supports: the configuration is main.tf
# (setup: setup/) plus every since-X/ folder (setup: since-X/setup/) with X <= the release.
# For each since-X/ left out, rejected-since-X.log keeps what the release says about that part
# (init + validate of main.tf with it).
GATES="1.7 1.8 1.9 1.10 1.11 1.12"
CFG="$WORK/.cfg"
rm -rf "$CFG"; mkdir -p "$CFG/setup" "$CFG/main"
# assemble SRC DEST: copy SRC's *.tf/*.tofu and modules/ into DEST
assemble() {
  local f
  for f in "$1"/*.tf "$1"/*.tofu; do [ -f "$f" ] && cp "$f" "$2/"; done
  if [ -d "$1/modules" ]; then mkdir -p "$2/modules" && cp -r "$1/modules/." "$2/modules/"; fi
  return 0
}
assemble "$SCEN/setup" "$CFG/setup"
assemble "$SCEN" "$CFG/main"
INCLUDED=""
for g in $GATES; do
  if version_ge "$TFVER" "$g.0"; then
    INCLUDED="$INCLUDED $g"
    [ -d "$SCEN/since-$g/setup" ] && assemble "$SCEN/since-$g/setup" "$CFG/setup"
    assemble "$SCEN/since-$g" "$CFG/main"
  else
    # what this release says about the part it does not support
    rej="$CFG/rejected-$g"; mkdir -p "$rej"
    assemble "$SCEN" "$rej"; assemble "$SCEN/since-$g" "$rej"
    (cd "$rej" && "$TFBIN" init -input=false -no-color > "$OUT/rejected-since-$g.log" 2>&1 &&
      "$TFBIN" validate -no-color >> "$OUT/rejected-since-$g.log" 2>&1)
    echo "rejected-since-$g rc=$?: $TFPROG init && $TFPROG validate (main.tf + since-$g/)" >> "$OUT/commands.txt"
  fi
done
echo "parts:$INCLUDED" >> "$OUT/commands.txt"

PLAN_ARGS=(); APPLY_ARGS=()
if is_tofu 1.9.0; then PLAN_ARGS+=(-exclude=oracle_thing.excluded); fi
if is_tofu 1.11.0; then PLAN_ARGS+=(-var session=ephemeral-session-value); APPLY_ARGS+=(-var session=ephemeral-session-value); fi
setup_from "$CFG/setup"
main_config_from() { use_config "$1"; tf_init; }
main_config_from "$CFG/main"
capture_plan "${PLAN_ARGS[@]}"
capture_apply "${APPLY_ARGS[@]}"
