#!/usr/bin/env bash
# Install everything the calculator needs on a fresh Debian machine with Python 3.11.
#   bash scripts/setup.sh          the app: Python packages + WeasyPrint's HarfBuzz subsetter
#   bash scripts/setup.sh --test   also what the tests need: Chromium, poppler (pdftoppm), PostgreSQL
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(libharfbuzz-subset0)
extra="."
if [ "${1:-}" = "--test" ]; then
  packages+=(chromium chromium-driver poppler-utils postgresql)
  extra=".[test]"
fi

missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

echo "setup: installing the calculator ($extra)"
python3 -m pip install -q --disable-pip-version-check -e "$extra"
