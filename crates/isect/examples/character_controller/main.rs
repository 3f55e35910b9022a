//! A character controller on isect's mesh sweeps: a capsule walks a level of terrain, walls, a
//! staircase and a ramp too steep to climb, by collide and slide (see `controller.rs`).
//!
//! `cargo run --release --example character_controller`: the character walks a square around
//! the level, up the stairs and into the ramp, and the program prints where it is every
//! second, then how many steps a second the controller ran.

use std::time::Instant;

use isect::Real;
use isect::math::Vec3;

#[path = "controller.rs"]
mod controller;
#[path = "level.rs"]
mod level;

use controller::{Character, Settings};

fn main() {
    let level = level::level();
    let settings = Settings::PERSON;
    let dt: Real = 1.0 / 60.0;
    let speed: Real = 4.0;
    // Waypoints: to the foot of the stairs, up them, back down, over the hills, into the ramp.
    let stairs_z = (level::STAIRS_Z.0 + level::STAIRS_Z.1) * 0.5;
    let waypoints = [
        Vec3::new(level::STAIRS_X - 2.0, 0.0, stairs_z),
        Vec3::new(level::STAIRS_X + 7.5, 0.0, stairs_z),
        Vec3::new(0.0, 0.0, -8.0),
        Vec3::new(10.0, 0.0, 0.0),
        Vec3::new(10.0, 0.0, 12.0),
        Vec3::new(-8.0, 0.0, 12.0),
        Vec3::new(-8.0, 0.0, 0.0),
    ];
    let mut character = Character::spawn(&level, &settings, Vec3::new(-4.0, 8.0, -4.0), 20.0);
    let mut steps = 0u32;
    let start = Instant::now();
    for target in waypoints {
        // Walk towards the target for as long as it takes to get there on flat ground, and two
        // seconds more: a wall or the ramp may stop the character first.
        let to = |c: &Character| Vec3::new(target.x - c.position.x, 0.0, target.z - c.position.z);
        let frames = (to(&character).length() / (speed * dt)) as u32 + 120;
        for frame in 0..frames {
            let way = to(&character);
            let walk = if way.length() > speed * dt {
                way.normalize() * speed * dt
            } else {
                way
            };
            character.step(&level, &settings, walk, dt);
            steps += 1;
            if frame % 60 == 0 {
                let p = character.position;
                let feet = p.y - settings.half_height - settings.radius;
                println!(
                    "t {:6.2} s  at ({:7.3}, {:7.3})  feet at height {:6.3}  {}",
                    steps as Real * dt,
                    p.x,
                    p.z,
                    feet,
                    if character.grounded {
                        "on the ground"
                    } else {
                        "in the air"
                    }
                );
            }
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "{steps} steps in {elapsed:.3} s: {:.0} steps per second",
        f64::from(steps) / elapsed
    );
}
