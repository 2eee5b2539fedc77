#!/usr/bin/env bash
# Builds the npm package @dastyar/rules into wasm/pkg/:
#   bundler/  wasm-bindgen --target bundler (Vite with vite-plugin-wasm)
#   node/     wasm-bindgen --target experimental-nodejs-module (Node, vitest; ES module)
#   types/    bindings/*.ts as declaration files, imported by the generated .d.ts
set -euo pipefail
cd "$(dirname "$0")/.."

wasm=target/wasm32-unknown-unknown/release/dastyar_wasm.wasm
cargo build -p dastyar-wasm --target wasm32-unknown-unknown --release

rm -rf wasm/pkg
wasm-bindgen --target bundler --out-dir wasm/pkg/bundler "$wasm"
wasm-bindgen --target experimental-nodejs-module --out-dir wasm/pkg/node "$wasm"

# ts-rs writes extensionless imports (`from "./NodeKind"`); add `.js` so the
# declarations resolve under every TypeScript moduleResolution.
mkdir -p wasm/pkg/types
for file in bindings/*.ts; do
  name=$(basename "$file" .ts)
  sed -E 's#^(import .* from "\./[^"]+)";$#\1.js";#' "$file" > "wasm/pkg/types/$name.d.ts"
  echo "export type * from \"./$name.js\";" >> wasm/pkg/types/index.d.ts
done
echo "wasm: built wasm/pkg/bundler, wasm/pkg/node and wasm/pkg/types ($(du -k wasm/pkg/node/*.wasm | cut -f1) KB of wasm)"
