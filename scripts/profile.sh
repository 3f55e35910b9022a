#!/usr/bin/env bash
# Repeatable evidence for changes that must not alter mesh ray answers or cost: for a few ray sets
# of `mesh_profile` (100k triangles), the fingerprint of every answer and the instructions per ray
# under callgrind (`cast_all` only, not the mesh build), then the instructions of `TriMesh::new`
# for the sphere and the soup. Run from the repository root: scripts/profile.sh
# (needs valgrind; ISECT_SIMD is left as the environment sets it; the binary is looked for under
# $CARGO_TARGET_DIR, or target/ when that is unset).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench -p isect-bench --bench mesh_profile --no-run 2>/dev/null
bin=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/deps/mesh_profile-* | grep -v '\.d$' | head -n 1)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for set in "sphere camera" "soup incoherent" "sphere short" "sphere camera 128 batch"; do
  line=$(ISECT_PROFILE="$set" valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
    --toggle-collect='*cast_all*' "$bin" 2>"$out/err" | tail -n 1)
  total=$(grep -E '^summary|^totals' "$out/cg" | head -n 1 | awk '{print $2}')
  rays=$(echo "$line" | sed -E 's/.* ([0-9]+) rays.*/\1/')
  printf '%-26s %6d instr/ray  %s\n' "$set" "$((total / rays))" "${line##*, }"
done
for mesh in sphere soup; do
  ISECT_PROFILE="$mesh camera 1" valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
    --toggle-collect='*TriMesh*new*' "$bin" >/dev/null 2>&1
  total=$(grep -E '^summary|^totals' "$out/cg" | head -n 1 | awk '{print $2}')
  printf 'TriMesh::new %-13s %s instructions\n' "$mesh" "$total"
done
