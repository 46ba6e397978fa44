# OpenTofu 1.7: a removed block forgets the object (removes it from the state, does not
# destroy it); 1.10 and later warn that destroy = false is the default
removed {
  from = oracle_thing.forget_me
}

removed {
  from = oracle_thing.forget_many
}

# OpenTofu 1.7: import blocks with for_each
import {
  for_each = toset(["a", "b"])
  to       = tofuextra_item.imported[each.key]
  id       = "item-imp-${each.key}"
}

resource "tofuextra_item" "imported" {
  for_each = toset(["a", "b"])
  name     = "imp-${each.key}"
  value    = "imported ${each.key}"
}
