# OpenTofu 1.12: lifecycle { destroy = false }
#  - oracle_thing.skip_in_state is gone from the configuration; its state says destroy = false:
#    forgotten (forgot_because_lifecycle_destroy_in_state)
#  - skip_in_config[1] is no longer counted and the configuration says destroy = false:
#    forgotten (forgot_because_lifecycle_destroy_in_config)
#  - forget_then_create must be replaced (zone forces replacement): forget, then create
resource "oracle_thing" "skip_in_config" {
  count = 1
  name  = "f-skip-in-config-${count.index}"
  lifecycle {
    destroy = false
  }
}

resource "oracle_replace" "forget_then_create" {
  zone = "b"
  lifecycle {
    destroy = false
  }
}

# OpenTofu 1.12: import blocks that name the object by its resource identity
import {
  to       = tofuextra_item.by_identity
  identity = { name = "ident" }
}

resource "tofuextra_item" "by_identity" {
  name  = "ident"
  value = "imported by identity"
}
