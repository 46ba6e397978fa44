terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_replace" "old" {
  zone = "mir-old-zone"
  size = 1
}

resource "oracle_thing" "moved_update" {
  name = "mir-mu"
}

module "gone" {
  source = "./modules/m"
  label  = "gone"
}

module "each" {
  for_each = toset(["a", "b c"])
  source   = "./modules/m"
  label    = each.key
}

resource "oracle_thing" "imp" {
  for_each = toset(["i1", "i 2", "i10"])
  name     = "mir-imp-${each.key}"
}
