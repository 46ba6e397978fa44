terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "src" {}

resource "oracle_thing" "use" {
  for_each    = toset(["a", "b"])
  name        = "ri-mod-${each.key}"
  description = var.src.list_str[10]
  list_str    = [var.src.list_str[2], var.src.list_str[0]]
}
