terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_thing" "upd" {
  name     = "sn-upd"
  tags     = { a = "plain-a", b = "plain-b" }
  list_str = ["x", "y", "z"]
  obj      = { a = "oa", b = 1, c = [true, false] }
  nested_obj = {
    inner = { x = "ix", y = { k = 1 } }
    items = [{ k = "k0", v = 0 }, { k = "k1", v = 1 }]
  }
  secret = "old-secret"
}

resource "oracle_nested" "n" {
  name       = "sn-nested"
  single_obj = { host = "h", port = 80, password = "pw1" }
  map_objs   = { one = { addr = "a1", note = "n1" } }
}
