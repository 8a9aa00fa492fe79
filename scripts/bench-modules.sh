#!/usr/bin/env bash
# `make bench`, second part: each module's own benchmark executable (release build), printing
# its figures against the issue targets. Benchmarks that do not exist yet are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
products=(seating-bench gestures-bench animation-bench text-bench replay-bench boxoffice-bench present-bench chart-bench kiosk-startup-bench)
available=$("$SWIFT" package describe --type json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(" ".join(p["name"] for p in d.get("products", [])))' || true)
BIN=$("$SWIFT" build -c release --show-bin-path)
for p in "${products[@]}"; do
  case " $available " in
    *" $p "*) ;;
    *) echo "== $p: not in this package yet, skipped"; continue ;;
  esac
  echo "== $p"
  "$SWIFT" build -c release --product "$p" >/dev/null
  # The box-office bench's flood part runs the served program beside it.
  [ "$p" = boxoffice-bench ] && "$SWIFT" build -c release --product tribune-boxoffice >/dev/null
  "$BIN/$p"
done
# The chart renderer against Blend2D, Skia and cairo on the same seats (needs the venv bench.sh makes).
if [ -x .venv/bin/python ] && .venv/bin/python -c "import blend2d, skia, cairo" 2>/dev/null; then
  "$SWIFT" build -c release --product tribune-headless >/dev/null   # its replays of recordings
  # Issue 29: the 1080p table, the 4K one beside it (the peers drawing the same seats at 4K in
  # this run), and Tribune's one-thread figures (the peers draw on one thread anyway).
  echo "== chart renderer vs peers, 1920x1080, two threads"
  .venv/bin/python scripts/chart_peers.py --bin "$BIN" --size 1920x1080
  echo "== chart renderer vs peers, 3840x2160, two threads"
  .venv/bin/python scripts/chart_peers.py --bin "$BIN" --size 3840x2160 --no-direct
  echo "== chart renderer, 1920x1080, one thread"
  .venv/bin/python scripts/chart_peers.py --bin "$BIN" --size 1920x1080 --threads 1 --no-direct --renderers ""
else
  echo "== chart peers skipped: run scripts/bench.sh once to create .venv with the peer renderers"
fi
