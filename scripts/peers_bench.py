#!/usr/bin/env python3
"""Times the peer rasterizers (Blend2D, Skia, cairo) on a scene of solid polygon fills.

    scripts/peers_bench.py SCENE.json [--repeat N] [--renderers blend2d,skia,cairo]
                           [--modes per-op,batched] [--out-dir DIR]
    scripts/peers_bench.py --generate-seats OUT.json      # a stand-in for raster-bench's export
    scripts/peers_bench.py SCENE.json --write-batched OUT.json   # the batched mode as a scene

SCENE.json is a Tribune scene file (docs/scene-format.md) whose ops are fills with solid colours,
as `raster-bench --export-scene` writes them: one op per seat, pre-flattened polygons
("M… L… Z"). Curves, if any, are flattened here (Blend2D's Python binding takes polygons only),
so every library rasterizes the same edges.

Modes: per-op draws one path per op (one per seat); batched merges all ops of one colour into
one path (draw order changes only where different colours overlap). Each frame clears the
canvas to the background and draws everything; a frame is timed in full (clear included),
path objects are built before timing.

Prints one JSON line per renderer and mode:
    {"renderer": "blend2d", "mode": "per-op", "median_ms": 44.7, "min_ms": 40.6, "repeat": 30, ...}
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cairo_reference import parse_color, parse_svg_path  # noqa: E402


def flatten(ops, tolerance=0.1):
    """SVG ops (M/L/C/Z) → list of polygons (lists of (x, y)); cubics by uniform subdivision
    fine enough for `tolerance`."""
    polys, cur = [], None
    for op in ops:
        k = op[0]
        if k == "M":
            cur = [(op[1], op[2])]
            polys.append(cur)
        elif k == "L":
            cur.append((op[1], op[2]))
        elif k == "C":
            x0, y0 = cur[-1]
            x1, y1, x2, y2, x3, y3 = op[1:]
            dd = max(math.hypot(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2), math.hypot(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3))
            n = max(1, math.ceil(math.sqrt(3 * dd / (4 * tolerance))))
            for i in range(1, n + 1):
                t = i / n
                u = 1 - t
                cur.append((u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
                            u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3))
        elif k == "Z" and cur:
            cur = [cur[0]]
            polys.append(cur)
    return [p for p in polys if len(p) >= 3]


def load(path):
    with open(path) as f:
        scene = json.load(f)
    items = []  # (rgba 0…1, [polygon, …])
    for i, op in enumerate(scene["ops"]):
        if "fill" not in op or "paint" in op or op.get("rule", "nonzero") != "nonzero" or "transform" in op:
            raise SystemExit(f"{path}: ops[{i}]: only plain solid nonzero fills are supported by the peers benchmark")
        items.append((tuple(parse_color(op.get("color", "#000000"))), flatten(parse_svg_path(op["fill"]))))
    bg = parse_color(scene["background"]) if "background" in scene else None
    return scene["width"], scene["height"], bg, items


def write_batched(scene_path, out_path):
    """SCENE with its fills merged by colour (`batches`), SVG path data joined: what the peers'
    batched mode draws, for `tribune draw`."""
    with open(scene_path) as f:
        scene = json.load(f)
    merged = {}
    for op in scene["ops"]:
        if set(op) - {"fill", "color"}:
            sys.exit(f"{scene_path}: --write-batched takes plain fills only, found {sorted(op)}")
        merged.setdefault(op["color"], []).append(op["fill"])
    scene["ops"] = [{"fill": " ".join(paths), "color": color} for color, paths in merged.items()]
    with open(out_path, "w") as f:
        json.dump(scene, f)


def batches(items):
    """Per-op items merged by colour, in order of first appearance."""
    out = {}
    for color, polys in items:
        out.setdefault(color, []).extend(polys)
    return list(out.items())


# --- renderers: each returns (draw_frame, save_png) ------------------------------------------


def make_blend2d(w, h, bg, items):
    import blend2d
    img = blend2d.Image(w, h)
    prepared = []
    for color, polys in items:
        p = blend2d.Path()
        for poly in polys:
            p.move_to(*poly[0])
            for pt in poly[1:]:
                p.line_to(*pt)
            p.close()
        prepared.append((tuple(int(round(c * 255)) for c in color), p))
    bg8 = tuple(int(round(c * 255)) for c in bg) if bg else (0, 0, 0, 0)

    def frame():
        ctx = blend2d.Context(img)
        ctx.set_comp_op(blend2d.CompOp.SRC_COPY)
        ctx.set_fill_style_rgba(*bg8)
        ctx.fill_all()
        ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        for c, p in prepared:
            ctx.set_fill_style_rgba(*c)
            ctx.fill_path(p)
        ctx.end()

    def save(path):
        import cairo
        import numpy as np
        a = np.ascontiguousarray(img.asarray())  # premultiplied BGRA, like cairo's ARGB32
        surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
        np.frombuffer(surf.get_data(), np.uint8).reshape(h, surf.get_stride())[:, :w * 4] = a.reshape(h, w * 4)
        surf.mark_dirty()
        surf.write_to_png(path)
    return frame, save


def make_skia(w, h, bg, items):
    import skia
    surface = skia.Surface(w, h)
    canvas = surface.getCanvas()
    prepared = []
    for color, polys in items:
        p = skia.Path()
        for poly in polys:
            p.moveTo(*poly[0])
            for pt in poly[1:]:
                p.lineTo(*pt)
            p.close()
        paint = skia.Paint(AntiAlias=True, Color=skia.Color4f(*color))
        prepared.append((paint, p))
    bgc = skia.Color4f(*bg) if bg else skia.Color4f(0, 0, 0, 0)

    def frame():
        canvas.clear(bgc)
        for paint, p in prepared:
            canvas.drawPath(p, paint)
        surface.flushAndSubmit() if hasattr(surface, "flushAndSubmit") else None

    def save(path):
        surface.makeImageSnapshot().save(path, skia.kPNG)
    return frame, save


def make_cairo(w, h, bg, items):
    import cairo
    surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
    cr = cairo.Context(surf)
    cr.set_tolerance(0.1)
    prepared = []
    for color, polys in items:
        cr.new_path()
        for poly in polys:
            cr.move_to(*poly[0])
            for pt in poly[1:]:
                cr.line_to(*pt)
            cr.close_path()
        prepared.append((cairo.SolidPattern(*color), cr.copy_path()))
    cr.new_path()
    bgp = cairo.SolidPattern(*(bg or (0, 0, 0, 0)))

    def frame():
        cr.set_operator(cairo.OPERATOR_SOURCE)
        cr.set_source(bgp)
        cr.paint()
        cr.set_operator(cairo.OPERATOR_OVER)
        for pat, p in prepared:
            cr.append_path(p)
            cr.set_source(pat)
            cr.fill()
        surf.flush()

    def save(path):
        surf.write_to_png(path)
    return frame, save


RENDERERS = {"blend2d": make_blend2d, "skia": make_skia, "cairo": make_cairo}


def generate_seats(path):
    """A 20,000-seat chart like the reference benchmark's scene F (8 sections in a 4×2 grid,
    each rotated between −12° and +12°, seat pitch 7×6 px, 3 status colours, pre-flattened)
    — for running the peers without raster-bench."""
    from make_corpus import seat  # noqa: E402
    ops = []
    cols, rows = 50, 50  # 2,500 seats per section
    for s in range(8):
        sx, sy = 40 + (s % 4) * 470, 60 + (s // 4) * 500
        angle = math.radians(-12 + 24 * s / 7)
        cx, cy = sx + cols * 7 / 2, sy + rows * 6 / 2
        ca, sa = math.cos(angle), math.sin(angle)
        for j in range(rows):
            for i in range(cols):
                x, y = sx + i * 7, sy + j * 6
                # Seat centre rotated about the section centre; the seat itself turns as well.
                dx, dy = x + 3 - cx, y + 2.5 - cy
                px, py = cx + ca * dx - sa * dy - 3, cy + sa * dx + ca * dy - 2.5
                rects, _ = seat(px, py, 6, 5, angle)
                polys = flatten(parse_svg_path(rects), 0.05)
                d = " ".join("M" + " L".join(f"{x:.3f} {y:.3f}" for x, y in p) + " Z" for p in polys)
                ops.append({"fill": d, "color": ["#2f6fdb", "#e04040", "#909090"][(i * 7 + j * 13 + s) % 3]})
    with open(path, "w") as f:
        json.dump({"width": 1920, "height": 1080, "background": "#ffffff", "ops": ops}, f, separators=(",", ":"))
    print(f"wrote {len(ops)} seats to {path}", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scene", nargs="?")
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--renderers", default="blend2d,skia,cairo")
    ap.add_argument("--modes", default="per-op,batched")
    ap.add_argument("--out-dir", help="write each renderer's last frame as RENDERER-MODE.png here")
    ap.add_argument("--generate-seats", metavar="OUT.json", help="write a 20k-seat scene and exit")
    ap.add_argument("--write-batched", metavar="OUT.json",
                    help="write SCENE's batched mode (one fill per colour, as the peers draw it) as a scene and exit")
    args = ap.parse_args()
    if args.generate_seats:
        generate_seats(args.generate_seats)
        return
    if not args.scene:
        ap.error("a scene file is required")
    if args.write_batched:
        write_batched(args.scene, args.write_batched)
        return
    w, h, bg, items = load(args.scene)
    for name in args.renderers.split(","):
        for mode in args.modes.split(","):
            try:
                frame, save = RENDERERS[name](w, h, bg, items if mode == "per-op" else batches(items))
            except ImportError as e:
                print(json.dumps({"renderer": name, "mode": mode, "error": f"not installed: {e}"}))
                continue
            frame()  # warm-up (JIT, caches)
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                frame()
                times.append((time.perf_counter() - t0) * 1e3)
            if args.out_dir:
                os.makedirs(args.out_dir, exist_ok=True)
                save(os.path.join(args.out_dir, f"{name}-{mode}.png"))
            print(json.dumps({"renderer": name, "mode": mode, "median_ms": round(statistics.median(times), 3),
                              "min_ms": round(min(times), 3), "repeat": args.repeat, "paths": len(items) if mode == "per-op"
                              else len(batches(items))}), flush=True)


if __name__ == "__main__":
    main()
