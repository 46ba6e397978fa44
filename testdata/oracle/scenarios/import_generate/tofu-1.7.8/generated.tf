# __generated__ by OpenTofu
# Please review these resources and move them into your main configuration files.

# __generated__ by OpenTofu from "imported-blocks"
resource "oracle_blocks" "gen" {
  name = "imported-blocks"
  group {
    x = "g"
    y = null
  }
  item {
    name  = "i1"
    value = "v1"
    sub {
      k = "k1"
      v = 1
    }
  }
  item {
    name  = "i2"
    value = null
  }
  named "n1" {
    num   = 2
    value = "nv"
  }
  single {
    a      = "x"
    b      = 1
    secret = null # sensitive
  }
}

# __generated__ by OpenTofu from "imported-minimal"
resource "oracle_thing" "minimal" {
  big         = null
  count_num   = null
  description = null
  dyn         = null
  enabled     = null
  list_num    = null
  list_str    = null
  map_num     = null
  name        = "imported-minimal"
  nested_obj  = null
  obj         = null
  opt_comp    = "opt_comp-e0a5bb5a14"
  ratio       = null
  secret      = null # sensitive
  secret_map  = null # sensitive
  set_num     = null
  set_str     = null
  tags        = null
  tuple_val   = null
}

# __generated__ by OpenTofu from "imported-thing"
resource "oracle_thing" "gen" {
  big         = 123456789012345678901234567890
  count_num   = 3
  description = "two\nlines"
  dyn = {
    k = "v"
    n = 1
  }
  enabled  = true
  list_num = [1, 2.5]
  list_str = ["a", "b"]
  map_num = {
    one = 1
  }
  name = "imported-thing"
  nested_obj = {
    inner = {
      x = "ix"
      y = {
        k = 1
      }
    }
    items = [{
      k = "a"
      v = 1
    }]
  }
  obj = {
    a = "s"
    b = 1.5
    c = [true, false]
  }
  opt_comp   = "set-by-user"
  ratio      = 0.1
  secret     = null # sensitive
  secret_map = null # sensitive
  set_num    = [1, 3]
  set_str    = ["x", "y"]
  tags = {
    env              = "prod"
    "key with space" = "v"
    "quote\"d"       = "q"
  }
  tuple_val = ["t", 1, true]
}
