terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "idx" { type = number }
variable "label" { type = string }
variable "deep" { type = bool }

resource "oracle_thing" "leaf" {
  name      = "leaf-${var.label}"
  count_num = var.idx
}

data "oracle_echo" "leaf_d" {
  count = var.deep ? 2 : 0
  input = "leaf-${var.label}-${count.index}"
}

module "bottom" {
  count  = var.deep ? 1 : 0
  source = "../bottom"
  label  = var.label
}

output "bottom_names" {
  value = [for b in module.bottom : b.names]
}
