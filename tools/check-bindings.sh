#!/usr/bin/env bash
# Fails when bindings/ differs from what `cargo test` generated: a changed or
# new file (git status), or a file no type writes any more (older than the
# stamp that `make rust-test` touches just before `cargo test --workspace`).
set -euo pipefail
cd "$(dirname "$0")/.."

changed=$(git status --porcelain --untracked-files=all -- bindings/)
stale=""
if [ -f target/bindings.stamp ]; then
  stale=$(find bindings -name '*.ts' ! -newer target/bindings.stamp | sort)
fi
if [ -z "$changed" ] && [ -z "$stale" ]; then
  echo "bindings: bindings/ matches the Rust types"
  exit 0
fi
echo "bindings: bindings/ is out of date with the Rust types:" >&2
[ -z "$changed" ] || echo "$changed" | sed 's/^/  /' >&2
[ -z "$stale" ] || echo "$stale" | sed 's/^/  no Rust type writes it any more (delete it): /' >&2
echo "bindings: fix: run cargo test and commit bindings/" >&2
exit 1
