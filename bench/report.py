"""Summarise bench/run.sh timings as a markdown table (min / median wall, peak RSS, MB/s), and
each view as ratios to show --json of the same plan."""
import statistics
import sys
from collections import defaultdict

runs = defaultdict(list)
cpu = defaultdict(list)
for line in open(sys.argv[1]):
    name, wall, rss, size, seconds = line.rstrip("\n").split("\t")
    runs[name].append((float(wall), int(rss), int(size)))
    cpu[name].append(float(seconds))

print("| command | runs | wall min / median | peak RSS max | output | throughput |")
print("|---|---|---|---|---|---|")
for name, rs in runs.items():
    walls = [w for w, _, _ in rs]
    rss = max(r for _, r, _ in rs) / 1024
    size = rs[0][2] / 1e6
    best = min(walls)
    tput = f"{size / best:.0f} MB/s" if best > 0 else "-"
    print(f"| {name} | {len(rs)} | {best:.3f} / {statistics.median(walls):.3f} s | {rss:.0f} MiB | {size:.1f} MB | {tput} |")

# Issue 6's targets, from the same run: speed and memory against Terraform on the 10,000
# plan, and the 50,000 plan against the 10,000 one.
def stats(name):
    rs = runs.get(name)
    if not rs:
        return None
    walls = [w for w, _, _ in rs]
    return min(walls), statistics.median(walls), max(r for _, r, _ in rs)

ours = stats("big-1.15.5-10000 show --json")
theirs = stats("big-1.15.5-10000 terraform show -json")
scaled = stats("big-1.15.5-50000 show --json")
if ours and theirs:
    print()
    print(f"- speed against Terraform (10,000): {theirs[0] / ours[0]:.0f}x by minimum wall time, "
          f"{theirs[1] / ours[1]:.0f}x by median (target: 100x)")
    print(f"- peak memory against Terraform (10,000): 1/{theirs[2] / ours[2]:.1f} (target: 1/5)")
if ours and scaled:
    print(f"- 50,000 against 10,000: {scaled[0] / ours[0]:.2f}x by minimum, "
          f"{scaled[1] / ours[1]:.2f}x by median (target: at most 5.5x)")

# Issue 17's targets: each view against show --json of the same plan, from the same run: best
# and median wall time, median CPU time and peak memory.
def ratio(a, b):
    return f"{a / b:.2f}x" if b > 0 else "-"

def cpu_ratio(a, b):
    # /usr/bin/time counts CPU time in 10 ms steps: no ratio for runs of a few steps.
    return ratio(a, b) if b >= 0.05 else "-"

cases = sorted({n.rsplit(" show --json", 1)[0] for n in runs if n.endswith(" show --json")})
rows = []
for case in cases:
    base = stats(f"{case} show --json")
    base_cpu = statistics.median(cpu[f"{case} show --json"])
    for name in runs:
        if not name.startswith(case + " ") or name == f"{case} show --json":
            continue
        view = stats(name)
        if view and base:
            rows.append((name, ratio(view[0], base[0]), ratio(view[1], base[1]),
                         cpu_ratio(statistics.median(cpu[name]), base_cpu), ratio(view[2], base[2])))
if rows:
    print()
    print("| view | time / show --json (best) | (median) | CPU time (median) | peak memory |")
    print("|---|---|---|---|---|")
    for name, best, median, cpu_time, memory in rows:
        print(f"| {name} | {best} | {median} | {cpu_time} | {memory} |")
