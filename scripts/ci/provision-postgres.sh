#!/usr/bin/env bash
# Provisions a local PostgreSQL for the gateway's PostgreSQL tests on a bare Debian machine:
# installs the server if missing, starts the cluster, creates the `library` role (CREATEDB, so
# each test file can create and drop its own database). Idempotent and quick when already done.
# Prints the URL to export as LIB_TEST_PG_URL on its last line. Needs root (apt, su postgres).
set -euo pipefail

ROLE=${LIB_PG_ROLE:-library}
PASSWORD=${LIB_PG_PASSWORD:-library}
PORT=${LIB_PG_PORT:-5432}

log() { echo "provision-postgres: $*" >&2; }

server_bin() { ls -d /usr/lib/postgresql/*/bin/postgres 2>/dev/null | sort -V | tail -1; }
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(server_bin)" ]; then
  log "installing postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi

# The newest installed major version and its first cluster (Debian creates "main" on install).
version=$(basename "$(dirname "$(dirname "$(server_bin)")")")
cluster=$(pg_lsclusters -h 2>/dev/null | awk -v v="$version" '$1 == v { print $2; exit }')
if [ -z "$cluster" ]; then
  log "creating cluster $version/main"
  pg_createcluster "$version" main --port "$PORT" >/dev/null
  cluster=main
fi
status=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $4 }')
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c { print $3 }')
if [ "$status" != "online" ]; then
  log "starting cluster $version/$cluster"
  # Once more after a moment: a server killed when the last session stopped can leave its socket
  # lock for a breath after the process is gone.
  pg_ctlcluster "$version" "$cluster" start || { sleep 2; pg_ctlcluster "$version" "$cluster" start; }
fi

# Wait until it accepts connections (a fresh start takes a moment).
for _ in $(seq 1 50); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 0.2
done
pg_isready -q -h 127.0.0.1 -p "$port" || { log "server on port $port does not answer"; exit 1; }

# From / so the postgres user never complains about an unreadable working directory.
psql_su() { (cd / && su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -qAtX $*"); }
if [ "$(psql_su "-c \"select 1 from pg_roles where rolname = '$ROLE'\"")" != "1" ]; then
  log "creating role $ROLE"
  psql_su "-c \"create role $ROLE login createdb password '$PASSWORD'\""
fi
# A test database is dropped WITH (FORCE); when autovacuum is working in it (after a large write
# test) ending that worker needs pg_signal_backend. Granting again is harmless.
psql_su "-c \"grant pg_signal_backend to $ROLE\"" 2>/dev/null || true

echo "postgres://$ROLE:$PASSWORD@127.0.0.1:$port/postgres"
