#!/usr/bin/env python3
"""Checks of the touch VM test (scripts/vm/test-touch.sh).

  check_touch.py --unplug-time EXPECTED.jsonl   prints when to unplug (s into playback)
  check_touch.py WORKDIR                        compares live frames with the emulation

Frames are the JSON lines of `tribune touches` / `tribune play --emulate`:
{"t":S,["latency_us":N,]"touches":[{"id","x","y","phase"}…]}. Live and emulated frames must
agree frame for frame: same touches and phases, positions within 0.5 px, ids up to a constant
offset (the live session may have numbered other touches before).
"""
import json, os, sys

TOLERANCE_PX = 0.5


def load(path):
    """Frames, device lines as (frames before it, line), the summary; device lines printed after
    the "ready" marker get "hotplug": True."""
    frames, devices, summary, ready = [], [], None, False
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            obj = json.loads(line)
            if "touches" in obj:
                frames.append(obj)
            elif "device" in obj:
                obj["hotplug"] = ready
                devices.append((len(frames), obj))
            elif "ready" in obj:
                ready = True
            elif "summary" in obj:
                summary = obj["summary"]
    return frames, devices, summary


def unplug_time(path):
    """The middle of the longest stretch of frames with fingers down (s since the first event)."""
    frames, _, _ = load(path)
    t0 = frames[0]["t"]
    best, start = (0.0, None, None), None
    for f in frames:
        down = any(t["phase"] not in ("ended", "cancelled") for t in f["touches"])
        if down and start is None:
            start = f["t"]
        if not down and start is not None:
            if f["t"] - start > best[0]:
                best = (f["t"] - start, start, f["t"])
            start = None
    _, a, b = best
    return round((a + b) / 2 - t0, 3)


def compare(live, expected, name, errors):
    """Frame-by-frame agreement; returns the largest position difference."""
    worst = 0.0
    offset = None
    for i, (lf, ef) in enumerate(zip(live, expected)):
        lt, et = lf["touches"], ef["touches"]
        if len(lt) != len(et):
            errors.append(f"{name}: frame {i}: {len(lt)} touches live, {len(et)} emulated")
            return worst
        for a, b in zip(lt, et):
            if offset is None:
                offset = a["id"] - b["id"]
            if a["id"] - b["id"] != offset:
                errors.append(f"{name}: frame {i}: id {a['id']} live vs {b['id']} emulated (offset {offset} before)")
                return worst
            if a["phase"] != b["phase"]:
                errors.append(f"{name}: frame {i}: touch {b['id']} is {a['phase']} live, {b['phase']} emulated")
                return worst
            d = max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"]))
            worst = max(worst, d)
            if d > TOLERANCE_PX:
                errors.append(f"{name}: frame {i}: touch {b['id']} at ({a['x']:.3f}, {a['y']:.3f}) live, "
                              f"({b['x']:.3f}, {b['y']:.3f}) emulated")
                return worst
    return worst


def latency(frames):
    values = sorted(f["latency_us"] for f in frames if "latency_us" in f)
    if not values:
        return "no frames"
    pick = lambda p: values[min(len(values) - 1, round(p * (len(values) - 1)))]
    return f"p50 {pick(0.5) / 1000:.2f} ms, p95 {pick(0.95) / 1000:.2f} ms, max {values[-1] / 1000:.2f} ms over {len(values)} frames"


def check(work):
    errors = []
    # 1. The circle, played in full.
    live, devices, _ = load(f"{work}/live-circle.jsonl")
    expected, _, _ = load(f"{work}/expected-circle.jsonl")
    added = [d for at, d in devices if d["device"] == "added" and d["name"] == "Wacom ISDv4 E6 Finger"]
    removed = [d for at, d in devices if d["device"] == "removed" and d["name"] == "Wacom ISDv4 E6 Finger"]
    if not added:
        errors.append("circle: the virtual device (added after `touches` started) was not reported added")
    elif added[0]["role"] != "touchscreen":
        errors.append(f"circle: the device's role is {added[0]['role']}, expected touchscreen")
    elif not added[0]["hotplug"]:
        errors.append("circle: the device was present before `touches` was ready: hotplug not shown")
    else:
        print("circle: the virtual touchscreen was picked up as it was plugged in (after start)")
    if not removed:
        errors.append("circle: the device was not reported removed when `play` ended")
    if len(live) != len(expected):
        errors.append(f"circle: {len(live)} live frames, {len(expected)} emulated")
    worst = compare(live, expected, "circle", errors)
    print(f"circle: {len(live)} live frames, {len(expected)} emulated, largest position difference {worst:.6f} px")
    print(f"circle latency (event → frame in `tribune touches`, TCG guest): {latency(live)}")

    # 1b. `tribune record` in the guest: the YAML it wrote replays to the same frames.
    try:
        out = open(f"{work}/record-circle.out").read()
    except OSError:
        out = ""
    recorded, _, _ = load(f"{work}/recorded-circle.jsonl") if os.path.exists(f"{work}/recorded-circle.jsonl") else ([], [], None)
    if "record exit 0" not in out or "the device went away" not in out:
        errors.append(f"record: expected exit 0 after the device went away; got {out!r}")
    elif len(recorded) != len(expected):
        err = open(f"{work}/recorded-circle.err").read() if os.path.exists(f"{work}/recorded-circle.err") else ""
        errors.append(f"record: the recorded YAML replays to {len(recorded)} frames, the original to {len(expected)} {err[:300]!r}")
    else:
        failed = len(errors)
        worst = compare(recorded, expected, "record", errors)
        if len(errors) == failed:
            print(f"record: `tribune record` wrote {out.splitlines()[-2] if len(out.splitlines()) > 1 else out.strip()!r}; "
                  f"its YAML replays to the same {len(recorded)} frames (largest difference {worst:.6f} px)")

    # 2. The canvas, unplugged mid-gesture.
    live, devices, _ = load(f"{work}/live-canvas.jsonl")
    expected, _, _ = load(f"{work}/expected-canvas.jsonl")
    added = [d for at, d in devices if d["device"] == "added" and d["role"] == "touchscreen"]
    if not added:
        errors.append("canvas: the device was not reported added")
    else:
        size = added[0].get("size_mm")
        # libinput: (max − min) / resolution = 32767/55 × 32767/98 mm.
        want = (32767 / 55, 32767 / 98)
        if not size or abs(size[0] - want[0]) > 0.01 or abs(size[1] - want[1]) > 0.01:
            errors.append(f"canvas: size_mm {size}, expected {want[0]:.2f} × {want[1]:.2f} from the axes' resolution")
        else:
            print(f"canvas: panel size from libinput {size[0]:.2f} × {size[1]:.2f} mm")
    cancels = [i for i, f in enumerate(live) if any(t["phase"] == "cancelled" for t in f["touches"])]
    if not cancels:
        errors.append("canvas: no cancelled touches after the unplug")
    else:
        i = cancels[0]
        before = live[:i]
        failed = len(errors)
        worst = compare(before, expected[:len(before)], "canvas (before unplug)", errors)
        matched = "matched" if len(errors) == failed else "did NOT match"
        unplug = None
        for line in open(f"{work}/env.sh"):
            if line.startswith("UNPLUG="):
                unplug = float(line.split("=", 1)[1])
        if unplug is not None:
            # Every frame the recording has before the unplug arrived, and none after it.
            due = sum(1 for f in expected if f["t"] - expected[0]["t"] < unplug)
            if len(before) != due:
                errors.append(f"canvas: {len(before)} live frames before the unplug, the emulation has {due} before {unplug} s")
        last = live[i]
        if any(t["phase"] != "cancelled" for t in last["touches"]):
            errors.append(f"canvas: the unplug frame has touches that are not cancelled: {last['touches']}")
        if before:
            down = [t["id"] for t in before[-1]["touches"] if t["phase"] not in ("ended", "cancelled")]
            if sorted(t["id"] for t in last["touches"]) != sorted(down):
                errors.append(f"canvas: cancelled {[t['id'] for t in last['touches']]}, but {down} were down")
        if len(live) != i + 1:
            errors.append(f"canvas: {len(live) - i - 1} frames after the unplug")
        removed_at = [at for at, d in devices if d["device"] == "removed"]
        if not removed_at:
            errors.append("canvas: the device was not reported removed")
        print(f"canvas: {len(before)} frames {matched} the emulation (largest difference {worst:.6f} px), "
              f"then {len(last['touches'])} touch(es) cancelled at the unplug (t {last['t'] - live[0]['t']:.3f} s into the touches)")
    print(f"canvas latency: {latency([f for f in live if not any(t['phase'] == 'cancelled' for t in f['touches'])])}")
    # 2b. Calibration and rotation: libinput's set_matrix against the emulation's matrix.
    try:
        live, _, _ = load(f"{work}/live-calibrated.jsonl")
        expected, _, _ = load(f"{work}/expected-calibrated.jsonl")
        failed = len(errors)
        if len(live) != len(expected) or not live:
            errors.append(f"calibrated: {len(live)} live frames, {len(expected)} emulated")
        worst = compare(live, expected, "calibrated", errors)
        if len(errors) == failed:
            print(f"calibrated (matrix set through libinput, rotation 90): {len(live)} frames equal the emulation "
                  f"(largest difference {worst:.6f} px)")
    except OSError as e:
        errors.append(f"calibrated: {e}")

    # 3. No permission: the message names the node, the group and the systemd unit.
    try:
        text = open(f"{work}/permission.out").read()
        if "/dev/input/event" in text and "'input' group" in text and "systemd unit" in text and "exit 1" in text:
            print("permission: refused with an actionable message: " + text.splitlines()[0][:160])
        else:
            errors.append(f"permission: expected a message naming the node, the 'input' group and the systemd unit; got {text!r}")
    except OSError:
        errors.append("permission: no output (permission.out missing)")
    for name in ("play-circle.out", "play-canvas.out"):
        try:
            print(f"{name}: " + " | ".join(l.strip() for l in open(f"{work}/{name}") if l.strip()))
        except OSError:
            pass
    if errors:
        print("FAIL")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("PASS: live libinput frames equal the replay emulation; hotplug and unplug behave")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--unplug-time":
        print(unplug_time(sys.argv[2]))
    elif len(sys.argv) == 2:
        check(sys.argv[1])
    else:
        sys.exit(__doc__)
