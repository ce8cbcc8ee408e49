#!/bin/sh
# Install (if needed) and start a local PostgreSQL on loopback for the tests.
# Idempotent. Prints one line on stdout, for eval:
#   eval "$(scripts/postgres.sh)"   ->   export TEST_DATABASE_URL=postgresql+psycopg://...
# Progress goes to stderr. Debian/Ubuntu; runs as root, or through sudo otherwise.
# Env: PGPORT (default 5432), GOSTOP_PG_DB (gostop_test), GOSTOP_PG_USER (gostop).
set -eu
PORT="${PGPORT:-5432}"
DB="${GOSTOP_PG_DB:-gostop_test}"
ROLE="${GOSTOP_PG_USER:-gostop}"
PASS="${GOSTOP_PG_PASSWORD:-gostop}"
say() { echo "postgres.sh: $*" >&2; }
ROOT=""
[ "$(id -u)" -eq 0 ] || ROOT="sudo"
as_pg() { if [ -z "$ROOT" ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }

if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    say "installing postgresql (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    $ROOT apt-get update -qq >&2
    $ROOT env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
VERSION="$(ls /usr/lib/postgresql | sort -n | tail -1)"
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1,$2}' | grep -q "^$VERSION main$"; then
    say "creating cluster $VERSION/main on port $PORT"
    $ROOT pg_createcluster "$VERSION" main --port "$PORT" >&2
fi
CONF="/etc/postgresql/$VERSION/main/postgresql.conf"
# loopback only
if ! grep -q "^listen_addresses = 'localhost'" "$CONF"; then
    echo "listen_addresses = 'localhost'" | $ROOT tee -a "$CONF" >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$VERSION" '$1==v && $2=="main" {print $4}' | grep -q online; then
    say "starting cluster $VERSION/main"
    $ROOT pg_ctlcluster "$VERSION" main start >&2
fi
CLUSTER_PORT="$(pg_lsclusters -h | awk -v v="$VERSION" '$1==v && $2=="main" {print $3}')"
psql_() { as_pg "psql -q -p $CLUSTER_PORT -v ON_ERROR_STOP=1 $*" >&2; }
i=0
until as_pg "pg_isready -q -p $CLUSTER_PORT"; do
    i=$((i + 1)); [ $i -gt 30 ] && { say "server did not start"; exit 1; }
    sleep 1
done
if ! as_pg "psql -tA -p $CLUSTER_PORT -c \"select 1 from pg_roles where rolname='$ROLE'\"" | grep -q 1; then
    psql_ "-c \"create role $ROLE login password '$PASS' createdb\""
fi
if ! as_pg "psql -tA -p $CLUSTER_PORT -c \"select 1 from pg_database where datname='$DB'\"" | grep -q 1; then
    psql_ "-c \"create database $DB owner $ROLE\""
fi
say "ready on 127.0.0.1:$CLUSTER_PORT, database $DB"
echo "export TEST_DATABASE_URL=postgresql+psycopg://$ROLE:$PASS@127.0.0.1:$CLUSTER_PORT/$DB"
