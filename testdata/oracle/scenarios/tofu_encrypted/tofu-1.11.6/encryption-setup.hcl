key_provider "pbkdf2" "old" {
  passphrase    = "tfshow-fixture-old-passphrase"
  hash_function = "sha256"
  iterations    = 200000
  salt_length   = 16
  key_length    = 32
}
method "aes_gcm" "old" {
  keys = key_provider.pbkdf2.old
}
state {
  method = method.aes_gcm.old
}
plan {
  method = method.aes_gcm.old
}
