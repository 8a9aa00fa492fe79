#!/usr/bin/env python3
"""The chart renderer's benchmark against Blend2D, Skia and cairo, in one run and one table.

    scripts/chart_peers.py [--bin DIR] [--seats N] [--size WxH] [--threads N] [--repeat N] [--out-dir DIR]
                           [--renderers ...] [--replay-runs N] [--paired-rounds N] [--no-direct]

1. runs `chart-bench --json --export-seats OUT/chart-seats-N.json` (release build; --bin names
   the directory holding it, default: `swift build -c release --show-bin-path`): Tribune's
   retained renderer on the generated stadium (--size, default 1920×1080, rotated 30°, every
   seat on screen, --threads workers),
   plus the exported seats of its full-redraw frame as device-space polygons (flattened to
   0.1 px) in their status colours;
2. times the peers on exactly those polygons (scripts/peers_bench.py's renderers: one path per
   seat, and one path per colour), each frame a clear plus every seat;
3. replays real pinch-and-rotate touch recordings from Tests/Fixtures/recordings on the same
   stadium at the same size (`tribune-headless replay --render`: the whole kiosk session, trace-in,
   chrome and all, each display frame rendered at 60 Hz of virtual time, the kiosk's two
   threads) and takes each run's render_ms p50/p99/max (target: p99 ≤ 16 ms); a missing
   recording is an error (they are part of the repository); --replay-runs 0 skips them;
4. prints one table: every scenario and renderer with its median, and the ratio of Tribune's
   cold full redraw to the fastest Blend2D mode (target ≤ 0.2). --renderers "" skips the peers
   (a one-thread run: the peers draw on one thread whatever Tribune's --threads);
5. the same ratio from --paired-rounds rounds (default 3) of Tribune's full redraw and Blend2D's
   two modes timed back to back, and its median over the rounds: on a shared machine the speed
   drifts between the first and the last step, and a round's two sides see the same machine.

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


def chart_bench(binary, seats, repeat, scene, size, threads, direct, only=None):
    cmd = ([binary, "--json", "--seats", str(seats), "--repeats", str(repeat)]
           + (["--export-seats", scene] if scene else []) + (["--only", only] if only else [])
           + ["--size", size, "--threads", str(threads)] + ([] if direct else ["--no-direct"]))
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


RECORDINGS = os.path.join(HERE, "..", "Tests", "Fixtures", "recordings", "evemu")
# Two-finger recordings with pinch and rotate (the second is 31 s of a 3M panel: zoom ×0.25, -64°).
REPLAYS = [("Wacom ISDv4 E6 double-center-circle", "evemu-devices/tablets/Wacom ISDv4 E6 Finger.double-center-circle.events"),
           ("3M multitouch (evemu-data/3m.event)", "evemu-data/3m.event")]


def replay_recordings(tribune, seats, runs, out_dir, size, threads):
    """Each recording replayed `runs` times with every frame rendered; the median run by p99."""
    rows = []
    for name, rel in REPLAYS:
        path = os.path.join(RECORDINGS, rel)
        if not os.path.exists(path):
            sys.exit(f"chart_peers: replay {name}: {path} not found (the recordings live in Tests/Fixtures/recordings)")
        results = []
        for k in range(runs):
            report = os.path.join(out_dir, f"replay-{k}.json")
            cmd = [tribune, "replay", path, "--seats", str(seats), "--size", size, "--render", "--report", report,
                   "--threads", str(threads)]
            print("== " + " ".join(cmd), file=sys.stderr, flush=True)
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            with open(report) as f:
                r = json.load(f)
            results.append((r["render_ms"]["p99"], r["render_ms"]["p50"], r["render_ms"]["max"], r["frames"]))
        results.sort()
        p99, p50, mx, frames = results[len(results) // 2]
        rows.append({"scenario": f"replay {name}", "p50_ms": p50, "p99_ms": p99, "max_ms": mx, "frames": frames,
                     "runs": runs, "p99_runs": [x[0] for x in results]})
    return rows


def frame_times(frame, repeat):
    """`repeat` timed calls of `frame` (ms)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        frame()
        times.append((time.perf_counter() - t0) * 1e3)
    return times


def make_peer(name, mode, w, h, bg, items):
    """The peer's (frame, save) pair drawing `items` one op per seat ("per-op") or one path per
    colour ("batched"); ImportError when the peer is not installed."""
    return peers_bench.RENDERERS[name](w, h, bg, items if mode == "per-op" else peers_bench.batches(items))


def time_peer(name, mode, w, h, bg, items, repeat, out_dir):
    try:
        frame, save = make_peer(name, mode, w, h, bg, items)
    except ImportError as e:
        return {"renderer": name, "mode": mode, "error": f"not installed: {e}"}
    frame()
    times = frame_times(frame, repeat)
    if out_dir:
        save(os.path.join(out_dir, f"chart-{name}-{mode}.png"))
    return {"renderer": name, "mode": mode, "median_ms": statistics.median(times), "min_ms": min(times)}


def paired_rounds(binary, seats, repeat, size, threads, w, h, bg, items, rounds):
    """The full-redraw ratio measured in `rounds` back-to-back pairs: each round times Tribune's
    cold full redraw (`chart-bench --only full`) and then Blend2D's two modes on the same seats,
    and gives the ratio of Tribune's median to Blend2D's faster median in that round. On a
    shared machine whose speed drifts by tens of per cent from minute to minute, a ratio of
    two figures taken minutes apart says more about the drift than about the renderers; a
    round's two sides are seconds apart. Returns the per-round rows ([] without Blend2D)."""
    try:
        frames = {mode: make_peer("blend2d", mode, w, h, bg, items)[0] for mode in ("batched", "per-op")}
    except ImportError:
        return []
    for frame in frames.values():
        frame()
    out = []
    for k in range(rounds):
        print(f"== paired round {k + 1}/{rounds}: chart-bench --only full, then Blend2D", file=sys.stderr, flush=True)
        rows, _ = chart_bench(binary, seats, repeat, None, size, threads, False, only="full")
        tribune = next(r["median_ms"] for r in rows if r["scenario"].startswith("full redraw"))
        blend = {mode: statistics.median(frame_times(f, repeat)) for mode, f in frames.items()}
        best = min(blend.values())
        out.append({"round": k + 1, "tribune_ms": tribune, "blend2d_batched_ms": blend["batched"],
                    "blend2d_per_op_ms": blend["per-op"], "ratio": tribune / best})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", help="directory with the release chart-bench")
    ap.add_argument("--seats", type=int, default=60000)
    ap.add_argument("--size", default="1920x1080", help="the screen, WxH pixels (chart-bench validates it)")
    ap.add_argument("--threads", type=int, default=2, help="Tribune's worker threads in chart-bench")
    ap.add_argument("--no-direct", action="store_true", help="skip chart-bench's slow direct-rasterization scenario")
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--out-dir", default="out/bench")
    ap.add_argument("--renderers", default="blend2d,skia,cairo")
    ap.add_argument("--modes", default="batched,per-op")
    ap.add_argument("--replay-runs", type=int, default=3, help="runs of each recording replay (the median run by p99 is shown)")
    ap.add_argument("--paired-rounds", type=int, default=3,
                    help="rounds of Tribune's full redraw and Blend2D back to back (the ratio's median over rounds); 0 skips them")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    bindir = args.bin or subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                                        capture_output=True, text=True).stdout.strip()
    scene = os.path.join(args.out_dir, f"chart-seats-{args.seats}-{args.size}.json")
    rows, info = chart_bench(os.path.join(bindir, "chart-bench"), args.seats, args.repeat, scene, args.size,
                             args.threads, not args.no_direct)
    replays = (replay_recordings(os.path.join(bindir, "tribune-headless"), args.seats, args.replay_runs, args.out_dir,
                                 args.size, args.threads) if args.replay_runs > 0 else [])

    w, h, bg, items = peers_bench.load(scene)
    peers = []
    for name in filter(None, args.renderers.split(",")):
        for mode in args.modes.split(","):
            print(f"== {name} {mode} ({len(items)} seats)", file=sys.stderr, flush=True)
            peers.append(time_peer(name, mode, w, h, bg, items, args.repeat, args.out_dir))

    paired = (paired_rounds(os.path.join(bindir, "chart-bench"), args.seats, args.repeat, args.size, args.threads,
                            w, h, bg, items, args.paired_rounds)
              if args.paired_rounds > 0 and "blend2d" in args.renderers.split(",") else [])
    blend2d = [p["median_ms"] for p in peers if p["renderer"] == "blend2d" and "median_ms" in p]
    base = min(blend2d) if blend2d else None
    full = next((r["median_ms"] for r in rows if r["scenario"].startswith("full redraw")), None)

    print()
    print(f"Chart benchmark {w}×{h}, {info.get('threads')} thread(s): {info.get('seats')} seats ({info.get('seats_on_screen')} on screen), "
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
    for r in replays:
        verdict = "met" if r["p99_ms"] <= 16 else "MISSED"
        runs = ", ".join(f"{x:.2f}" for x in r["p99_runs"])
        print(f"{'tribune: ' + r['scenario']:<52} p50 {r['p50_ms']:.2f}  p99 {r['p99_ms']:.2f}  max {r['max_ms']:.2f} ms "
              f"over {r['frames']} frames; p99 of the {r['runs']} runs: {runs} → p99 ≤ 16 {verdict}")
    # Issue 29: every animation frame within the display's 16.7 ms, p99 ≤ 16 ms (the kiosk's
    # own frames: the zoom into a tribune and home again, pinch and rotate from recordings).
    animations = [r for r in rows if r["scenario"] in ("session: zoom-to-tribune frame", "session: home animation frame")]
    if animations or replays:
        print(f"animation frames, {w}×{h}, {info.get('threads')} thread(s): p99 ≤ 16 ms")
        for r in animations:
            verdict = "met" if r["p99_ms"] <= 16 else "MISSED"
            print(f"  {r['scenario']:<50} p50 {r['median_ms']:.2f}  p99 {r['p99_ms']:.2f}  max {r['max_ms']:.2f} ms "
                  f"(thread CPU p99 {r['thread_cpu_p99_ms']:.2f}) over {r['runs']} frames → {verdict}")
        for r in replays:
            verdict = "met" if r["p99_ms"] <= 16 else "MISSED"
            print(f"  {r['scenario']:<50} p50 {r['p50_ms']:.2f}  p99 {r['p99_ms']:.2f}  max {r['max_ms']:.2f} ms "
                  f"over {r['frames']} frames → {verdict}")
    print(f"peak memory (chart-bench maxrss): {info.get('peak_rss_mb')} MB (target ≤ 150)")
    if base and full is not None:
        # Issue 29: 8 ms at 1920×1080, 16 ms at 3840×2160 (the budget grows with the side, as chart-bench's).
        limit = 8 * max(1, (w * h / (1920 * 1080)) ** 0.5)
        verdict = "met" if full <= 0.2 * base and full <= limit else "MISSED"
        print(f"full redraw {full:.2f} ms = {full / base:.3f}× Blend2D's best ({base:.2f} ms): "
              f"target ≤ {limit:g} ms and ≤ 0.2× → {verdict}")
    if paired:
        ratios = sorted(r["ratio"] for r in paired)
        ratio = statistics.median(ratios)
        print(f"full redraw against Blend2D in {len(paired)} back-to-back rounds (Tribune ms / Blend2D's faster mode ms):")
        for r in paired:
            print(f"  round {r['round']}: {r['tribune_ms']:.2f} / {min(r['blend2d_batched_ms'], r['blend2d_per_op_ms']):.2f}"
                  f" = {r['ratio']:.3f}  (Blend2D batched {r['blend2d_batched_ms']:.2f}, per-op {r['blend2d_per_op_ms']:.2f})")
        print(f"  median ratio {ratio:.3f} (range {ratios[0]:.3f}–{ratios[-1]:.3f}): target ≤ 0.2 → "
              f"{'met' if ratio <= 0.2 else 'MISSED'}")
    with open(os.path.join(args.out_dir, f"chart-results-{w}x{h}-{args.threads}t.jsonl"), "w") as f:
        for r in rows:
            f.write(json.dumps({"renderer": "tribune", **r}) + "\n")
        for r in replays:
            f.write(json.dumps({"renderer": "tribune", **r}) + "\n")
        for r in paired:
            f.write(json.dumps({"renderer": "paired", **r}) + "\n")
        for p in peers:
            f.write(json.dumps(p) + "\n")
        f.write(json.dumps({"info": info}) + "\n")


if __name__ == "__main__":
    main()
