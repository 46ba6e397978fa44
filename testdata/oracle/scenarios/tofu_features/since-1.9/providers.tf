# OpenTofu 1.9: for_each in provider configuration blocks
locals {
  zones = toset(["east", "west"])
}

provider "oracle" {
  alias    = "zone"
  for_each = local.zones
  prefix   = "${each.key}-"
  region   = each.key
}

resource "oracle_thing" "per_zone" {
  for_each = local.zones
  provider = oracle.zone[each.key]
  name     = "f-zone-${each.key}"
}

# OpenTofu 1.9: the captured plan runs with -exclude=oracle_thing.excluded (and so leaves out
# what depends on it)
resource "oracle_thing" "excluded" {
  name = "f-excluded"
}

resource "oracle_thing" "after_excluded" {
  name        = "f-after-excluded"
  description = oracle_thing.excluded.id
}
