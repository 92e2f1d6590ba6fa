#!/usr/bin/env bash
# The guard on a move's CPU cost (issue 50, point 5), run by `.ci/run`: the server's instructions a
# move in `per_move_cpu` (server/examples/per_move_cpu.rs), counted by valgrind's callgrind (the
# same count whatever else runs on the machine), must not be more than 5% above the figure that
# bench/README.md records on its line "Guarded figure:" (the one source of that figure; a lever
# that lowers the cost updates it there). The method is the README's ("Issue 16"): the total `Ir`
# less the inclusive `Ir` of `client_pick` (the client's share), divided by the moves.
#
# Built in the `guard` profile (Cargo.toml: the move path's crates optimised as in release, the
# rest not), which counts the release build's instructions at a fraction of a cold release build's
# cost. Installs valgrind (Debian) when it is missing. Respects CARGO_TARGET_DIR.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
MOVES=3000
TOLERANCE_PERCENT=5

if ! command -v valgrind >/dev/null || ! command -v callgrind_annotate >/dev/null; then
  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y valgrind
fi

recorded=$(sed -n 's/^Guarded figure: \*\*\([0-9,]*\)\*\*.*/\1/p' bench/README.md | tr -d ,)
if [ -z "$recorded" ]; then
  echo "FAIL: bench/README.md has no line 'Guarded figure: **N** ...'" >&2
  exit 1
fi

cargo build --profile guard -p plateau --example per_move_cpu
bin="${CARGO_TARGET_DIR:-target}/guard/examples/per_move_cpu"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printed=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$MOVES" --short 2>/dev/null)
echo "per_move_cpu: $printed"
callgrind_annotate --inclusive=yes "$out" | python3 -c '
import re, sys
moves, recorded, tolerance = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
total = client = None
for line in sys.stdin:
    m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)", line)
    if not m:
        continue
    ir, what = int(m.group(1).replace(",", "")), m.group(2)
    if what.startswith("PROGRAM TOTALS"):
        total = ir
    elif client is None and re.search(r"per_move_cpu::client_pick( \[|$)", what) and "=>" not in what:
        client = ir
if total is None or client is None:
    sys.exit("FAIL: no program total or no client_pick in the callgrind profile")
per_move = (total - client) / moves
limit = recorded * (100 + tolerance) / 100
print(f"server instructions a move: {per_move:,.0f} (total {total:,} less client_pick {client:,}, / {moves:,});"
      f" recorded {recorded:,}, limit {limit:,.0f} (+{tolerance}%)")
if per_move > limit:
    sys.exit(f"FAIL: a move costs {per_move / recorded - 1:+.1%} against bench/README.md'"'"'s figure")
if per_move < recorded * (100 - tolerance) / 100:
    print("note: more than 5% below the recorded figure: record the new one in bench/README.md")
' "$MOVES" "$recorded" "$TOLERANCE_PERCENT"
