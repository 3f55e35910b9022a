#!/usr/bin/env bash
# Instructions per call of a few cheap queries (sphere–sphere, aabb–aabb, ray–sphere,
# point–triangle, point distances to a sphere and a box, their closest points and the box's
# containment, sphere–plane, aabb–plane, points on a
# segment and on a triangle, ray–triangle, the ray casts of sphere (any-hit), Aabb (closest and
# any-hit), Obb, capsule and plane (and its any-hit), Obb containment and distance, and the watertight promise's cost:
# ray–triangle with barycentric coordinates, watertight and Möller–Trumbore) under callgrind, each beside parry3d's most direct
# call for the same work on the same inputs (`parry` column, its local call; `-` where parry has
# no such call; `parry posed` its world-frame call where isect's call moves the input into the
# shape's frame, the Obb rows), and beside isect the same formula without the promise (`bare`:
# no validity checks, no rescaling, see hot_path.rs; `-` where not written, the ray–triangle
# rows' is the Möller–Trumbore row):
# the evidence that a change kept, or cut, the hot path's cost. Builds scripts/hot_path.rs as a scratch crate against the isect
# crate in the given checkout (default: this one), so the same harness measures a commit before
# and after: scripts/hot_path.sh [checkout] [--f64]. HOT_PATH_QUERIES="ray_capsule ray_obb" counts
# only those rows. Needs valgrind.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
checkout="$(cd "${1:-$here}" && pwd)"
crate=isect
parry=parry3d
[ "${2:-}" = "--f64" ] && crate=isect-f64 && parry=parry3d-f64
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
parry = { package = "$parry", version = "0.31" }
glam = "0.33"
[profile.release]
debug = true
[workspace]
TOML
rm -f "$work/Cargo.lock"
cp "$checkout/Cargo.lock" "$work/Cargo.lock" 2>/dev/null || true
(cd "$work" && cargo build --release -q --target-dir "$work/target")
bin="$work/target/release/hot_path"
calls=$("$bin" | awk '{print $1}')
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" --toggle-collect="hot_path::$1" \
    "$bin" >/dev/null 2>"$work/err"
  total=$(grep -E '^summary|^totals' "$work/cg" | head -n 1 | awk '{print $2}')
  awk -v t="$total" -v n="$calls" 'BEGIN { printf "%.1f", t / n }'
}
printf '%-22s %8s %8s %8s %12s\n' query isect bare parry 'parry posed'
all="sphere_sphere aabb_aabb ray_sphere point_triangle point_sphere_distance point_aabb_distance \
  point_sphere_closest point_aabb_closest point_in_aabb \
  sphere_plane aabb_plane point_on_segment point_on_triangle ray_triangle ray_sphere_any ray_aabb \
  ray_aabb_any ray_obb ray_capsule ray_plane ray_plane_any point_in_obb point_obb_distance ray_triangle_bary ray_triangle_mt"
for q in ${HOT_PATH_QUERIES:-$all}; do
  mine=$(count "$q")
  # parry's boolean cast is its cast (see hot_path.rs).
  them="parry_${q%_any}"
  if grep -q "^counted!($them," "$here/scripts/hot_path.rs"; then
    theirs=$(count "$them")
  else
    theirs=-
  fi
  # Where isect's call moves its input into the shape's frame (Obb), parry's world call too.
  posed=-
  if grep -q "^counted!(${them}_posed," "$here/scripts/hot_path.rs"; then
    posed=$(count "${them}_posed")
  fi
  bare=-
  if grep -q "^counted!(bare_$q," "$here/scripts/hot_path.rs"; then
    bare=$(count "bare_$q")
  fi
  printf '%-22s %8s %8s %8s %12s\n' "$q" "$mine" "$bare" "$theirs" "$posed"
done
