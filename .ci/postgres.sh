#!/usr/bin/env bash
# Starts, restarts or stops a throw-away PostgreSQL 15 server for tests, as the `postgres` user, on a
# private port and socket directory. `start` prints the connection URL on stdout.
set -euo pipefail

PG_BIN=/usr/lib/postgresql/15/bin
PORT=${QUARRY_TEST_PG_PORT:-55432}
ROOT=${QUARRY_TEST_PG_ROOT:-/tmp/quarry-ci-postgres}
DATA="$ROOT/data"
SOCKET="$ROOT/socket"

as_postgres() { su postgres -s /bin/bash -c "$*"; }

case "${1:-}" in
  start)
    rm -rf "$ROOT"
    mkdir -p "$DATA" "$SOCKET"
    chown -R postgres:postgres "$ROOT"
    as_postgres "$PG_BIN/initdb -D '$DATA' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >/dev/null
    as_postgres "$PG_BIN/pg_ctl -D '$DATA' -l '$ROOT/server.log' -w -o \"-p $PORT -k '$SOCKET' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50\" start" >/dev/null
    echo "postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  restart)
    # A fast restart of the running server (the fault benchmark's database outage): connections
    # are cut, the server is down for about a second, then accepts connections again.
    as_postgres "$PG_BIN/pg_ctl -D '$DATA' -l '$ROOT/server.log' -m fast -w -o \"-p $PORT -k '$SOCKET' -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50\" restart" >/dev/null
    ;;
  stop)
    if [ -d "$DATA" ]; then
      as_postgres "$PG_BIN/pg_ctl -D '$DATA' -m fast -w stop" >/dev/null || true
    fi
    rm -rf "$ROOT"
    ;;
  *)
    echo "usage: $0 start|restart|stop" >&2
    exit 2
    ;;
esac
