#!/usr/bin/env bash
# Measures the load-tool figures of bench/README.md, each against a fresh release server (see
# bench/serve.sh), and prints them as Markdown table rows. About six minutes.
#
#   cargo build --release -p plateau -p plateau-load && bench/figures.sh
#
# DURATION (seconds per play run, default 20) and the environment of bench/serve.sh apply.
set -euo pipefail
cd "$(dirname "$0")"
duration="${DURATION:-20}"
out=$(mktemp -d /tmp/plateau-figures-XXXXXX)
trap 'rm -rf "$out"' EXIT

idle() { # connections
  ./serve.sh sqlite -- --progress 0 --json idle --connections "$1" --players 100 --hold 3 >"$out/idle-$1.json"
  python3 - "$out/idle-$1.json" "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); e = d["extra"]
print(f"| idle, {int(sys.argv[2]):,} connections | {e['server_kib_per_connection']} KiB per connection "
      f"(RSS {e['server_rss_before_bytes']/2**20:.0f} → {e['server_rss_after_bytes']/2**20:.0f} MiB) | errors {d['errors'] or 'none'} |")
PY
}

play() { # backend matches [extra play arguments...]
  local backend=$1 matches=$2; shift 2
  ./serve.sh "$backend" -- --progress 0 --json play --matches "$matches" --duration "$duration" "$@" >"$out/play.json"
  python3 - "$out/play.json" "$backend" "$matches" "$*" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); e = d["extra"]
a, p = d["latency_ms"]["move_ack"], d["latency_ms"]["move_patch"]
f = lambda l: " / ".join(f"{l[k]:.1f}" for k in ("p50", "p95", "p99", "max"))
rate = f", {sys.argv[4]}" if sys.argv[4] else ", flat out"
print(f"| play abalone 2p, {int(sys.argv[3]):,} matches, {sys.argv[2]}{rate} | "
      f"{d['rates_per_sec']['moves_acked']:,.0f} moves/s; ack {f(a)} ms; patch {f(p)} ms | "
      f"server {e['server_cpu_us_per_move']} µs CPU/move, tool {e['tool_cpu_us_per_move']} µs; errors {d['errors'] or 'none'} |")
PY
}

churn() { # backend
  ./serve.sh "$1" -- --progress 0 --json churn --concurrency 16 --duration 10 >"$out/churn.json"
  python3 - "$out/churn.json" "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); l = d["latency_ms"]
f = lambda k: f"{k} {l[k]['p50']:.1f} / {l[k]['p99']:.1f}"
print(f"| churn, 16 workers, {sys.argv[2]} | {d['rates_per_sec']['cycles']:,.0f} cycles/s; "
      f"p50 / p99 ms: {f('connect_auth')}, {f('join')}, {f('leave')}, {f('cycle')} | errors {d['errors'] or 'none'} |")
PY
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| scenario | result | notes |"
echo "|---|---|---|"
idle 10000
idle 19500
for backend in sqlite postgres; do
  for matches in 100 1000; do
    play "$backend" "$matches"
  done
done
play postgres 1000 --rate 2000
churn sqlite
churn postgres
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
