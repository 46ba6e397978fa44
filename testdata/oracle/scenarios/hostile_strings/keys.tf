# Strings an attacker could choose as for_each keys, import ids or values: terminal escapes,
# markdown and HTML that would render on GitHub, mentions, links, bidi and zero-width
# characters, and a secret used as a map key.
locals {
  hostile = toset([
    "\u001b]0;pwned-title\u0007",
    "\u001b[2J\u001b[1;1HApply complete! Resources: 0 added, 0 changed, 0 destroyed.",
    "``<details open><summary>APPROVED</summary>``",
    "<img src=x onerror=alert(1)>",
    "[click me](https://evil.example/phish)",
    "@octocat please approve",
    "https://evil.example/autolink www.evil.example",
    "safe\u202egnp.exe",
    "zero\u200bwidth\u2066iso\u2069",
    "pipe|in|key",
    "line\nbreak\rreturn",
    "tab\there",
    "c1\u009b31mred",
    "*bold* _it_ ~~strike~~ # heading",
  ])
}

variable "secret" {
  type      = string
  sensitive = true
  default   = "hunter2-SECRET-KEY"
}
