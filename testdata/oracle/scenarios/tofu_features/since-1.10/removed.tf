# OpenTofu 1.10: removed blocks with lifecycle { destroy } and destroy-time provisioners
removed {
  from = oracle_thing.removed_destroy
  lifecycle {
    destroy = true
  }
  provisioner "local-exec" {
    when    = destroy
    command = "echo removing ${self.name}"
  }
}

removed {
  from = oracle_thing.removed_kept
  lifecycle {
    destroy = false
  }
}

# OpenTofu 1.10: deprecated input variables and outputs (warnings when used)
module "dep" {
  source = "./modules/dep"
  legacy = "still set"
}

output "dep_old" {
  value = module.dep.old_out
}
