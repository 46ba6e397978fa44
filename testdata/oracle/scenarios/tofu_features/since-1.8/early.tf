# OpenTofu 1.8: variables and locals in module sources (early evaluation)
variable "module_dir" {
  type    = string
  default = "early"
}

module "early" {
  source = "./modules/${var.module_dir}"
  label  = "early-evaluated"
}
