#!/usr/bin/env bash
# build-terraform.sh VERSION [OUT]
# Builds Terraform VERSION (0.12.x .. 1.5.x, MPL-2.0) from the module
# github.com/hashicorp/terraform@vVERSION served by the Go module proxy, with the Go
# toolchain on PATH, into OUT (default: cache/bin/terraform-VERSION next to this script; about 2-4 minutes
# on two cores, plus the module downloads the first time).
# Nothing is fetched but through `go mod download`; the module cache is Go's own
# (GOMODCACHE), read-only, so the build runs in place and never rewrites go.mod/go.sum.
#   - the release's go.mod is used as is (-mod=readonly; its vendor/modules.txt, kept in
#     the 0.12/0.13 module zips without the vendored code, is ignored);
#   - -checklinkname=0: old dependencies (e.g. modern-go/reflect2 v1.0.1 in 0.12) use
#     //go:linkname into the runtime, which Go >= 1.23 refuses to link by default;
#   - version.Prerelease is set empty as the release build does (it is "" at these tags
#     already), so `terraform version` prints "Terraform vVERSION".
# Runs under nice -n 19. Checks the version string the binary prints.
set -euo pipefail
V="${1:?usage: build-terraform.sh VERSION [OUT]}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="${2:-$HERE/cache/bin/terraform-$V}"
mkdir -p "$(dirname "$OUT")"
OUT="$(cd "$(dirname "$OUT")" && pwd)/$(basename "$OUT")"
TMPMOD="$(mktemp -d)"; trap 'rm -rf "$TMPMOD"' EXIT
( cd "$TMPMOD" && go mod init tfbuild >/dev/null 2>&1 )
DIR="$(cd "$TMPMOD" && go mod download -json "github.com/hashicorp/terraform@v$V" |
  python3 -c 'import json,sys; d=json.load(sys.stdin); e=d.get("Error"); print(d["Dir"]) if not e else sys.exit(e)')"
cd "$DIR"
export GOFLAGS="-mod=readonly -buildvcs=false" CGO_ENABLED=0 GOTOOLCHAIN=local
nice -n 19 go build -trimpath -o "$OUT.tmp" \
  -ldflags "-s -w -checklinkname=0 -X github.com/hashicorp/terraform/version.Prerelease=" .
got="$(CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE=/dev/null "$OUT.tmp" version 2>/dev/null || true)"
got="${got%%$'\n'*}"
if [ "$got" != "Terraform v$V" ]; then
  echo "build-terraform.sh: built binary reports '$got', not 'Terraform v$V'" >&2
  rm -f "$OUT.tmp"; exit 1
fi
mv "$OUT.tmp" "$OUT"
echo "$got -> $OUT"
