//! A character controller: a capsule that walks a triangle-mesh level by collide and slide
//! (Fauerby, "Improved Collision detection and Response", 2003; the up, side and down passes
//! of `PhysX`'s character controller), built on [`TriMesh::sweep_triangle`] and
//! `Distance<TriMesh>`.
//!
//! Shared by the example (`examples/character_controller/main.rs`), its test
//! (`tests/character/`) and the benchmark (`isect-bench`'s `mesh_shapes`), which include this
//! file by its path: the logic exists once.
//!
//! The capsule stands upright (+Y is up). Every sweep moves a probe, the capsule grown by a
//! skin, and stops a little before the probe touches, so the capsule itself always keeps a gap
//! of about the skin to the level: the sweeps are exact, so no speed makes it tunnel.

#![allow(
    dead_code,
    reason = "the example, the test and the benchmark each use part of the controller"
)]

use isect::math::Vec3;
use isect::{Capsule, Distance, Ray, Real, TriMesh};

/// The character's shape and how it moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Radius of the capsule.
    pub radius: Real,
    /// Half the length of the capsule's segment (the capsule is `2 (half_height + radius)`
    /// tall).
    pub half_height: Real,
    /// The gap the controller keeps between the capsule and the level.
    pub skin: Real,
    /// The highest step (a stair's riser) the character walks up.
    pub step_height: Real,
    /// Cosine of the steepest slope the character stands and walks on: steeper ground is a
    /// wall to walk into and a slope to slide down.
    pub max_slope_cos: Real,
    /// Downward acceleration, in units per second squared.
    pub gravity: Real,
    /// The most sweeps of one slide (each meets one more plane).
    pub iterations: usize,
}

impl Settings {
    /// A person-sized capsule: 1.6 tall, radius 0.3, steps of 0.35, slopes up to 45°.
    pub const PERSON: Self = Self {
        radius: 0.3,
        half_height: 0.5,
        skin: 0.02,
        step_height: 0.35,
        max_slope_cos: 0.707_106_77,
        gravity: 9.81,
        iterations: 5,
    };

    /// The capsule centered at `position`, its radius grown by `grow`.
    #[must_use]
    pub fn capsule(&self, position: Vec3, grow: Real) -> Capsule {
        let half = Vec3::new(0.0, self.half_height, 0.0);
        Capsule::new(position - half, position + half, self.radius + grow)
    }

    /// Whether the character can stand on ground whose normal is `normal`.
    #[must_use]
    pub fn walkable(&self, normal: Vec3) -> bool {
        normal.y >= self.max_slope_cos
    }
}

/// How a slide treats the planes it meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Walking: what it meets is a vertical wall (its normal made horizontal), except floors
    /// and ceilings, so a walk never climbs by sliding (the lift before it and the down pass
    /// after it climb steps and slopes).
    Side,
    /// Falling or settling: it ends on walkable ground, and slides down steeper ground.
    Down,
}

/// Where a slide ended and the last plane it met.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slid {
    /// The capsule's center at the end.
    pub position: Vec3,
    /// The normal of the last surface met (from the level towards the capsule), if any.
    pub normal: Option<Vec3>,
    /// Whether that surface is ground to stand on ([`stands_on`]).
    pub ground: bool,
}

/// The direction from the level towards the capsule at `position` and the level's closest
/// point (`None` when they meet, which the controller never lets happen).
#[must_use]
pub fn away_from_level(
    level: &TriMesh,
    settings: &Settings,
    position: Vec3,
) -> Option<(Vec3, Vec3)> {
    let cp = settings.capsule(position, 0.0).closest_points(level);
    (cp.distance > 0.0 && cp.distance.is_finite()).then(|| ((cp.a - cp.b) / cp.distance, cp.b))
}

/// Whether the capsule centered at `center`, touching the level at `point` with the normal
/// `n`, stands there: on walkable ground, or on the rim of walkable ground (a stair's nosing or
/// a ledge, where the rounded bottom meets an edge at a steep normal): the level just beyond
/// the point, away from the capsule's axis, is walkable within a skin below it. Ground steeper
/// than the limit rises more than a skin over a skin's run, so it never passes for a rim.
#[must_use]
pub fn stands_on(level: &TriMesh, settings: &Settings, n: Vec3, point: Vec3, center: Vec3) -> bool {
    if settings.walkable(n) {
        return true;
    }
    let away = Vec3::new(point.x - center.x, 0.0, point.z - center.z).normalize_or_zero();
    if !(n.y > 0.0) || away == Vec3::ZERO {
        return false;
    }
    let above = point + away * settings.skin + Vec3::Y * settings.skin;
    level
        .raycast_triangle(&Ray::new(above, -Vec3::Y), 2.0 * settings.skin)
        .is_some_and(|hit| settings.walkable(hit.normal))
}

/// `motion` without its part into the plane of unit normal `n`.
fn clip(motion: Vec3, n: Vec3) -> Vec3 {
    let into = motion.dot(n);
    if into < 0.0 {
        motion - n * into
    } else {
        motion
    }
}

/// The plane a walk slides along when it meets a surface of normal `n`: a vertical wall through
/// it, unless it is a floor or a ceiling. Walking climbs through the lift before it and the
/// down pass after it, never by sliding up: sliding up a slope at speed would launch the
/// character off its crest (and over the walls).
fn side_plane(settings: &Settings, n: Vec3) -> Vec3 {
    let across = Vec3::new(n.x, 0.0, n.z);
    if n.y <= -settings.max_slope_cos || across.length() < 1e-3 {
        n
    } else {
        across.normalize()
    }
}

/// Moves the capsule from `position` by `motion`, sliding along what it meets: each sweep of
/// the probe (the capsule grown by the skin) stops a quarter skin before contact along the hit
/// normal, and the rest of the motion loses its part into the plane met; into two planes, it
/// follows their crease; a motion turned against the original one stops (no jitter in
/// corners). At most `settings.iterations` sweeps.
#[must_use]
pub fn slide(
    level: &TriMesh,
    settings: &Settings,
    position: Vec3,
    motion: Vec3,
    pass: Pass,
) -> Slid {
    let mut position = position;
    let mut motion = motion;
    let mut planes = [Vec3::ZERO; 8];
    let mut met = 0;
    let mut normal = None;
    let mut ground = false;
    let tiny = settings.skin * 1e-4;
    for _ in 0..settings.iterations {
        let length = motion.length();
        if !(length > tiny) {
            break;
        }
        let probe = settings.capsule(position, settings.skin);
        let Some(hit) = level.sweep_triangle(&probe, motion) else {
            position += motion;
            break;
        };
        let dir = motion / length;
        let mut travel = 0.0;
        let n = if hit.t > 0.0 {
            // Up to a quarter skin short of the contact along the normal.
            let approach = -dir.dot(hit.normal);
            if approach > 0.0 {
                travel = (hit.t * length - settings.skin * 0.25 / approach).max(0.0);
                position += dir * travel;
            }
            (hit.normal, hit.point)
        } else {
            // The probe touches already (rounding at a quarter skin): the plane is the way
            // out, and a quarter skin out of it when that is clear.
            let Some((n, point)) = away_from_level(level, settings, position) else {
                break;
            };
            let push = n * (settings.skin * 0.25);
            let half = settings.capsule(position, settings.skin * 0.5);
            if level.sweep_triangle(&half, push).is_none() {
                position += push;
            }
            (n, point)
        };
        let (n, point) = n;
        normal = Some(n);
        ground = stands_on(level, settings, n, point, position);
        if pass == Pass::Down && ground {
            break;
        }
        let plane = match pass {
            Pass::Side => side_plane(settings, n),
            Pass::Down => n,
        };
        let mut rest = clip(motion - dir * travel, plane);
        for &earlier in &planes[..met] {
            if rest.dot(earlier) < 0.0 {
                let crease = earlier.cross(plane).normalize_or_zero();
                rest = crease * rest.dot(crease);
            }
        }
        if !(rest.dot(motion) > 0.0) {
            break;
        }
        if met < planes.len() {
            planes[met] = plane;
            met += 1;
        }
        motion = rest;
    }
    Slid {
        position,
        normal,
        ground,
    }
}

/// A character: where its capsule is and how it falls.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Character {
    /// The capsule's center.
    pub position: Vec3,
    /// Downward speed, in units per second (0 on the ground).
    pub fall_speed: Real,
    /// Whether it stands on walkable ground.
    pub grounded: bool,
}

impl Character {
    /// A character dropped onto the level from `position` (straight down, as far as `depth`).
    #[must_use]
    pub fn spawn(level: &TriMesh, settings: &Settings, position: Vec3, depth: Real) -> Self {
        let down = slide(
            level,
            settings,
            position,
            Vec3::new(0.0, -depth, 0.0),
            Pass::Down,
        );
        Self {
            position: down.position,
            fall_speed: 0.0,
            grounded: down.ground,
        }
    }

    /// One step of `dt` seconds: walk by the horizontal part of `walk` and fall under
    /// gravity. On the ground, first up by the step height (as far as it is clear), then the
    /// walk, then down by what went up plus the step height (so the character keeps to the
    /// ground going down stairs and slopes); a step that lands on ground too steep to stand on
    /// is taken again without going up.
    pub fn step(&mut self, level: &TriMesh, settings: &Settings, walk: Vec3, dt: Real) {
        self.fall_speed = if self.grounded {
            0.0
        } else {
            self.fall_speed + settings.gravity * dt
        };
        let walk = Vec3::new(walk.x, 0.0, walk.z);
        let fall = self.fall_speed * dt;
        let stepped = if self.grounded && settings.step_height > 0.0 {
            let up = slide(
                level,
                settings,
                self.position,
                Vec3::new(0.0, settings.step_height, 0.0),
                Pass::Side,
            );
            let lift = up.position.y - self.position.y;
            Some(self.walk_down(level, settings, up.position, walk, lift, fall))
        } else {
            None
        };
        let (position, ground) = match stepped {
            // Up, along and down onto ground, or along off a ledge.
            Some((p, landed @ (Some(true) | None))) => (p, landed),
            // Onto ground too steep to stand on: again without the lift.
            _ => self.walk_down(level, settings, self.position, walk, 0.0, fall),
        };
        self.position = position;
        self.grounded = ground == Some(true);
    }

    /// The side and down passes from `from` (`lift` above where the step began): the
    /// position and whether it landed on ground to stand on (`None`: it met nothing below).
    fn walk_down(
        &self,
        level: &TriMesh,
        settings: &Settings,
        from: Vec3,
        walk: Vec3,
        lift: Real,
        fall: Real,
    ) -> (Vec3, Option<bool>) {
        let side = slide(level, settings, from, walk, Pass::Side).position;
        let snap = if self.grounded {
            settings.step_height
        } else {
            0.0
        };
        let down = slide(
            level,
            settings,
            side,
            Vec3::new(0.0, -(lift + snap + fall), 0.0),
            Pass::Down,
        );
        match down.normal {
            Some(_) => (down.position, Some(down.ground)),
            // Nothing below within the snap: off a ledge, falling only what gravity says (a
            // part of the clear sweep).
            None => (side - Vec3::new(0.0, lift + fall, 0.0), None),
        }
    }
}
