# OpenTofu 1.11: an ephemeral input variable (set with -var at plan and at apply time), an
# ephemeral resource configuring a provider, a write-only attribute
variable "session" {
  type      = string
  ephemeral = true
}

ephemeral "tofuextra_token" "tok" {
  name = "feature"
}

provider "tofuextra" {
  alias = "authed"
  token = ephemeral.tofuextra_token.tok.value
  label = "authed"
}

resource "tofuextra_item" "write_only" {
  provider         = tofuextra.authed
  name             = "wo"
  value            = "has a write-only password"
  password_wo      = var.session
  password_version = 1
}

# OpenTofu 1.11: the enabled meta-argument (in lifecycle)
resource "oracle_thing" "toggled" {
  name = "f-toggled"
  lifecycle {
    enabled = false
  }
}

variable "feature_on" {
  type    = bool
  default = true
}

resource "oracle_thing" "enabled_on" {
  name = "f-enabled-on"
  lifecycle {
    enabled = var.feature_on
  }
}
