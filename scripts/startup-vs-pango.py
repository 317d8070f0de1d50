#!/usr/bin/env python3
"""Start-up and memory of one line to PNG: `galley render` against `pango-view`, alternating.

usage: scripts/startup-vs-pango.py GALLEY [RUNS] [TEXT]   (issue 26 part 3: one line to PNG)
Prints the median wall time and max RSS (from /usr/bin/time -f %M) of each, and their ratio.
"""
import os, statistics, subprocess, sys, tempfile, time

galley = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 21
text = sys.argv[3] if len(sys.argv) > 3 else "Hello, world"
out = tempfile.mkdtemp(prefix="startup-")
cmds = {
    "galley": [galley, "render", "--font", "DejaVu Sans 12", "-o", f"{out}/g.png", "-"],
    "pango-view": ["pango-view", "-q", "--font=DejaVu Sans 12", f"--text={text}", "-o", f"{out}/p.png"],
}
wall = {k: [] for k in cmds}
rss = {k: [] for k in cmds}
for i in range(runs + 1):
    for name, cmd in cmds.items():
        full = ["/usr/bin/time", "-f", "%M", "-o", f"{out}/rss"] + cmd
        t = time.perf_counter()
        subprocess.run(full, input=text.encode() if name == "galley" else None,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        dt = time.perf_counter() - t
        if i == 0:
            continue  # warm-up: page cache, fontconfig cache
        wall[name].append(dt)
        rss[name].append(int(open(f"{out}/rss").read().split()[-1]))
g, p = statistics.median(wall["galley"]), statistics.median(wall["pango-view"])
print(f"runs {runs} alternating, load {open('/proc/loadavg').read().split()[0]}")
for name in cmds:
    print(f"  {name:10s} median {statistics.median(wall[name]) * 1e3:6.1f} ms  max RSS median {statistics.median(rss[name]) / 1024:5.1f} MB")
print(f"  ratio galley / pango-view: {g / p:.2f}")
