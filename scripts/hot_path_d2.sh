#!/usr/bin/env bash
# Instructions per call of the 2D point queries and ray casts of issue 29 (Obb containment,
# Obb / Aabb / Triangle distance to a point, Circle / Obb / Capsule ray casts) under callgrind,
# each beside parry2d's call for the same work on the same inputs (the call benches/d2.rs
# times). Builds scripts/hot_path_d2.rs as a scratch crate against the isect crate in the given
# checkout (default: this one), so the same harness measures a commit before and after:
# scripts/hot_path_d2.sh [checkout] [--f64]. HOT_PATH_QUERIES="ray_obb" counts only those rows.
# Needs valgrind.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
checkout="$(cd "${1:-$here}" && pwd)"
crate=isect
parry=parry2d
[ "${2:-}" = "--f64" ] && crate=isect-f64 && parry=parry2d-f64
work="${CARGO_TARGET_DIR:-$here/target}/hot_path_d2"
mkdir -p "$work/src"
cp "$here/scripts/hot_path_d2.rs" "$work/src/main.rs"
cat >"$work/Cargo.toml" <<TOML
[package]
name = "hot_path_d2"
version = "0.0.0"
edition = "2024"
publish = false
[dependencies]
isect = { package = "$crate", path = "$checkout/crates/$crate" }
parry = { package = "$parry", version = "0.31" }
[profile.release]
debug = true
[workspace]
TOML
rm -f "$work/Cargo.lock"
cp "$checkout/Cargo.lock" "$work/Cargo.lock" 2>/dev/null || true
(cd "$work" && cargo build --release -q --target-dir "$work/target")
bin="$work/target/release/hot_path_d2"
calls=$("$bin" | awk '{print $1}')
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" --toggle-collect="hot_path_d2::$1" \
    "$bin" >/dev/null 2>"$work/err"
  total=$(grep -E '^summary|^totals' "$work/cg" | head -n 1 | awk '{print $2}')
  awk -v t="$total" -v n="$calls" 'BEGIN { printf "%.1f", t / n }'
}
printf '%-24s %8s %8s\n' query isect parry2d
all="point_in_obb point_obb_distance point_aabb_distance point_triangle_distance ray_circle \
  ray_obb ray_capsule"
for q in ${HOT_PATH_QUERIES:-$all}; do
  printf '%-24s %8s %8s\n' "$q" "$(count "$q")" "$(count "parry_$q")"
done
