#!/usr/bin/env bash
# Makes sure the system programs the tests need are here: redis-server (the conformance suite
# talks to a real Redis 7.0) and Chromium (the browser tests). As root with apt it installs
# what is missing from Debian's packages; otherwise it stops and says what to install.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)

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
