terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "gen" {
  type    = string
  default = "g2"
}

# renaming forces new computed values (id stays, computed_str becomes unknown)
resource "oracle_thing" "src" {
  name = "su-src-${var.gen}"
}

resource "oracle_thing" "fresh" {
  name = "su-fresh"
}

resource "oracle_blocks" "tags" {
  name = "su-tags"
  tag {
    key   = "static"
    value = "s"
  }
  tag {
    key    = "will-change"
    value  = oracle_thing.src.computed_str
    secret = "pw"
  }
  tag {
    key   = oracle_thing.fresh.id
    value = "unknown-key"
  }
  dynamic "tag" {
    for_each = toset(["d1", "d2"])
    content {
      key   = tag.value
      value = "${tag.value}-${oracle_thing.fresh.id}"
    }
  }
}

resource "oracle_blocks" "new_blocks" {
  name = "su-new-blocks"
  item {
    name = "i0"
    sub {
      k = oracle_thing.fresh.id
      v = 1
    }
  }
  item {
    name  = "i1"
    value = "known"
  }
  tag {
    key    = "only"
    secret = oracle_thing.fresh.id
  }
}

resource "oracle_nested" "n" {
  name = "su-nested"
  set_objs = [
    { key = "a", val = "1" },
    { key = "b", val = oracle_thing.src.computed_str },
    { key = oracle_thing.fresh.id, val = null },
  ]
  list_objs = [
    { name = "l0", weight = 1 },
    { name = "l1", weight = 2.5 },
  ]
  map_objs = {
    "m" = { addr = oracle_thing.fresh.id }
  }
}

resource "oracle_thing" "sets" {
  name    = "su-sets"
  set_str = ["a", oracle_thing.fresh.id, "c"]
  set_num = [1, 2.5, -3, 1e3]
}

output "tag_set" {
  value     = oracle_blocks.tags.tag
  sensitive = true
}

output "set_objs" {
  value = oracle_nested.n.set_objs
}
