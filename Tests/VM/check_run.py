#!/usr/bin/env python3
"""Host side of the `tribune run` VM test (scripts/vm/test-run.sh). Reads WORKDIR's captures,
the notify log, the status answers and results.txt; prints one line per check; exit status 1
when any fails.

    check_run.py WORKDIR
"""
import json, os, re, struct, sys, zlib

def read_ppm(path):
    """(width, height, RGB bytes) of a binary 8-bit PPM."""
    data = open(path, 'rb').read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos+1].isspace(): pos += 1
        if data[pos:pos+1] == b'#':
            while data[pos:pos+1] != b'\n': pos += 1
            continue
        start = pos
        while not data[pos:pos+1].isspace(): pos += 1
        fields.append(data[start:pos])
    assert fields[0] == b'P6' and int(fields[3]) == 255, 'expected a binary 8-bit PPM'
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos+1:pos+1+w*h*3]

def read_png(path):
    """(width, height, RGB bytes over black) of an 8-bit RGB/RGBA non-interlaced PNG."""
    data = open(path, 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', path + ': not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos+8]); body = data[pos+8:pos+8+n]; pos += 12 + n
        if kind == b'IHDR': w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT': idat += body
    assert depth == 8 and ctype in (2, 6) and interlace == 0, path + ': unsupported PNG layout'
    bpp = 4 if ctype == 6 else 3
    raw, stride = zlib.decompress(idat), w * bpp
    out, prev, i = bytearray(), bytearray(stride), 0
    for _ in range(h):
        f = raw[i]; line = bytearray(raw[i+1:i+1+stride]); i += 1 + stride
        if f:
            for x in range(stride):
                a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
                if f == 1: line[x] = (line[x] + a) & 255
                elif f == 2: line[x] = (line[x] + b) & 255
                elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if bpp == 3:
            out += line
        else:
            for x in range(0, stride, 4):
                al = line[x+3]
                out += bytes((line[x+k] * al + 127) // 255 for k in range(3)) if al != 255 else line[x:x+3]
        prev = line
    return w, h, bytes(out)

def compare(a, b):
    """(max |Δ| over channels, pixels with a channel off by more than 2); 255 when sizes differ."""
    if a == b: return 0, 0
    if len(a) != len(b): return 255, -1
    worst, bad = 0, 0
    for i in range(0, len(a), 3):
        d = max(abs(a[i] - b[i]), abs(a[i+1] - b[i+1]), abs(a[i+2] - b[i+2]))
        if d > worst: worst = d
        bad += d > 2
    return worst, bad

def main():
    work = sys.argv[1]
    failures = 0
    def check(ok, text):
        nonlocal failures
        failures += 0 if ok else 1
        print(('PASS ' if ok else 'FAIL ') + text)
    results = {}
    for line in open(f'{work}/results.txt'):
        parts = line.split()
        if parts and '=' not in parts[0]: results[parts[0]] = dict(p.split('=') for p in parts[1:])
    r = results.get('run', {})
    notes = []
    if os.path.exists(f'{work}/notify.log'):
        for line in open(f'{work}/notify.log'):
            t, msg = line.split(' ', 1)
            notes.append((float(t), eval(msg)))
    messages = [m for _, m in notes]
    ready = [i for i, m in enumerate(messages) if 'READY=1' in m.split('\n')]
    check(len(ready) == 1 and ready[0] == 0, f'READY=1 sent once, as the first notification ({len(messages)} received)')
    if ready:
        status = [l for l in messages[ready[0]].split('\n') if l.startswith('STATUS=')]
        check(bool(status), f'READY=1 came with {status[0] if status else "no STATUS="}')
    marks = dict(l.strip().split('=') for l in open(f'{work}/marks.txt')) if os.path.exists(f'{work}/marks.txt') else {}
    a, b = float(marks.get('idle_start', 0)), float(marks.get('idle_end', 0))
    dogs = [t for t, m in notes if m == 'WATCHDOG=1']
    idle = [t for t in dogs if a <= t <= b]
    gaps = [y - x for x, y in zip(idle, idle[1:])]
    check(len(idle) >= 2 and all(g <= 1.5 for g in gaps),
          f'WATCHDOG=1 every {max(gaps) if gaps else "-":.3} s or less while idle ({len(idle)} in the {b - a:.1f} s window, '
          f'{len(dogs)} in all; WATCHDOG_USEC = 2 s → every 1 s)')
    if 'idle_cpu_start' in marks and 'idle_cpu_end' in marks and b > a:
        used = (float(marks['idle_cpu_end']) - float(marks['idle_cpu_start'])) / float(marks.get('clock_ticks', 100))
        # ~0 %: a few watchdog wake-ups a second at most (the budget allows 2 % of a core, in a TCG guest).
        check(used / (b - a) <= 0.02, f'idle CPU: {used * 1000:.0f} ms of CPU in the {b - a:.1f} s idle window '
              f'({100 * used / (b - a):.2f} % of a core; ≤ 2 %)')
    else:
        check(False, 'idle CPU: no CPU-time marks from the guest')
    check(any(m.startswith('STOPPING=1') for m in messages), 'STOPPING=1 on SIGTERM')

    expected = read_png(f'{work}/expected.png')
    try:
        ew, eh, epix = expected
        rw, rh, rpix = read_ppm(f'{work}/ready.ppm')
        # The kiosk's frame is on screen when READY=1 arrives: the background (top-left pixel of the
        # headless render) is there, not the text console.
        check((rw, rh) == (ew, eh) and rpix[:3] == epix[:3],
              f'screen at READY=1 shows the kiosk (top-left {tuple(rpix[:3])}, expected {tuple(epix[:3])})')
    except Exception as e:
        check(False, f'no capture at READY=1 ({e}); see {work}/run.err and guest.log')
    try:
        sw, sh, spix = read_ppm(f'{work}/settled.ppm')
        worst, bad = compare(spix, expected[2])
        check((sw, sh) == expected[:2] and worst <= 2,
              f'settled screen {sw}x{sh} vs the session rendered headless {expected[0]}x{expected[1]}: max |Δ| = {worst} ({bad} pixels over 2)')
    except Exception as e:
        check(False, f'no settled capture ({e}); see {work}/run.err')
    check(r.get('settled') == 'yes', f'the status said settled before the capture ({r.get("settled")})')
    try:
        shot = read_png(f'{work}/screenshot.png')
        worst, bad = compare(shot[2], expected[2])
        check(shot[:2] == expected[:2] and worst <= 2, f'`tribune screenshot` {shot[0]}x{shot[1]} vs headless: max |Δ| = {worst}')
    except Exception as e:
        check(False, f'no screenshot ({e}): {open(f"{work}/screenshot.out").read() if os.path.exists(f"{work}/screenshot.out") else ""}')
    try:
        before = json.load(open(f'{work}/status-before.json')); after = json.load(open(f'{work}/status-after.json'))
        check(before['phase'] == 'browsing' and after['frames'] == before['frames'],
              f'status: phase {before["phase"]}, frames {before["frames"]} then {after["frames"]} (idle: no new frames), '
              f'service {before["service"]}, uptime {before["uptime"]} s')
        first = before.get('first_frame_ms')
        check(isinstance(first, (int, float)) and 0 < first <= before['uptime'] * 1000 + 100,
              f'start-up: {first} ms from the kernel starting the process to the first frame on screen (TCG guest, '
              f'{os.environ.get("VM_BUILD", "debug")} build, {os.environ.get("VM_SEATS", "3000")} seats)')
    except Exception as e:
        check(False, f'status answers unreadable ({e})')
    try:
        # The guest dropped the first page-flip event (--lose-flip-events 1): the kiosk loop
        # itself wrote the flip off at its deadline and repainted. The first screen is shown by
        # the modeset and needs no flip (a slow guest may draw it after the trace-in is over, as
        # its only frame); the reload's frames are flips, so by the time the reloaded session
        # settles the lost event has been written off. The settled screen (above) equals the
        # headless one.
        final = json.load(open(f'{work}/status-final.json'))
        check(final.get('flip_timeouts') == 1 and final['flips'] >= 1 and final['settled'],
              f'a lost page-flip event: the kiosk loop wrote it off {final.get("flip_timeouts")}× at its deadline,'
              f' set the mode again and repainted ({final["frames"]} frames, {final["flips"]} flips by the settled reload)')
    except Exception as e:
        check(False, f'status after the reload unreadable ({e})')
    reload = open(f'{work}/reload.txt').read().strip() if os.path.exists(f'{work}/reload.txt') else ''
    check(reload.startswith('ok'), f'reload over the control socket: {reload!r}')
    check(r.get('rc') == '0' and int(r.get('sigterm_ms', 99999)) <= 2000,
          f'SIGTERM → exit {r.get("rc")} after {r.get("sigterm_ms")} ms')
    check(r.get('kd_during') == '1' and r.get('kd_after') == '0',
          f'VT KD mode {r.get("kd_during")} while running, {r.get("kd_after")} after exit (1 = graphics, 0 = text)')
    print(f'{failures} failed checks' if failures else 'all VM run checks passed')
    sys.exit(1 if failures else 0)

if __name__ == "__main__":
    main()
