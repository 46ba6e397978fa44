terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_replace" "r" {
  zone           = "zone-a"
  fail_on_delete = true
  lifecycle {
    create_before_destroy = true
  }
}

resource "oracle_thing" "plain" {
  name   = "dd-plain"
  secret = "s"
}

module "m" {
  source = "./modules/m"
  zone   = "mz-a"
}

output "r_id" {
  value = oracle_replace.r.id
}
