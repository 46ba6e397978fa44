resource "terraform_data" "old" {
  for_each = local.hostile
  input    = each.key
}

resource "terraform_data" "replaced" {
  triggers_replace = { (var.secret) = "one" }
  input            = "x"
}
