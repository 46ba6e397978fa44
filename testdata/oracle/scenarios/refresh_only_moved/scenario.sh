setup_from "$SCEN/setup"
drift set mv-old tags '{"k":"changed-outside"}'
drift set mv-each-b description '"drifted"'
drift set mv-mod-x count_num '12'
main_config
capture_plan -refresh-only
capture_apply
