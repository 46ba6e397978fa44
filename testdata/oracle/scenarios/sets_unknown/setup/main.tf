terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_thing" "src" {
  name = "su-src"
}

resource "oracle_blocks" "tags" {
  name = "su-tags"
  tag {
    key   = "static"
    value = "s"
  }
  tag {
    key    = "will-change"
    value  = "old"
    secret = "pw"
  }
}

resource "oracle_nested" "n" {
  name = "su-nested"
  set_objs = [
    { key = "a", val = "1" },
    { key = "b", val = "2" },
  ]
  list_objs = [
    { name = "l0", weight = 1 },
  ]
}

resource "oracle_thing" "sets" {
  name    = "su-sets"
  set_str = ["a", "b"]
  set_num = [1, 2.5, -3]
}
