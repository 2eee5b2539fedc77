#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the Playwright specs
# (tests/e2e drives it with playwright-core; `npx playwright install` cannot
# download a browser here). Installs it with apt when missing; prints one line.
set -euo pipefail

browser=/usr/bin/chromium
if [ -x "$browser" ]; then
  echo "chromium: $("$browser" --version 2>/dev/null || echo present) at $browser"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium: $browser is missing; install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi
log=$(mktemp)
if DEBIAN_FRONTEND=noninteractive apt-get update >"$log" 2>&1 \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >>"$log" 2>&1 \
  && [ -x "$browser" ]; then
  rm -f "$log"
  echo "chromium: installed $("$browser" --version 2>/dev/null) at $browser"
else
  cat "$log" >&2
  rm -f "$log"
  echo "chromium: could not install chromium with apt-get" >&2
  exit 1
fi
