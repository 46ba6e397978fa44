terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "label" { type = string }

resource "oracle_thing" "b" {
  for_each = toset(["p", "q"])
  name     = "bottom-${var.label}-${each.key}"
}

data "oracle_echo" "b" {
  input = var.label
}

output "names" {
  value = [for b in oracle_thing.b : b.name]
}
