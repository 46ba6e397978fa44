use_config "$SCEN"; tf_init; setup_apply
drift set ri-src list_str '["d0","d1","d2","d3","d4","d5","d6","d7","d8","d9","d10","d11"]'
drift set ri-src list_num '[5,6,7]'
drift set ri-src tags '{"a":"da","b":"db"}'
drift set ri-idx-10 description '"drifted-10"'
drift set ri-idx-2 description '"drifted-2"'
capture_plan
capture_apply
