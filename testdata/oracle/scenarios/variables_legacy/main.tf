terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "str" {
  type = string
}

variable "num" {
  type    = number
  default = 1.5
}

variable "big" {
  type    = number
  default = 98765432109876543210
}

variable "flag" {
  type    = bool
  default = true
}

variable "strings" {
  type    = list(string)
  default = ["a", "b"]
}

variable "numbers_set" {
  type    = set(number)
  default = [3, 1, 2]
}

variable "labels" {
  type = map(string)
}

variable "obj" {
  type = object({
    name  = string
    size  = number
    inner = object({ enabled = bool, tags = list(string) })
  })
}

variable "tup" {
  type    = tuple([string, number, bool])
  default = ["t", 2, false]
}

variable "anything" {
  type    = any
  default = { mixed = [1, "two"] }
}

variable "untyped" {
  default = "no type constraint"
}

variable "nullable_default_null" {
  type    = string
  default = null
}

variable "secret" {
  type = string
}

variable "secret_obj" {
  type    = object({ user = string, pass = string })
  default = { user = "u", pass = "p" }
}

resource "oracle_thing" "from_vars" {
  name      = var.str
  count_num = var.num
  big       = var.big
  enabled   = var.flag
  list_str  = var.strings
  set_num   = var.numbers_set
  tags      = var.labels
  obj       = { a = var.obj.name, b = var.obj.size, c = [var.obj.inner.enabled] }
  tuple_val = var.tup
  dyn       = var.anything
  secret    = var.secret
  secret_map = var.secret_obj
}

output "echo_obj" {
  value = var.obj
}
