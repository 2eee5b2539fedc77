#!/usr/bin/env bash
# Copies the rules' ts-rs types (bindings/rules/, and bindings/serde_json/ which
# they import) into wasm/pkg/types/ as declaration files with an index.d.ts, so
# the package's .d.ts (see wasm/src/lib.rs) can import them. The server's
# request and answer types (bindings/api/) are not part of @dastyar/rules: the
# web takes them from bindings/api/ through its API layer (web/src/api/types.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

rm -rf wasm/pkg/types
mkdir -p wasm/pkg/types
count=0
while IFS= read -r file; do
  name=${file#bindings/}
  name=${name%.ts}
  mkdir -p "wasm/pkg/types/$(dirname "$name")"
  # ts-rs writes extensionless relative imports (`from "./NodeKind"`); add `.js`
  # so the declarations resolve under every TypeScript moduleResolution.
  sed -E 's#^(import .* from "\.\.?/[^"]+)";$#\1.js";#' "$file" > "wasm/pkg/types/$name.d.ts"
  # The rules' own types are re-exported; serde_json/ holds helpers they import.
  if [[ $name == rules/* && $name != rules/*/* ]]; then
    echo "export type * from \"./$name.js\";" >> wasm/pkg/types/index.d.ts
  fi
  count=$((count + 1))
done < <(find bindings/rules bindings/serde_json -name '*.ts' | sort)
# A rules type importing anything outside rules/ and serde_json/ (the server's
# api/ types) would not resolve in the package.
if grep -rlE '^import .* from "\.\./api/' wasm/pkg/types/rules; then
  echo "wasm: a bindings/rules type imports a server type (above)" >&2
  exit 1
fi
echo "wasm: copied $count types from bindings/rules and bindings/serde_json into wasm/pkg/types"
