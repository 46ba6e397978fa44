setup_from "$SCEN/setup"
drift set ro-drifted tags '{"a":"1","b":"added-outside"}'
drift set ro-drifted list_str '["x","y","z"]'
drift set ro-drifted count_num '-7.25'
drift rm ro-gone
drift set ro-blocks tag '[{"key":"k1","value":"v1","secret":null},{"key":"k2","value":"outside","secret":"s"}]'
drift set ro-m1 tags '{"idx":"1","outside":"yes"}'
main_config
capture_plan -refresh-only
capture_apply
