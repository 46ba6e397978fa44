main_config
setup_apply
# replace by request, combined with a config change on oracle_thing.a
capture_plan -var desc=v2 -replace=oracle_thing.a -replace=oracle_thing.cbd '-replace=oracle_thing.each["k 1"]' '-replace=module.m.oracle_replace.r[1]'
capture_apply
