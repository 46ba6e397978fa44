terraform {
  required_providers {
    oracle    = { source = "corpus/oracle" }
    tofuextra = { source = "corpus/tofuextra" }
  }
}

resource "oracle_thing" "keep" {
  name        = "f-keep"
  description = "v1"
}

resource "tofuextra_item" "base" {
  name  = "base"
  value = "v1"
}
