terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_thing" "upd" {
  name      = "sn-<old>&\"quoted\""
  ratio     = 0.1
  big       = 12345678901234567890
  count_num = -1
  tags      = { "<key>" = "a&b", "\u2028" = "ls" }
}
