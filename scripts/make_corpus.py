#!/usr/bin/env python3
"""Writes the cairo-agreement corpus: Tests/RasterTests/Corpus/*.json (+ the test images).

    scripts/make_corpus.py [Tests/RasterTests/Corpus]
    scripts/cairo_reference.py --all Tests/RasterTests/Corpus     # then the goldens

Scene names start with their kind: `fill-…` scenes are compared with the fill thresholds,
`stroke-…` (and `image-…`) scenes with the looser stroke thresholds; each file also carries
the kind in its "kind" field, which is what the tests read.
"""
import json
import math
import os
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Tests", "RasterTests", "Corpus")

KAPPA = 0.5522847498307936  # 4/3·(√2 − 1): quarter-circle cubic


def f(v):
    """Compact number text: at most 4 decimals, no trailing zeros."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def pts(*xy):
    return " ".join(f(v) for v in xy)


def apply(t, x, y):
    a, b, c, d, tx, ty = t
    return a * x + c * y + tx, b * x + d * y + ty


def concat(t1, t2):
    """t1 then t2 (CGAffineTransform.concatenating)."""
    a1, b1, c1, d1, x1, y1 = t1
    a2, b2, c2, d2, x2, y2 = t2
    return [a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            x1 * a2 + y1 * c2 + x2, x1 * b2 + y1 * d2 + y2]


def rotation(angle, cx=0.0, cy=0.0):
    c, s = math.cos(angle), math.sin(angle)
    return [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy]


IDENT = [1, 0, 0, 1, 0, 0]


def poly(points, close=True):
    d = "M" + pts(*points[0]) + "".join(" L" + pts(*p) for p in points[1:])
    return d + (" Z" if close else "")


def rect(x, y, w, h):
    return f"M{pts(x, y)} H{f(x + w)} V{f(y + h)} H{f(x)} Z"


def rounded_rect(x, y, w, h, rx, ry, t=IDENT):
    """SwiftUI-style rounded rect (circular corners as cubics), through transform t."""
    k = KAPPA
    segs = []
    P = lambda px, py: apply(t, px, py)
    segs.append(("M", [P(x + rx, y)]))
    segs.append(("L", [P(x + w - rx, y)]))
    segs.append(("C", [P(x + w - rx + k * rx, y), P(x + w, y + ry - k * ry), P(x + w, y + ry)]))
    segs.append(("L", [P(x + w, y + h - ry)]))
    segs.append(("C", [P(x + w, y + h - ry + k * ry), P(x + w - rx + k * rx, y + h), P(x + w - rx, y + h)]))
    segs.append(("L", [P(x + rx, y + h)]))
    segs.append(("C", [P(x + rx - k * rx, y + h), P(x, y + h - ry + k * ry), P(x, y + h - ry)]))
    segs.append(("L", [P(x, y + ry)]))
    segs.append(("C", [P(x, y + ry - k * ry), P(x + rx - k * rx, y), P(x + rx, y)]))
    return " ".join(v + " ".join(pts(*p) for p in ps) for v, ps in segs) + " Z"


def circle(cx, cy, r):
    return f"M{pts(cx + r, cy)} A{pts(r, r)} 0 1 1 {pts(cx - r, cy)} A{pts(r, r)} 0 1 1 {pts(cx + r, cy)} Z"


def seat(x, y, w, h, r):
    """The seed's SeatShape.path(in: Rect(x, y, w, h)) rotated by r about its centre: returns
    (rects path, rod path)."""
    vs = h * 0.1
    cw, ch = w / 15, h / 15
    back_h = h / 3 - vs
    squab_h = h / 2 - vs
    skew_angle = math.pi / 4
    skew_shift = back_h / math.tan(skew_angle)
    seat_w = w - skew_shift
    cx, cy = w / 2, h / 2
    placement = concat(rotation(r, cx, cy), [1, 0, 0, 1, x, y])
    skew = [1, 0, -math.cos(skew_angle), 1, skew_shift + vs, 0]
    rects = rounded_rect(0, vs, seat_w, back_h, cw, ch, concat(skew, placement)) + " " + \
        rounded_rect(0, h / 2, seat_w, squab_h, cw, ch, placement)
    a = apply(placement, w / 2, h / 3)
    b = apply(placement, w / 2 - skew_shift / 2, h / 2)
    rod = f"M{pts(*a)} L{pts(*b)}"
    return rects, rod


def star(cx, cy, r, n, step, rot=-math.pi / 2):
    """{n/step} star polygon (self-intersecting when step > 1)."""
    p = [(cx + r * math.cos(rot + 2 * math.pi * i * step / n), cy + r * math.sin(rot + 2 * math.pi * i * step / n)) for i in range(n)]
    return poly(p)


def petal_flower(cx, cy, rx, ry, count=16):
    """`count` ellipses whose centres sit on a circle around (cx, cy), each rotated to point
    outwards, as SVG arcs with an x-axis rotation."""
    d = []
    for i in range(count):
        a = 2 * math.pi * i / count
        ex, ey = cx + rx * math.cos(a), cy + rx * math.sin(a)
        deg = math.degrees(a)
        p0 = (ex + rx * math.cos(a), ey + rx * math.sin(a))
        p1 = (ex - rx * math.cos(a), ey - rx * math.sin(a))
        d.append(f"M{pts(*p0)} A{pts(rx, ry, deg)} 0 1 {pts(*p1)} A{pts(rx, ry, deg)} 0 1 {pts(*p0)} Z")
    return " ".join(d)


scenes = {}


def scene(name, kind, ops, w=200, h=150, background="#ffffff"):
    s = {"kind": kind, "width": w, "height": h}
    if background is not None:
        s["background"] = background
    s["ops"] = ops
    scenes[name] = s


def fill(d, color, **kw):
    op = {"fill": d, "color": color}
    op.update(kw)
    return op


def stroke(d, color, width, **kw):
    op = {"stroke": d, "color": color, "width": width}
    op.update(kw)
    return op


# --- fill rules ------------------------------------------------------------------------------
for rule in ("nonzero", "evenodd"):
    scene(f"fill-flower-{rule}", "fill", [fill(petal_flower(150, 150, 60, 22), "#c0306a", rule=rule)], 300, 300)
    scene(f"fill-star5-{rule}", "fill", [
        fill(star(75, 80, 65, 5, 2), "#1f4fb0", rule=rule),
        fill(star(220, 80, 60, 5, 2, rot=0.3), "#2a9d55e0", rule=rule)], 300, 160)
    scene(f"fill-star7-{rule}", "fill", [
        fill(star(75, 80, 68, 7, 3), "#7a1fb0", rule=rule),
        fill(star(220, 80, 68, 7, 2), "#b06a1f", rule=rule)], 300, 160)
    # Outer contour clockwise, first hole counter-clockwise, second hole clockwise: nonzero
    # keeps the clockwise hole filled, even-odd opens both.
    scene(f"fill-holes-{rule}", "fill", [fill(
        rect(10, 10, 180, 130) + " M30 30 V120 H90 V30 Z " + rect(110, 30, 60, 90) + " " +
        circle(140, 75, 20), "#204060", rule=rule)], 200, 150)
    scene(f"fill-overlap-subpaths-{rule}", "fill", [fill(
        " ".join(circle(70 + 30 * math.cos(a), 75 + 30 * math.sin(a), 40) for a in (0, 2.094, 4.189)),
        "#d04010c0", rule=rule)], 150, 150)

# --- curves and arcs -------------------------------------------------------------------------
scene("fill-quads", "fill", [
    fill("M10 130 Q50 10 100 130 T190 130 Z", "#3060c0"),
    fill("m20 20 q30 -15 60 0 t60 0 t50 20 l0 20 q-80 30 -170 -10 z", "#c06030b0")], 200, 150)
scene("fill-cubics", "fill", [
    fill("M10 140 C10 10 190 10 190 140 S100 60 10 140 Z", "#208060"),
    fill("M20 20 c40 -20 60 40 100 10 s40 -10 60 30 c-30 40 -120 -20 -160 -40 z", "#80208090")], 200, 150)
scene("fill-arcs", "fill", [
    fill("M20 75 A50 30 0 0 1 120 75 Z", "#a02040"),
    fill("M130 20 A40 60 30 1 0 180 120 L180 20 Z", "#2040a0b0"),
    fill("M20 100 a20 20 0 1 1 40 0 a20 20 0 1 1 -40 0 Z M70 100 a30 15 -20 0 0 60 10 Z", "#40a020"),
    fill("M140 130 A10 10 0 0 1 190 130 Z", "#000000")], 200, 150)  # radius too small → scaled up
scene("fill-relative-commands", "fill", [
    fill("m10 10 h50 v30 h-20 v20 h-30 z m60 0 l40 0 l-20 50 z", "#305070"),
    fill("M120 20 h60 v60 h-60 Z M130 30 v40 h40 v-40 z", "#803050", rule="evenodd"),
    fill("M10 90 l20 -10 20 10 20 -10 20 10 0 40 -80 0 z", "#508030"),
    fill("M110 90 c10 -20 30 -20 40 0 s30 20 40 0 v40 h-80 z", "#705090")], 200, 150)
scene("fill-circles-small", "fill", [
    fill(" ".join(circle(12 + 22 * i, 20 + 30 * j, 1.5 + i + 0.5 * j) for i in range(9) for j in range(4)), "#202020")], 200, 130)

# --- transforms ------------------------------------------------------------------------------
scene("fill-rotate", "fill", [
    fill(rect(-40, -25, 80, 50), "#c02020", transform=rotation(a, 0, 0)[:4] + [100 + 0 * a, 75])
    for a in (0.3,)] + [fill(rounded_rect(-30, -15, 60, 30, 8, 8), "#2060c080", transform=rotation(a)[:4] + [100, 75]) for a in (0.9, 1.7, 2.6)], 200, 150)
scene("fill-skew", "fill", [
    fill(rect(20, 20, 60, 60), "#206020", transform=[1, 0, 0.5, 1, 0, 0]),
    fill(circle(140, 50, 30), "#602020", transform=[1, 0.3, -0.4, 1, 10, -20]),
    fill(star(60, 110, 30, 5, 2), "#202060", transform=[1.2, 0.2, 0.6, 0.8, 50, 10])], 200, 150)
scene("fill-scale-nonuniform", "fill", [
    {"transform": [3, 0, 0, 0.5, 0, 0]},
    fill(circle(30, 100, 25), "#a05000"),
    fill(rect(40, 200, 20, 60), "#0050a0"),
    {"transform": [0.2, 0, 0, 1.5, 0, 0]},
    fill(circle(150, 100, 40), "#50a000c0")], 200, 150)
scene("fill-tiny-scale", "fill", [
    {"transform": [0.01, 0, 0, 0.01, 0, 0]},
    fill(star(10000, 7500, 7000, 5, 2), "#334455", rule="evenodd")], 200, 150)

# --- translucent colours over each other ----------------------------------------------------
scene("fill-translucent-overlap", "fill", [
    fill(circle(70, 60, 45), "#ff000080"),
    fill(circle(120, 60, 45), "#00ff0080"),
    fill(circle(95, 100, 45), "#0000ff80"),
    fill(rect(20, 20, 160, 30), "#ffffff40"),
    fill(rect(40, 90, 30, 50), "#00000010")], 200, 150)
scene("fill-translucent-transparent-bg", "fill", [
    fill(circle(70, 60, 45), "#ff000080"),
    fill(circle(120, 60, 45), "#00ff00c0"),
    fill(circle(95, 100, 45), "#0000ff30"),
    fill(rect(10, 120, 180, 20), "#ffff00ff")], 200, 150, background=None)

# --- the seed's seat shape at rotations across a turn ---------------------------------------
for label, size, cols in (("small", (7, 6), 12), ("medium", (30, 25), 6), ("large", (60, 50), 4)):
    w, h = size
    ops = []
    pitch_x, pitch_y = w * 1.6, h * 1.6
    for i in range(12):
        r = 2 * math.pi * i / 12 + 0.05
        x = 6 + (i % cols) * pitch_x + 0.37 * (i % 3)
        y = 6 + (i // cols) * pitch_y + 0.21 * (i % 4)
        rects, rod = seat(x, y, w, h, r)
        ops.append(fill(rects, ["#2f6fdb", "#e04040", "#909090"][i % 3]))
    cw = int(12 + cols * pitch_x)
    ch = int(12 + math.ceil(12 / cols) * pitch_y)
    scene(f"fill-seats-{label}", "fill", ops, cw, ch)
    ops = []
    for i in range(12):
        r = 2 * math.pi * i / 12 + 0.05
        x = 6 + (i % cols) * pitch_x + 0.37 * (i % 3)
        y = 6 + (i // cols) * pitch_y + 0.21 * (i % 4)
        rects, rod = seat(x, y, w, h, r)
        ops.append(fill(rects, "#2f6fdb"))
        ops.append(stroke(rod, "#2f6fdb", max(0.8, w / 12)))
    scene(f"stroke-seats-{label}", "stroke", ops, cw, ch)
# Many tiny seats rotated like a section of the benchmark chart.
ops = []
for j in range(10):
    for i in range(22):
        r = math.radians(-12 + 24 * ((i + j) % 7) / 6)
        rects, _ = seat(4 + i * 8.6 + 0.13 * j, 4 + j * 7.3 + 0.07 * i, 7, 6, r)
        ops.append(fill(rects, ["#2f6fdb", "#e04040", "#909090"][(i * 7 + j * 3) % 3]))
scene("fill-seats-section", "fill", ops, 200, 82)

# --- clips -----------------------------------------------------------------------------------
scene("fill-clip-rect", "fill", [
    {"clipRect": [20.5, 15.25, 150.3, 100.6]},
    fill(circle(100, 75, 70), "#c03030"),
    fill(rect(0, 60, 200, 20), "#3030c0a0")])
scene("fill-clip-path", "fill", [
    {"clip": star(100, 75, 70, 5, 2), "rule": "nonzero"},
    fill(rect(0, 0, 200, 75), "#208020"),
    fill(rect(0, 75, 200, 75), "#802020"),
    fill(circle(100, 75, 20), "#ffffff80")])
scene("fill-clip-evenodd", "fill", [
    {"clip": star(100, 75, 70, 5, 2), "rule": "evenodd"},
    fill(rect(0, 0, 200, 150), "#205080")])
scene("fill-clip-nested", "fill", [
    {"save": True},
    {"clipRect": [10, 10, 120, 120]},
    {"clip": circle(100, 75, 60)},
    fill(rect(0, 0, 200, 150), "#c07020"),
    {"save": True},
    {"clip": rect(60, 0, 30, 150) + " " + rect(110, 0, 30, 150)},
    fill(rect(0, 0, 200, 150), "#2050c0"),
    {"restore": True},
    fill(rect(0, 100, 200, 10), "#000000"),
    {"restore": True},
    fill(rect(150, 10, 40, 130), "#40a040")])
scene("fill-clip-rotated", "fill", [
    {"transform": rotation(0.4, 100, 75)},
    {"clipRect": [40, 30, 120, 90]},
    {"transform": rotation(-0.9, 100, 75)},
    {"clip": rounded_rect(50, 20, 100, 110, 20, 20)},
    fill(rect(0, 0, 200, 150), "#8030a0"),
    fill(circle(100, 75, 30), "#f0f0f0")])
scene("fill-clip-transformed-op", "fill", [
    {"clip": circle(0, 0, 50), "transform": [1.5, 0, 0, 1, 100, 75]},
    fill(rect(0, 0, 200, 150), "#306090"),
    fill(rect(0, 0, 100, 150), "#903060c0")])

# --- opacity layers --------------------------------------------------------------------------
scene("fill-layer-opacity", "fill", [
    {"layer": 0.5},
    fill(circle(80, 75, 50), "#ff0000"),
    fill(circle(120, 75, 50), "#0000ff"),
    {"endLayer": True},
    fill(rect(10, 10, 30, 30), "#00a000")])
scene("fill-layer-nested", "fill", [
    fill(rect(0, 50, 200, 50), "#202020"),
    {"layer": 0.8},
    fill(circle(60, 75, 45), "#e0a000"),
    {"layer": 0.5},
    fill(circle(110, 75, 45), "#00a0e0"),
    {"layer": 0.6},
    fill(circle(150, 75, 40), "#a000e0"),
    {"endLayer": True},
    {"endLayer": True},
    fill(rect(80, 20, 40, 110), "#ffffff80"),
    {"endLayer": True}])
# cairo applies an anti-aliased clip twice to a layer drawn inside it (once while drawing into
# the group, once when painting the group), squaring the coverage along the clip's edge; so the
# clip outside the layer is pixel-aligned and the anti-aliased clip sits inside the layer.
scene("fill-layer-clip", "fill", [
    {"clipRect": [20, 10, 160, 130]},
    {"layer": 0.7},
    {"clip": circle(100, 75, 65)},
    {"clipRect": [0, 0, 120.5, 150]},
    fill(rect(0, 0, 200, 150), "#d04020"),
    fill(rect(60, 40, 100, 70), "#2040d0"),
    {"endLayer": True},
    fill(rect(0, 65, 200, 20), "#00000060")])
scene("fill-layer-transparent-bg", "fill", [
    {"layer": 0.4},
    fill(star(100, 75, 70, 7, 3), "#ff8000", rule="evenodd"),
    fill(circle(100, 75, 30), "#0080ff80"),
    {"endLayer": True}], background=None)

# --- gradients -------------------------------------------------------------------------------
STOPS = [[0, "#ff0000"], [0.5, "#ffff00"], [1, "#0000ff"]]
for spread in ("pad", "repeat", "reflect"):
    scene(f"fill-linear-{spread}", "fill", [
        fill(rect(10, 10, 180, 60), None, paint={"linear": [60, 0, 120, 0], "stops": STOPS, "spread": spread}),
        fill(circle(100, 110, 35), None, paint={"linear": [80, 90, 110, 125], "stops": [[0, "#008040"], [1, "#f0f0f0"]], "spread": spread})])
    scene(f"fill-radial-{spread}", "fill", [
        fill(rect(5, 5, 140, 140), None, paint={"radial": [75, 75, 10, 75, 75, 40], "stops": STOPS, "spread": spread}),
        fill(rect(150, 5, 45, 140), None, paint={"radial": [172, 75, 0, 172, 75, 25], "stops": [[0, "#000000"], [1, "#ffffff"]], "spread": spread})])
scene("fill-radial-focal", "fill", [
    fill(rect(0, 0, 200, 150), None, paint={"radial": [70, 60, 5, 100, 75, 70], "stops": [[0, "#ffffff"], [0.3, "#ff8000"], [1, "#400000"]]}),
    fill(circle(160, 110, 30), None, paint={"radial": [150, 100, 0, 160, 110, 30], "stops": [[0, "#00ff00"], [1, "#0000ff"]], "spread": "reflect"})])
scene("fill-gradient-transformed", "fill", [
    fill(rect(-50, -30, 100, 60), None, transform=concat([1, 0, 0.6, 1, 0, 0], rotation(0.5)[:4] + [100, 75]),
         paint={"linear": [-50, 0, 50, 0], "stops": [[0, "#203080"], [1, "#f0c020"]], "spread": "reflect"}),
    {"transform": [1.5, 0, 0, 0.7, 0, 0]},
    fill(circle(30, 40, 25), None, paint={"radial": [30, 40, 0, 30, 40, 25], "stops": STOPS})])
scene("fill-gradient-translucent-stops", "fill", [
    fill(rect(0, 0, 100, 150), "#202020"),
    fill(rect(10, 20, 180, 40), None, paint={"linear": [10, 0, 190, 0], "stops": [[0, "#ff000000"], [1, "#0000ffff"]]}),
    fill(rect(10, 80, 180, 50), None, paint={"linear": [10, 0, 190, 0], "stops": [[0, "#ffffff20"], [0.5, "#00ff0080"], [1, "#ff00ffe0"]]})])
scene("fill-gradient-many-stops", "fill", [
    fill(rect(0, 0, 200, 150), None, paint={"linear": [0, 0, 200, 150], "stops": [[i / 8, c] for i, c in enumerate(
        ["#000000", "#ff0000", "#ff8000", "#ffff00", "#00ff00", "#00ffff", "#0000ff", "#8000ff", "#ffffff"])]}),
    fill(star(100, 75, 60, 5, 2), None, rule="evenodd", paint={"linear": [0, 0, 0, 150], "stops": [[0, "#ffffff"], [0.2, "#ffffff"], [0.2, "#000000"], [1, "#404040"]]})])

# --- blend modes -----------------------------------------------------------------------------
scene("fill-blend-copy", "fill", [
    fill(rect(10, 10, 180, 130), "#2060c0"),
    fill(circle(100, 75, 50), "#ff000060", blend="copy"),
    fill(rect(20, 100, 60, 30), "#00000000", blend="copy")])
scene("fill-blend-clear", "fill", [
    fill(rect(10, 10, 180, 130), "#2060c0"),
    fill(circle(100, 75, 50), "#000000", blend="clear"),
    {"clipRect": [0, 0, 100, 150]},
    fill(star(150, 75, 40, 5, 2), "#000000", blend="clear")])

# --- images ----------------------------------------------------------------------------------
scene("image-pattern-repeat", "image", [
    fill(rect(10, 10, 180, 130), None, paint={"image": "checker.png"})])
scene("image-pattern-transformed", "image", [
    fill(circle(100, 75, 65), None, paint={"image": "checker.png", "transform": rotation(0.5)[:4] + [100, 75], "scale": 2}),
    fill(rect(5, 5, 40, 40), None, paint={"image": "sprite.png", "transform": [1, 0, 0, 1, 9, 9], "repeat": False})])
scene("image-pattern-extend", "image", [
    fill(rect(5, 5, 60, 60), None, paint={"image": "sprite.png", "transform": [3, 0, 0, 3, 17, 17], "extend": "none"}),
    fill(rect(70, 5, 60, 60), None, paint={"image": "checker.png", "transform": [2, 0, 0, 2, 92, 27], "extend": "pad"}),
    fill(rect(135, 5, 60, 60), None, paint={"image": "checker.png", "transform": concat(rotation(0.3), [1.5, 0, 0, 1.5, 150, 20]), "extend": "repeat"}),
    fill(circle(100, 110, 35), None, paint={"image": "sprite.png", "transform": [2, 0, 0.5, 2, 80, 95], "extend": "pad"})])
scene("image-draw", "image", [
    {"drawImage": "sprite.png", "rect": [20, 20, 16, 16]},
    {"drawImage": "sprite.png", "rect": [50, 20, 64, 48]},
    {"drawImage": "checker.png", "rect": [130, 30, 50, 50]}])
scene("image-draw-transformed", "image", [
    {"transform": rotation(0.35, 100, 75)},
    {"drawImage": "sprite.png", "rect": [40, 30, 80, 80]},
    {"drawImage": "checker.png", "rect": [130, 40, 40, 30], "transform": [1, 0, 0.4, 1, 0, 0]}])

# --- strokes: joins, caps, miter limit -------------------------------------------------------
ZIG = "M20 120 L60 30 L100 120 L140 40 L170 110"
for join in ("miter", "round", "bevel"):
    scene(f"stroke-join-{join}", "stroke", [
        stroke(ZIG, "#203060", 14, join=join),
        stroke("M30 20 L80 22 L35 30", "#a03020", 6, join=join),  # a very sharp turn
        stroke(rect(120, 10, 60, 20), "#208020", 5, join=join)])
for cap in ("butt", "round", "square"):
    scene(f"stroke-cap-{cap}", "stroke", [
        stroke("M30 30 L170 30", "#000000", 16, cap=cap),
        stroke("M30 70 L170 90", "#a02060", 9, cap=cap),
        stroke("M40 120 Q100 80 160 125", "#2060a0", 7, cap=cap),
        stroke("M100 140 L100 140.01", "#000000", 6, cap=cap),
        stroke("M20 100 L20 140", "#00000080", 11, cap=cap)])
# An angle θ between the segments has miter ratio 1/sin(θ/2); 60° gives exactly 2.
ANGLE60 = "M20 120 L60 50.718 L100 120"
ANGLE30 = "M120 130 L145 36.7 L170 130"  # ≈ 30° → ratio ≈ 3.86
scene("stroke-miterlimit-below", "stroke", [
    stroke(ANGLE60, "#303030", 12, miterLimit=2.05),
    stroke(ANGLE30, "#903030", 8, miterLimit=3.95)])
scene("stroke-miterlimit-above", "stroke", [
    stroke(ANGLE60, "#303030", 12, miterLimit=1.95),
    stroke(ANGLE30, "#903030", 8, miterLimit=3.75)])
scene("stroke-miterlimit-default", "stroke", [
    stroke("M10 100 L" + f(100) + " 95 L10 90", "#000000", 3),  # ≈ 6.4°: ratio 18 > 10 → bevel
    stroke("M30 140 L180 130 L30 120", "#2050a0", 3, miterLimit=30)])

# --- dashes ----------------------------------------------------------------------------------
scene("stroke-dash-patterns", "stroke", [
    stroke("M10 20 L190 20", "#000000", 4, dash=[10, 5]),
    stroke("M10 40 L190 40", "#000000", 4, dash=[2, 2]),
    stroke("M10 60 L190 60", "#000000", 4, dash=[20, 4, 4, 4]),
    stroke("M10 80 L190 80", "#000000", 4, dash=[1, 6], cap="round"),
    stroke("M10 100 L190 100", "#000000", 6, dash=[8, 8], cap="square"),
    stroke("M10 120 L190 140", "#a03000", 3, dash=[15, 3, 3, 3, 3, 3])])
scene("stroke-dash-odd", "stroke", [
    stroke("M10 30 L190 30", "#000000", 5, dash=[12, 4, 6]),
    stroke("M10 60 L190 60", "#000000", 5, dash=[7]),
    stroke("M10 90 C60 40 140 140 190 90", "#2050a0", 4, dash=[10, 5, 2]),
    stroke(rect(20, 110, 160, 30), "#208040", 3, dash=[9, 3, 5], join="round")])
scene("stroke-dash-phase", "stroke", [
    stroke(f"M10 {20 + 15 * i} L190 {20 + 15 * i}", "#000000", 5, dash=[12, 6], dashPhase=p)
    for i, p in enumerate([0, 3, 6, 12, 17, -5, 30, 1.5])], 200, 150)
scene("stroke-dash-curves", "stroke", [
    stroke(circle(60, 75, 50), "#602080", 4, dash=[8, 4], dashPhase=2),
    stroke("M120 20 Q190 20 190 75 T120 130", "#206080", 5, dash=[3, 3], cap="round", join="round"),
    stroke("M120 60 A30 20 15 1 1 150 100", "#806020", 3, dash=[6, 2, 1, 2])])
scene("stroke-dash-closed", "stroke", [
    stroke(star(60, 75, 55, 5, 2), "#000000", 4, dash=[14, 6], dashPhase=4),
    stroke(rounded_rect(120, 20, 70, 110, 15, 15), "#a02020", 6, dash=[30, 10], join="round", cap="round")])

# --- hairlines -------------------------------------------------------------------------------
ops = []
for i, wdt in enumerate((0.05, 0.25, 0.5, 1)):
    y = 12 + i * 35
    ops.append(stroke(f"M10 {y} L190 {y + 8}", "#000000", wdt))
    ops.append(stroke(f"M10 {y + 15.5} L190 {y + 15.5}", "#000000", wdt))
    ops.append(stroke(f"M{20 + i * 45} 10 C{60 + i * 45} 40 {i * 45} 100 {30 + i * 45} 140", "#c00000", wdt))
scene("stroke-hairlines", "stroke", ops)
scene("stroke-hairline-scaled", "stroke", [
    {"transform": [25, 0, 0, 25, 0, 0]},
    stroke("M0.4 0.4 L7.6 5.6 M0.4 5.6 L7.6 0.4", "#000000", 0.05),
    stroke("M0.4 3 C2 0 6 6 7.6 3", "#0000c0", 0.05),
    stroke(rect(1, 1, 6, 4), "#008000", 0.05, join="round")])
scene("stroke-hairline-rotated", "stroke", [
    stroke(f"M100 75 L{100 + 80 * math.cos(a):.4f} {75 + 70 * math.sin(a):.4f}", "#000000", w)
    for a, w in zip([i * 2 * math.pi / 24 for i in range(24)], [0.25, 0.5, 1, 0.05] * 6)])

# --- other strokes ---------------------------------------------------------------------------
scene("stroke-curves", "stroke", [
    stroke("M10 130 C40 10 160 10 190 130", "#202080", 8),
    stroke("M10 80 Q100 -20 190 80", "#802020", 3),
    stroke("M30 140 C190 140 10 60 170 60", "#208020", 10, join="round", cap="round"),  # a cusp
    stroke("M20 20 S60 60 100 20 S140 60 180 20", "#000000", 2)])
scene("stroke-arcs", "stroke", [
    stroke("M20 75 A50 30 0 0 1 120 75", "#a02040", 6),
    stroke("M130 20 A40 60 30 1 0 180 120", "#2040a0", 4, cap="round"),
    stroke(circle(60, 110, 25), "#208020", 9),
    stroke("M130 140 a15 15 0 0 0 30 0 a15 15 0 0 1 30 0", "#000000", 3)])
scene("stroke-transformed-pen", "stroke", [
    stroke(circle(0, 0, 30), "#000000", 6, transform=[2, 0, 0, 0.6, 60, 45]),
    stroke(ZIG, "#a02020", 6, transform=[0.5, 0, 0.3, 0.4, 90, 80], join="round"),
    stroke("M-40 0 L40 0", "#2040a0", 10, cap="round", transform=concat([1, 0, 0, 0.3, 0, 0], rotation(0.7)[:4] + [60, 115]))])
scene("stroke-wide", "stroke", [
    stroke("M30 40 L170 60 L60 120", "#406080", 30, join="round", cap="round"),
    stroke("M140 110 L190 140", "#a0402080", 24, cap="square")])
scene("stroke-translucent-self-overlap", "stroke", [
    stroke("M20 20 L180 130 L180 20 L20 130 Z", "#0000ff80", 12),
    stroke("M30 75 C200 -50 200 200 30 75", "#ff000060", 10, join="bevel")])
scene("stroke-closed-vs-open", "stroke", [
    stroke("M20 20 L80 20 L80 80 L20 80 Z", "#000000", 10),
    stroke("M120 20 L180 20 L180 80 L120 80 L120 20", "#000000", 10),
    stroke(star(55, 120, 25, 5, 2), "#a02020", 3, join="miter", miterLimit=4),
    stroke(star(150, 120, 25, 7, 3), "#2020a0", 2, join="round")])
scene("stroke-gradient", "stroke", [
    stroke(circle(100, 75, 55), None, 14, paint={"linear": [40, 0, 160, 0], "stops": STOPS}),
    stroke(ZIG, None, 5, join="round", paint={"radial": [100, 75, 0, 100, 75, 80], "stops": [[0, "#000000"], [1, "#00c0c0"]], "spread": "reflect"})])
scene("stroke-clip-layer", "stroke", [
    {"clipRect": [10, 10, 180, 130]},
    {"layer": 0.6},
    {"clip": circle(100, 75, 60)},
    stroke(ZIG, "#203060", 14, join="round"),
    stroke("M10 75 L190 75", "#c02020", 20, dash=[10, 10]),
    {"endLayer": True}])
scene("stroke-skew-rotate", "stroke", [
    {"transform": concat([1, 0, -0.5, 1, 0, 0], rotation(0.3, 100, 75))},
    stroke(rect(60, 40, 80, 60), "#000000", 5, join="miter"),
    stroke(rounded_rect(40, 20, 120, 110, 20, 20), "#2070a0", 3, dash=[6, 3])])
# Degenerate subpaths: round caps draw a dot, butt caps nothing (square caps are left out:
# cairo draws nothing there, SVG an axis-aligned square).
scene("stroke-zero-length-caps", "stroke", [
    stroke("M40 75 Z", "#000000", 20, cap="round"),
    stroke("M100 75 L100 75", "#000000", 20, cap="round"),
    stroke("M160 75 L160 75", "#000000", 20, cap="butt")])


def write_images(folder):
    """Two small test images rendered with cairo itself: an opaque 8×8 checker with a colour
    ramp, and a 12×12 sprite with transparency."""
    import cairo
    s = cairo.ImageSurface(cairo.FORMAT_ARGB32, 8, 8)
    cr = cairo.Context(s)
    for y in range(8):
        for x in range(8):
            on = (x // 2 + y // 2) % 2 == 0
            cr.set_source_rgb(x / 7 if on else 0.1, 0.9 if on else y / 7, 0.2)
            cr.rectangle(x, y, 1, 1)
            cr.fill()
    s.write_to_png(os.path.join(folder, "checker.png"))
    s = cairo.ImageSurface(cairo.FORMAT_ARGB32, 12, 12)
    cr = cairo.Context(s)
    cr.set_source_rgba(0.9, 0.3, 0.1, 0.85)
    cr.arc(6, 6, 5, 0, 2 * math.pi)
    cr.fill()
    cr.set_source_rgba(0.1, 0.2, 0.9, 1)
    cr.rectangle(3, 3, 3, 3)
    cr.fill()
    s.write_to_png(os.path.join(folder, "sprite.png"))


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, s in sorted(scenes.items()):
        for op in s["ops"]:
            if op.get("color", "") is None:
                del op["color"]
        with open(os.path.join(OUT, name + ".json"), "w") as fh:
            json.dump(s, fh, indent=None, separators=(",", ":"))
            fh.write("\n")
    write_images(OUT)
    print(f"wrote {len(scenes)} scenes to {OUT}")


if __name__ == "__main__":
    main()
