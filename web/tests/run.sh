#!/usr/bin/env bash
# The browser tests of Plateau's web client, in one command: installs what is missing (Debian's
# chromium, node, the pinned playwright-core), builds the server, starts it on a free port with a
# throwaway SQLite database and bots that play at once, runs `node --test`, stops the server, and
# exits non-zero on failure. Respects CARGO_TARGET_DIR.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then apt-get update; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}
[ -x /usr/bin/chromium ] || apt_install chromium
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
if [ ! -f "$HERE/node_modules/playwright-core/package.json" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund)
fi

TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
(cd "$ROOT" && cargo build -p plateau)
BIN="$TARGET/debug/plateau"

TMP="$(mktemp -d)"
SERVER=""
cleanup() {
  if [ -n "$SERVER" ] && kill -0 "$SERVER" 2>/dev/null; then
    kill "$SERVER"
    wait "$SERVER" 2>/dev/null || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT

PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
# The browser tests create many players from 127.0.0.1: the per-client limits are raised; /metrics
# goes to a free port (the default 9464 may be taken).
# The public address is another name of the same server, so that the tests can tell it from the
# address the browser used.
export PLATEAU_PUBLIC_URL="http://localhost:$PORT/"
# A player on turn who left the room forfeits after 15 s here (120 by default), so that
# public.test.js can watch it happen; the tests export it to know how long to wait.
export PLATEAU_ABANDON_AFTER_SECS=15
# ratings.test.js settles two players' ratings with eight rated duels between them: every rated
# match counts here (by default two players' matches of a game count once a day).
export PLATEAU_RATED_PAIR_HOURS=0
DATABASE_URL="sqlite://$TMP/plateau.db" PLATEAU_ADDR="127.0.0.1:$PORT" PLATEAU_BOT_DELAY_MS=0 \
  PLATEAU_METRICS_ADDR=127.0.0.1:0 PLATEAU_PLAYERS_PER_MINUTE=1000000 \
  PLATEAU_CONNECTIONS_PER_PLAYER=1000000 PLATEAU_CONNECTIONS_PER_ADDRESS=10000000 \
  PLATEAU_BOT_MATCHES_PER_PLAYER=1000000 PLATEAU_EXPORTS_PER_MINUTE=1000000 \
  PLATEAU_PASSWORD_CHANGES_PER_HOUR=1000000 \
  RUST_LOG="${RUST_LOG:-warn}" "$BIN" >"$TMP/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 1 100); do
  if node -e "fetch('http://127.0.0.1:$PORT/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then break; fi
  if ! kill -0 "$SERVER" 2>/dev/null; then cat "$TMP/server.log"; echo "the server did not start" >&2; exit 1; fi
  sleep 0.2
done

status=0
# Arguments name test files to run (e.g. `web/tests/run.sh public.test.js`); none runs them all.
# The moderation test makes its moderator as an operator would: `plateau admin grant` on the
# server's database, so the tests are told the binary and the database.
(cd "$HERE" && { [ "$#" -gt 0 ] || set -- ./*.test.js; } && PLATEAU_URL="http://127.0.0.1:$PORT" \
  PLATEAU_TEST_BIN="$BIN" PLATEAU_TEST_DATABASE_URL="sqlite://$TMP/plateau.db" \
  node --test --test-concurrency=1 "$@") || status=$?
if [ "$status" != 0 ]; then
  echo "--- server log (last 40 lines) ---"
  tail -n 40 "$TMP/server.log"
fi
exit "$status"
