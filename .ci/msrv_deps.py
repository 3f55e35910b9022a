"""Fails when a normal dependency of isect, isect-f64 or isect-cli declares a newer minimum Rust
than the workspace's `rust-version` (argv[1]). Reads `cargo metadata` on stdin."""
import json
import sys


def version(text):
    parts = [int(x) for x in text.split(".")[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


msrv = version(sys.argv[1])
meta = json.load(sys.stdin)
pkgs = {p["id"]: p for p in meta["packages"]}
nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
todo = [i for i, p in pkgs.items() if p["name"] in ("isect", "isect-f64", "isect-cli")]
seen, bad = set(), []
while todo:
    i = todo.pop()
    if i in seen:
        continue
    seen.add(i)
    rv = pkgs[i].get("rust_version")
    if rv and version(rv) > msrv:
        bad.append("%s %s needs Rust %s" % (pkgs[i]["name"], pkgs[i]["version"], rv))
    for dep in nodes[i]["deps"]:
        if any(k["kind"] is None for k in dep["dep_kinds"]):
            todo.append(dep["pkg"])
print("%d packages checked against Rust %s" % (len(seen), sys.argv[1]))
if bad:
    sys.exit("newer than the declared minimum:\n  " + "\n  ".join(sorted(bad)))
