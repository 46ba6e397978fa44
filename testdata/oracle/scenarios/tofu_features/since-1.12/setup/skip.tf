resource "oracle_thing" "skip_in_state" {
  name = "f-skip-in-state"
  lifecycle {
    destroy = false
  }
}

resource "oracle_thing" "skip_in_config" {
  count = 2
  name  = "f-skip-in-config-${count.index}"
}

resource "oracle_replace" "forget_then_create" {
  zone = "a"
  lifecycle {
    destroy = false
  }
}
