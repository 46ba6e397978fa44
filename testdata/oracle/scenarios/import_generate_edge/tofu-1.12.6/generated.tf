# __generated__ by OpenTofu
# Please review these resources and move them into your main configuration files.

# __generated__ by OpenTofu
resource "oracle_blocks" "tagged" {
  name = "imported-tagged"
  group {
    x = null
    y = null
  }
  tag {} # sensitive
}

# __generated__ by OpenTofu from "imported-nested"
resource "oracle_nested" "gen" {
  list_objs = [
    {
      name   = "l1"
      weight = 1
    },
  ]
  map_objs = {
    m = {
      addr = "a"
      note = null # sensitive
    }
  }
  name = "imported-nested"
  set_objs = [
    {
      key = "s1"
      val = "v"
    },
  ]
  single_obj = {
    host     = "h"
    password = null # sensitive
    port     = 80
  }
}
