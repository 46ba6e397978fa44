terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_thing" "src" {
  name     = "ri-src"
  list_str = ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11"]
  list_num = [1, 2, 3]
  tags     = { a = "1", b = "2" }
  # keep the drifted values, so dependents are updated from them
  lifecycle {
    ignore_changes = all
  }
}

resource "oracle_thing" "idx" {
  count       = 12
  name        = "ri-idx-${count.index}"
  description = oracle_thing.src.list_str[count.index]
}

resource "oracle_thing" "lit" {
  name        = "ri-lit"
  description = oracle_thing.src.list_str[10]
  list_str    = [oracle_thing.src.list_str[2], oracle_thing.src.list_str[1], oracle_thing.src.tags["b"]]
  count_num   = oracle_thing.src.list_num[1] + oracle_thing.src.list_num[0]
  tags        = { x = oracle_thing.src.tags["a"], y = oracle_thing.idx[10].description, z = oracle_thing.idx[2].description }
}

module "m" {
  source = "./modules/m"
  src    = oracle_thing.src
}
