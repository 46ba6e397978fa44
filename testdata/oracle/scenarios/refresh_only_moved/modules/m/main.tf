terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "prefix" { type = string }

resource "oracle_thing" "x" {
  name = "${var.prefix}-x"
}
