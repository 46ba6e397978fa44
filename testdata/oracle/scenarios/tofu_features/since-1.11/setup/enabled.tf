resource "oracle_thing" "toggled" {
  name = "f-toggled"
}
