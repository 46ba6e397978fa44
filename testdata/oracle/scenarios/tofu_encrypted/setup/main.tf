terraform {
  required_providers {
    oracle = { source = "corpus/oracle" }
  }
}

resource "oracle_thing" "kept" {
  name        = "enc-kept"
  description = "before"
  secret      = "s3cret-before"
  tags        = { env = "test" }
}

resource "oracle_thing" "dropped" {
  name = "enc-dropped"
}

output "kept_id" {
  value = oracle_thing.kept.id
}
