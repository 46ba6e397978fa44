terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "level" {
  type    = number
  default = 3
  validation {
    condition     = var.level > 0 && var.level < 10
    error_message = "level must be 1..9"
  }
}

resource "oracle_thing" "pre" {
  count = 2
  name  = "pre-${count.index}"
  lifecycle {
    precondition {
      condition     = var.level > count.index
      error_message = "level too low"
    }
    postcondition {
      condition     = self.revision >= 1
      error_message = "revision must be >= 1 (unknown at plan)"
    }
  }
}

resource "oracle_thing" "each" {
  for_each = toset(["x", "y"])
  name     = "each-${each.key}"
  lifecycle {
    precondition {
      condition     = each.key != "z"
      error_message = "known at plan, passes"
    }
    postcondition {
      condition     = self.name == "each-${each.key}"
      error_message = "known at plan, passes"
    }
  }
}

data "oracle_echo" "d" {
  input = "hello"
  lifecycle {
    postcondition {
      condition     = self.length == 5
      error_message = "length should be 5"
    }
  }
}

data "oracle_echo" "deferred" {
  input = oracle_thing.pre[0].id
  lifecycle {
    postcondition {
      condition     = self.result != ""
      error_message = "read during apply: unknown at plan"
    }
  }
}

module "c" {
  source = "./modules/c"
  n      = 2
}

module "c_each" {
  for_each = { a = 1, b = 0 }
  source   = "./modules/c"
  n        = each.value
}

output "checked" {
  value = oracle_thing.pre[*].name
  precondition {
    condition     = var.level == 3
    error_message = "output precondition, passes"
  }
}

output "unknown_check" {
  value = data.oracle_echo.deferred.result
  precondition {
    condition     = oracle_thing.pre[1].id != ""
    error_message = "unknown until apply"
  }
}
