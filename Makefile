# Dastyar build and test plumbing.
#
#   make run             build everything and serve the product at http://127.0.0.1:8080
#                        (SQLite under ./data; DASTYAR_ADDR, DATABASE_URL... see `dastyar --help`)
#   make test            everything CI checks (.ci/run): format and lint (rustfmt, clippy, ESLint),
#                        Rust tests on SQLite and, when PostgreSQL is reachable, on
#                        PostgreSQL (required with CI=true); bindings drift, the wasm
#                        package, JS type-check and vitest, then the Playwright specs
#   make lint            cargo fmt --check, clippy -D warnings on every target, ESLint on web/
#   make wasm            the npm package @dastyar/rules in wasm/pkg/: the canvas's module and the lazy one
#                        (rebuilt only when sources change; prints their sizes)
#   make web             the web app in web/dist/ with Vite (rebuilt only when sources change); prints what
#                        the first paint downloads and what loads later, gzip and raw
#   make e2e             the Playwright specs (tests/e2e/): the real server and web app in
#                        Debian's Chromium (installed with apt when missing)
#   make bench           the server load, chat, abuse, knowledge and schedules benchmarks (release binary on SQLite, the chat one against the fake model), then bench-canvas; prints figures
#   make bench-canvas    the canvas benchmark (tests/bench/canvas.ts): 1,000 then 5,000 nodes in Chromium beside a
#                        bare React Flow page of the same graph; prints figures, goals and ratios (BENCH_SIZES=1000 for one size)
#   make fuzz            schemathesis (from PyPI) against the release binary's OpenAPI document, on SQLite
#                        and PostgreSQL: every check, figures printed, fails on any failure (tools/fuzz.sh)
#   make bindings-check  cargo test, then fail if bindings/ differs from the Rust types
#   make moto            moto's S3 server from PyPI (target/moto-venv) for the object store tests
#   make clean           remove build output and node_modules
#
# Tools install themselves when missing (tools/ensure-wasm-toolchain.sh, npm ci,
# tools/ensure-chromium.sh).

SHELL := bash
.SHELLFLAGS := -euo pipefail -c

# One cargo form everywhere: `-p` and `--workspace` builds resolve features differently.
CARGO_TEST := cargo test --workspace

RUST_SOURCES := Cargo.toml Cargo.lock .cargo/config.toml $(wildcard */Cargo.toml) \
                $(shell find core/src wasm/src -type f)
BINDINGS := $(shell find bindings -name "*.ts")
WASM_JS := wasm/pkg/node/dastyar_wasm.js
WASM_TYPES := wasm/pkg/types/index.d.ts
NODE_DEPS := node_modules/.package-lock.json
WEB_SOURCES := web/index.html web/package.json web/tsconfig.json web/vite.config.ts \
               $(shell find web/src web/shared web/public web/scripts -type f ! -name '*.test.ts')
WEB_DIST := web/dist/index.html

.PHONY: build run server test lint tools wasm-toolchain rust-test moto bindings-check wasm js-test \
        web e2e e2e-server bench bench-canvas fuzz clean

build: wasm web server

run: build
	./target/release/dastyar serve

server:
	cargo build --release -p dastyar-server

test: tools lint bindings-check js-test e2e

tools: wasm-toolchain $(NODE_DEPS)

wasm-toolchain:
	@tools/ensure-wasm-toolchain.sh

$(NODE_DEPS): package.json package-lock.json $(wildcard */package.json)
	npm ci
	@touch $@

# ---- Lint ----

lint: $(NODE_DEPS)
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	npm run lint

# ---- Rust ----

# TEST_POSTGRES_URL: this machine's PostgreSQL when reachable (tools/ensure-postgres.sh;
# with CI=true a missing PostgreSQL fails here, naming what is missing).
rust-test: moto
	@mkdir -p target && touch target/bindings.stamp
	url="$$(tools/ensure-postgres.sh)"; TEST_POSTGRES_URL="$$url" $(CARGO_TEST)

# moto's S3 server (PyPI) for server/tests/object_store.rs, in its own venv, installed once.
# Without it those tests print that they are skipped; with CI=true a failed install fails here.
MOTO_VERSION := 5.2.5
MOTO := target/moto-venv/bin/moto_server

moto: $(MOTO)

$(MOTO):
	@if python3 -m venv target/moto-venv && target/moto-venv/bin/pip install --quiet \
	      --disable-pip-version-check "moto[server]==$(MOTO_VERSION)"; then touch $@; \
	 else rm -rf target/moto-venv; \
	   if [ "$${CI:-}" = true ]; then echo "moto could not be installed (CI=true needs it)" >&2; exit 1; fi; \
	   echo "moto could not be installed: the S3 object store tests will be skipped" >&2; fi

bindings-check: rust-test
	@tools/check-bindings.sh

# ---- WebAssembly package ----

wasm: $(WASM_JS) $(WASM_TYPES)

$(WASM_JS): $(RUST_SOURCES) tools/build-wasm.sh | wasm-toolchain
	tools/build-wasm.sh

# Apart from the wasm build: `cargo test` rewrites bindings/ every time.
$(WASM_TYPES): $(BINDINGS) tools/copy-types.sh
	tools/copy-types.sh

# ---- JavaScript ----

js-test: wasm $(NODE_DEPS)
	npm run typecheck
	npm test

# ---- Web app ----

web: $(WEB_DIST)

$(WEB_DIST): $(WEB_SOURCES) $(WASM_JS) $(WASM_TYPES) $(NODE_DEPS)
	npm run build --workspace web

# ---- End to end ----

# The specs run target/debug/dastyar. `cargo test --workspace --no-run` builds it
# with the features `make test` already compiled (a `cargo build -p` would compile
# the server again), and does nothing after rust-test.
e2e-server:
	$(CARGO_TEST) --no-run

e2e: e2e-server web $(NODE_DEPS)
	@tools/ensure-chromium.sh
	npm run e2e

# ---- Benchmarks (figures, never pass/fail) ----

bench:
	cargo bench -p dastyar-server --bench load
	cargo bench -p dastyar-server --bench chat
	cargo bench -p dastyar-server --bench abuse
	cargo bench -p dastyar-server --bench knowledge
	cargo bench -p dastyar-server --bench schedules
	$(MAKE) --no-print-directory bench-canvas

# Not in `make test`: a few minutes per backend (FUZZ_MAX_TIME seconds each).
fuzz:
	tools/fuzz.sh

# The canvas in Chromium with 1,000 nodes and ~1,800 edges, then 5,000 and ~8,000, seeded
# through the API, beside a bare React Flow page of the same graph (tests/bench/bare, built
# with Vite by the benchmark): time to show the graph, frame rates while dragging and panning,
# the connection check, the heap; each figure with its goal and its ratio to the bare page.
# Node 20 runs no TypeScript, so tsc compiles it to tests/bench/dist/ first.
bench-canvas: server web $(NODE_DEPS)
	@tools/ensure-chromium.sh
	node_modules/.bin/tsc -p tests/bench
	node tests/bench/dist/canvas.js

clean:
	cargo clean
	rm -rf wasm/pkg node_modules */node_modules
	rm -rf web/dist tests/e2e/artifacts
