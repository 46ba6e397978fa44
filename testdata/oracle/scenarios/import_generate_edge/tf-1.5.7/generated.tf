# __generated__ by Terraform
# Please review these resources and move them into your main configuration files.

# __generated__ by Terraform from "imported-tagged"
resource "oracle_blocks" "tagged" {
  name = "imported-tagged"
  group {
    x = null
    y = null
  }
  tag {
    key    = "s"
    secret = null # sensitive
    value  = null
  }
  tag {
    key    = "t"
    secret = null # sensitive
    value  = "v"
  }
}

# __generated__ by Terraform
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
