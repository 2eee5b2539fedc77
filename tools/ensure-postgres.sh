#!/usr/bin/env bash
# Prints the TEST_POSTGRES_URL the server tests should use, starting this
# machine's PostgreSQL cluster if it is installed but stopped. Prints nothing
# (and says why on stderr) when there is no PostgreSQL: the tests then skip
# PostgreSQL with a clear line of their own.
set -uo pipefail

url=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}
# host:port from postgres://[user[:password]@]host[:port]/db
hostport=${url#*://}; hostport=${hostport#*@}; hostport=${hostport%%/*}
host=${hostport%%:*}; port=5432
[[ $hostport == *:* ]] && port=${hostport##*:}
reachable() { (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; }

if ! reachable && command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  echo "postgres: starting the local cluster" >&2
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start >&2 || true
  for _ in 1 2 3 4 5 6 7 8 9 10; do reachable && break; sleep 1; done
fi

if reachable; then
  echo "postgres: server tests also run on $url" >&2
  echo "$url"
elif [ "${CI:-}" = "true" ]; then
  echo "postgres: CI=true needs PostgreSQL for the server tests, and none answers on $host:$port ($url); install and start it (apt-get install postgresql) or set TEST_POSTGRES_URL" >&2
  exit 1
else
  echo "postgres: no PostgreSQL on $host:$port; server tests run on SQLite only" >&2
fi
