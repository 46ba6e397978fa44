terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_replace" "r" {
  count = 2
  zone  = "zone-${count.index}"
  size  = 1
  disk {
    kind = "ssd"
    gb   = 10
  }
}
