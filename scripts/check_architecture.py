#!/usr/bin/env python3
"""Checks that docs/architecture.md's target table is the package's target graph, and that no
source file imports one of our modules its target does not declare (SwiftPM builds an
undeclared sibling module when something else needs it, so the compiler alone does not stop
an upward import).

Usage: scripts/check_architecture.py [PACKAGE_DUMP.json]
Without an argument it runs `swift package dump-package`. Exits 1 naming each difference.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "architecture.md")


def package():
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as f:
            return json.load(f)
    out = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def dependencies(target):
    ours, products = set(), set()
    for d in target.get("dependencies", []):
        if "byName" in d:
            ours.add(d["byName"][0])
        elif "target" in d:
            ours.add(d["target"][0])
        elif "product" in d:
            products.add(d["product"][0])
    return ours, products


def documented():
    """Rows of the table under '## Targets': | `Name` | kind | `A`, `B` | `P`, `Q` | what |"""
    rows, in_section = {}, False
    with open(DOC) as f:
        for number, line in enumerate(f, 1):
            if line.startswith("## "):
                in_section = line.strip() == "## Targets"
                continue
            if not in_section or not line.startswith("| `"):
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 5:
                sys.exit(f"{DOC}:{number}: a target row needs 5 cells (target, kind, imports, packages, what)")
            name = cells[0].strip("`")
            names = lambda cell: set(re.findall(r"`([^`]+)`", cell))
            rows[name] = (names(cells[2]), names(cells[3]), number)
    return rows


def main():
    pkg = package()
    targets = [t for t in pkg["targets"] if t["type"] in ("regular", "system", "executable")]
    ours = {t["name"] for t in pkg["targets"]}
    doc = documented()
    problems = []
    for t in targets:
        deps, products = dependencies(t)
        if t["name"] not in doc:
            problems.append(f"{t['name']}: in Package.swift, missing from the table in docs/architecture.md")
            continue
        d_deps, d_products, line = doc[t["name"]]
        if deps != d_deps:
            problems.append(f"docs/architecture.md:{line}: {t['name']} imports {sorted(deps)} in Package.swift, "
                            f"the table says {sorted(d_deps)}")
        if products != d_products:
            problems.append(f"docs/architecture.md:{line}: {t['name']} uses packages {sorted(products)}, "
                            f"the table says {sorted(d_products)}")
        if t["type"] == "system":
            continue
        folder = os.path.join(ROOT, t.get("path") or os.path.join("Sources", t["name"]))
        for base, _, files in os.walk(folder):
            for name in files:
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(base, name)
                with open(path) as f:
                    for number, text in enumerate(f, 1):
                        m = re.match(r"\s*(?:@testable\s+)?import\s+(?:struct\s+|class\s+|enum\s+|func\s+)?(\w+)", text)
                        if m and m.group(1) in ours and m.group(1) not in deps and m.group(1) != t["name"]:
                            problems.append(f"{os.path.relpath(path, ROOT)}:{number}: imports {m.group(1)}, "
                                            f"which {t['name']} does not declare")
    for name in sorted(set(doc) - {t["name"] for t in targets}):
        problems.append(f"docs/architecture.md:{doc[name][2]}: {name} is not a target in Package.swift")
    for p in problems:
        print("architecture:", p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"architecture: {len(targets)} targets match docs/architecture.md; no undeclared imports")


if __name__ == "__main__":
    main()
