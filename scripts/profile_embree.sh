#!/usr/bin/env bash
# Instructions per ray of isect and of Embree 3 (default and robust scenes) on the same meshes and
# rays: `mesh_profile` built with `--features embree` (needs libembree-dev), run under callgrind
# with `--toggle-collect='*cast_all*'` (the casts only, not the builds). Callgrind emulates AVX2
# and not AVX-512, so isect runs its x86-64-v3 copy and Embree its AVX2 kernels.
# Run from the repository root: scripts/profile_embree.sh [rings...] (default: 50 158, the mesh
# bench's 10k and 100k spheres; 500 is its 1M sphere). SETS="camera incoherent" limits the sets.
# The sphere loses its last triangle (ISECT_PROFILE_OPEN=1): a surface, so that isect's any-hit
# casts answer what rtcOccluded1 does (a solid's raycast_any also counts crossings from inside).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo bench -p isect-bench --bench mesh_profile --features embree --no-run 2>/dev/null
bin=$(ls -t "${CARGO_TARGET_DIR:-target}"/release/deps/mesh_profile-* | grep -v '\.d$' | head -n 1)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() { # lib set rings -> "instr/ray hits [fingerprint]"
  local line total rays
  line=$(ISECT_PROFILE_OPEN=1 ISECT_PROFILE_LIB=$1 ISECT_PROFILE="sphere $2" ISECT_PROFILE_RINGS=$3 \
    valgrind --tool=callgrind --callgrind-out-file="$out/cg" --toggle-collect='*cast_all*' \
    "$bin" 2>"$out/err" | grep " rays, " | tail -n 1)
  total=$(grep -E '^summary|^totals' "$out/cg" | head -n 1 | awk '{print $2}')
  rays=$(echo "$line" | sed -E 's/.* ([0-9]+) rays.*/\1/')
  hits=$(echo "$line" | sed -E 's/.* ([0-9]+) hits.*/\1/')
  echo "$((total / rays)) $hits $(echo "$line" | grep -o 'fingerprint [0-9a-f]*' || true)"
}
echo "| sphere | set | isect | Embree default | Embree robust | isect/default | isect/robust | hits i/d/r | fingerprint |"
echo "|---|---|---:|---:|---:|---:|---:|---|---|"
for rings in ${*:-50 158}; do
  for set in ${SETS:-camera incoherent shadow short}; do
    read -r i ih ifp < <(count isect "$set" "$rings")
    read -r d dh < <(count embree "$set" "$rings")
    read -r r rh < <(count embree-robust "$set" "$rings")
    printf '| %s rings | %s | %d | %d | %d | %.2f | %.2f | %s/%s/%s | %s |\n' "$rings" "$set" \
      "$i" "$d" "$r" "$(echo "$i / $d" | bc -l)" "$(echo "$i / $r" | bc -l)" "$ih" "$dh" "$rh" "${ifp#fingerprint }"
  done
done
