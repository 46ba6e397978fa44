# OpenTofu 1.8+ reads tofu_file.tofu instead of this file
resource "oracle_thing" "tofu_file" {
  name        = "f-from-tf-file"
  description = "from tofu_file.tf"
}
