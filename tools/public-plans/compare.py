#!/usr/bin/env python3
"""Compare the schema-free parts of `tfshow show --json PLAN` with a repository's own
`terraform show -json` output, for every pair in a manifest.

Usage: compare.py MANIFEST CORPUS_DIR [--tfshow PATH] [--only NAME]

MANIFEST is tools/public-plans/manifest.json; each pair's files are looked up in
CORPUS_DIR/NAME/ under the base names of its `plan` and `json` paths (fetch.py puts them
there). Pairs whose result is `dropped` are skipped. Prints one line per pair and, under it,
each difference. Exit status 1 when a pair whose result is `equal` differs or cannot be read.

Compared (values parsed, key order checked where Terraform prints ordered objects):
top-level keys; each entry's keys in resource_changes, resource_drift, output_changes
(and of its `change`); configuration.provider_config keys and entries (without
`expressions`, whose shape needs the provider schema); every provider_config_key; every
`references` list under configuration; relevant_attributes.
"""
import argparse
import collections
import json
import os
import subprocess
import sys


def load(path):
    """Parse a JSON file keeping object key order (UTF-8, UTF-8 with BOM or UTF-16)."""
    raw = open(path, "rb").read()
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = raw.decode("utf-16")
    else:
        text = raw.decode("utf-8-sig")
    return json.loads(text, object_pairs_hook=collections.OrderedDict)


def change_keys(doc):
    """Yield (where, key list) for every change entry and its `change` object."""
    for section in ("resource_changes", "resource_drift"):
        for entry in doc.get(section) or []:
            where = "%s[%s%s]" % (section, entry.get("address"),
                                  " deposed " + entry["deposed"] if entry.get("deposed") else "")
            yield where, list(entry.keys())
            if isinstance(entry.get("change"), dict):
                yield where + ".change", list(entry["change"].keys())
    for name, change in (doc.get("output_changes") or {}).items():
        yield "output_changes[%s]" % name, list(change.keys())


def walk(value, path, found):
    """Collect every `references` list and `provider_config_key` under value, by path."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "references" and isinstance(inner, list):
                found[path + ".references"] = inner
            elif key == "provider_config_key":
                found[path + ".provider_config_key"] = inner
            else:
                walk(inner, "%s.%s" % (path, key), found)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            walk(inner, "%s[%d]" % (path, i), found)


def strip_indices(path):
    """A path without list indices, to match nested blocks printed as a list or an object."""
    out, depth = [], 0
    for ch in path:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def provider_entries(doc):
    """provider_config as (keys in order, entries without expressions)."""
    pc = (doc.get("configuration") or {}).get("provider_config") or {}
    entries = {k: {ik: iv for ik, iv in v.items() if ik != "expressions"} for k, v in pc.items()}
    return list(pc.keys()), entries


def compare(ours, theirs):
    """The differences between two documents' schema-free parts, as strings."""
    diffs = []
    if list(ours.keys()) != list(theirs.keys()):
        diffs.append("top-level keys: ours %s theirs %s" % (list(ours.keys()), list(theirs.keys())))
    our_changes = dict(change_keys(ours))
    for where, keys in change_keys(theirs):
        mine = our_changes.get(where)
        if mine is None:
            diffs.append("%s: missing in ours" % where)
        elif mine != keys:
            diffs.append("%s keys: ours %s theirs %s" % (where, mine, keys))
    our_keys, our_entries = provider_entries(ours)
    their_keys, their_entries = provider_entries(theirs)
    if our_keys != their_keys:
        diffs.append("provider_config keys: ours %s theirs %s" % (our_keys, their_keys))
    for key in their_keys:
        if key in our_entries and our_entries[key] != their_entries[key]:
            diffs.append("provider_config[%s]: ours %s theirs %s"
                         % (key, json.dumps(our_entries[key]), json.dumps(their_entries[key])))
        elif key in our_entries and list(our_entries[key]) != list(their_entries[key]):
            diffs.append("provider_config[%s] key order: ours %s theirs %s"
                         % (key, list(our_entries[key]), list(their_entries[key])))
    found_ours, found_theirs = {}, {}
    walk(ours.get("configuration") or {}, "configuration", found_ours)
    walk(theirs.get("configuration") or {}, "configuration", found_theirs)
    loose_ours = {}
    for path, value in found_ours.items():
        loose_ours.setdefault(strip_indices(path), []).append(value)
    for path, value in found_theirs.items():
        if path in found_ours:
            if found_ours[path] != value:
                diffs.append("%s: ours %s theirs %s" % (path, json.dumps(found_ours[path]), json.dumps(value)))
        elif value not in loose_ours.get(strip_indices(path), []):
            diffs.append("%s: missing in ours (theirs %s)" % (path, json.dumps(value)))
    theirs_loose = {}
    for path, value in found_theirs.items():
        theirs_loose.setdefault(strip_indices(path), []).append(value)
    for path, value in found_ours.items():
        if path not in found_theirs and value not in theirs_loose.get(strip_indices(path), []):
            diffs.append("%s: only in ours (%s)" % (path, json.dumps(value)))
    if ours.get("relevant_attributes") != theirs.get("relevant_attributes"):
        diffs.append("relevant_attributes: ours %s theirs %s"
                     % (json.dumps(ours.get("relevant_attributes")), json.dumps(theirs.get("relevant_attributes"))))
    return diffs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("manifest")
    ap.add_argument("corpus")
    ap.add_argument("--tfshow", default="tfshow")
    ap.add_argument("--only")
    args = ap.parse_args()
    manifest = json.load(open(args.manifest))
    failed = 0
    for pair in manifest["pairs"]:
        name = pair["name"]
        if (args.only and name != args.only) or pair["result"] == "dropped":
            continue
        folder = os.path.join(args.corpus, name)
        plan = os.path.join(folder, os.path.basename(pair["plan"]))
        their_json = os.path.join(folder, os.path.basename(pair["json"]))
        if not (os.path.exists(plan) and os.path.exists(their_json)):
            print("%-40s %-8s not in corpus" % (name, pair["terraform_version"]))
            continue
        run = subprocess.run([args.tfshow, "show", "--json", "--no-plugins", plan],
                             capture_output=True)
        if run.returncode != 0:
            print("%-40s %-8s tfshow failed: %s" % (name, pair["terraform_version"],
                                                   run.stderr.decode(errors="replace").strip()[:300]))
            failed += pair["result"] == "equal"
            continue
        ours = json.loads(run.stdout, object_pairs_hook=collections.OrderedDict)
        diffs = compare(ours, load(their_json))
        print("%-40s %-8s %s" % (name, pair["terraform_version"],
                                 "equal" if not diffs else "%d difference(s)" % len(diffs)))
        for d in diffs:
            print("    " + d[:1000])
        if diffs and pair["result"] == "equal":
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
