//! The character controller of `examples/character_controller` (its logic and level included
//! from there by path, so the example runs what is tested) on its level of terrain, walls, a
//! staircase and a steep ramp: seeded random walks at every speed never end inside the level or
//! beyond a wall, walks over the flat grid never stop on its internal edges, the stairs are
//! climbed and the ramp is not.

#[path = "../../examples/character_controller/controller.rs"]
mod controller;
#[path = "../../examples/character_controller/level.rs"]
mod level;

use controller::{Character, Pass, Settings, slide};
use isect::math::Vec3;
use isect::{Distance, Ray, Real, TriMesh};

const DT: Real = 1.0 / 60.0;

/// A small seeded generator (`SplitMix64`), so every walk is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: Real, hi: Real) -> Real {
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit as Real
    }
}

/// Fails unless the character is where a character may be: its capsule at least half the skin
/// from every triangle, within the walls, with ground below its center and open sky above (not
/// inside the staircase or the ramp).
fn assert_in_level(level: &TriMesh, s: &Settings, c: &Character, what: &str) {
    let p = c.position;
    let gap = s.capsule(p, 0.0).distance(level);
    assert!(gap >= s.skin * 0.5, "{what}: {gap} from the level at {p}");
    let inner = level::HALF - s.radius;
    assert!(
        p.x.abs() < inner && p.z.abs() < inner,
        "{what}: beyond a wall at {p}"
    );
    let up = level.raycast_triangle(&Ray::new(p, Vec3::Y), Real::INFINITY);
    assert!(up.is_none(), "{what}: under a roof at {p}: {up:?}");
    let down = level.raycast_triangle(&Ray::new(p, -Vec3::Y), Real::INFINITY);
    assert!(down.is_some(), "{what}: no ground below {p}");
}

/// A character dropped at `(x, z)` from above everything.
fn spawn(level: &TriMesh, s: &Settings, x: Real, z: Real) -> Character {
    Character::spawn(
        level,
        s,
        Vec3::new(x, level::WALL - 2.0, z),
        2.0 * level::WALL,
    )
}

/// Height of the character's feet.
fn feet(s: &Settings, c: &Character) -> Real {
    c.position.y - s.half_height - s.radius
}

#[test]
fn random_walks_stay_in_the_level_at_every_speed() {
    let level = level::level();
    let s = Settings::PERSON;
    let mut rng = Rng(0x15EC_7C0D);
    // Speeds in units per second: walking, running, projectiles, and absurd (a step of up to
    // 10^4, far across the level and beyond its walls).
    let speeds = [(0.5, 8.0), (8.0, 60.0), (60.0, 3000.0), (3000.0, 6.0e5)];
    let walks = 2000;
    let (mut far, mut grounded) = (0.0 as Real, 0usize);
    for walk in 0..walks {
        let (lo, hi) = speeds[walk % speeds.len()];
        let speed = rng.range(lo, hi);
        let edge = level::HALF - 1.0;
        let mut c = spawn(&level, &s, rng.range(-edge, edge), rng.range(-edge, edge));
        let what = format!("walk {walk} at speed {speed}");
        assert_in_level(&level, &s, &c, &format!("{what}, spawned"));
        let start = c.position;
        let mut heading = rng.range(0.0, 6.3);
        for step in 0..30 {
            if rng.next() % 4 == 0 {
                heading += rng.range(-2.0, 2.0);
            }
            let (sin, cos) = heading.sin_cos();
            c.step(&level, &s, Vec3::new(cos, 0.0, sin) * (speed * DT), DT);
            assert_in_level(&level, &s, &c, &format!("{what}, step {step}"));
            grounded += usize::from(c.grounded);
        }
        far = far.max(c.position.distance(start));
    }
    // The walks went somewhere, mostly on their feet.
    assert!(
        far > level::HALF,
        "the farthest walk ended {far} from its start"
    );
    assert!(
        grounded > walks * 30 / 2,
        "on the ground in {grounded} steps"
    );
}

/// Directions over the flat grid: along its lines, its diagonals, and between.
fn flat_directions() -> Vec<Vec3> {
    let mut dirs = Vec::new();
    for (x, z) in [
        (1.0, 0.0),
        (0.0, 1.0),
        (1.0, 1.0),
        (1.0, -1.0),
        (2.0, 1.0),
        (1.0, 2.0),
        (3.0, -1.0),
        (0.3, 1.7),
    ] {
        let d = Vec3::new(x, 0.0, z).normalize();
        dirs.push(d);
        dirs.push(-d);
    }
    dirs
}

#[test]
fn walks_on_the_flat_grid_never_stop_on_internal_edges() {
    let level = level::level();
    let s = Settings::PERSON;
    // From a vertex of the grid, the middle of an edge, and inside a cell; along lines through
    // vertices and across edges, at walking and running speeds.
    for start in [(-5.0, -2.0), (-5.5, -2.0), (-5.25, -1.6)] {
        for dir in flat_directions() {
            for speed in [1.5, 7.0] {
                let mut c = spawn(&level, &s, start.0, start.1);
                assert!(c.grounded, "spawned on the ground at {start:?}");
                let height = c.position.y;
                let walk = dir * (speed * DT);
                let steps = (3.0 / (speed * DT)) as usize;
                for step in 0..steps {
                    let before = c.position;
                    c.step(&level, &s, walk, DT);
                    let moved = c.position - before;
                    let what = format!("from {start:?} along {dir} at {speed}, step {step}");
                    assert!(c.grounded, "{what}: in the air at {}", c.position);
                    assert!(
                        (moved - walk).length() <= 1e-3 * walk.length(),
                        "{what}: moved {moved} for {walk}"
                    );
                    assert!(
                        (c.position.y - height).abs() <= 1e-3,
                        "{what}: at height {}",
                        c.position.y
                    );
                }
            }
        }
    }
}

#[test]
fn slides_along_the_flat_grid_keep_their_motion_along_it() {
    // A slide pressing into the floor (down and along it) loses only its downward part, also
    // where its sweeps meet the floor on shared edges and vertices: a normal from an internal
    // edge would turn it aside or stop it.
    let level = level::level();
    let s = Settings::PERSON;
    for start in [(-5.0, -2.0), (-5.5, -2.0), (-5.0, -2.5), (-5.25, -1.6)] {
        let c = spawn(&level, &s, start.0, start.1);
        for dir in flat_directions() {
            for press in [0.01, 0.3, 3.0] {
                let along = dir * 2.0;
                let motion = along - Vec3::Y * press;
                let end = slide(&level, &s, c.position, motion, Pass::Side);
                let moved = end.position - c.position;
                let what = format!("from {start:?} by {motion}");
                let flat = Vec3::new(moved.x, 0.0, moved.z);
                assert!((flat - along).length() <= 1e-3, "{what}: moved {moved}");
                let normal = end.normal.unwrap_or(Vec3::ZERO);
                assert!(
                    (normal - Vec3::Y).length() <= 1e-5,
                    "{what}: normal {normal}"
                );
                let gap = s.capsule(end.position, 0.0).distance(&level);
                assert!(gap >= s.skin, "{what}: {gap} from the floor");
            }
        }
    }
}

#[test]
fn climbs_the_stairs() {
    let level = level::level();
    let s = Settings::PERSON;
    let z = (level::STAIRS_Z.0 + level::STAIRS_Z.1) * 0.5;
    let landing = level::STAIRS_X + level::STEPS as Real * level::RUN + 1.0;
    for speed in [1.0, 4.0, 9.0] {
        let mut c = spawn(&level, &s, level::STAIRS_X - 1.5, z);
        let mut top: Real = 0.0;
        for step in 0..1200 {
            let x = c.position.x;
            if x >= landing {
                break;
            }
            let walk = Vec3::X * (speed * DT).min(landing - x);
            c.step(&level, &s, walk, DT);
            assert_in_level(&level, &s, &c, &format!("stairs at {speed}, step {step}"));
            // Never down a step on the way up.
            assert!(
                feet(&s, &c) >= top - level::RISE * 0.5,
                "at {speed}: fell back at {}",
                c.position
            );
            top = top.max(feet(&s, &c));
        }
        let height = level::STEPS as Real * level::RISE;
        assert!(
            c.position.x >= landing - 1e-3,
            "at {speed}: stopped at {}",
            c.position
        );
        assert!(c.grounded, "at {speed}: in the air on the landing");
        assert!(
            (feet(&s, &c) - height).abs() <= 2.0 * s.skin,
            "at {speed}: feet at {} on the landing at {height}",
            feet(&s, &c)
        );
    }
}

#[test]
fn a_step_too_high_is_a_wall() {
    // The staircase's side is a wall of up to 2 high: walking into it from the flat side keeps
    // the character on the ground, however long it pushes.
    let level = level::level();
    let s = Settings::PERSON;
    let x = level::STAIRS_X + 5.5 * level::RUN;
    let mut c = spawn(&level, &s, x, level::STAIRS_Z.1 + 2.0);
    for step in 0..240 {
        c.step(&level, &s, -Vec3::Z * (4.0 * DT), DT);
        assert_in_level(&level, &s, &c, &format!("step {step}"));
        assert!(
            feet(&s, &c) < s.skin * 2.0,
            "step {step}: climbed to {}",
            c.position
        );
    }
    assert!(
        c.position.z - level::STAIRS_Z.1 < s.radius + 2.0 * s.skin,
        "never got to the wall: {}",
        c.position
    );
}

#[test]
fn the_steep_ramp_blocks() {
    // The 60° ramp, steeper than the 45° limit, stops a character walking into it: at most the
    // rounded bottom of the capsule reaches onto its foot.
    let level = level::level();
    let s = Settings::PERSON;
    for speed in [1.0, 4.0, 20.0] {
        for x in [-9.0, -8.0, -6.8] {
            let mut c = spawn(&level, &s, x, level::RAMP_Z + 2.0);
            for step in 0..300 {
                c.step(&level, &s, -Vec3::Z * (speed * DT), DT);
                assert_in_level(&level, &s, &c, &format!("ramp at {speed}, step {step}"));
                assert!(
                    feet(&s, &c) < s.step_height,
                    "at {speed}: up the ramp to {}",
                    c.position
                );
            }
            assert!(
                c.position.z < level::RAMP_Z + s.radius,
                "at {speed}: never reached the ramp: {}",
                c.position
            );
        }
    }
}
