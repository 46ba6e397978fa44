terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "n" {
  type = number
  validation {
    condition     = var.n >= 0
    error_message = "n must not be negative"
  }
}

resource "oracle_thing" "m" {
  count = var.n
  name  = "mod-${count.index}"
  lifecycle {
    postcondition {
      condition     = self.name != ""
      error_message = "name empty"
    }
  }
}

output "names" {
  value = oracle_thing.m[*].name
  precondition {
    condition     = length(oracle_thing.m) == var.n
    error_message = "count mismatch"
  }
}
