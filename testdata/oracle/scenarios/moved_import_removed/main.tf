terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

# moved AND replaced (zone forces replacement) AND size updated
resource "oracle_replace" "new" {
  zone = "mir-new-zone"
  size = 2
}

moved {
  from = oracle_replace.old
  to   = oracle_replace.new
}

# moved into a module instance, with an update
module "each" {
  for_each = toset(["a", "b c"])
  source   = "./modules/m"
  label    = each.key
}

moved {
  from = oracle_thing.moved_update
  to   = module.each["a"].oracle_thing.extra[0]
}

# module removed from config but kept (forgotten)
removed {
  from = module.gone
  lifecycle {
    destroy = false
  }
}

# import with for_each into keyed instances (objects forgotten with state rm)
locals {
  imports = { "i1" = "mir-imp-i1", "i 2" = "mir-imp-i 2", "i10" = "mir-imp-i10" }
}

import {
  for_each = local.imports
  to       = oracle_thing.imported[each.key]
  id       = each.value
}

resource "oracle_thing" "imported" {
  for_each    = local.imports
  name        = each.value
  description = each.key == "i10" ? "updated on import" : null
}
