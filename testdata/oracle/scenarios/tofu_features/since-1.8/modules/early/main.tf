terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "label" {
  type = string
}

resource "oracle_thing" "m" {
  name = "f-${var.label}"
}

output "id" {
  value = oracle_thing.m.id
}
