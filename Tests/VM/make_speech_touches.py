#!/usr/bin/env python3
"""Writes the touches of the speaking-kiosk VM test (scripts/vm/test-run-speech.sh) as evemu
recordings for `tribune play` (and `tribune-headless replay`): a direct touchscreen whose axes
span the 1024x768 screen pixel for pixel, and on it, one recording per step:

  1 tap the accessibility button (speech is off: a tap presses it) — the card opens
  2 tap the card's Speech switch — speech on, the screen reader has touch from now on
  3 swipe right — the focus goes to the first item, said
  4 swipe right — the next item, said
  5 swipe left — back to the first, said
  6 tap on Close — explores: Close is focused and said, nothing pressed
  7 double-tap away from Close — presses the focused item: the card closes, the screen is said

and all seven in one recording, STEP_GAP seconds apart and each slowed to SPEED as `tribune play
--speed SPEED` plays it, for the headless replay that gives the expected announcements. Where the buttons are at 1024x768 (270 x 203 mm: 3.79 px/mm, chrome unit
768/1080 px) follows KioskLayout and AccessibilityCardLayout; the headless replay checks it (a tap
that misses leaves speech off and the transcript empty).

    make_speech_touches.py OUTDIR SPEED   writes OUTDIR/step1.evemu … step7.evemu, all.evemu, steps.txt
"""
import os, sys

WIDTH, HEIGHT = 1024, 768
STEP_GAP = 8.0       # s between steps in all.evemu (the replay's clock is virtual: nothing is slow)
C = HEIGHT / 1080    # the chrome unit: the short side's 1/1080 (more than the panel's 0.1 mm here)

# The header: cart at the right end, the accessibility button left of it (96-unit squares, 16 apart).
ACCESSIBILITY = (WIDTH - 16 * C - 96 * C - 16 * C - 48 * C, 8 * C + 48 * C)
# The card: 2 columns of switches (Large text, Low reach / Step-through, Speech) under a 72-unit
# title, centred on the screen; Close centred at its bottom.
CARD_W = min(1200 * C, WIDTH - 48 * C)
CARD_H = (28 + 72 + 16 + 2 * (96 + 16) + 8 + 96 + 28) * C
CARD_TOP = HEIGHT / 2 - CARD_H / 2
CELL = (CARD_W - 64 * C - 16 * C) / 2
SPEECH = ((WIDTH - CARD_W) / 2 + 32 * C + CELL + 16 * C + CELL / 2,
          CARD_TOP + (28 + 72 + 16 + 96 + 16 + 48) * C)
CLOSE = (WIDTH / 2, CARD_TOP + CARD_H - 28 * C - 48 * C)

HEADER = """# EVEMU 1.3
# Input device name: "Tribune speech test touchscreen" (synthesised: a direct touchscreen, axes in screen pixels)
N: Tribune speech test touchscreen
I: 0018 0000 0000 0000
P: 02 00 00 00 00 00 00 00
B: 00 0b 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 04 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 01 00 00 00 00 00 00 00 00
B: 02 00 00 00 00 00 00 00 00
B: 03 03 00 00 00 00 80 60 02
B: 04 00 00 00 00 00 00 00 00
B: 05 00 00 00 00 00 00 00 00
B: 11 00 00 00 00 00 00 00 00
B: 12 00 00 00 00 00 00 00 00
B: 14 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
B: 15 00 00 00 00 00 00 00 00
A: 00 0 %d 0 0 0
A: 01 0 %d 0 0 0
A: 2f 0 9 0 0 0
A: 35 0 %d 0 0 0
A: 36 0 %d 0 0 0
A: 39 0 65535 0 0 0
""" % (WIDTH - 1, HEIGHT - 1, WIDTH - 1, HEIGHT - 1)


class Stroke:
    """Kernel frames of one finger: landing, moves, lift (each frame ends with SYN_REPORT)."""
    def __init__(self):
        self.events = []      # (time, type, code, value)
        self.tracking = 1

    def frame(self, t, items):
        for ty, code, value in items:
            self.events.append((t, ty, code, value))
        self.events.append((t, 0, 0, 0))

    def down(self, t, x, y):
        x, y = round(x), round(y)
        self.frame(t, [(3, 0x39, self.tracking), (3, 0x35, x), (3, 0x36, y), (1, 0x14a, 1), (3, 0, x), (3, 1, y)])
        self.tracking += 1

    def move(self, t, x, y):
        x, y = round(x), round(y)
        self.frame(t, [(3, 0x35, x), (3, 0x36, y), (3, 0, x), (3, 1, y)])

    def up(self, t):
        self.frame(t, [(3, 0x39, -1), (1, 0x14a, 0)])

    def tap(self, t, p):
        self.down(t, *p)
        self.up(t + 0.08)
        return t + 0.08

    def swipe(self, t, y, x0, x1, duration=0.2, steps=8):
        self.down(t, x0, y)
        for k in range(1, steps + 1):
            self.move(t + duration * k / steps, x0 + (x1 - x0) * k / steps, y)
        self.up(t + duration + 0.02)
        return t + duration + 0.02

    def double_tap(self, t, p):
        end = self.tap(t, p)
        return self.tap(end + 0.12, p)


STEPS = [
    ("tap the accessibility button", lambda s, t: s.tap(t, ACCESSIBILITY)),
    ("tap the Speech switch", lambda s, t: s.tap(t, SPEECH)),
    ("swipe right", lambda s, t: s.swipe(t, 650, 300, 520)),
    ("swipe right", lambda s, t: s.swipe(t, 650, 300, 520)),
    ("swipe left", lambda s, t: s.swipe(t, 650, 520, 300)),
    ("tap on Close (explore)", lambda s, t: s.tap(t, CLOSE)),
    ("double-tap (activate)", lambda s, t: s.double_tap(t, (512, 660))),
]


def write(path, stroke):
    with open(path, "w") as f:
        f.write(HEADER)
        for t, ty, code, value in stroke.events:
            f.write("E: %.6f %04x %04x %04d\n" % (t, ty, code, value))


def main():
    out, speed = sys.argv[1], float(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    everything = Stroke()
    lines = []
    for k, (name, make) in enumerate(STEPS, start=1):
        one = Stroke()
        make(one, 0.000001)
        write(os.path.join(out, "step%d.evemu" % k), one)
        # all.evemu holds each step as `tribune play --speed SPEED` delivers it: slowed down.
        start = k * STEP_GAP
        everything.events += [(start + t / speed, ty, code, value) for t, ty, code, value in one.events]
        lines.append("%d %.3f %.3f %s" % (k, start, everything.events[-1][0], name))
    write(os.path.join(out, "all.evemu"), everything)
    with open(os.path.join(out, "steps.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


main()
