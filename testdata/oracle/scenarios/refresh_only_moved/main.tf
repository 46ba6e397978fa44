terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_thing" "new" {
  name = "mv-old"
  tags = { k = "v" }
}

moved {
  from = oracle_thing.old
  to   = oracle_thing.new
}

# implicit move: no key -> [0]
resource "oracle_thing" "single" {
  count = 1
  name  = "mv-single"
}

resource "oracle_thing" "renamed_each" {
  for_each = toset(["a", "b"])
  name     = "mv-each-${each.key}"
}

moved {
  from = oracle_thing.each
  to   = oracle_thing.renamed_each
}

module "after" {
  source = "./modules/m"
  prefix = "mv-mod"
}

moved {
  from = module.before
  to   = module.after
}
