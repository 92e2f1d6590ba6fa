#!/usr/bin/env bash
# Runs one load-tool scenario against a fresh release server on 127.0.0.1, then stops the server and
# removes its database. Usage:
#
#   bench/serve.sh sqlite|postgres [server flags...] -- [plateau-load arguments...]
#
# e.g. bench/serve.sh postgres -- play --matches 1000 --duration 30
#
# Builds nothing: run `cargo build --release -p plateau -p plateau-load` first. Environment:
# CARGO_TARGET_DIR (default ./target), PORT (default 28080; /metrics on PORT+1), RUST_LOG (the
# server's, default warn: spans at info cost memory a connection), POSTGRES (admin
# URL, default postgres://postgres@127.0.0.1:5432/postgres).
#
# The server's per-client limits are meant for strangers: one load tool on one machine is many
# players and connections from one address, so they are raised here (server flags given after the
# backend come later and win).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}/release"
port="${PORT:-28080}"
admin="${POSTGRES:-postgres://postgres@127.0.0.1:5432/postgres}"
for bin in plateau plateau-load; do
  [ -x "$target/$bin" ] || { echo "no $target/$bin: cargo build --release -p plateau -p plateau-load" >&2; exit 1; }
done
backend="$1"; shift
server_flags=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do server_flags+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift

if ss -ltn | grep -q "127.0.0.1:$port "; then
  echo "port $port is taken: set PORT" >&2
  exit 1
fi
work=$(mktemp -d /tmp/plateau-bench-XXXXXX)
db_name="plateau_bench_$$"
case "$backend" in
  sqlite) url="sqlite://$work/plateau.db" ;;
  postgres)
    psql "$admin" -qc "CREATE DATABASE $db_name"
    url="${admin%/*}/$db_name" ;;
  *) echo "backend: sqlite or postgres" >&2; exit 2 ;;
esac

# The server holds one descriptor per connection: as many as this shell may have.
ulimit -n "$(ulimit -Hn)"
# The load tool's `idle` reads /metrics from the same variable.
export PLATEAU_METRICS_ADDR="127.0.0.1:$((port + 1))"
raised=(--players-per-minute 1000000 --connections-per-player 1000000
  --connections-per-address 10000000)
RUST_LOG="${RUST_LOG:-warn}" "$target/plateau" serve --addr "127.0.0.1:$port" --database-url "$url" \
  "${raised[@]}" ${server_flags[@]+"${server_flags[@]}"} 2>"$work/server.log" &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  if [ "$backend" = postgres ]; then
    psql "$admin" -qc "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
echo "server pid $server on 127.0.0.1:$port, $backend; load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$target/plateau-load" --addr "127.0.0.1:$port" "$@"
