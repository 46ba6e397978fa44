# OpenTofu state and plan encryption (1.7+), configured through TF_ENCRYPTION (HCL).
# setup/ is applied with encryption-setup.hcl (key provider "old": pbkdf2 sha256, 200000
# iterations, 16-byte salt); the captured plan and apply use encryption.hcl: method "new"
# (pbkdf2 defaults: sha512, 600000 iterations, 32-byte salt; from 1.9 on with an
# encrypted_metadata_alias) with a fallback to "old", so prior.tfstate is read through the
# fallback while plan.tfplan and terraform.tfstate are written with "new".
# The passphrases are test values, not secrets.
OLD_PASS="tfshow-fixture-old-passphrase"
NEW_PASS="tfshow-fixture-new-passphrase"
ALIAS=""
if is_tofu 1.9.0; then ALIAS=$'\n  encrypted_metadata_alias = "current-key"'; fi
cat > "$OUT/encryption-setup.hcl" <<HCL
key_provider "pbkdf2" "old" {
  passphrase    = "$OLD_PASS"
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
HCL
cat > "$OUT/encryption.hcl" <<HCL
key_provider "pbkdf2" "old" {
  passphrase    = "$OLD_PASS"
  hash_function = "sha256"
  iterations    = 200000
  salt_length   = 16
  key_length    = 32
}
key_provider "pbkdf2" "new" {
  passphrase = "$NEW_PASS"$ALIAS
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
HCL
# the same configuration written as JSON (TF_ENCRYPTION accepts both)
python3 - "$OUT/encryption.json" "$OLD_PASS" "$NEW_PASS" "$ALIAS" <<'PY'
import json, sys
out, old, new, alias = sys.argv[1:]
newkp = {"passphrase": new}
if alias:
    newkp["encrypted_metadata_alias"] = "current-key"
doc = {
    "key_provider": {"pbkdf2": {
        "old": {"passphrase": old, "hash_function": "sha256", "iterations": 200000,
                "salt_length": 16, "key_length": 32},
        "new": newkp}},
    "method": {"aes_gcm": {"old": {"keys": "${key_provider.pbkdf2.old}"},
                           "new": {"keys": "${key_provider.pbkdf2.new}"}}},
    # (a method reference is a bare traversal string in JSON; keys is an expression: "${...}")
    "state": {"method": "method.aes_gcm.new", "fallback": {"method": "method.aes_gcm.old"}},
    "plan": {"method": "method.aes_gcm.new", "fallback": {"method": "method.aes_gcm.old"}},
}
with open(out, "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
PY

export TF_ENCRYPTION="$(cat "$OUT/encryption-setup.hcl")"
setup_from "$SCEN/setup"
export TF_ENCRYPTION="$(cat "$OUT/encryption.hcl")"
main_config
capture_plan
capture_apply

# unencrypted twins: decrypt.py's plaintext, then read by tofu with no encryption configured; its
# show -json output must equal what tofu printed for the encrypted file with the key
unset TF_ENCRYPTION
twin() {  # twin ENCRYPTED TWIN JSON_OF_ENCRYPTED
  [ -f "$OUT/$1" ] || return 0
  if (cd "$OUT" && "$CACHE/venv/bin/python" "$HERE/decrypt.py" --passphrase "$OLD_PASS" \
        --passphrase "$NEW_PASS" "$1" "$2" 2>>decrypt.log); then
    cp "$OUT/$2" "$WORK/$2"
    tf "twin-show-json" show -json "$2" > "$WORK/$2.json" 2>>"$OUT/stderr.log" || true
    if cmp -s "$WORK/$2.json" "$OUT/$3"; then echo "check: show -json $2 = $3" >> "$OUT/commands.txt"
    else echo "check: show -json $2 DIFFERS from $3" >> "$OUT/commands.txt"; cp "$WORK/$2.json" "$OUT/$2.json"; fi
  fi
}
twin plan.tfplan plan-unencrypted.tfplan plan.json
twin prior.tfstate prior-unencrypted.tfstate prior-state.json
twin terraform.tfstate terraform-unencrypted.tfstate state.json
if [ -f "$OUT/plan-unencrypted.tfplan" ]; then
  (cd "$OUT" && python3 -m zipfile -l plan-unencrypted.tfplan > plan-zip-listing.txt 2>&1) || true
fi
# what tofu says without the key, with a wrong passphrase, and with the JSON form of the key
tf "nokey-show-plan" show -json plan.tfplan > "$OUT/nokey-show-plan.log" 2>&1 || true
tf "nokey-show-state" show -json > "$OUT/nokey-show-state.log" 2>&1 || true
export TF_ENCRYPTION="$(sed "s/$NEW_PASS/wrong-passphrase-0000/; s/$OLD_PASS/wrong-passphrase-1111/" "$OUT/encryption.hcl")"
tf "wrongkey-show-plan" show -json plan.tfplan > "$OUT/wrongkey-show-plan.log" 2>&1 || true
export TF_ENCRYPTION="$(cat "$OUT/encryption.json")"
tf "jsonkey-show-plan" show -json plan.tfplan > "$WORK/jsonkey-plan.json" 2>>"$OUT/stderr.log" || true
if cmp -s "$WORK/jsonkey-plan.json" "$OUT/plan.json"; then echo "check: show -json with encryption.json = plan.json" >> "$OUT/commands.txt"
else echo "check: show -json with encryption.json DIFFERS from plan.json" >> "$OUT/commands.txt"; cp "$WORK/jsonkey-plan.json" "$OUT/jsonkey-plan.json"; fi
unset TF_ENCRYPTION
