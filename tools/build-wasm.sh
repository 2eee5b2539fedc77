#!/usr/bin/env bash
# Builds the JavaScript of the npm package @dastyar/rules into wasm/pkg/, as three
# WebAssembly modules (wasm/src/lib.rs says why): dastyar_wasm (the feature
# `canvas`, the package's main entry), dastyar_wasm_lazy (the feature `lazy`,
# the entry @dastyar/rules/lazy) and dastyar_wasm_urls (the feature `urls`, the
# entry @dastyar/rules/urls), each for two targets:
#   bundler/  wasm-bindgen --remove-name-section --remove-producers-section --target bundler (Vite with vite-plugin-wasm)
#   node/     wasm-bindgen --remove-name-section --remove-producers-section --target experimental-nodejs-module (Node, vitest; an ES module)
# tools/copy-types.sh writes the third part, wasm/pkg/types/.
set -euo pipefail
cd "$(dirname "$0")/.."

wasm=target/wasm32-unknown-unknown/wasm/dastyar_wasm.wasm
rm -rf wasm/pkg/bundler wasm/pkg/node
sizes=()
for module in canvas lazy urls; do
  # Every feature writes the same file: each is bound before the next is built.
  cargo build -p dastyar-wasm --target wasm32-unknown-unknown --profile wasm \
    --no-default-features --features "$module"
  name=dastyar_wasm
  [ "$module" = canvas ] || name="dastyar_wasm_$module"
  for target in bundler node; do
    flag=$target
    [ "$target" = node ] && flag=experimental-nodejs-module
    wasm-bindgen --remove-name-section --remove-producers-section --target "$flag" \
      --out-dir "wasm/pkg/$target" --out-name "$name" "$wasm"
  done
  file="wasm/pkg/node/${name}_bg.wasm"
  sizes+=("$module $(($(stat -c %s "$file") / 1024)) KB")
done
# Raw sizes; `make web` prints what a browser downloads, gzip included.
echo "wasm: built wasm/pkg/bundler and wasm/pkg/node (wasm: ${sizes[0]}, ${sizes[1]}, ${sizes[2]})"
