"""check_scaled.py BASE.json SCALED.json N: the scaled plan's output is the base plan's, with
modules m0..m(N-1) copied to mN, m(N+1), ...: every resource change and planned resource of a
copy must equal its original once the module name is mapped back."""
import json
import re
import sys

base = json.load(open(sys.argv[1]))
scaled = json.load(open(sys.argv[2]))
n = int(sys.argv[3])


def back(obj):
    text = json.dumps(obj)
    return json.loads(re.sub(r"module\.m(\d+)", lambda m: f"module.m{int(m.group(1)) % n}", text))


def index(changes):
    return {c["address"]: c for c in changes}


want = index(base["resource_changes"])
got = scaled["resource_changes"]
assert len(got) == len(want) * (len(got) // len(want)), "resource change count is not a multiple"
for c in got:
    orig = back(c)
    assert orig == want[orig["address"]], f"resource change {c['address']} differs"
mods = {m["address"]: m for m in base["planned_values"]["root_module"]["child_modules"]}
for m in scaled["planned_values"]["root_module"]["child_modules"]:
    orig = back(m)
    assert orig == mods[orig["address"]], f"planned module {m['address']} differs"
print(f"{sys.argv[2]}: {len(got)} resource changes equal to their originals in {sys.argv[1]}")
