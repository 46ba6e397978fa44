setup_from "$SCEN/setup"
# second apply with zone b: create_before_destroy replacements whose deletes fail
# => 14 deposed objects next to 14 current ones
setup_apply -var zone=b
main_config
# the captured plan replaces every current object (zone c) and deletes every deposed one
capture_plan
ORACLE_IGNORE_FAILURES=1 capture_apply
