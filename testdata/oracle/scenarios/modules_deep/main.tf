terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

# for_each module call with keys that need escaping / sort differently
module "top" {
  for_each = {
    "a.b"     = 1
    "k/2"     = 2
    "ü"       = 0
    "Z"       = 1
    "10"      = 1
  }
  source = "./modules/mid"
  n      = each.value
  label  = each.key
}

# count >= 10 on a module call: [10] and [11] vs [2] ordering
module "counted" {
  count  = 12
  source = "./modules/leaf"
  idx    = count.index
  label  = "c${count.index}"
  deep   = count.index % 5 == 0
}

resource "oracle_thing" "root" {
  count = 11
  name  = "root-${count.index}"
}

resource "oracle_thing" "after_modules" {
  name = "after"
  tags = { for k, m in module.top : k => m.mid_id }
}

data "oracle_echo" "root_d" {
  count = 2
  input = "root-${count.index}"
}

output "top_ids" {
  value = { for k, m in module.top : k => m.mid_id }
}

output "deep" {
  value = module.counted[10].bottom_names
}
