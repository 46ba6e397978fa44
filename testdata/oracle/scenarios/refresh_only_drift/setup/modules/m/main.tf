terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "names" { type = list(string) }

resource "oracle_thing" "inner" {
  count = length(var.names)
  name  = var.names[count.index]
  tags  = { idx = tostring(count.index) }
}

output "inner_tags" {
  value = oracle_thing.inner[*].tags
}
