#!/usr/bin/env bash
# Makes sure the system programs the tests need are here: redis-server (the conformance suite
# talks to a real Redis 7.0) and Chromium's headless shell (the browser tests, playwright.config.ts).
# As root with apt it installs what is missing from Debian's packages; otherwise it stops and says
# what to install. With CHROMIUM_PATH set, the tests run in that browser, which must be there.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
if [ -n "${CHROMIUM_PATH:-}" ]; then
  if [ ! -x "$CHROMIUM_PATH" ]; then
    echo "system-deps: CHROMIUM_PATH is $CHROMIUM_PATH, which is not an executable file" >&2
    exit 1
  fi
elif [ ! -x /usr/bin/chromium-headless-shell ]; then
  missing+=(chromium-headless-shell)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: installing ${missing[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

echo "system-deps: the tests need these Debian packages, which are not installed: ${missing[*]}" >&2
echo "system-deps: install them with:  sudo apt-get install ${missing[*]}" >&2
echo "system-deps: (or run the tests as root on a Debian machine and they are installed for you)" >&2
exit 1
