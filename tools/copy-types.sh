#!/usr/bin/env bash
# Copies the ts-rs types in bindings/ (subfolders too, e.g. serde_json/JsonValue.ts)
# into wasm/pkg/types/ as declaration files with an index.d.ts, so the package's
# .d.ts (see wasm/src/lib.rs) can import them.
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
  # The rules' types (rules/) and, until the web takes them from an API layer
  # of its own, the server's (api/) are re-exported; other folders hold
  # helpers they import (serde_json/).
  if [[ $name == rules/* || $name == api/* ]]; then
    echo "export type * from \"./$name.js\";" >> wasm/pkg/types/index.d.ts
  fi
  count=$((count + 1))
done < <(find bindings -name '*.ts' | sort)
echo "wasm: copied $count types from bindings/ into wasm/pkg/types"
