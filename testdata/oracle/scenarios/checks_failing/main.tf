terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "limit" {
  type    = number
  default = 1
  validation {
    condition     = var.limit >= 0
    error_message = "limit must not be negative"
  }
}

resource "oracle_thing" "ok" {
  name = "ok"
}

resource "oracle_thing" "guarded" {
  count = 2
  name  = "guarded-${count.index}"
  lifecycle {
    precondition {
      condition     = count.index < var.limit
      error_message = "index ${count.index} is over the limit ${var.limit}"
    }
  }
}

data "oracle_echo" "d" {
  input = "abc"
  lifecycle {
    postcondition {
      condition     = self.length == 4
      error_message = "data postcondition fails: length is ${self.length}"
    }
  }
}

check "c" {
  assert {
    condition     = var.limit == 1
    error_message = "passes"
  }
}

output "o" {
  value = oracle_thing.ok.name
  precondition {
    condition     = var.limit > 5
    error_message = "output precondition fails"
  }
}
