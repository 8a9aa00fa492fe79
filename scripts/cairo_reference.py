#!/usr/bin/env python3
"""Render a Tribune scene file (docs/scene-format.md) with pycairo: the reference renderer.

    scripts/cairo_reference.py SCENE.json OUT.png
    scripts/cairo_reference.py --all Tests/RasterTests/Corpus     # every *.json → *.golden.png
    scripts/cairo_reference.py --supersample=4 SCENE.json OUT.png  # diagnostic: 4×4 box-filtered

The goldens use plain cairo (no supersampling); supersampling is only a diagnostic that
takes cairo's own 15-sub-scanline coverage estimate out of a comparison.

The semantics mirror `SceneFile.render(into:)` in Sources/Raster: an ARGB32 image surface,
default antialiasing, tolerance 0.1, curves handed to cairo as curves (SVG arcs are converted
to cubics here, quadratics are degree-elevated exactly).
"""
import json
import math
import os
import re
import sys

import cairo

# ---------------------------------------------------------------------------------------------
# SVG path data


class SVGPathError(ValueError):
    pass


_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def _tokens(d):
    """Yields (offset, command letter or float). Arc flags are read by the caller."""
    i, n = 0, len(d)
    while i < n:
        ch = d[i]
        if ch in " \t\r\n,":
            i += 1
        elif ch.upper() in _ARGS:
            yield i, ch
            i += 1
        else:
            m = _NUMBER.match(d, i)
            if not m:
                raise SVGPathError(f"SVG path data offset {i}: expected a number")
            yield i, m.group(0)
            i = m.end()


def _flag_split(d):
    """Tokenizes with arc-flag awareness: '001' after an arc radius/rotation is 0, 0, 1."""
    out = []
    toks = list(_tokens(d))
    cmd = None
    argi = 0
    for off, t in toks:
        if isinstance(t, str) and len(t) == 1 and t.upper() in _ARGS:
            cmd = t.upper()
            argi = 0
            out.append((off, t))
            continue
        if cmd == "A" and argi % 7 in (3, 4):
            # A flag can be glued to what follows: "01" or "1-2".
            s = t
            k = 0
            while s and argi % 7 in (3, 4):
                if s[0] not in "01":
                    raise SVGPathError(f"SVG path data offset {off + k}: expected a flag (0 or 1)")
                out.append((off + k, float(s[0])))
                s = s[1:]
                k += 1
                argi += 1
            if s:
                out.append((off + k, float(s)))
                argi += 1
            continue
        out.append((off, float(t)))
        argi += 1
    return out


def _arc_to_cubics(x1, y1, rx, ry, phi_deg, large, sweep, x2, y2):
    """SVG arc (F.6.5 endpoint → centre) as a list of cubic control triples."""
    if x1 == x2 and y1 == y2:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [((x1, y1), (x2, y2), (x2, y2))]  # a straight line, as a degenerate cubic
    phi = math.radians(phi_deg % 360)
    cphi, sphi = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p = cphi * dx + sphi * dy
    y1p = -sphi * dx + cphi * dy
    lam = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    if lam > 1:
        s = math.sqrt(lam)
        rx, ry = rx * s, ry * s
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp = coef * rx * y1p / ry
    cyp = -coef * ry * x1p / rx
    cx = cphi * cxp - sphi * cyp + (x1 + x2) / 2
    cy = sphi * cxp + cphi * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    ux, uy = (x1p - cxp) / rx, (y1p - cyp) / ry
    vx, vy = (-x1p - cxp) / rx, (-y1p - cyp) / ry
    theta1 = angle(1, 0, ux, uy)
    dtheta = angle(ux, uy, vx, vy)
    if not sweep and dtheta > 0:
        dtheta -= 2 * math.pi
    elif sweep and dtheta < 0:
        dtheta += 2 * math.pi
    segments = max(1, int(math.ceil(abs(dtheta) / (math.pi / 2) - 1e-9)))
    delta = dtheta / segments
    k = 4 / 3 * math.tan(delta / 4)

    def pt(t):
        ct, st = math.cos(t), math.sin(t)
        return (cx + rx * ct * cphi - ry * st * sphi, cy + rx * ct * sphi + ry * st * cphi)

    def deriv(t):
        ct, st = math.cos(t), math.sin(t)
        return (-rx * st * cphi - ry * ct * sphi, -rx * st * sphi + ry * ct * cphi)

    out = []
    t = theta1
    for i in range(segments):
        t2 = t + delta
        p0, p3 = pt(t), pt(t2)
        d0, d3 = deriv(t), deriv(t2)
        c1 = (p0[0] + k * d0[0], p0[1] + k * d0[1])
        c2 = (p3[0] - k * d3[0], p3[1] - k * d3[1])
        if i == segments - 1:
            p3 = (x2, y2)
        out.append((c1, c2, p3))
        t = t2
    return out


def parse_svg_path(d):
    """SVG path data → list of ('M', x, y) / ('L', x, y) / ('C', x1, y1, x2, y2, x, y) / ('Z',)."""
    toks = _flag_split(d)
    ops = []
    i = 0
    cur = (0.0, 0.0)
    start = (0.0, 0.0)
    last_ctrl = None  # (kind, point) for S/T reflection
    cmd = None
    n = len(toks)
    while i < n:
        off, t = toks[i]
        if isinstance(t, str):
            cmd = t
            i += 1
            if cmd in "zZ":
                ops.append(("Z",))
                cur = start
                last_ctrl = None
                continue
        elif cmd is None:
            raise SVGPathError(f"SVG path data offset {off}: expected a command letter")
        elif cmd in "zZ":
            raise SVGPathError(f"SVG path data offset {off}: expected a command letter")
        upper = cmd.upper()
        rel = cmd.islower()
        count = _ARGS[upper]
        args = []
        for k in range(count):
            if i >= n or isinstance(toks[i][1], str):
                where = toks[i][0] if i < n else len(d)
                raise SVGPathError(f"SVG path data offset {where}: expected a number")
            args.append(toks[i][1])
            i += 1
        ox, oy = cur if rel else (0.0, 0.0)
        if upper == "M":
            cur = (args[0] + ox, args[1] + oy)
            start = cur
            ops.append(("M",) + cur)
            cmd = "l" if rel else "L"  # further pairs are implicit lines
            last_ctrl = None
        elif upper == "L":
            cur = (args[0] + ox, args[1] + oy)
            ops.append(("L",) + cur)
            last_ctrl = None
        elif upper == "H":
            cur = (args[0] + ox, cur[1])
            ops.append(("L",) + cur)
            last_ctrl = None
        elif upper == "V":
            cur = (cur[0], args[0] + (cur[1] if rel else 0.0))
            ops.append(("L",) + cur)
            last_ctrl = None
        elif upper == "C":
            c1 = (args[0] + ox, args[1] + oy)
            c2 = (args[2] + ox, args[3] + oy)
            p = (args[4] + ox, args[5] + oy)
            ops.append(("C",) + c1 + c2 + p)
            last_ctrl = ("C", c2)
            cur = p
        elif upper == "S":
            if last_ctrl and last_ctrl[0] == "C":
                c1 = (2 * cur[0] - last_ctrl[1][0], 2 * cur[1] - last_ctrl[1][1])
            else:
                c1 = cur
            c2 = (args[0] + ox, args[1] + oy)
            p = (args[2] + ox, args[3] + oy)
            ops.append(("C",) + c1 + c2 + p)
            last_ctrl = ("C", c2)
            cur = p
        elif upper in "QT":
            if upper == "Q":
                q = (args[0] + ox, args[1] + oy)
                p = (args[2] + ox, args[3] + oy)
            else:
                if last_ctrl and last_ctrl[0] == "Q":
                    q = (2 * cur[0] - last_ctrl[1][0], 2 * cur[1] - last_ctrl[1][1])
                else:
                    q = cur
                p = (args[0] + ox, args[1] + oy)
            # Exact degree elevation: cairo has no quadratic segments.
            c1 = (cur[0] + 2 / 3 * (q[0] - cur[0]), cur[1] + 2 / 3 * (q[1] - cur[1]))
            c2 = (p[0] + 2 / 3 * (q[0] - p[0]), p[1] + 2 / 3 * (q[1] - p[1]))
            ops.append(("C",) + c1 + c2 + p)
            last_ctrl = ("Q", q)
            cur = p
        elif upper == "A":
            p = (args[5] + ox, args[6] + oy)
            for c1, c2, e in _arc_to_cubics(cur[0], cur[1], args[0], args[1], args[2],
                                            bool(args[3]), bool(args[4]), p[0], p[1]):
                ops.append(("C",) + c1 + c2 + e)
            cur = p
            last_ctrl = None
    return ops


def append_path(cr, ops):
    for op in ops:
        k = op[0]
        if k == "M":
            cr.move_to(op[1], op[2])
        elif k == "L":
            cr.line_to(op[1], op[2])
        elif k == "C":
            cr.curve_to(*op[1:])
        else:
            cr.close_path()


# ---------------------------------------------------------------------------------------------
# Scene rendering


def parse_color(s):
    s = s.strip()
    if not re.fullmatch(r"#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?", s):
        raise ValueError(f"expected #RRGGBB or #RRGGBBAA, found {s!r}")
    v = [int(s[i:i + 2], 16) / 255 for i in range(1, len(s), 2)]
    if len(v) == 3:
        v.append(1.0)
    return v


def matrix(t):
    # Tribune/CG [a, b, c, d, tx, ty] is cairo's (xx, yx, xy, yy, x0, y0) in the same order.
    return cairo.Matrix(*[float(x) for x in t])


_SPREAD = {"pad": cairo.EXTEND_PAD, "repeat": cairo.EXTEND_REPEAT, "reflect": cairo.EXTEND_REFLECT}
_OPERATOR = {"sourceOver": cairo.OPERATOR_OVER, "copy": cairo.OPERATOR_SOURCE, "clear": cairo.OPERATOR_CLEAR}
_CAP = {"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND, "square": cairo.LINE_CAP_SQUARE}
_JOIN = {"miter": cairo.LINE_JOIN_MITER, "round": cairo.LINE_JOIN_ROUND, "bevel": cairo.LINE_JOIN_BEVEL}


class Renderer:
    def __init__(self, scene_path):
        self.base = os.path.dirname(os.path.abspath(scene_path))
        self.images = {}

    def image(self, name):
        if name not in self.images:
            self.images[name] = cairo.ImageSurface.create_from_png(os.path.join(self.base, name))
        return self.images[name]

    def source(self, op):
        """A cairo pattern for the op's `paint` object, or its `color` (default black)."""
        paint = op.get("paint")
        if paint is None:
            return cairo.SolidPattern(*parse_color(op.get("color", "#000000")))
        if "linear" in paint or "radial" in paint:
            if "linear" in paint:
                pat = cairo.LinearGradient(*[float(v) for v in paint["linear"]])
            else:
                pat = cairo.RadialGradient(*[float(v) for v in paint["radial"]])
            for loc, col in paint["stops"]:
                pat.add_color_stop_rgba(float(loc), *parse_color(col))
            pat.set_extend(_SPREAD[paint.get("spread", "pad")])
            return pat
        if "image" in paint:
            img = self.image(paint["image"])
            pat = cairo.SurfacePattern(img)
            scale = float(paint.get("scale", 1))
            m = cairo.Matrix(scale, 0, 0, scale, 0, 0).multiply(matrix(paint.get("transform", [1, 0, 0, 1, 0, 0])))
            m.invert()  # cairo wants user → pattern
            pat.set_matrix(m)
            if "extend" in paint:
                extend = {"repeat": cairo.EXTEND_REPEAT, "pad": cairo.EXTEND_PAD, "none": cairo.EXTEND_NONE}[paint["extend"]]
            else:
                extend = cairo.EXTEND_REPEAT if paint.get("repeat", True) else cairo.EXTEND_NONE
            pat.set_extend(extend)
            pat.set_filter(cairo.FILTER_BILINEAR)
            return pat
        raise ValueError(f"unknown paint {paint!r}")

    def render(self, scene, supersample=1):
        """Renders to an ARGB32 surface. With `supersample` = n the scene is drawn n× larger and
        box-filtered down (premultiplied), which replaces cairo 1.16's 15-sub-scanline coverage
        estimate by a much finer one (see docs/scene-format.md)."""
        big = self.draw(scene, supersample)
        return self.downsample(big, supersample) if supersample > 1 else big

    def draw(self, scene, n):
        w, h = int(scene["width"]) * n, int(scene["height"]) * n
        surf = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
        cr = cairo.Context(surf)
        cr.set_tolerance(0.1)
        if n > 1:
            cr.scale(n, n)
        if "background" in scene:
            cr.set_operator(cairo.OPERATOR_SOURCE)
            cr.set_source_rgba(*parse_color(scene["background"]))
            cr.paint()
            cr.set_operator(cairo.OPERATOR_OVER)
        stack = []
        for op in scene["ops"]:
            if "fill" in op or "stroke" in op:
                cr.save()
                if "transform" in op:
                    cr.transform(matrix(op["transform"]))
                cr.set_operator(_OPERATOR[op.get("blend", "sourceOver")])
                cr.set_source(self.source(op))
                cr.new_path()
                if "fill" in op:
                    append_path(cr, parse_svg_path(op["fill"]))
                    cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if op.get("rule") == "evenodd" else cairo.FILL_RULE_WINDING)
                    cr.fill()
                else:
                    append_path(cr, parse_svg_path(op["stroke"]))
                    cr.set_line_width(float(op.get("width", 1)))
                    cr.set_line_cap(_CAP[op.get("cap", "butt")])
                    cr.set_line_join(_JOIN[op.get("join", "miter")])
                    cr.set_miter_limit(float(op.get("miterLimit", 10)))
                    dash = [float(v) for v in op.get("dash", [])]
                    if dash and all(v >= 0 for v in dash) and any(v > 0 for v in dash):
                        cr.set_dash(dash, float(op.get("dashPhase", 0)))
                    cr.stroke()
                cr.restore()
            elif "drawImage" in op:
                img = self.image(op["drawImage"])
                x, y, rw, rh = [float(v) for v in op["rect"]]
                cr.save()
                if "transform" in op:
                    cr.transform(matrix(op["transform"]))
                cr.set_operator(_OPERATOR[op.get("blend", "sourceOver")])
                cr.rectangle(x, y, rw, rh)
                cr.translate(x, y)
                cr.scale(rw / img.get_width(), rh / img.get_height())
                pat = cairo.SurfacePattern(img)
                pat.set_extend(cairo.EXTEND_PAD)
                pat.set_filter(cairo.FILTER_BILINEAR)
                cr.set_source(pat)
                cr.fill()
                cr.restore()
            elif "clip" in op or "clipRect" in op:
                saved = cr.get_matrix()
                if "transform" in op:
                    cr.transform(matrix(op["transform"]))
                cr.new_path()
                if "clip" in op:
                    append_path(cr, parse_svg_path(op["clip"]))
                else:
                    cr.rectangle(*[float(v) for v in op["clipRect"]])
                cr.set_matrix(saved)  # the path is already in device space
                cr.set_fill_rule(cairo.FILL_RULE_EVEN_ODD if op.get("rule") == "evenodd" else cairo.FILL_RULE_WINDING)
                cr.clip()
            elif "save" in op:
                cr.save()
                stack.append("save")
            elif "restore" in op:
                if stack and stack[-1] == "save":
                    stack.pop()
                    cr.restore()
            elif "layer" in op:
                cr.push_group()  # saves the state too, as SceneFile does around layers
                stack.append(("layer", float(op["layer"])))
            elif "endLayer" in op:
                if stack and stack[-1] != "save":
                    _, opacity = stack.pop()
                    cr.pop_group_to_source()
                    cr.paint_with_alpha(opacity)
            elif "transform" in op:
                cr.transform(matrix(op["transform"]))
            else:
                raise ValueError(f"unknown op {op!r}")
        while stack:  # close what the scene left open, innermost first
            top = stack.pop()
            if top == "save":
                cr.restore()
            else:
                cr.pop_group_to_source()
                cr.paint_with_alpha(top[1])
        surf.flush()
        return surf

    @staticmethod
    def downsample(big, n):
        import numpy as np
        w, h = big.get_width() // n, big.get_height() // n
        a = np.frombuffer(big.get_data(), np.uint8).reshape(big.get_height(), big.get_stride())[:, :w * n * 4]
        a = a.reshape(h, n, w, n, 4).astype(np.float64).mean(axis=(1, 3))
        out = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
        np.frombuffer(out.get_data(), np.uint8).reshape(h, out.get_stride())[:, :w * 4] = \
            np.floor(a + 0.5).astype(np.uint8).reshape(h, w * 4)
        out.mark_dirty()
        return out


def render_file(scene_path, out_path, supersample=1):
    with open(scene_path) as f:
        scene = json.load(f)
    Renderer(scene_path).render(scene, supersample).write_to_png(out_path)


def main(argv):
    supersample = 1
    if len(argv) > 2 and argv[1].startswith("--supersample="):
        supersample = int(argv[1].split("=", 1)[1])
        argv = argv[:1] + argv[2:]
    if len(argv) == 3 and argv[1] == "--all":
        folder = argv[2]
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
        for n in names:
            render_file(os.path.join(folder, n), os.path.join(folder, n[:-5] + ".golden.png"))
        print(f"rendered {len(names)} scenes with cairo {cairo.cairo_version_string()}")
        return 0
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    render_file(argv[1], argv[2], supersample)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
