#!/usr/bin/env bash
# `make bench`: Tribune's rasterizer against its peers (Blend2D, Skia, cairo) on the 20k-seat chart.
#
#  1. a virtualenv in .venv/ with pycairo, numpy, blend2d-py, skia-python (created once, reused);
#  2. release builds of raster-bench and tribune;
#  3. the scene: `raster-bench --export-scene` (pre-flattened seats as scene JSON); without
#     raster-bench, scripts/peers_bench.py --generate-seats writes an equivalent chart;
#  4. the Swift side: raster-bench (its curve and flattened modes, one run) and
#     `tribune draw --repeat` (the exported polygons through SceneFile and DrawingContext), per
#     seat and batched (one path per colour, as the peers' batched mode draws them);
#  5. the peers on the same scene (scripts/peers_bench.py), then one table; then paired rounds
#     (Tribune's two modes and Blend2D batched back to back);
#  6. the exactness summary (ExactnessTests and CorpusExactnessTests in the debug test build):
#     Tribune and cairo against the truth on 240 random scenes and on the accuracy corpus.
#
# Environment: REPEAT (default 30); ROUNDS (paired rounds, default 3); RASTER_BENCH_ARGS overrides
# raster-bench's arguments.
# Results (JSON lines) and renders go to out/bench/.
set -euo pipefail
cd "$(dirname "$0")/.."

REPEAT=${REPEAT:-30}
SWIFT=${SWIFT:-swift}
VENV=.venv
OUT=out/bench
mkdir -p "$OUT"
RESULTS="$OUT/results.jsonl"
: > "$RESULTS"

# 1. Python peers.
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import cairo, numpy, blend2d, skia" 2>/dev/null; then
    echo "== installing the peers into $VENV (pycairo builds against libcairo2-dev)"
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet pycairo numpy blend2d-py skia-python
fi

# 2. Release builds.
echo "== building release"
"$SWIFT" build -c release --product tribune
HAVE_RASTER_BENCH=0
if "$SWIFT" build -c release --product raster-bench 2>"$OUT/raster-bench-build.log"; then
    HAVE_RASTER_BENCH=1
else
    echo "   (no raster-bench product yet: see $OUT/raster-bench-build.log; using the generated scene)"
fi
BIN=$("$SWIFT" build -c release --show-bin-path)

# 3. The scene.
SCENE="$OUT/seats-20k.json"
if [ "$HAVE_RASTER_BENCH" = 1 ] && "$BIN/raster-bench" --export-scene "$SCENE" --repeat 1 > "$OUT/export.txt"; then
    echo "== scene exported by raster-bench: $SCENE"
else
    "$VENV/bin/python" scripts/peers_bench.py --generate-seats "$SCENE"
fi

# Appends result lines; $1 renderer, $2 mode (or "labels": take the mode from each line's
# "LABEL: median X ms, min Y ms" prefix, as raster-bench prints them), $3 the tool's output.
record() {
    "$VENV/bin/python" - "$1" "$2" "$3" >> "$RESULTS" <<'EOF'
import json, re, sys
renderer, mode, path = sys.argv[1:4]
rows = []
for line in open(path).read().splitlines():
    line = line.strip()
    if line.startswith("{"):  # JSON lines, as peers_bench.py prints them
        try:
            d = json.loads(line)
        except ValueError:
            continue
        if "median_ms" in d:
            d.setdefault("renderer", renderer)
            d.setdefault("mode", mode)
            rows.append(d)
        continue
    m = re.search(r"median\s+([0-9.]+)\s*ms,\s*min\s+([0-9.]+)\s*ms", line)
    if m:
        label = line.split(":", 1)[0].strip() if mode == "labels" else mode
        rows.append({"renderer": renderer, "mode": label, "median_ms": float(m.group(1)), "min_ms": float(m.group(2))})
if not rows:
    rows.append({"renderer": renderer, "mode": mode, "error": "no timing in the output (see " + path + ")"})
for r in rows:
    print(json.dumps(r))
EOF
}

# 4. Swift. raster-bench times its own scene in curve and flattened modes (and large paths).
if [ "$HAVE_RASTER_BENCH" = 1 ]; then
    echo "== raster-bench"
    # shellcheck disable=SC2086
    "$BIN/raster-bench" ${RASTER_BENCH_ARGS:---repeat $REPEAT} | tee "$OUT/raster-bench.txt" || true
    record raster-bench labels "$OUT/raster-bench.txt"
fi
echo "== tribune draw (the scene file through DrawingContext, one path per seat)"
"$BIN/tribune" draw "$SCENE" -o "$OUT/tribune.png" --repeat "$REPEAT" | tee "$OUT/tribune-draw.txt" || true
record tribune per-op "$OUT/tribune-draw.txt"
echo "== tribune draw, batched (one path per colour, as the peers' batched mode)"
"$VENV/bin/python" scripts/peers_bench.py "$SCENE" --write-batched "$OUT/seats-20k-batched.json"
"$BIN/tribune" draw "$OUT/seats-20k-batched.json" -o "$OUT/tribune-batched.png" --repeat "$REPEAT" \
    | tee "$OUT/tribune-draw-batched.txt" || true
record tribune batched "$OUT/tribune-draw-batched.txt"

# 5. Peers.
echo "== peers"
"$VENV/bin/python" scripts/peers_bench.py "$SCENE" --repeat "$REPEAT" --out-dir "$OUT" | tee -a "$RESULTS"

# The table: ratio to Blend2D in the per-op (one path per seat) mode.
"$VENV/bin/python" - "$RESULTS" <<'EOF'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
base = next((r["median_ms"] for r in rows if r["renderer"] == "blend2d" and r["mode"] == "per-op" and "median_ms" in r), None)
print()
print(f"{'renderer':<14} {'mode':<22} {'median ms':>10} {'min ms':>10} {'× Blend2D':>10}")
print("-" * 70)
for r in rows:
    if "median_ms" not in r:
        print(f"{r['renderer']:<14} {r['mode']:<22} {r.get('error', 'failed')}")
        continue
    ratio = f"{r['median_ms'] / base:.2f}" if base and r["mode"] != "large" else "n/a"
    print(f"{r['renderer']:<14} {r['mode']:<22} {r['median_ms']:>10.2f} {r['min_ms']:>10.2f} {ratio:>10}")
print("(× Blend2D: median relative to Blend2D per-op, one path per seat; frames include the clear.)")
EOF

# 5b. Paired rounds: the host's load drifts from one minute to the next, so Tribune's two modes
# and Blend2D's batched mode (the target) are timed back to back, ROUNDS times, and compared
# round by round.
ROUNDS=${ROUNDS:-3}
echo
echo "== paired rounds (tribune per-op, tribune batched, Blend2D batched, back to back; medians of $REPEAT frames)"
: > "$OUT/rounds.txt"
for k in $(seq 1 "$ROUNDS"); do
    # (A tool that fails leaves its figure empty: the round shows nan, and the script goes on.)
    perop=$({ "$BIN/tribune" draw "$SCENE" -o "$OUT/tribune.png" --repeat "$REPEAT" || true; } \
        | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
    batched=$({ "$BIN/tribune" draw "$OUT/seats-20k-batched.json" -o "$OUT/tribune-batched.png" --repeat "$REPEAT" || true; } \
        | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
    blend=$({ "$VENV/bin/python" scripts/peers_bench.py "$SCENE" --repeat "$REPEAT" --renderers blend2d --modes batched || true; } \
        | sed -n 's/.*"median_ms": \([0-9.]*\).*/\1/p')
    echo "$k ${perop:-nan} ${batched:-nan} ${blend:-nan}" >> "$OUT/rounds.txt"
done
"$VENV/bin/python" - "$OUT/rounds.txt" <<'EOF'
import math, statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
ratios = {"per-op": [], "batched": []}
print(f"{'round':>5} {'per-op ms':>10} {'batched ms':>11} {'Blend2D batched ms':>19} {'per-op ×':>9} {'batched ×':>10}")
for k, perop, batched, blend in rows:
    p, b, g = float(perop), float(batched), float(blend)
    rp, rb = (p / g, b / g) if g > 0 else (math.nan, math.nan)
    ratios["per-op"].append(rp)
    ratios["batched"].append(rb)
    print(f"{k:>5} {p:>10.2f} {b:>11.2f} {g:>19.2f} {rp:>9.3f} {rb:>10.3f}")
for mode, rs in ratios.items():
    rs = [r for r in rs if r == r]
    if rs:
        print(f"median of the rounds, {mode}: {statistics.median(rs):.3f}x Blend2D batched (target <= 1)")
EOF

# 6. Exactness (issue 29): the truth is 16x16 point samples per pixel, composited per operation.
echo
echo "== exactness against the truth (ExactnessTests: 100 fill and 140 stroke scenes; CorpusExactnessTests: the corpus)"
if "$SWIFT" build --build-tests > "$OUT/exactness-build.log" 2>&1; then
    # (the filter matches CorpusExactnessTests too)
    "$SWIFT" test --skip-build --filter ExactnessTests > "$OUT/exactness.txt" 2>&1 || true
    sed -n 's/^exactness \(fills\|strokes\|corpus: \|corpus fills\|corpus strokes\)/\1/p' "$OUT/exactness.txt"
else
    echo "   (the test build failed: see $OUT/exactness-build.log)"
fi
