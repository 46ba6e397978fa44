terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "desc" {
  type    = string
  default = "v1"
}

resource "oracle_thing" "a" {
  name        = "rr-a"
  description = var.desc
}

resource "oracle_thing" "cbd" {
  name = "rr-cbd"
  lifecycle {
    create_before_destroy = true
  }
}

resource "oracle_thing" "each" {
  for_each = toset(["k 1", "k\"2"])
  name     = "rr-each-${each.key}"
  secret   = "hidden-${each.key}"
}

resource "oracle_thing" "dependent" {
  name = "rr-dependent"
  tags = { a = oracle_thing.a.id }
}

module "m" {
  source = "./modules/m"
}

output "a_id" {
  value = oracle_thing.a.id
}
