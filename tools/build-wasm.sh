#!/usr/bin/env bash
# Builds the JavaScript of the npm package @dastyar/rules into wasm/pkg/:
#   bundler/  wasm-bindgen --remove-name-section --remove-producers-section --target bundler (Vite with vite-plugin-wasm)
#   node/     wasm-bindgen --remove-name-section --remove-producers-section --target experimental-nodejs-module (Node, vitest; an ES module)
# tools/copy-types.sh writes the third part, wasm/pkg/types/.
set -euo pipefail
cd "$(dirname "$0")/.."

wasm=target/wasm32-unknown-unknown/wasm/dastyar_wasm.wasm
cargo build -p dastyar-wasm --target wasm32-unknown-unknown --profile wasm

rm -rf wasm/pkg/bundler wasm/pkg/node
wasm-bindgen --remove-name-section --remove-producers-section --target bundler --out-dir wasm/pkg/bundler "$wasm"
wasm-bindgen --remove-name-section --remove-producers-section --target experimental-nodejs-module --out-dir wasm/pkg/node "$wasm"
echo "wasm: built wasm/pkg/bundler and wasm/pkg/node ($(du -k wasm/pkg/node/dastyar_wasm_bg.wasm | cut -f1) KB of wasm)"
