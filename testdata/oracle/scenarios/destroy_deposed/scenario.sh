setup_from "$SCEN/setup"
main_config
# create_before_destroy replacements whose deletes fail => deposed objects
# (root and module instances); the old objects stay as deposed
setup_apply
capture_plan -destroy
ORACLE_IGNORE_FAILURES=1 capture_apply
