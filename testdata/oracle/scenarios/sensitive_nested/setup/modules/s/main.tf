variable "secret_in" {
  type      = string
  sensitive = true
}

output "wrapped" {
  value     = { plain = "p", hidden = var.secret_in }
  sensitive = true
}

output "list_with_secret" {
  value     = ["a", var.secret_in]
  sensitive = true
}
