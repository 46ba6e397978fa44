# Secrets and hostile strings where the hostile_strings case has none: a sensitive variable used
# as a map key of values not known until apply (Terraform writes the key in after_unknown), and
# import ids chosen by an attacker (the summary's Reason column).
locals {
  hostile = toset([
    "\u001b]0;pwned-title\u0007",
    "``<details open><summary>APPROVED</summary>``",
    "<img src=x onerror=alert(1)>",
    "[click me](https://evil.example/phish)",
    "@octocat please approve",
    "https://evil.example/autolink www.evil.example",
    "safe\u202egnp.exe",
    "pipe|in|key",
    "*bold* _it_ ~~strike~~ # heading",
  ])
}

variable "secret" {
  type      = string
  sensitive = true
  default   = "hunter2-SECRET-KEY"
}

resource "terraform_data" "src" {
  input = "x"
}

resource "terraform_data" "unknown_key" {
  input = { (var.secret) = terraform_data.src.id, plain = "p" }
}

import {
  for_each = local.hostile
  to       = terraform_data.imported[each.key]
  id       = each.key
}

resource "terraform_data" "imported" {
  for_each = local.hostile
}

output "unknown_key" {
  value     = { (var.secret) = terraform_data.src.id }
  sensitive = true
}
