terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

locals {
  weird = "lt< gt> amp& quote\" apos' bs\\ tab\t cr\r nl\n nul-ish\u0001 del\u007f ls\u2028 ps\u2029 bom\ufeff nbsp\u00a0 é e\u0301 emoji😀 han漢字 rtl\u202e zw\u200b"
}

resource "oracle_thing" "upd" {
  name      = "sn-<new>&\"quoted\""
  ratio     = 0.30000000000000004
  big       = -123456789012345678901234567890
  count_num = 9007199254740993
  tags = {
    "<key>"       = "a&b<c>"
    "\u2028"      = "line\u2028sep"
    "ctl\u0002"   = "x\u001fy"
    "é"           = "precomposed"
    "e\u0301"     = "combining"
    "Z"           = "upper"
    "a"           = "lower"
    ""            = "empty key"
    "😀"          = "emoji key"
  }
}

resource "oracle_thing" "nums" {
  name     = "nums"
  ratio    = -0.5
  big      = 1.7976931348623157e308
  list_num = [0, -0, 1e-7, 5e-324, 1e21, 1e20, 123456789.123456789, -9223372036854775808, 18446744073709551615, 0.1, 2.5e-10, 3.0, 100, 1e15, 1e16]
  map_num  = { half = 0.5, third = 1 / 3, neg = -42, huge = 1e300, tiny = -1e-300 }
  set_num  = [10, 9, -1, 1.5, 100, 2]
  tuple_val = ["\u0000-free?", 1e-3, true]
}

resource "oracle_thing" "each" {
  for_each = toset(["<a>", "b&c", "\u2028", "tab\there", "é", "😀", "10", "9", "-1"])
  name     = "each-${each.key}"
  description = local.weird
}

resource "oracle_thing" "weird" {
  name        = local.weird
  description = ""
  list_str    = ["", " ", "\\u0041", "${"$"}{not interp}", "%%{x}", local.weird]
  set_str     = ["b", "B", "a", "ä", "10", "9", ""]
  dyn         = { "k<>&" = [1, "two", false, null], "\u2028" = { n = -0.0 } }
}

output "s_weird" {
  value = local.weird
}

output "n_int" {
  value = 42
}

output "n_neg_frac" {
  value = -1.25
}

output "n_big" {
  value = 123456789012345678901234567890
}

output "n_small" {
  value = 1e-20
}

output "b_true" {
  value = true
}

output "null_out" {
  value = null
}

output "list_out" {
  value = tolist(["a", "b"])
}

output "set_out" {
  value = toset([3, 1, 2])
}

output "map_out" {
  value = tomap({ "<" = 1, ">" = 2 })
}

output "tuple_out" {
  value = [1, "x", null, { a = [] }]
}

output "obj_out" {
  value = { z = 1, a = { "b&" = toset([]) }, m = tomap({}) }
}

output "sens_num" {
  value     = 3.14
  sensitive = true
}

output "unknown_map" {
  value = { id = oracle_thing.nums.id, known = "k" }
}

output "keys_out" {
  value = keys(oracle_thing.upd.tags)
}
