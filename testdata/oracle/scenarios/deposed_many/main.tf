terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "zone" {
  type    = string
  default = "c"
}

module "m" {
  for_each = toset(["a", "b", "c", "d"])
  source   = "./modules/m"
  zone     = "zone-${var.zone}-${each.key}"
}

resource "oracle_replace" "single" {
  zone           = "single-${var.zone}"
  fail_on_delete = true
  lifecycle {
    create_before_destroy = true
  }
}
