terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

module "top" {
  for_each = {
    "a.b"     = 2
    "old key" = 1
    "10"      = 1
  }
  source = "./modules/mid"
  n      = each.value
  label  = each.key
}

module "counted" {
  count  = 3
  source = "./modules/leaf"
  idx    = count.index + 100
  label  = "c${count.index}"
  deep   = count.index % 5 == 0
}

resource "oracle_thing" "root" {
  count = 3
  name  = "root-${count.index}"
}
