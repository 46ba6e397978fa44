terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "zone" { type = string }

resource "oracle_replace" "inner" {
  count          = 2
  zone           = "${var.zone}-${count.index}"
  fail_on_delete = true
  settings = {
    mode  = "fast"
    level = 3
  }
  lifecycle {
    create_before_destroy = true
  }
}
