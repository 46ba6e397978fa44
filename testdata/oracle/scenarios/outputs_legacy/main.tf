terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "password" {
  type    = string
  default = "from-variable"
}

resource "oracle_thing" "t" {
  name = "outputs-renamed"
}

output "unchanged" {
  value = "same"
}

output "updated" {
  value = "new value"
}

output "becomes_sensitive" {
  value     = "hidden"
  sensitive = true
}

output "known_to_unknown" {
  value = oracle_thing.t.computed_str
}

output "created_string" {
  value = "hello"
}

output "created_number" {
  value = 0.1
}

output "created_bool" {
  value = false
}

output "created_null" {
  value = null
}

output "created_list" {
  value = ["a", 1, true]
}

output "created_map" {
  value = tomap({ a = 1, b = 2 })
}

output "created_object" {
  value = {
    name   = "obj"
    nested = { list = [1, 2, 3], set = toset(["x", "y"]) }
    empty  = {}
    tuple  = []
  }
}

output "created_unknown" {
  value = oracle_thing.t.id
}

output "created_partially_unknown" {
  value = {
    known   = "k"
    unknown = oracle_thing.t.computed_num
    list    = [oracle_thing.t.computed_str, "literal"]
  }
}

output "sensitive_string" {
  value     = var.password
  sensitive = true
}

output "sensitive_object" {
  value     = { user = "admin", pass = var.password }
  sensitive = true
}

output "whole_resource" {
  value     = oracle_thing.t
  sensitive = true
}

output "resource_attribute_with_sensitive_inside" {
  value     = { secret = oracle_thing.t.computed_secret, name = oracle_thing.t.name }
  sensitive = true
}
