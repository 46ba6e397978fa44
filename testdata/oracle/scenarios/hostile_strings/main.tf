resource "terraform_data" "hostile" {
  for_each = local.hostile
  input    = each.key
}

moved {
  from = terraform_data.old
  to   = terraform_data.moved
}

resource "terraform_data" "moved" {
  for_each = local.hostile
  input    = "${each.key} (changed)"
}

resource "terraform_data" "replaced" {
  triggers_replace = { (var.secret) = "two" }
  input            = "x"
}

output "hostile" {
  value = { for k in local.hostile : k => "${k}\u001b[0m" }
}

output "secret_shaped" {
  value     = { (var.secret) = 1, plain = "p" }
  sensitive = true
}
