terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "label" { type = string }

resource "oracle_thing" "x" {
  name = "mir-${var.label}"
}

resource "oracle_replace" "z" {
  zone = "mir-zone-${var.label}"
}
