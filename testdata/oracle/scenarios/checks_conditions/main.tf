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

variable "tag" {
  type    = string
  default = "ok"
  validation {
    condition     = length(var.tag) > 0
    error_message = "tag must be set"
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

check "passing" {
  assert {
    condition     = data.oracle_echo.d.length == 5
    error_message = "should pass"
  }
}

check "failing" {
  assert {
    condition     = var.tag == "never"
    error_message = "expected failure: tag is ${var.tag}"
  }
  assert {
    condition     = var.level == 3
    error_message = "second assert passes"
  }
}

check "unknown" {
  assert {
    condition     = oracle_thing.pre[0].id != ""
    error_message = "unknown until apply"
  }
}

check "scoped" {
  data "oracle_echo" "probe" {
    input = "probe"
  }
  assert {
    condition     = data.oracle_echo.probe.result == "echo: nope"
    error_message = "scoped data check fails"
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
    error_message = "output precondition"
  }
}
