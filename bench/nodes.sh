#!/usr/bin/env bash
# Runs one load-tool scenario against N fresh release nodes of one Plateau on 127.0.0.1 (one new
# Postgres database, the machine's NATS, a cluster name of the run's own), then stops the nodes and
# drops the database. Usage:
#
#   bench/nodes.sh N [server flags...] -- [plateau-load arguments...]
#
# e.g. bench/nodes.sh 3 -- play --matches 100 --duration 20
#      bench/nodes.sh 2 -- play --matches 100 --duration 20 --seats-on room-node
#
# The load tool gets every node's address (`--addr a,b,c`) and spreads its clients over them (see
# `plateau-load play --help`, `--seats-on`). Builds nothing: run
# `cargo build --release -p plateau -p plateau-load` first. Environment: CARGO_TARGET_DIR (default
# ./target), PORT (default 28080: node k on PORT+2k, its /metrics on PORT+2k+1), POSTGRES (admin
# URL, default postgres://postgres@127.0.0.1:5432/postgres), NATS (default nats://127.0.0.1:4222),
# KEEP_LOGS (a directory to copy the nodes' logs to; default: they are removed).
# The per-client limits are raised as in bench/serve.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}/release"
port="${PORT:-28080}"
admin="${POSTGRES:-postgres://postgres@127.0.0.1:5432/postgres}"
nats="${NATS:-nats://127.0.0.1:4222}"
for bin in plateau plateau-load; do
  [ -x "$target/$bin" ] || { echo "no $target/$bin: cargo build --release -p plateau -p plateau-load" >&2; exit 1; }
done
count="$1"; shift
server_flags=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do server_flags+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift

for k in $(seq 0 $((count - 1))); do
  if ss -ltn | grep -qE "127.0.0.1:($((port + 2 * k))|$((port + 2 * k + 1))) "; then
    echo "port $((port + 2 * k)) or $((port + 2 * k + 1)) is taken: set PORT" >&2
    exit 1
  fi
done
work=$(mktemp -d /tmp/plateau-nodes-XXXXXX)
db_name="plateau_bench_nodes_$$"
psql "$admin" -qc "CREATE DATABASE $db_name"
url="${admin%/*}/$db_name"
cluster="bench-$$-$(date +%s)"

ulimit -n "$(ulimit -Hn)"
raised=(--players-per-minute 1000000 --connections-per-player 1000000
  --connections-per-address 10000000)
pids=()
addrs=()
cleanup() {
  for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
  for pid in ${pids[@]+"${pids[@]}"}; do wait "$pid" 2>/dev/null || true; done
  psql "$admin" -qc "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" || true
  if [ -n "${KEEP_LOGS:-}" ]; then
    mkdir -p "$KEEP_LOGS" && cp "$work"/node-*.log "$KEEP_LOGS"/
  fi
  rm -rf "$work"
}
trap cleanup EXIT
for k in $(seq 0 $((count - 1))); do
  addr="127.0.0.1:$((port + 2 * k))"
  RUST_LOG=warn "$target/plateau" serve --addr "$addr" --metrics-addr "127.0.0.1:$((port + 2 * k + 1))" \
    --database-url "$url" --nats-url "$nats" --cluster-name "$cluster" \
    "${raised[@]}" ${server_flags[@]+"${server_flags[@]}"} 2>"$work/node-$k.log" &
  pids+=($!)
  addrs+=("$addr")
  # One at a time: the first node makes the schema.
  for _ in $(seq 1 100); do
    curl -sf "http://$addr/readyz" >/dev/null 2>&1 && break
    sleep 0.1
  done
done
echo "$count nodes (pids ${pids[*]}) on ${addrs[*]}, Postgres, cluster $cluster; load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
"$target/plateau-load" --addr "$(IFS=,; echo "${addrs[*]}")" "$@"
