setup_from "$SCEN/setup"
tf state-rm state rm 'oracle_thing.imp["i1"]' 'oracle_thing.imp["i 2"]' 'oracle_thing.imp["i10"]' > "$OUT/state-rm.log" 2>&1
main_config
capture_plan
capture_apply
