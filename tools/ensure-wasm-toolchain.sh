#!/usr/bin/env bash
# Installs what the wasm build needs, when missing: the wasm32-unknown-unknown
# Rust target and the wasm-bindgen CLI at exactly the version in Cargo.lock.
set -euo pipefail
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown
if [ -d "$(rustc --print sysroot)/lib/rustlib/$target" ]; then
  echo "toolchain: Rust target $target present"
else
  echo "toolchain: adding Rust target $target"
  rustup target add "$target"
fi

# The version line that follows `name = "wasm-bindgen"` in Cargo.lock.
want=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;q}' Cargo.lock)
if [ -z "$want" ]; then
  echo "toolchain: no wasm-bindgen package in Cargo.lock" >&2
  exit 1
fi
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" = "$want" ]; then
  echo "toolchain: wasm-bindgen $want present"
else
  echo "toolchain: installing wasm-bindgen-cli $want (found: ${have:-none}; takes about 2 minutes)"
  # No --locked: its lock file names dependency versions newer than the registry mirror has.
  cargo install wasm-bindgen-cli --version "$want"
fi
