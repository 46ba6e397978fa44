terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

# config changes below must NOT appear in a refresh-only plan
resource "oracle_thing" "drifted" {
  name      = "ro-drifted"
  tags      = { a = "config-change" }
  list_str  = ["x", "y"]
  count_num = 5
}

resource "oracle_thing" "gone" {
  name = "ro-gone"
}

resource "oracle_thing" "stable" {
  name        = "ro-stable"
  description = "added in config only"
}

resource "oracle_thing" "brand_new" {
  name = "ro-new"
}

resource "oracle_blocks" "b" {
  name = "ro-blocks"
  item {
    name  = "i"
    value = "v"
  }
  tag {
    key   = "k1"
    value = "v1"
  }
}

module "m" {
  source = "./modules/m"
  names  = ["ro-m0", "ro-m1"]
}

output "drifted_tags" {
  value = oracle_thing.drifted.tags
}

output "gone_id" {
  value = oracle_thing.gone.id
}

output "new_output" {
  value = "only in config"
}
