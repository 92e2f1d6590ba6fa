#!/usr/bin/env bash
# The REST contract and its OpenAPI document agree (issue 45, point 12): schemathesis, driven by
# /api/v1/openapi.json, sends every route valid and invalid requests and fails on any answer the
# document does not declare: a 5xx, an undocumented status, content type or body, or invalid input
# accepted. The end-to-end tests check what the contract says; this checks that what the document
# says is what the server does, for inputs nobody thought to write a test for (it found the
# undocumented `400` of a malformed id on five routes, and `[]` taken for `{}` as a body).
#
# Self-contained, as CI runs on a clean machine: schemathesis is installed, pinned
# (requirements.txt), into a venv of its own under ~/.cache when missing; the server is this tree's
# `plateau`, built if needed, on a free port with a throwaway SQLite database. Settings are in
# schemathesis.toml. Exits non-zero on any finding, and on a run that outlives its time bound.
#
# Arguments are passed on to `schemathesis run` (`--max-examples 500` to look harder).
# Environment: PLATEAU_SCHEMATHESIS_SEED (default 45) to explore with another seed;
# PLATEAU_SCHEMATHESIS_SECONDS (default 300; a run takes about 90 s on a loaded 2-core machine)
# bounds the run; PYTHON (default python3, >= 3.10).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."

seed="${PLATEAU_SCHEMATHESIS_SEED:-45}"
bound="${PLATEAU_SCHEMATHESIS_SECONDS:-300}"
python="${PYTHON:-python3}"

# schemathesis, in a venv named after the pinned requirements: a change of version makes a new one.
pins=$(sha256sum "$here/requirements.txt" | cut -c1-12)
venv="${XDG_CACHE_HOME:-$HOME/.cache}/plateau/schemathesis-$pins"
if [ ! -x "$venv/bin/schemathesis" ]; then
  echo "installing schemathesis into $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$here/requirements.txt"
fi

cargo build --quiet -p plateau --bin plateau
work=$(mktemp -d)
database_url="sqlite://$work/contract.db"
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Port 0: the server binds a free port and logs it (`listening addr=...`, the last line of start).
# The fuzzer's bearer tokens are players it creates through the API (hooks.py), so the per-address
# budget of new players is raised past what a run makes; every other limit is the default one.
target/debug/plateau serve \
  --addr 127.0.0.1:0 --metrics-addr 127.0.0.1:0 \
  --database-url "$database_url" \
  --players-per-minute 100000 \
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
echo "server at http://$addr (seed $seed, at most ${bound}s)"

status=0
export SCHEMATHESIS_HOOKS="$here/hooks.py" PLATEAU_CONTRACT_URL="http://$addr" \
  PLATEAU_CONTRACT_DATABASE_URL="$database_url" PLATEAU_CONTRACT_BINARY="$PWD/target/debug/plateau"
# From the scratch directory: schemathesis keeps a cache of what it found in the working directory.
(cd "$work" && timeout --kill-after=10 "$bound" \
  "$venv/bin/schemathesis" --config-file "$here/schemathesis.toml" --no-color \
  run "http://$addr/api/v1/openapi.json" --url "http://$addr" --seed "$seed" --workers 2 "$@") ||
  status=$?
if [ "$status" -ne 0 ]; then
  [ "$status" -eq 124 ] && echo "FAIL: schemathesis ran past ${bound}s" >&2
  echo "FAIL: schemathesis found the REST API and its OpenAPI document disagreeing (above)" >&2
  echo "server log (last lines):" >&2
  tail -n 40 "$work/server.log" >&2
  exit 1
fi
