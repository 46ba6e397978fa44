terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "pw" {
  type      = string
  default   = "var-secret"
  sensitive = true
}

variable "secret_obj" {
  type = object({ user = string, pass = string, ports = list(number) })
  default = {
    user  = "admin"
    pass  = "hunter2"
    ports = [22, 443]
  }
  sensitive = true
}

# update: sensitivity added to nested parts
resource "oracle_thing" "upd" {
  name     = "sn-upd"
  tags     = { a = "plain-a", b = var.pw, c = sensitive("new") }
  list_str = ["x", sensitive("y"), "z2"]
  obj      = { a = sensitive("oa"), b = 1, c = [true, false] }
  nested_obj = {
    inner = { x = "ix", y = { k = 1, s = sensitive(2) } }
    items = [{ k = "k0", v = 0 }, { k = sensitive("k1"), v = 1 }]
  }
  secret = "old-secret"
}

# create: sensitive elements in sets, maps of numbers, tuples, dynamic
resource "oracle_thing" "create" {
  name       = "sn-create"
  set_str    = ["open", sensitive("closed")]
  map_num    = { a = 1, b = sensitive(2) }
  list_num   = [sensitive(1), 2]
  tuple_val  = ["t", sensitive(7), false]
  dyn        = { deep = { list = ["a", sensitive("b")] }, n = 1 }
  secret_map = { k = "v" }
  count_num  = length(var.secret_obj.ports)
}

resource "oracle_nested" "n" {
  name       = "sn-nested"
  single_obj = { host = "h", port = 80, password = "pw2" }
  map_objs   = { one = { addr = "a1", note = "n1" }, two = { addr = sensitive("a2"), note = null } }
  list_objs  = [{ name = var.pw, weight = 1 }]
  set_objs   = [{ key = "k", val = sensitive("v") }]
}

resource "oracle_blocks" "b" {
  name = "sn-blocks"
  single {
    a      = "single-a"
    secret = "single-secret"
  }
  item {
    name  = "i0"
    value = sensitive("hidden-item")
    sub {
      k = "sk"
      v = sensitive(5)
    }
  }
  named "n1" {
    value = var.pw
  }
}

data "oracle_echo" "d" {
  count  = 2
  input  = count.index == 0 ? var.pw : "clear"
  inputs = ["p", sensitive("q")]
  value  = { user = var.secret_obj.user, n = 3 }
}

module "s" {
  source    = "./modules/s"
  secret_in = var.pw
}

output "whole_secret_obj" {
  value     = var.secret_obj
  sensitive = true
}

output "unwrapped" {
  value = nonsensitive(var.secret_obj.user)
}

output "module_map" {
  value     = module.s.wrapped
  sensitive = true
}

output "res_tags" {
  value     = oracle_thing.upd.tags
  sensitive = true
}

output "null_sensitive" {
  value     = null
  sensitive = true
}

output "data_result" {
  value     = data.oracle_echo.d[*].result
  sensitive = true
}
