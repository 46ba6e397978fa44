resource "oracle_thing" "removed_destroy" {
  name = "f-removed-destroy"
}

resource "oracle_thing" "removed_kept" {
  name = "f-removed-kept"
}
