#!/usr/bin/env python3
"""Host side of the kiosk-with-touch VM test (scripts/vm/test-run-touch.sh): the live kiosk's
gesture totals and settled screen against headless `tribune replay` of the same recording, the
unplug mid-gesture, SIGTERM. Prints one line per check; exit status 1 when any fails.

    check_run_touch.py WORKDIR
"""
import json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_run import read_ppm, read_png, compare

def within(live, expected, relative, floor):
    """|live − expected| ≤ max(relative·|expected|, floor)."""
    return abs(live - expected) <= max(relative * abs(expected), floor)

def main():
    work = sys.argv[1]
    failures = []
    def check(ok, text):
        print(("PASS " if ok else "FAIL ") + text)
        if not ok: failures.append(text)

    results = open(f"{work}/results.txt").read()
    record = open(f"{work}/record-circle.out").read() if os.path.exists(f"{work}/record-circle.out") else ""
    check("record exit 0" in record, "`tribune record` captured the playback: " + " | ".join(l.strip() for l in record.splitlines() if l.strip())[-160:])
    try:
        expected = json.load(open(f"{work}/expected-report.json"))
    except (OSError, ValueError) as e:
        check(False, f"headless replay of the captured touches: {e}: {open(work + '/replay.err').read()[-400:] if os.path.exists(work + '/replay.err') else ''!r}")
        sys.exit(1)
    try:
        status = json.load(open(f"{work}/status-circle.json"))
    except (OSError, ValueError) as e:
        check(False, f"the kiosk's status after the circle: {e}; guest log: {open(work + '/guest.log').read()[-800:]!r}")
        sys.exit(1)
    check("circle settled" in results, f"the kiosk settled after the circle with {status['touch_frames']} touch frames (headless: {expected['touch_frames']})")
    check(status["touch_frames"] == expected["touch_frames"],
          f"touch frames: live {status['touch_frames']}, headless {expected['touch_frames']} (the device plugged in after start drove the kiosk)")

    # Gesture totals within 1 % (floors for values near zero: 0.5 px, 0.1°, 0.001).
    live, want = status["gestures"], expected["gestures"]
    for axis in (0, 1):
        a, b = live["translation_px"][axis], want["translation_px"][axis]
        check(within(a, b, 0.01, 0.5), f"translation {'xy'[axis]}: live {a:.3f} px, headless {b:.3f} px")
    check(within(live["magnification"], want["magnification"], 0.01, 0.001),
          f"magnification: live {live['magnification']:.5f}, headless {want['magnification']:.5f}")
    check(within(live["rotation_degrees"], want["rotation_degrees"], 0.01, 0.1),
          f"rotation: live {live['rotation_degrees']:.3f}°, headless {want['rotation_degrees']:.3f}°")
    for key in ("taps", "double_taps", "long_presses", "flings"):
        check(live[key] == want[key], f"{key}: live {live[key]}, headless {want[key]}")
    # The Wacom reports no resolution: the configured 270 mm width over the 1024 px mode.
    check(abs(status["pixels_per_mm"] - 1024 / 270) < 1e-9,
          f"gesture thresholds at {status['pixels_per_mm']:.4f} px/mm (1024 px / 270 mm, as the headless replay's --touch-size)")

    # The settled screen against the headless replay's last frame.
    if not os.path.exists(f"{work}/expected-final.png") or not os.path.exists(f"{work}/final.ppm"):
        check(False, "final screen: capture or headless last frame missing")
    else:
        sw, sh, screen = read_ppm(f"{work}/final.ppm")
        ew, eh, exp = read_png(f"{work}/expected-final.png")
        worst, bad = compare(screen, exp) if (sw, sh) == (ew, eh) else (255, -1)
        if worst > 2:
            write_diff(work, sw, sh, screen, exp)
        check(worst <= 2, f"settled screen {sw}x{sh} vs headless replay's last frame {ew}x{eh}: max |Δ| = {worst} ({bad} pixels over 2)")

    lat = status.get("touch_to_flip_ms", {})
    check(lat.get("count", 0) > 0, f"touch-to-flip latency in the guest (TCG): p50 {lat.get('p50')} ms, p95 {lat.get('p95')} ms, p99 {lat.get('p99')} ms, "
          f"max {lat.get('max')} ms over {lat.get('count')} frames that changed the screen")

    # The canvas unplugged mid-gesture: the kiosk goes on, settled, in its normal screens.
    try:
        after = json.load(open(f"{work}/status-canvas.json"))
        check("canvas settled" in results and after["touch_frames"] > status["touch_frames"],
              f"unplugged mid-gesture: the kiosk settled again ({after['touch_frames'] - status['touch_frames']} more touch frames), phase {after['phase']}")
    except (OSError, ValueError) as e:
        check(False, f"status after the unplug: {e}")
    play = open(f"{work}/play-canvas.out").read()
    check("device unplugged" in play, "the canvas was unplugged mid-playback: " + " | ".join(l.strip() for l in play.splitlines() if l.strip())[-200:])

    m = re.search(r"run rc=(\d+) sigterm_ms=(\d+)", results)
    check(m is not None and m.group(1) == "0" and int(m.group(2)) <= 2000,
          f"SIGTERM → exit {m.group(1) if m else '?'} after {m.group(2) if m else '?'} ms")
    if failures:
        print(f"{len(failures)} check(s) failed; kiosk log tail: {open(work + '/run.err').read()[-600:]!r}")
        sys.exit(1)
    print("all VM run-with-touch checks passed")

def write_diff(work, w, h, a, b):
    """A PPM where differing pixels are red over a dimmed screen."""
    out = bytearray()
    for i in range(0, len(a), 3):
        if max(abs(a[i] - b[i]), abs(a[i+1] - b[i+1]), abs(a[i+2] - b[i+2])) > 2:
            out += b"\xff\x00\x00"
        else:
            out += bytes(v // 3 for v in a[i:i+3])
    with open(f"{work}/final-diff.ppm", "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h) + bytes(out))

if __name__ == "__main__":
    main()
