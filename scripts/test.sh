#!/usr/bin/env bash
# Install everything (scripts/setup.sh --test), start a local PostgreSQL for the storage tests,
# and run the whole test suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh --test
if [ -f scripts/postgres.sh ]; then
  # prints "export TEST_DATABASE_URL=..." when a server is up; the storage tests skip without one
  eval "$(bash scripts/postgres.sh)"
fi
python3 -m pytest "$@"
