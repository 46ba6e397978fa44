"""Summarise bench/run.sh timings as a markdown table (min / median wall, peak RSS, MB/s)."""
import statistics
import sys
from collections import defaultdict

runs = defaultdict(list)
for line in open(sys.argv[1]):
    name, wall, rss, size = line.rstrip("\n").split("\t")
    runs[name].append((float(wall), int(rss), int(size)))

print("| command | runs | wall min / median | peak RSS max | output | throughput |")
print("|---|---|---|---|---|---|")
for name, rs in runs.items():
    walls = [w for w, _, _ in rs]
    rss = max(r for _, r, _ in rs) / 1024
    size = rs[0][2] / 1e6
    best = min(walls)
    tput = f"{size / best:.0f} MB/s" if best > 0 else "-"
    print(f"| {name} | {len(rs)} | {best:.2f} / {statistics.median(walls):.2f} s | {rss:.0f} MiB | {size:.1f} MB | {tput} |")
