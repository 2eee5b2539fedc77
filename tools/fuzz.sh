#!/usr/bin/env bash
# make fuzz: schemathesis (from PyPI, pinned, in its own virtualenv under
# target/) against the release binary's own OpenAPI document, on SQLite and
# on PostgreSQL when it answers. Every check runs: no 5xx, every status,
# header and body as documented, refused what the schema forbids, accepted
# what it allows. Prints the figures of each run and fails when any check
# failed.
#
# Signing out everywhere is left out: it revokes the fuzzer's own token, and
# every later request would only test the 401. The model provider is the
# fake one (tests/fakes), so what needs a model answers. tools/fuzz.toml
# names the few rules on stored data that no schema can state.
#
# FUZZ_MAX_TIME (seconds per backend, default 120) and FUZZ_WORKERS (default
# 2) size the run, FUZZ_ONLY=sqlite leaves PostgreSQL out; TEST_POSTGRES_URL names the PostgreSQL database (as for
# the server tests).
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
VENV=target/fuzz-venv
MAX_TIME=${FUZZ_MAX_TIME:-120}
WORKERS=${FUZZ_WORKERS:-2}

if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  echo "fuzz: installing schemathesis $SCHEMATHESIS_VERSION into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
cargo build --release -p dastyar-server --bin dastyar -p dastyar-fakes --bin dastyar-fakes

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Runs one backend: $1 its name, $2 its DATABASE_URL (empty: SQLite in the data folder).
fuzz_backend() {
  local name=$1 database_url=$2
  local data port pid fakes_pid openai base token status=0
  data=$(mktemp -d)
  port=$(free_port)
  base="http://127.0.0.1:$port"
  ./target/release/dastyar-fakes >"$data/fakes.json" 2>"$data/fakes.log" &
  fakes_pid=$!
  for _ in $(seq 100); do [ -s "$data/fakes.json" ] && break; sleep 0.1; done
  openai=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["openai"])' "$data/fakes.json")
  DASTYAR_ADDR="127.0.0.1:$port" DASTYAR_DATA_DIR="$data" DATABASE_URL="$database_url" \
    DASTYAR_LOGINS_PER_MINUTE=1000000 DASTYAR_REGISTRATIONS_PER_HOUR=1000000 \
    DASTYAR_LLM_BASE_URL="$openai" \
    RUST_LOG=warn ./target/release/dastyar serve >"$data/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -sf "$base/api/openapi.json" >/dev/null && break; sleep 0.1; done
  token=$(curl -sf -H 'Content-Type: application/json' \
    -d '{"email":"fuzz@example.ir","password":"fuzz-esfahan-1404","name":"فاز"}' \
    "$base/api/auth/register" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  echo "fuzz: $name at $base (data in $data)"
  "$VENV/bin/schemathesis" --config-file tools/fuzz.toml run "$base/api/openapi.json" \
    --header "Authorization: Bearer $token" \
    --checks all \
    --exclude-path /api/auth/sign-out-everywhere \
    --workers "$WORKERS" --max-time "$MAX_TIME" --continue-on-failure \
    --report junit --report-dir "$data/report" 2>&1 | tee "$data/fuzz.txt" | tail -60 || status=$?
  kill "$pid" "$fakes_pid" 2>/dev/null; wait "$pid" "$fakes_pid" 2>/dev/null || true
  local errors
  # Every 5xx is logged at ERROR ("internal error"), and so is a panic.
  errors=$(grep -c 'ERROR\|panicked' "$data/server.log" || true)
  echo "fuzz: $name: schemathesis exit $status; server errors logged: $errors"
  echo "fuzz: $name: report and log kept in $data"
  return "$status"
}

result=0
fuzz_backend sqlite "" || result=1
PG_URL=$(tools/ensure-postgres.sh 2>/dev/null || true)
if [ "${FUZZ_ONLY:-}" = sqlite ]; then
  echo "fuzz: FUZZ_ONLY=sqlite: PostgreSQL left out"
elif [ -n "$PG_URL" ]; then
  schema="fuzz_$(date +%s)"
  psql "$PG_URL" -qc "CREATE SCHEMA $schema" >/dev/null
  fuzz_backend postgres "$PG_URL?options=-c%20search_path%3D$schema" || result=1
  PGOPTIONS='--client-min-messages=warning' psql "$PG_URL" -qc "DROP SCHEMA $schema CASCADE" >/dev/null
else
  echo "fuzz: no PostgreSQL answers (see tools/ensure-postgres.sh); only SQLite was fuzzed"
fi
exit "$result"
