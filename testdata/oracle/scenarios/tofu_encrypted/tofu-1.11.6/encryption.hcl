key_provider "pbkdf2" "old" {
  passphrase    = "tfshow-fixture-old-passphrase"
  hash_function = "sha256"
  iterations    = 200000
  salt_length   = 16
  key_length    = 32
}
key_provider "pbkdf2" "new" {
  passphrase = "tfshow-fixture-new-passphrase"
  encrypted_metadata_alias = "current-key"
}
method "aes_gcm" "old" {
  keys = key_provider.pbkdf2.old
}
method "aes_gcm" "new" {
  keys = key_provider.pbkdf2.new
}
state {
  method = method.aes_gcm.new
  fallback {
    method = method.aes_gcm.old
  }
}
plan {
  method = method.aes_gcm.new
  fallback {
    method = method.aes_gcm.old
  }
}
