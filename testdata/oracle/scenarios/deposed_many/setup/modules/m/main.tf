terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "zone" { type = string }

resource "oracle_replace" "r" {
  count          = 3
  zone           = "${var.zone}-${count.index}"
  fail_on_delete = true
  lifecycle {
    create_before_destroy = true
  }
}
