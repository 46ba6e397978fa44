terraform {
  required_providers {
    oracle    = { source = "corpus/oracle" }
    tofuextra = { source = "corpus/tofuextra" }
  }
}

# updates in place (tofuextra_item has a resource identity, recorded from 1.12 on)
resource "oracle_thing" "keep" {
  name        = "f-keep"
  description = "v2"
}

resource "tofuextra_item" "base" {
  name   = "base"
  value  = "v2"
  secret = "base-secret"
}
