#!/usr/bin/env bash
# Instructions per call of a few cheap queries (sphere–sphere, aabb–aabb, ray–sphere,
# point–triangle, point distances to a sphere and a box, sphere–plane, aabb–plane, points on a
# segment and on a triangle) under callgrind: the evidence that a
# change kept the hot path's cost. Builds scripts/hot_path.rs as a scratch crate against the isect
# crate in the given checkout (default: this one), so the same harness measures a commit before
# and after: scripts/hot_path.sh [checkout] [--f64]. Needs valgrind.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
checkout="$(cd "${1:-$here}" && pwd)"
crate=isect
[ "${2:-}" = "--f64" ] && crate=isect-f64
work="${CARGO_TARGET_DIR:-$here/target}/hot_path"
mkdir -p "$work/src"
cp "$here/scripts/hot_path.rs" "$work/src/main.rs"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "hot_path"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
isect = { package = "$crate", path = "$checkout/crates/$crate" }
[profile.release]
debug = true
[workspace]
TOML
rm -f "$work/Cargo.lock"
cp "$checkout/Cargo.lock" "$work/Cargo.lock" 2>/dev/null || true
(cd "$work" && cargo build --release -q --target-dir "$work/target")
bin="$work/target/release/hot_path"
calls=$("$bin" | awk '{print $1}')
for q in sphere_sphere aabb_aabb ray_sphere point_triangle point_sphere_distance point_aabb_distance \
  sphere_plane aabb_plane point_on_segment point_on_triangle; do
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" --toggle-collect="hot_path::$q" \
    "$bin" >/dev/null 2>"$work/err"
  total=$(grep -E '^summary|^totals' "$work/cg" | head -n 1 | awk '{print $2}')
  awk -v q="$q" -v t="$total" -v n="$calls" 'BEGIN { printf "%-22s %7.1f instr/call\n", q, t / n }'
done
