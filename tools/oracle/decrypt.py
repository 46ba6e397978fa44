#!/usr/bin/env python3
"""decrypt.py [--passphrase PASS]... [--aad TEXT] IN OUT

Decrypts an OpenTofu (1.7+) encrypted state or plan file written with the pbkdf2 key provider
and the aes_gcm method, and writes the plaintext (the JSON state, or the plan's zip bytes) to
OUT. The fixture tooling uses it to keep an unencrypted twin next to each encrypted file; the
twin is then checked by reading it with `tofu show -json` without any encryption configured.

The encrypted file is JSON (tofu internal/encryption/base.go, state.go):
  {"serial":N,"lineage":"...",                     (states only, copied from the state)
   "meta":{"key_provider.pbkdf2.NAME": base64(JSON pbkdf2 metadata), ...},
   "encrypted_data": base64(nonce(12) || AES-GCM ciphertext || tag(16)),
   "encryption_version":"v0"}
pbkdf2 metadata: {"salt": base64, "iterations": N, "hash_function": "sha256"|"sha512",
"key_length": N}. The meta key is "key_provider.pbkdf2.NAME", or the key provider's
encrypted_metadata_alias (1.9+). Each passphrase is tried against each pbkdf2 meta entry, as
OpenTofu tries the method and its fallbacks. Exit status 1 if nothing decrypts.
"""
import argparse
import base64
import hashlib
import json
import sys

from cryptography.hazmat.primitives.ciphers.aead import AESGCM


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--passphrase", action="append", default=[])
    ap.add_argument("--aad", default=None)
    ap.add_argument("infile")
    ap.add_argument("outfile")
    a = ap.parse_args()
    with open(a.infile, "rb") as f:
        doc = json.loads(f.read())
    if not isinstance(doc, dict) or doc.get("encryption_version") != "v0":
        print(f"decrypt.py: {a.infile} is not an encrypted OpenTofu payload", file=sys.stderr)
        return 1
    data = base64.b64decode(doc["encrypted_data"])
    nonce, ct = data[:12], data[12:]
    aad = a.aad.encode() if a.aad is not None else None
    for key, raw in sorted((doc.get("meta") or {}).items()):
        meta = json.loads(base64.b64decode(raw))
        if not {"salt", "iterations", "hash_function", "key_length"} <= meta.keys():
            continue
        for pw in a.passphrase:
            k = hashlib.pbkdf2_hmac(meta["hash_function"], pw.encode(), base64.b64decode(meta["salt"]),
                                    meta["iterations"], meta["key_length"])
            try:
                plain = AESGCM(k).decrypt(nonce, ct, aad)
            except Exception:
                continue
            with open(a.outfile, "wb") as f:
                f.write(plain)
            print(f"decrypt.py: {a.infile}: decrypted with {key}", file=sys.stderr)
            return 0
    print(f"decrypt.py: {a.infile}: no passphrase decrypts it", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
