#!/usr/bin/env python3
"""Instructions of one scene render, by function, by source line or by instruction (callgrind).

On this kind of machine a renderer change of a few per cent cannot be judged by wall time:
byte-identical copies of one binary differ by 0.2-0.4 ms on the 20,000-seat scene, each copy
keeping its place from run to run. Instruction counts repeat under any load, to within a few
in libc (its memset takes 7 more or fewer with a buffer's alignment), so changes are measured
here first and timed with `make bench` after. Only `SceneFile.render` is counted (the scene's
parsing and the PNG's writing are not), of `tribune draw SCENE --repeat 1`.

    scripts/profile_render.py SCENE.json                      functions, most instructions first
    scripts/profile_render.py SCENE.json --lines FUNCTION     a function's source lines
    scripts/profile_render.py SCENE.json --instructions FUNCTION   its hottest instructions
    scripts/profile_render.py SCENE.json --compare OTHER      two builds: per-function differences
                                                              and whether they draw the same bytes

FUNCTION is a substring of the mangled name (`flushNarrow`, `rasterize__4rule`). `--binary`
defaults to .build/release/tribune (`swift build -c release --product tribune`). Needs valgrind
and binutils (`scripts/install-deps.sh profile`). `make bench` exports the seat scene with
`raster-bench --export-scene`.
"""
import argparse
import collections
import filecmp
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# SceneFile.render(into:textRenderer:flatteningTolerance:), whatever its parameter types.
RENDER_PREFIX = "$s9SceneFileAAV6render4into12textRenderer19flatteningTolerance"


class ProfileError(Exception):
    pass


def run(args, **kw):
    try:
        return subprocess.run(args, capture_output=True, text=True, **kw)
    except FileNotFoundError:
        raise ProfileError(f"{args[0]}: not installed (scripts/install-deps.sh profile)")


def render_symbol(binary):
    out = run(["nm", "--defined-only", binary])
    if out.returncode != 0:
        raise ProfileError(f"{binary}: nm failed: {out.stderr.strip()}")
    names = [line.split()[-1] for line in out.stdout.splitlines()
             if line.split() and line.split()[-1].startswith(RENDER_PREFIX)]
    if not names:
        raise ProfileError(f"{binary}: no SceneFile.render(into:...) symbol ({RENDER_PREFIX}...); "
                           "is it tribune?")
    return names[0]


class Profile:
    """One callgrind run: self instructions by function and by instruction address."""

    def __init__(self, total, by_function, by_address, png):
        self.total, self.by_function, self.by_address, self.png = total, by_function, by_address, png


def parse_callgrind(path):
    """Self cost (the first event, Ir) per function name and per (function, address).

    The format (valgrind's callgrind_format): `fn=(id) name` names a function once and `fn=(id)`
    refers to it after; cost lines start with a position (`0x…` absolute, `+n`/`-n` relative to
    the last, `*` the same) and the events; a `calls=` line is followed by the call's cost line,
    which is the callee's inclusive cost and not the caller's own.
    """
    names, by_function, by_address = {}, collections.Counter(), collections.Counter()
    total = None
    function, address, skip_next = None, 0, False
    name_line = re.compile(r"^c?fn=\((\d+)\)(?: (.*))?$")
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith(("fn=", "cfn=")):
                m = name_line.match(line)
                if not m:
                    raise ProfileError(f"{path}:{number}: unexpected function line {line[:80]!r}")
                if m.group(2):
                    names[m.group(1)] = m.group(2)
                if line.startswith("fn="):
                    function = names.get(m.group(1))
                    if function is None:
                        raise ProfileError(f"{path}:{number}: function ({m.group(1)}) used before named")
                continue
            if line.startswith("calls="):
                skip_next = True
                continue
            if line.startswith(("totals:", "summary:")):
                total = int(line.split()[1])
                continue
            if not line or line[0] not in "0123456789+-*":
                continue
            fields = line.split()
            p = fields[0]
            try:
                if p.startswith("0x"):
                    address = int(p, 16)
                elif p[0] in "+-":
                    address += int(p)
                elif p != "*":
                    address = int(p)
                cost = int(fields[1]) if len(fields) > 1 else 0
            except ValueError:
                raise ProfileError(f"{path}:{number}: unexpected cost line {line[:80]!r}")
            if skip_next:
                skip_next = False
                continue
            if function is not None:
                by_function[function] += cost
                by_address[(function, address)] += cost
    if total is None:
        total = sum(by_function.values())
    return total, by_function, by_address


def profile(binary, scene, work):
    """Runs `binary draw scene` under callgrind in `work`; returns its Profile."""
    symbol = render_symbol(binary)
    # (valgrind 3.19 cannot read the DWARF the Swift toolchain writes: it counts a copy without
    # it, and source lines are looked up in the original.)
    copy = os.path.join(work, os.path.basename(binary) + ".stripped")
    shutil.copyfile(binary, copy)
    os.chmod(copy, 0o755)
    out = run(["objcopy", "--strip-debug", copy])
    if out.returncode != 0:
        raise ProfileError(f"{binary}: objcopy --strip-debug failed: {out.stderr.strip()}")
    counts = os.path.join(work, os.path.basename(binary) + ".callgrind")
    png = os.path.join(work, os.path.basename(binary) + ".png")
    out = run(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--dump-line=no",
               f"--callgrind-out-file={counts}", f"--toggle-collect={symbol}",
               copy, "draw", scene, "-o", png, "--repeat", "1"])
    if out.returncode != 0:
        own = [line for line in out.stderr.splitlines() if not re.match(r"==\d+==", line)]
        tail = "\n".join(own[-8:])
        raise ProfileError(f"{binary} draw {scene} under callgrind exited with {out.returncode}:\n{tail}")
    total, by_function, by_address = parse_callgrind(counts)
    if total == 0:
        raise ProfileError(f"{binary}: callgrind counted nothing inside {symbol}")
    return Profile(total, by_function, by_address, png)


def demangled(names):
    """Readable names (swift demangle), in order; the mangled ones where it is missing."""
    out = run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names) + "\n") \
        if shutil.which("swift") else None
    if out is None or out.returncode != 0:
        return list(names)
    lines = out.stdout.splitlines()
    return lines if len(lines) == len(names) else list(names)


def short(name, width=110):
    return name if len(name) <= width else name[:width - 1] + "…"


def print_functions(p, top):
    print(f"{p.total:>14,}  instructions in SceneFile.render")
    rows = p.by_function.most_common(top)
    for (name, cost), readable in zip(rows, demangled([n for n, _ in rows])):
        print(f"{cost:>14,} {100 * cost / p.total:5.1f}%  {short(readable)}")


def function_addresses(p, fragment):
    chosen = {f for f, _ in p.by_address if fragment in f}
    if not chosen:
        raise ProfileError(f"no counted function's mangled name contains {fragment!r}")
    if len(chosen) > 1:
        listed = "\n  ".join(sorted(chosen)[:10])
        raise ProfileError(f"{fragment!r} names {len(chosen)} functions; be more specific:\n  {listed}")
    function = chosen.pop()
    return function, {a: c for (f, a), c in p.by_address.items() if f == function}


def source_lines(binary, addresses):
    """file:line of each address (the innermost inlined frame), by addr2line on `binary`."""
    out = run(["addr2line", "-e", binary] + [hex(a) for a in addresses])
    if out.returncode != 0:
        raise ProfileError(f"{binary}: addr2line failed: {out.stderr.strip()}")
    return [line.split(" (")[0].rsplit("/", 1)[-1] for line in out.stdout.splitlines()]


def print_lines(p, binary, fragment, top):
    function, costs = function_addresses(p, fragment)
    addresses = sorted(costs)
    by_line = collections.Counter()
    for a, where in zip(addresses, source_lines(binary, addresses)):
        by_line[where] += costs[a]
    own = sum(costs.values())
    print(f"{own:>14,}  instructions in {short(demangled([function])[0])}")
    for where, cost in by_line.most_common(top):
        print(f"{cost:>14,} {100 * cost / own:5.1f}%  {where}")


def print_instructions(p, binary, fragment, top):
    function, costs = function_addresses(p, fragment)
    hottest = sorted(sorted(costs, key=costs.get, reverse=True)[:top])
    out = run(["objdump", "-d", "--no-show-raw-insn", f"--start-address={hottest[0]}",
               f"--stop-address={hottest[-1] + 16}", binary])
    text = {}
    for line in out.stdout.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
        if m:
            text[int(m.group(1), 16)] = re.sub(r"\s+", " ", m.group(2))
    print(f"{sum(costs.values()):>14,}  instructions in {short(demangled([function])[0])}")
    for a, where in zip(hottest, source_lines(binary, hottest)):
        print(f"{a:>10x} {costs[a]:>12,}  {where:<36} {short(text.get(a, '?'), 70)}")


def print_comparison(a, b, name_a, name_b, top):
    same = filecmp.cmp(a.png, b.png, shallow=False)
    print(f"{a.total:>14,}  {name_a}")
    print(f"{b.total:>14,}  {name_b}  ({b.total - a.total:+,}, {100 * (b.total - a.total) / a.total:+.2f} %)")
    print("drawn bytes: " + ("identical" if same else "DIFFERENT"))
    names = set(a.by_function) | set(b.by_function)
    rows = sorted(names, key=lambda n: -abs(b.by_function[n] - a.by_function[n]))[:top]
    rows = [n for n in rows if b.by_function[n] != a.by_function[n]]
    for n, readable in zip(rows, demangled(rows)):
        d = b.by_function[n] - a.by_function[n]
        print(f"{a.by_function[n]:>14,} {b.by_function[n]:>14,} {d:>+13,}  {short(readable, 90)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scene", help="a scene file (docs/scene-format.md)")
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "tribune"))
    ap.add_argument("--top", type=int, default=25, help="rows to print (default 25)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--lines", metavar="FUNCTION", help="the source lines of one function")
    mode.add_argument("--instructions", metavar="FUNCTION", help="the hottest instructions of one function")
    mode.add_argument("--compare", metavar="OTHER", help="another tribune binary, against --binary")
    args = ap.parse_args()
    try:
        for path, what in [(args.scene, "scene"), (args.binary, "binary")] + \
                ([(args.compare, "binary")] if args.compare else []):
            if not os.path.isfile(path):
                hint = " (swift build -c release --product tribune)" if what == "binary" else ""
                raise ProfileError(f"{path}: no such {what}{hint}")
        with tempfile.TemporaryDirectory(prefix="profile-render.") as work:
            # (Each build in a directory of its own: two binaries may share a file name.)
            for d in ("a", "b"):
                os.mkdir(os.path.join(work, d))
            base = profile(args.binary, args.scene, os.path.join(work, "a"))
            if args.compare:
                print_comparison(base, profile(args.compare, args.scene, os.path.join(work, "b")),
                                 args.binary, args.compare, args.top)
            elif args.lines:
                print_lines(base, args.binary, args.lines, args.top)
            elif args.instructions:
                print_instructions(base, args.binary, args.instructions, args.top)
            else:
                print_functions(base, args.top)
    except ProfileError as e:
        print(f"profile_render: {e}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
