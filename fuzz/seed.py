#!/usr/bin/env python3
"""Builds the seed corpora under fuzz/corpus/<target>/ from testdata/oracle (run from fuzz/)."""
import glob, hashlib, json, os, struct, zipfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ORACLE = os.path.join(ROOT, "testdata", "oracle", "scenarios")
CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def put(target, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def mp(v):
    """A small msgpack encoder for JSON values (as cty writes them: numbers as ints/floats)."""
    if v is None:
        return b"\xc0"
    if v is True:
        return b"\xc3"
    if v is False:
        return b"\xc2"
    if isinstance(v, int):
        if 0 <= v < 128:
            return bytes([v])
        if -32 <= v < 0:
            return struct.pack("b", v)
        if -(1 << 63) <= v < (1 << 64):
            return b"\xd3" + struct.pack(">q", v) if v < 0 else b"\xcf" + struct.pack(">Q", v)
        return mp(str(v))  # cty writes big numbers as strings
    if isinstance(v, float):
        return b"\xcb" + struct.pack(">d", v)
    if isinstance(v, str):
        b = v.encode()
        return (bytes([0xA0 | len(b)]) if len(b) < 32 else b"\xda" + struct.pack(">H", len(b))) + b
    if isinstance(v, list):
        return (bytes([0x90 | len(v)]) if len(v) < 16 else b"\xdc" + struct.pack(">H", len(v))) + b"".join(mp(x) for x in v)
    if isinstance(v, dict):
        items = sorted(v.items())
        head = bytes([0x80 | len(items)]) if len(items) < 16 else b"\xde" + struct.pack(">H", len(items))
        return head + b"".join(mp(k) + mp(x) for k, x in items)
    raise TypeError(v)


for plan in sorted(glob.glob(os.path.join(ORACLE, "*", "tf-*", "plan.tfplan"))):
    data = open(plan, "rb").read()
    put("plan_container", data)
    put("views", data)
    try:
        with zipfile.ZipFile(plan) as z:
            put("tfplan", z.read("tfplan"))
            for name in z.namelist():
                if name.endswith(".tf"):
                    put("hcl_config", b"\x00" + z.read(name))
    except (zipfile.BadZipFile, KeyError):
        pass
for state in sorted(glob.glob(os.path.join(ORACLE, "*", "tf-*", "*.tfstate"))):
    put("state_json", open(state, "rb").read())
    put("views", open(state, "rb").read())
for schemas in sorted(glob.glob(os.path.join(ORACLE, "*", "tf-1.15.5", "schemas.json")))[:8]:
    put("schema_json", open(schemas, "rb").read())
for stream in sorted(glob.glob(os.path.join(ORACLE, "*", "tf-*", "*-ui.jsonl"))):
    put("ui_stream", open(stream, "rb").read())
for main in sorted(glob.glob(os.path.join(ORACLE, "*", "main.tf"))):
    put("hcl_config", b"\x00" + open(main, "rb").read())
    put("hcl_config", b"\x02" + open(main, "rb").read())
# encryption: a configuration, NUL, an encrypted file (and the unencrypted twin).
for conf in sorted(glob.glob(os.path.join(ORACLE, "*", "tofu-*", "encryption.*"))):
    case = os.path.dirname(conf)
    for name in ["plan.tfplan", "prior.tfstate", "terraform.tfstate", "plan-unencrypted.tfplan"]:
        put("encryption", open(conf, "rb").read() + b"\x00" + open(os.path.join(case, name), "rb").read())
# msgpack: values from Terraform's own plan.json (type selector 3 = dynamic, 11 = object...).
for pj in sorted(glob.glob(os.path.join(ORACLE, "*", "tf-1.15.5", "plan.json"))):
    doc = json.load(open(pj))
    for rc in doc.get("resource_changes", [])[:4]:
        after = rc.get("change", {}).get("after")
        if isinstance(after, dict):
            put("msgpack_roundtrip", b"\x06" + mp(after))
for sel, v in [(0, "hello"), (1, 42), (1, 1.5), (2, True), (4, ["a", "b"]), (5, [1, 2]),
               (10, ["s", 1, False]), (11, {"id": "x", "tags": {"a": "b"}, "n": 3, "d": None}),
               (9, {"k": ["a"]}), (8, [{"a": "x", "b": [1]}])]:
    put("msgpack_roundtrip", bytes([sel]) + mp(v))
# A dynamic value: [type JSON as bin, value].
put("msgpack_roundtrip", b"\x03\x92\xc4\x08\"string\"\xa1x")
put("msgpack_roundtrip", b"\x03\xd4\x00\x00")  # unknown
put("msgpack_roundtrip", b"\x00\xc7\x03\x0c\x81\x01\xc2")  # refined unknown, not null
