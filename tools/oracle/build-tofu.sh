#!/usr/bin/env bash
# build-tofu.sh VERSION [OUT]
# Builds the OpenTofu CLI VERSION (e.g. 1.9.4) from its Go module, fetched through the Go module
# proxy (github.com/opentofu/opentofu@vVERSION), into OUT (default: cache/bin/tofu-VERSION next to
# this script). The binary reports "OpenTofu vVERSION" (version.dev=no, as release builds do).
# Needs Go (the go.mod's toolchain line may make Go fetch a newer toolchain through the proxy).
# Takes a few minutes per version on two cores; run it with `nice -n 19`.
# Skips the build when OUT already exists and reports the right version.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 VERSION [OUT]" >&2; exit 2; }
v="$1"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${2:-$HERE/cache/bin/tofu-$v}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
# (a missing CLI configuration file makes some releases print a warning first: give them none)
reported() { TF_CLI_CONFIG_FILE=/dev/null "$out" version 2>/dev/null | grep -m1 '^OpenTofu v' || true; }
check() { [ -x "$out" ] && [ "$(reported)" = "OpenTofu v$v" ]; }
if check; then echo "tofu $v: $out (already built)"; exit 0; fi
mkdir -p "$(dirname "$out")"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
# A throwaway module to download into the module cache; the build then runs in the module's own
# directory so that its go.mod (replace directives, pinned dependencies) applies.
(cd "$tmp" && go mod init tofu-build.invalid >/dev/null 2>&1)
dir="$(cd "$tmp" && go mod download -json "github.com/opentofu/opentofu@v$v" |
  python3 -c 'import json, sys; d = json.load(sys.stdin); print(d.get("Dir") or sys.exit(d.get("Error", "no Dir")))')"
(cd "$dir" && GOFLAGS="-mod=mod -buildvcs=false" go build -trimpath -o "$out.tmp" \
  -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" ./cmd/tofu)
mv "$out.tmp" "$out"
check || { echo "$0: $out reports '$(reported)', not OpenTofu v$v" >&2; exit 1; }
echo "tofu $v: $out"
