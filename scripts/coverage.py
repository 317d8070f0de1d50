#!/usr/bin/env python3
"""Line coverage of Sources/ per module, from a `swift test --enable-code-coverage` run.

Runs `llvm-cov export -summary-only` on the test binary with the merged profile, keeps the
files under Sources/ (one folder per module), and prints each module's line coverage, the
total, and the least-covered files.

    scripts/coverage.py --llvm-cov PATH --profdata PATH --binary PATH [--worst N]

`make coverage` runs the tests with coverage and then this script with the paths SwiftPM
reports (`swift test --show-codecov-path`, `swift build --show-bin-path`).
"""

import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llvm-cov", default="llvm-cov")
    ap.add_argument("--profdata", required=True, help="the merged .profdata of the test run")
    ap.add_argument("--binary", required=True, help="the test binary (GalleyPackageTests.xctest)")
    ap.add_argument("--sources", default="Sources", help="the folder whose files count (default Sources)")
    ap.add_argument("--worst", type=int, default=10, help="how many least-covered files to list (default 10)")
    args = ap.parse_args()

    for path in (args.profdata, args.binary):
        if not os.path.exists(path):
            sys.exit(f"coverage.py: {path} does not exist; run swift test --enable-code-coverage first")

    sources = os.path.realpath(args.sources) + os.sep
    out = subprocess.run(
        [args.llvm_cov, "export", "-summary-only", "-instr-profile", args.profdata, args.binary],
        check=True, capture_output=True, text=True).stdout
    files = []
    for data in json.loads(out)["data"]:
        for f in data["files"]:
            name = os.path.realpath(f["filename"])
            if not name.startswith(sources):
                continue  # tests, generated test runners, other packages
            lines = f["summary"]["lines"]
            rel = os.path.relpath(name, os.path.dirname(sources.rstrip(os.sep)))
            module = os.path.relpath(name, sources).split(os.sep)[0]
            files.append((rel, module, lines["covered"], lines["count"]))
    if not files:
        sys.exit(f"coverage.py: no file under {args.sources} in the coverage data")

    modules = defaultdict(lambda: [0, 0, 0])
    for _, module, covered, count in files:
        m = modules[module]
        m[0] += covered
        m[1] += count
        m[2] += 1

    def pct(covered, count):
        return 100.0 * covered / count if count else 100.0

    print("Line coverage of Sources/ per module (swift test --enable-code-coverage):")
    print(f"  {'module':<16} {'files':>5} {'lines':>7} {'covered':>8} {'cover':>7}")
    for module in sorted(modules, key=lambda m: pct(modules[m][0], modules[m][1])):
        covered, count, n = modules[module]
        print(f"  {module:<16} {n:>5} {count:>7} {covered:>8} {pct(covered, count):>6.1f}%")
    total_covered = sum(m[0] for m in modules.values())
    total = sum(m[1] for m in modules.values())
    print(f"  {'total':<16} {len(files):>5} {total:>7} {total_covered:>8} {pct(total_covered, total):>6.1f}%")

    print(f"\nThe {args.worst} least-covered files (by line coverage, then by uncovered lines):")
    worst = sorted(files, key=lambda f: (pct(f[2], f[3]), -(f[3] - f[2])))[:args.worst]
    for rel, _, covered, count in worst:
        print(f"  {pct(covered, count):6.1f}%  {count - covered:>5} of {count:>5} lines uncovered  {rel}")

    print(f"\nThe {args.worst} files with the most uncovered lines:")
    most = sorted(files, key=lambda f: (-(f[3] - f[2]), pct(f[2], f[3])))[:args.worst]
    for rel, _, covered, count in most:
        print(f"  {pct(covered, count):6.1f}%  {count - covered:>5} of {count:>5} lines uncovered  {rel}")

    # Source files the test binary has no coverage mapping for: no executable code (type
    # aliases, re-exports), or a target the tests do not link (the benchmark tool).
    measured = {os.path.join(os.path.dirname(sources.rstrip(os.sep)), f[0]) for f in files}
    absent = defaultdict(list)
    for d, _, names in sorted(os.walk(sources)):
        for n in sorted(names):
            path = os.path.join(d, n)
            if n.endswith((".swift", ".c")) and os.path.realpath(path) not in measured:
                absent[os.path.relpath(path, sources).split(os.sep)[0]].append(n)
    if absent:
        print("\nNot in the coverage data (no executable code, or not linked into the tests):")
        for module in sorted(absent):
            print(f"  {module}: {', '.join(absent[module])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
