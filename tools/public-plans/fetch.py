#!/usr/bin/env python3
"""Download the files of every pair in a manifest from GitHub, for compare.py.

Usage: fetch.py MANIFEST CORPUS_DIR

Puts each pair's plan and JSON, as they are at the pair's commit, in CORPUS_DIR/NAME/ under
their base names (raw.githubusercontent.com; files already there are kept). Pairs whose
result is `dropped` are skipped. Needs the network; nothing in the tests does.
"""
import json
import os
import sys
import urllib.parse
import urllib.request

MAX_BYTES = 64 * 1024 * 1024


def fetch(repo, commit, path, dest):
    """Writes the file at `path` of `repo` at `commit` to `dest`."""
    url = "https://raw.githubusercontent.com/%s/%s/%s" % (repo, commit, urllib.parse.quote(path))
    with urllib.request.urlopen(url, timeout=60) as resp:
        data = resp.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError("%s: larger than %d bytes" % (url, MAX_BYTES))
    with open(dest, "wb") as f:
        f.write(data)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    manifest, corpus = sys.argv[1], sys.argv[2]
    failed = 0
    for pair in json.load(open(manifest))["pairs"]:
        if pair["result"] == "dropped":
            continue
        folder = os.path.join(corpus, pair["name"])
        os.makedirs(folder, exist_ok=True)
        for path in (pair["plan"], pair["json"]):
            dest = os.path.join(folder, os.path.basename(path))
            if os.path.exists(dest):
                continue
            try:
                fetch(pair["repo"], pair["commit"], path, dest)
            except Exception as e:  # report and go on with the other pairs
                print("%s: %s: %s" % (pair["name"], path, e), file=sys.stderr)
                failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
