variable "legacy" {
  type       = string
  default    = null
  deprecated = "legacy is going away; nothing replaces it"
}

output "old_out" {
  value      = "old:${coalesce(var.legacy, "-")}"
  deprecated = "old_out is going away"
}
