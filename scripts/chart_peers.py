#!/usr/bin/env python3
"""The chart renderer's benchmark against Blend2D, Skia and cairo, in one run and one table.

    scripts/chart_peers.py [--bin DIR] [--seats N] [--repeat N] [--out-dir DIR] [--renderers ...]

1. runs `chart-bench --json --export-seats OUT/chart-seats-N.json` (release build; --bin names
   the directory holding it, default: `swift build -c release --show-bin-path`): Tribune's
   retained renderer on the generated stadium (1920×1080, rotated 30°, every seat on screen),
   plus the exported seats of its full-redraw frame as device-space polygons (flattened to
   0.1 px) in their status colours;
2. times the peers on exactly those polygons (scripts/peers_bench.py's renderers: one path per
   seat, and one path per colour), each frame a clear plus every seat;
3. prints one table: every scenario and renderer with its median, and the ratio of Tribune's
   cold full redraw to the fastest Blend2D mode (target ≤ 0.2).

Run it from the project venv (.venv: pycairo, numpy, blend2d-py, skia-python; see bench.sh).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import peers_bench  # noqa: E402


def chart_bench(binary, seats, repeat, scene):
    cmd = [binary, "--json", "--seats", str(seats), "--repeats", str(repeat), "--export-seats", scene]
    print("== " + " ".join(cmd), file=sys.stderr, flush=True)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    rows, info = [], {}
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        d = json.loads(line)
        if "info" in d:
            info = d["info"]
        else:
            rows.append(d)
    return rows, info


def time_peer(name, mode, w, h, bg, items, repeat, out_dir):
    make = peers_bench.RENDERERS[name]
    try:
        frame, save = make(w, h, bg, items if mode == "per-op" else peers_bench.batches(items))
    except ImportError as e:
        return {"renderer": name, "mode": mode, "error": f"not installed: {e}"}
    frame()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        frame()
        times.append((time.perf_counter() - t0) * 1e3)
    if out_dir:
        save(os.path.join(out_dir, f"chart-{name}-{mode}.png"))
    return {"renderer": name, "mode": mode, "median_ms": statistics.median(times), "min_ms": min(times)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="directory with the release chart-bench")
    ap.add_argument("--seats", type=int, default=60000)
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--out-dir", default="out/bench")
    ap.add_argument("--renderers", default="blend2d,skia,cairo")
    ap.add_argument("--modes", default="batched,per-op")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    bindir = args.bin or subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                                        capture_output=True, text=True).stdout.strip()
    scene = os.path.join(args.out_dir, f"chart-seats-{args.seats}.json")
    rows, info = chart_bench(os.path.join(bindir, "chart-bench"), args.seats, args.repeat, scene)

    w, h, bg, items = peers_bench.load(scene)
    peers = []
    for name in args.renderers.split(","):
        for mode in args.modes.split(","):
            print(f"== {name} {mode} ({len(items)} seats)", file=sys.stderr, flush=True)
            peers.append(time_peer(name, mode, w, h, bg, items, args.repeat, args.out_dir))

    blend2d = [p["median_ms"] for p in peers if p["renderer"] == "blend2d" and "median_ms" in p]
    base = min(blend2d) if blend2d else None
    full = next((r["median_ms"] for r in rows if r["scenario"].startswith("full redraw")), None)

    print()
    print(f"Chart benchmark: {info.get('seats')} seats ({info.get('seats_on_screen')} on screen), "
          f"{w}×{h}, seat {info.get('device_seat_px')} px, {info.get('threads')} threads")
    print(f"{'renderer / scenario':<52} {'median ms':>10} {'min ms':>9} {'target':>9} {'× Blend2D':>10}")
    print("-" * 96)
    for r in rows:
        target = r.get("target_ms")
        tgt = f"≤ {target:g}" if target is not None else ("p99 ≤ 16" if r["scenario"].startswith("replay") else "")
        ratio = f"{r['median_ms'] / base:.3f}" if base else "n/a"
        extra = f"  p99 {r['p99_ms']:.2f}" if r["scenario"].startswith("replay") else ""
        print(f"{'tribune: ' + r['scenario']:<52} {r['median_ms']:>10.2f} {r['min_ms']:>9.2f} {tgt:>9} {ratio:>10}{extra}")
    for p in peers:
        label = f"{p['renderer']}: every seat ({p['mode']})"
        if "median_ms" not in p:
            print(f"{label:<52} {p.get('error', 'failed')}")
            continue
        ratio = f"{p['median_ms'] / base:.3f}" if base else "n/a"
        print(f"{label:<52} {p['median_ms']:>10.2f} {p['min_ms']:>9.2f} {'':>9} {ratio:>10}")
    print(f"peak memory (chart-bench maxrss): {info.get('peak_rss_mb')} MB (target ≤ 150)")
    if base and full is not None:
        verdict = "met" if full <= 0.2 * base and full <= 8 else "MISSED"
        print(f"full redraw {full:.2f} ms = {full / base:.3f}× Blend2D's best ({base:.2f} ms): "
              f"target ≤ 8 ms and ≤ 0.2× → {verdict}")
    with open(os.path.join(args.out_dir, "chart-results.jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps({"renderer": "tribune", **r}) + "\n")
        for p in peers:
            f.write(json.dumps(p) + "\n")
        f.write(json.dumps({"info": info}) + "\n")


if __name__ == "__main__":
    main()
