#!/usr/bin/env bash
# The WebSocket's AsyncAPI document (/api/v1/asyncapi.json, issue 47 point 8) is valid AsyncAPI
# 3.0.0: the document `plateau asyncapi` prints (the one the server serves) is checked against
# AsyncAPI's own JSON Schema (@asyncapi/specs, with Ajv: validate.mjs). What the document says about
# each frame is checked by the end-to-end tests, whose WebSocket client validates every frame it
# sends and receives against it (tests/src/frame_schema.rs).
#
# Self-contained, as CI runs on a clean machine: the pinned packages of package.json are installed
# with npm (Node.js 18+ needed) into a folder of their own under ~/.cache when missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."

pins=$(sha256sum "$here/package.json" | cut -c1-12)
modules="${XDG_CACHE_HOME:-$HOME/.cache}/plateau/asyncapi-$pins"
if [ ! -d "$modules/node_modules/ajv" ]; then
  echo "installing the AsyncAPI schema and Ajv into $modules"
  rm -rf "$modules"
  mkdir -p "$modules"
  cp "$here/package.json" "$modules/"
  (cd "$modules" && npm install --no-audit --no-fund --silent)
fi
cp "$here/validate.mjs" "$modules/"

cargo build --quiet -p plateau --bin plateau
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target/debug/plateau asyncapi >"$work/asyncapi.json"
node "$modules/validate.mjs" "$work/asyncapi.json"
