#!/usr/bin/env bash
# Copies the ts-rs types in bindings/ into wasm/pkg/types/ as declaration files
# with an index.d.ts, so the package's .d.ts (see wasm/src/lib.rs) can import them.
set -euo pipefail
cd "$(dirname "$0")/.."

rm -rf wasm/pkg/types
mkdir -p wasm/pkg/types
for file in bindings/*.ts; do
  name=$(basename "$file" .ts)
  # ts-rs writes extensionless imports (`from "./NodeKind"`); add `.js` so the
  # declarations resolve under every TypeScript moduleResolution.
  sed -E 's#^(import .* from "\./[^"]+)";$#\1.js";#' "$file" > "wasm/pkg/types/$name.d.ts"
  echo "export type * from \"./$name.js\";" >> wasm/pkg/types/index.d.ts
done
echo "wasm: copied $(ls bindings/*.ts | wc -l) types from bindings/ into wasm/pkg/types"
