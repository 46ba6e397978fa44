terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_thing" "old" {
  name = "mv-old"
  tags = { k = "v" }
}

resource "oracle_thing" "single" {
  name = "mv-single"
}

resource "oracle_thing" "each" {
  for_each = toset(["a", "b"])
  name     = "mv-each-${each.key}"
}

module "before" {
  source = "./modules/m"
  prefix = "mv-mod"
}
