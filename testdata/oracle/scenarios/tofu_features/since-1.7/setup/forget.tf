resource "oracle_thing" "forget_me" {
  name = "f-forget-me"
}

resource "oracle_thing" "forget_many" {
  count = 2
  name  = "f-forget-many-${count.index}"
}
