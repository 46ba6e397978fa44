terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "n" { type = number }
variable "label" { type = string }

module "leaf" {
  for_each = toset(["x", "y z", "10", "9"])
  source   = "../leaf"
  idx      = var.n
  label    = "${var.label}/${each.key}"
  deep     = each.key == "x"
}

resource "oracle_thing" "mid" {
  name = "mid-${var.label}"
}

data "oracle_echo" "d" {
  count = var.n
  input = "${var.label}-${count.index}"
}

resource "oracle_thing" "uses_data" {
  count = var.n
  name  = data.oracle_echo.d[count.index].result
}

output "mid_id" {
  value = oracle_thing.mid.id
}
