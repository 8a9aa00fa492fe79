#!/usr/bin/env python3
"""Host side of the `tribune present` VM test: compares each screen capture (QEMU screendump,
PPM) with the headless rendering of the same scene (`tribune draw`, PNG) placed the same way —
at the top-left of a black logical canvas, turned by the rotation — and checks the report
(page flips ≥ frames presented, the path requested) and SIGTERM handling (exit 0 within 2 s,
the VT back in KD_TEXT). Prints one line per check; exit status 1 when any fails.

    check_present.py WORKDIR EXPECTED_A.png EXPECTED_B.png CASES_FILE
"""
import json, sys

from check_run import read_ppm, read_png

def expected_screen(png, rotation, dw, dh):
    """The device image (RGB bytes): PNG at the top-left of a black logical canvas, turned clockwise."""
    pw, ph, pix = png
    lw, lh = (dh, dw) if rotation in (90, 270) else (dw, dh)
    canvas = bytearray(lw * lh * 3)
    for y in range(min(ph, lh)):
        n = min(pw, lw) * 3
        canvas[y*lw*3:y*lw*3+n] = pix[y*pw*3:y*pw*3+n]
    if rotation == 0: return bytes(canvas)
    out = bytearray(dw * dh * 3)
    for dy in range(dh):
        for dx in range(dw):
            if rotation == 90: x, y = dy, lh - 1 - dx
            elif rotation == 180: x, y = lw - 1 - dx, lh - 1 - dy
            else: x, y = lw - 1 - dy, dx
            s, d = (y*lw + x) * 3, (dy*dw + dx) * 3
            out[d:d+3] = canvas[s:s+3]
    return bytes(out)

def compare(screen, expected):
    """(max |Δ| over channels, pixels with a channel off by more than 2)."""
    if screen == expected: return 0, 0
    worst, bad = 0, 0
    for i in range(0, min(len(screen), len(expected)), 3):
        d = max(abs(screen[i] - expected[i]), abs(screen[i+1] - expected[i+1]), abs(screen[i+2] - expected[i+2]))
        worst = max(worst, d); bad += d > 2
    return (worst if len(screen) == len(expected) else 255), bad

def main():
    work, png_a, png_b, cases_file = sys.argv[1:5]
    scenes = {'A': read_png(png_a), 'B': read_png(png_b)}
    results = {}
    for line in open(f'{work}/results.txt'):
        parts = line.split(); results[parts[0]] = dict(p.split('=') for p in parts[1:])
    failures = 0
    def check(ok, text):
        nonlocal failures
        failures += 0 if ok else 1
        print(('PASS ' if ok else 'FAIL ') + text)
    for line in open(cases_file):
        if not line.strip(): continue
        name, flags = line.split()[0], line.split()[1:]
        rotation = int(flags[flags.index('--rotation') + 1]) if '--rotation' in flags else 0
        scene = 'B' if '--then' in flags else 'A'
        wanted_path = 'legacy' if '--legacy' in flags else 'atomic'
        try:
            w, h, screen = read_ppm(f'{work}/{name}.ppm')
            report = json.load(open(f'{work}/{name}.json'))
        except Exception as e:
            check(False, f'{name}: no capture or report ({e}); see {work}/{name}.err and guest.log'); continue
        blank = '--blank-after' in flags
        if blank:
            # Blanked: the CRTC is off (atomic ACTIVE=0) or DPMS is off; QEMU then shows black.
            exp = bytes(w * h * 3)
            check(report.get('blankings') == 1 and report.get('unblanked') is True,
                  f'{name}: blanked {report.get("blankings")} time(s), turned back on before exit: {report.get("unblanked")}')
        else:
            exp = expected_screen(scenes[scene], rotation, w, h)
        worst, bad = compare(screen, exp)
        what = 'black (blanked)' if blank else f'headless scene {scene} at {rotation}°'
        check(worst <= 2, f'{name}: screen {w}x{h} vs {what}: max |Δ| = {worst}'
                          f' ({bad} pixels over 2)')
        check(report['flipsCompleted'] >= report['framesPresented'] >= (2 if scene == 'B' else 1),
              f'{name}: {report["framesPresented"]} frames presented, {report["flipsCompleted"]} page flips completed')
        check(report['path'] == wanted_path, f'{name}: path {report["path"]} (wanted {wanted_path}),'
              f' copied device rects {report["copiedDeviceRects"]}')
        if scene == 'B' and '--lose-flip-events' not in flags:
            last = report['copiedDeviceRects'][-1]
            full = w * h
            check(all(r[2] * r[3] < full for r in last),
                  f'{name}: the second frame copied only the damage {last} (damage {report["damageRects"][-1]})')
        if name.endswith('-vt'):
            check(report.get('vtReleases') == 1 and report.get('vtAcquires') == 1,
                  f'{name}: VT switched away {report.get("vtReleases")}× and back {report.get("vtAcquires")}×'
                  f' (frames {report["framesPresented"]}, flips {report["flipsCompleted"]})')
        if name.endswith('-hotplug'):
            check(report.get('disconnects') == 1 and report.get('reconnects') == 1 and report.get('modeChanges') == 0
                  and report.get('finalMode') == '1024x768' and report['framesPresented'] >= 2,
                  f'{name}: connector unplugged {report.get("disconnects")}×, back {report.get("reconnects")}×,'
                  f' mode {report.get("finalMode")}, {report["framesPresented"]} frames (the repaint after it came back)')
        if '--lose-flip-events' in flags:
            # After a lost flip nothing is known of the buffers: the next frame repaints all of it.
            last = report['copiedDeviceRects'][-1]
            check(report.get('flipTimeouts', 0) >= 1 and sum(r[2] * r[3] for r in last) == w * h,
                  f'{name}: a lost page-flip event timed out {report.get("flipTimeouts")}× and was recovered from'
                  f' (mode set again, the next frame repainted whole: {last}, the next scene on screen)')
        if '--back-to-back' in flags:
            n = int(flags[flags.index('--back-to-back') + 1])
            check(report.get('busyRetries', 0) >= 1 and report['framesPresented'] == 2 + n,
                  f'{name}: {n} flips queued while the previous was pending: the kernel answered EBUSY'
                  f' {report.get("busyRetries")}×, each retried after the pending flip completed;'
                  f' {report["framesPresented"]} frames presented, {report["flipsCompleted"]} flips completed')
        if '--then-mode' in flags:
            wanted = flags[flags.index('--then-mode') + 1]
            check(report.get('modeChanges') == 1 and report.get('finalMode') == wanted and f'{w}x{h}' == wanted,
                  f'{name}: mode changed {report.get("modeChanges")}× to {report.get("finalMode")} (screen {w}x{h}),'
                  f' new buffers, the scene repainted')
        r = results.get(name, {})
        check(r.get('rc') == '0' and int(r.get('sigterm_ms', 99999)) <= 2000,
              f'{name}: SIGTERM → exit {r.get("rc")} after {r.get("sigterm_ms")} ms'
              f' (restoring CRTC and console took {report.get("restoreMs")} ms of it)')
        check(r.get('kd_after') == '0' and r.get('kd_during') == '1',
              f'{name}: VT KD mode {r.get("kd_during")} while running, {r.get("kd_after")} after exit (1 = graphics, 0 = text)')
    print(f'{failures} failed checks' if failures else 'all VM checks passed')
    sys.exit(1 if failures else 0)

main()
