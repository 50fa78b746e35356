#!/usr/bin/env bash
# Starts a throw-away PostgreSQL 15 cluster for the tests and prints its port: initdb in a new temporary
# directory, listening on a free loopback port only, superuser `peach` with trust authentication. PostgreSQL
# refuses to run as root, so under root the cluster runs as `nobody`. The cluster stops and its directory
# goes as soon as the process OWNER_PID ends (the test run), so a crashed run leaves nothing behind.
# fsync is off: a test cluster's durability is not what the tests measure, and CREATE DATABASE per test
# stays fast; PEACH_PG_DURABLE=1 keeps it on, for benchmarks that should pay what a real server pays.
# With TLS_DIR (holding server.crt and server.key), the cluster also speaks TLS with that certificate.
# Usage: scripts/test-postgres.sh OWNER_PID [TLS_DIR]
set -euo pipefail
owner=${1:?usage: test-postgres.sh OWNER_PID [TLS_DIR]}
tls_dir=${2:-}
bin=/usr/lib/postgresql/15/bin
[ -x "$bin/initdb" ] || { echo "PostgreSQL 15 is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
dir=$(mktemp -d /tmp/peach-pg.XXXXXX)
as=()
if [ "$(id -u)" -eq 0 ]; then
  chown nobody: "$dir"
  as=(runuser -u nobody --)
fi
durability="-c fsync=off -c full_page_writes=off"
[ "${PEACH_PG_DURABLE:-}" != 1 ] || durability=""
tls=""
if [ -n "$tls_dir" ]; then
  # PostgreSQL wants its key readable by the server's user alone.
  install -m 600 "$tls_dir/server.key" "$dir/server.key"
  install -m 644 "$tls_dir/server.crt" "$dir/server.crt"
  [ "$(id -u)" -ne 0 ] || chown nobody: "$dir/server.key" "$dir/server.crt"
  tls="-c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key"
fi
"${as[@]}" "$bin/initdb" -D "$dir/data" -U peach --auth=trust --no-sync -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
for attempt in 1 2 3; do
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  if "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir $durability -c max_connections=300 $tls" \
      start >/dev/null 2>&1; then
    setsid "${as[@]}" sh -c "while [ -d /proc/$owner ]; do sleep 1; done; $bin/pg_ctl -D $dir/data -m immediate stop; rm -rf $dir" \
      </dev/null >/dev/null 2>&1 &
    echo "$port"
    exit 0
  fi
done
cat "$dir/server.log" >&2
rm -rf "$dir"
exit 1
