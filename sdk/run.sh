#!/usr/bin/env bash
# The SDKs against the real server (issue 47, point 7), in one command: builds this tree's
# `plateau` (debug, as the other test scripts do), starts it on a free port with a throwaway SQLite
# database, and runs
#   - sdk/typescript: `npm ci`, the check that src/openapi.ts is the server's OpenAPI document as
#     generated now (it fails when the REST API changed and the types were not regenerated), tsc,
#     then `node --test` (the example bot plays every game; the WebSocket client plays every game
#     against the server's bots, resumed after a drop);
#   - sdk/python: pytest in a venv of its own under ~/.cache/plateau (pinned requirements-test.txt;
#     a change of them makes a new one), the same tests.
# Exits non-zero on any failure. Installs what is missing (node and npm from Debian).
# Environment: PYTHON (default python3, >= 3.10); SDK (typescript or python: that one only).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
python="${PYTHON:-python3}"
only="${SDK:-}"

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm
fi

(cd "$root" && cargo build --quiet -p plateau --bin plateau)
bin="${CARGO_TARGET_DIR:-$root/target}/debug/plateau"

work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Port 0: the server binds a free port and logs it. Every match is capped at 400 plies so that a
# random player's match of each game ends within seconds (a random Abalone rarely ejects six).
# Bots move at once; many players are made from this address. Every other limit is the default:
# the SDKs must live with them (a bot's moves spend its frame budget).
RUST_LOG="${RUST_LOG:-info}" "$bin" serve \
  --addr 127.0.0.1:0 --metrics-addr 127.0.0.1:0 \
  --database-url "sqlite://$work/sdk.db" \
  --players-per-minute 100000 --bot-delay-ms 0 --max-plies 400 \
  >"$work/server.log" 2>&1 &
server_pid=$!
addr=
for _ in $(seq 1 300); do
  addr=$(sed -nE 's/.*plateau::app: listening addr=([0-9.:]+).*/\1/p' "$work/server.log")
  [ -n "$addr" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$addr" ] || { echo "the server did not start" >&2; cat "$work/server.log" >&2; exit 1; }
export PLATEAU_URL="http://$addr"
echo "server at $PLATEAU_URL"

status=0
failed() {
  echo "FAIL: $1" >&2
  echo "server log (last lines):" >&2
  tail -n 30 "$work/server.log" >&2
  status=1
}

if [ -z "$only" ] || [ "$only" = typescript ]; then
  echo "== sdk/typescript"
  (
    cd "$here/typescript"
    npm ci --no-audit --no-fund --loglevel=error
    node scripts/generate.js "$PLATEAU_URL" --check
    npx tsc -p .
    node --test --test-concurrency=1 dist/test/*.test.js
  ) || failed "sdk/typescript"
fi

if [ -z "$only" ] || [ "$only" = python ]; then
  echo "== sdk/python"
  pins=$(sha256sum "$here/python/requirements-test.txt" | cut -c1-12)
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/plateau/sdk-python-$pins"
  if [ ! -x "$venv/bin/pytest" ]; then
    echo "installing the Python SDK's dependencies into $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$here/python/requirements-test.txt"
  fi
  (cd "$here/python" && PYTHONPATH="$here/python" "$venv/bin/pytest" -q -p no:cacheprovider tests) ||
    failed "sdk/python"
fi

exit "$status"
