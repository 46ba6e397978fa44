terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

variable "note" {
  type    = string
  default = "encrypted plans still record variables"
}

resource "oracle_thing" "kept" {
  name        = "enc-kept"
  description = "after"
  secret      = "s3cret-after"
  tags        = { env = "test", note = var.note }
}

resource "oracle_thing" "added" {
  name     = "enc-added"
  list_str = ["x", "y"]
}

output "kept_id" {
  value = oracle_thing.kept.id
}

output "secret_out" {
  value     = oracle_thing.kept.secret
  sensitive = true
}
