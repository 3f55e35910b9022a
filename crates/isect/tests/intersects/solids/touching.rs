//! Hand cases built from small integers and powers of two, so that touching is exact.

use isect::math::{Mat3, Vec3};
use isect::{Aabb, Capsule, Intersects, Obb, Plane, Real, Sphere};

use crate::common::{intersects_both, non_finite_points, v};

/// A small exactly representable gap.
const GAP: Real = 1.0 / 1024.0;

/// `make(0)` touches `a`, `make(GAP)` is apart, `make(-GAP)` overlaps a little.
#[track_caller]
fn touch<A, B>(a: &A, make: impl Fn(Real) -> B)
where
    A: Intersects<B> + core::fmt::Debug + crate::common::transform::Exact,
    B: Intersects<A> + core::fmt::Debug + crate::common::transform::Exact,
{
    assert!(
        intersects_both(a, &make(0.0)),
        "touching: {a:?} {:?}",
        make(0.0)
    );
    assert!(
        !intersects_both(a, &make(GAP)),
        "apart: {a:?} {:?}",
        make(GAP)
    );
    assert!(
        intersects_both(a, &make(-GAP)),
        "overlapping: {a:?} {:?}",
        make(-GAP)
    );
}

/// `make(0)` touches `a` (a flat shape lying in it, or a point on it), `make(±GAP)` is apart.
#[track_caller]
fn touch_flat<A, B>(a: &A, make: impl Fn(Real) -> B)
where
    A: Intersects<B> + core::fmt::Debug + crate::common::transform::Exact,
    B: Intersects<A> + core::fmt::Debug + crate::common::transform::Exact,
{
    assert!(
        intersects_both(a, &make(0.0)),
        "touching: {a:?} {:?}",
        make(0.0)
    );
    assert!(
        !intersects_both(a, &make(GAP)),
        "apart: {a:?} {:?}",
        make(GAP)
    );
    assert!(
        !intersects_both(a, &make(-GAP)),
        "apart: {a:?} {:?}",
        make(-GAP)
    );
}

/// Local axis 0 along world z, 1 along world x, 2 along world y: an exact rotation.
fn permuted() -> Mat3 {
    Mat3::from_cols(Vec3::Z, Vec3::X, Vec3::Y)
}

fn unit_box() -> Aabb {
    Aabb::new(v(-1.0, -1.0, -1.0), v(1.0, 1.0, 1.0))
}

/// The box [-1, 1]³ as an OBB whose local axes are permuted (half extents permuted to match).
fn unit_obb() -> Obb {
    Obb::new(Vec3::ZERO, v(1.0, 1.0, 1.0), permuted())
}

/// An OBB reaching x in [-2, 2], y in [-3, 3], z in [-1, 1] around `c`.
fn long_obb(c: Vec3) -> Obb {
    Obb::new(c, v(1.0, 2.0, 3.0), permuted())
}

#[test]
fn sphere_sphere() {
    let a = Sphere::new(Vec3::ZERO, 1.0);
    touch(&a, |g| Sphere::new(v(3.0 + g, 0.0, 0.0), 2.0));
    touch(&a, |g| Sphere::new(v(3.0, 4.0 + g, 0.0), 4.0));
    // Containment, concentric, points.
    assert!(intersects_both(&a, &Sphere::new(v(0.25, 0.0, 0.0), 0.5)));
    assert!(intersects_both(&a, &Sphere::new(Vec3::ZERO, 8.0)));
    let p = Sphere::new(v(1.0, 0.0, 0.0), 0.0);
    assert!(intersects_both(&a, &p));
    assert!(intersects_both(&p, &p));
    assert!(!intersects_both(&p, &Sphere::new(v(1.0, GAP, 0.0), 0.0)));
}

#[test]
fn sphere_aabb() {
    let b = unit_box();
    touch(&b, |g| Sphere::new(v(3.0 + g, 0.0, 0.0), 2.0)); // face
    touch(&b, |g| Sphere::new(v(4.0 + g, 5.0, 0.0), 5.0)); // edge
    touch(&b, |g| Sphere::new(v(3.0, 3.0 + g, 2.0), 3.0)); // corner
    touch(&b, |g| Sphere::new(v(0.5, -1.0 - g, 0.5), 0.0)); // point on a face
    assert!(intersects_both(&b, &Sphere::new(v(0.5, 0.5, 0.0), 0.25))); // inside
    assert!(intersects_both(&b, &Sphere::new(v(0.5, 0.5, 0.0), 9.0))); // around
    let flat = Aabb::new(v(-1.0, -1.0, 0.0), v(1.0, 1.0, 0.0));
    touch(&flat, |g| Sphere::new(v(0.0, 0.0, 2.0 + g), 2.0));
    let point = Aabb::new(v(1.0, 2.0, 3.0), v(1.0, 2.0, 3.0));
    touch(&point, |g| Sphere::new(v(1.0, 2.0, 5.0 + g), 2.0));
}

#[test]
fn sphere_obb() {
    let b = long_obb(v(1.0, 1.0, 1.0));
    touch(&b, |g| Sphere::new(v(4.0 + g, 1.0, 1.0), 1.0)); // x face at 3
    touch(&b, |g| Sphere::new(v(1.0, -2.0 - 2.0 - g, 1.0), 2.0)); // y face at -2
    touch(&b, |g| Sphere::new(v(3.0 + 3.0, 4.0 + 4.0 + g, 1.0), 5.0)); // edge (3, 4)
    touch(&b, |g| Sphere::new(v(3.0, 4.0, 2.0 + 2.0 + g), 2.0)); // corner (3, 4, 2)
    assert!(intersects_both(&b, &Sphere::new(v(1.0, 1.0, 1.0), 0.0)));
    let flat = Obb::new(Vec3::ZERO, v(0.0, 1.0, 1.0), permuted()); // flat in world z
    touch(&flat, |g| Sphere::new(v(0.5, 0.5, 1.0 + g), 1.0));
}

#[test]
fn sphere_capsule() {
    let c = Capsule::new(Vec3::ZERO, v(0.0, 4.0, 0.0), 1.0);
    touch(&c, |g| Sphere::new(v(3.0 + g, 2.0, 0.0), 2.0)); // side
    touch(&c, |g| Sphere::new(v(0.0, -3.0 - g, 0.0), 2.0)); // end cap
    touch(&c, |g| Sphere::new(v(3.0, 8.0 + g, 0.0), 4.0)); // cap, diagonally
    assert!(intersects_both(&c, &Sphere::new(v(0.0, 1.0, 0.0), 0.5))); // inside
    let ball = Capsule::new(v(1.0, 1.0, 1.0), v(1.0, 1.0, 1.0), 1.0);
    touch(&ball, |g| Sphere::new(v(1.0, 1.0, 4.0 + g), 2.0));
    let seg = Capsule::new(Vec3::ZERO, v(0.0, 4.0, 0.0), 0.0);
    touch(&seg, |g| Sphere::new(v(0.0, 2.0, 1.0 + g), 1.0));
}

#[test]
fn sphere_plane() {
    let p = Plane::new(Vec3::Z, 2.0);
    touch(&p, |g| Sphere::new(v(5.0, 7.0, 4.0 + g), 2.0));
    touch(&p, |g| Sphere::new(v(5.0, 7.0, -g), 2.0));
    touch_flat(&p, |g| Sphere::new(v(5.0, 7.0, 2.0 + g), 0.0));
    assert!(intersects_both(&p, &Sphere::new(v(0.0, 0.0, 2.0), 1.0)));
}

#[test]
fn aabb_aabb() {
    let a = Aabb::new(Vec3::ZERO, v(1.0, 1.0, 1.0));
    touch(&a, |g| Aabb::new(v(1.0 + g, 0.0, 0.0), v(2.0, 1.0, 1.0))); // face
    touch(&a, |g| {
        Aabb::new(v(1.0 + g, 1.0 + g, -1.0), v(2.0, 2.0, 3.0))
    }); // edge
    touch(&a, |g| Aabb::new(v(1.0, 1.0, 1.0 + g), v(2.0, 2.0, 2.0))); // corner
    touch(&a, |g| Aabb::new(v(-2.0, -3.0, -4.0), v(-g, 5.0, 6.0)));
    assert!(intersects_both(
        &a,
        &Aabb::new(v(0.25, 0.25, 0.25), v(0.5, 0.5, 0.5))
    ));
    assert!(intersects_both(
        &a,
        &Aabb::new(v(-4.0, 0.5, -4.0), v(4.0, 0.5, 4.0))
    )); // flat
    let point = Aabb::new(v(1.0, 0.5, 0.0), v(1.0, 0.5, 0.0));
    assert!(intersects_both(&a, &point));
}

#[test]
fn aabb_obb() {
    let a = unit_box();
    touch(&a, |g| long_obb(v(3.0 + g, 0.0, 0.0))); // face, reaching x in [1, 5]
    touch(&a, |g| long_obb(v(3.0 + g, 4.0, 0.0))); // edge
    touch(&a, |g| long_obb(v(3.0, 4.0, 2.0 + g))); // corner
    assert!(intersects_both(&a, &long_obb(Vec3::ZERO)));
    assert!(intersects_both(
        &a,
        &Obb::new(v(0.5, 0.5, 0.5), Vec3::ZERO, permuted())
    ));
    let flat = Obb::new(v(0.0, 0.0, 1.0), v(0.0, 5.0, 5.0), permuted());
    touch(&a, |g| {
        Obb::new(v(0.0, 0.0, 1.0 + g), flat.half_extents, permuted())
    });
}

#[test]
fn obb_obb() {
    let a = unit_obb();
    touch(&a, |g| long_obb(v(3.0 + g, 0.0, 0.0)));
    touch(&a, |g| long_obb(v(3.0, 4.0 + g, 0.0)));
    touch(&a, |g| long_obb(v(-3.0, -4.0, -2.0 - g)));
    let b = Obb::new(v(0.25, 0.5, 0.125), v(2.0, 2.0, 2.0), Mat3::IDENTITY);
    assert!(intersects_both(&a, &b)); // contains a
    assert!(intersects_both(&a, &a));
    // Rotated about z by a quarter turn, in another frame: same answers.
    let turn = Mat3::from_cols(Vec3::Y, -Vec3::X, Vec3::Z);
    touch(&Obb::new(Vec3::ZERO, v(2.0, 1.0, 1.0), turn), |g| {
        Obb::new(v(0.0, 3.0 + g, 0.0), v(1.0, 1.0, 1.0), permuted())
    });
}

#[test]
fn aabb_capsule() {
    let b = unit_box();
    touch(&b, |g| {
        Capsule::new(v(3.0 + g, -5.0, 0.0), v(3.0 + g, 5.0, 0.0), 2.0)
    }); // face
    touch(&b, |g| {
        Capsule::new(v(4.0 + g, 5.0, -9.0), v(4.0 + g, 5.0, 9.0), 5.0)
    }); // edge
    touch(&b, |g| {
        Capsule::new(v(3.0, 3.0, 2.0 + g), v(3.0, 3.0, 10.0), 3.0)
    }); // corner, cap
    touch(&b, |g| {
        Capsule::new(v(-5.0, 1.0 + g, 2.0), v(5.0, 1.0 + g, 2.0), 1.0)
    }); // edge, parallel
    touch(&b, |g| {
        Capsule::new(v(2.0 + g, 0.0, 0.0), v(2.0 + g, 0.0, 0.0), 1.0)
    }); // point core
    touch(&b, |g| {
        Capsule::new(v(1.0 + g, -5.0, -5.0), v(1.0 + g, 5.0, 5.0), 0.0)
    }); // segment
    // A core crossing the box with both ends outside, and one inside the box.
    assert!(intersects_both(
        &b,
        &Capsule::new(v(-5.0, 0.5, 0.0), v(5.0, 0.0, 0.5), 0.0)
    ));
    assert!(intersects_both(
        &b,
        &Capsule::new(v(-5.0, 5.0, 0.0), v(5.0, -5.0, 0.0), 0.0)
    ));
    assert!(intersects_both(
        &b,
        &Capsule::new(v(0.0, 0.0, 0.0), v(0.5, 0.0, 0.0), 0.0)
    ));
    // Diagonal core whose closest point is interior to the segment, near the corner (1, 1):
    // the line x + y = 4 is √2 from it.
    let diag = |r: Real| Capsule::new(v(4.0, 0.0, 0.0), v(0.0, 4.0, 0.0), r);
    let r = core::f64::consts::SQRT_2 as Real;
    assert!(!intersects_both(&b, &diag(r * (1.0 - 1e-4))));
    assert!(intersects_both(&b, &diag(r * (1.0 + 1e-4))));
    let flat = Aabb::new(v(-1.0, -1.0, 0.0), v(1.0, 1.0, 0.0));
    touch(&flat, |g| {
        Capsule::new(v(0.0, 0.0, 1.0 + g), v(0.0, 0.0, 5.0), 1.0)
    });
}

#[test]
fn obb_capsule() {
    let b = long_obb(Vec3::ZERO); // x in [-2, 2], y in [-3, 3], z in [-1, 1]
    touch(&b, |g| {
        Capsule::new(v(4.0 + g, -5.0, 0.0), v(4.0 + g, 5.0, 0.0), 2.0)
    });
    touch(&b, |g| {
        Capsule::new(v(5.0 + g, 7.0, -9.0), v(5.0 + g, 7.0, 9.0), 5.0)
    }); // edge
    touch(&b, |g| {
        Capsule::new(v(4.0, 5.0, 2.0 + g), v(4.0, 5.0, 10.0), 3.0)
    }); // corner
    assert!(intersects_both(
        &b,
        &Capsule::new(v(-9.0, 0.5, 0.0), v(9.0, 0.5, 0.0), 0.0)
    ));
    let diag = |r: Real| Capsule::new(v(6.0, 0.0, 0.0), v(0.0, 6.0, 0.0), r);
    // x + y = 6 is 1/√2 from the corner (2, 3).
    let r = core::f64::consts::FRAC_1_SQRT_2 as Real;
    assert!(!intersects_both(&b, &diag(r * (1.0 - 1e-4))));
    assert!(intersects_both(&b, &diag(r * (1.0 + 1e-4))));
}

#[test]
fn capsule_capsule() {
    let a = Capsule::new(Vec3::ZERO, v(4.0, 0.0, 0.0), 1.0);
    touch(&a, |g| {
        Capsule::new(v(2.0, 3.0 + g, -2.0), v(2.0, 3.0 + g, 2.0), 2.0)
    }); // crossing
    touch(&a, |g| {
        Capsule::new(v(0.0, 3.0 + g, 0.0), v(4.0, 3.0 + g, 0.0), 2.0)
    }); // parallel
    touch(&a, |g| {
        Capsule::new(v(7.0 + g, 0.0, 0.0), v(9.0, 0.0, 0.0), 2.0)
    }); // end to end
    touch(&a, |g| {
        Capsule::new(v(7.0 + g, 4.0, 0.0), v(7.0 + g, 4.0, 0.0), 4.0)
    }); // sphere
    assert!(intersects_both(
        &a,
        &Capsule::new(v(1.0, 0.0, 0.0), v(2.0, 0.0, 0.0), 0.0)
    ));
    assert!(intersects_both(&a, &a));
}

#[test]
fn solids_plane() {
    let p = Plane::new(Vec3::Y, -1.0);
    touch(&p, |g| Aabb::new(v(0.0, -1.0 + g, 0.0), v(1.0, 3.0, 1.0)));
    touch(&p, |g| Aabb::new(v(0.0, -5.0, 0.0), v(1.0, -1.0 - g, 1.0)));
    touch_flat(&p, |g| {
        Aabb::new(v(0.0, -1.0 + g, 0.0), v(1.0, -1.0 + g, 1.0))
    }); // flat
    touch(&p, |g| long_obb(v(3.0, 2.0 + g, 0.0))); // y in [-1, 5]
    touch(&p, |g| {
        Capsule::new(v(0.0, 1.0 + g, 0.0), v(5.0, 7.0, 2.0), 2.0)
    });
    touch(&p, |g| {
        Capsule::new(v(0.0, 1.0 + g, 0.0), v(0.0, 1.0 + g, 0.0), 2.0)
    });
    touch_flat(&p, |g| {
        Capsule::new(v(0.0, -1.0 + g, 0.0), v(6.0, -1.0 + g, 0.0), 0.0)
    }); // in plane
    // Crossing cores and boxes.
    assert!(intersects_both(
        &p,
        &Capsule::new(v(0.0, -5.0, 0.0), v(0.0, 5.0, 0.0), 0.0)
    ));
    assert!(intersects_both(&p, &unit_box()));
    assert!(intersects_both(&p, &unit_obb()));
    // A tilted plane through the box's corner (1, 1, 1): its normal is rounded, so touching is
    // within the plane's tolerance, and 1/1024 apart is far beyond it.
    let n = v(1.0, 1.0, 1.0);
    let corner = |g: Real| Plane::from_point_normal(v(1.0, 1.0, 1.0) + n * g, n);
    for g in [0.0, GAP, -GAP] {
        assert_eq!(intersects_both(&unit_box(), &corner(g)), g <= 0.0, "{g}");
        assert_eq!(intersects_both(&unit_obb(), &corner(g)), g <= 0.0, "{g}");
    }
}

#[test]
fn plane_plane() {
    let p = Plane::new(Vec3::Z, 1.0);
    assert!(intersects_both(&p, &p));
    assert!(intersects_both(&p, &p.flipped()));
    assert!(!intersects_both(&p, &Plane::new(Vec3::Z, 1.0 + GAP)));
    assert!(!intersects_both(&p, &Plane::new(-Vec3::Z, 1.0)));
    assert!(intersects_both(&p, &Plane::new(Vec3::X, 7.0)));
    // Slightly tilted planes meet far away: not parallel.
    let tilted = Plane::new(v(0.0, 1.0 / 64.0, 1.0).normalize(), 3.0);
    assert!(intersects_both(&p, &tilted));
}

/// Shapes that meet, each made invalid in turn: every pair answers false, both orders.
#[test]
fn invalid_input() {
    let good_s = Sphere::new(Vec3::ZERO, 1.0);
    let good_a = unit_box();
    let good_o = unit_obb();
    let good_c = Capsule::new(v(-1.0, 0.0, 0.0), v(1.0, 0.0, 0.0), 1.0);
    let good_p = Plane::new(Vec3::X, 0.0);
    let mut spheres = vec![
        Sphere::new(Vec3::ZERO, -1.0),
        Sphere::new(Vec3::ZERO, Real::NAN),
    ];
    let mut aabbs = vec![Aabb::new(v(1.0, 0.0, 0.0), v(0.0, 1.0, 1.0))];
    let mut obbs = vec![Obb::new(Vec3::ZERO, v(1.0, -1.0, 1.0), Mat3::IDENTITY)];
    let mut capsules = vec![Capsule::new(Vec3::ZERO, Vec3::X, -1.0)];
    let mut planes = vec![Plane::new(Vec3::ZERO, 0.0)];
    spheres.push(Sphere::new(Vec3::ZERO, Real::INFINITY));
    capsules.push(Capsule::new(Vec3::ZERO, Vec3::X, Real::INFINITY));
    for bad in non_finite_points() {
        spheres.push(Sphere::new(bad, 1.0));
        aabbs.push(Aabb::new(bad - v(1.0, 1.0, 1.0), bad + v(1.0, 1.0, 1.0)));
        obbs.push(Obb::new(bad, v(1.0, 1.0, 1.0), Mat3::IDENTITY));
        obbs.push(Obb::new(Vec3::ZERO, bad.abs(), Mat3::IDENTITY));
        obbs.push(Obb::new(
            Vec3::ZERO,
            v(1.0, 1.0, 1.0),
            Mat3::from_cols(bad, Vec3::Y, Vec3::Z),
        ));
        capsules.push(Capsule::new(bad, Vec3::ZERO, 1.0));
        capsules.push(Capsule::new(Vec3::ZERO, bad, 1.0));
        planes.push(Plane {
            normal: bad,
            d: 0.0,
        });
        planes.push(Plane {
            normal: Vec3::X,
            d: bad.x + bad.y + bad.z,
        });
    }
    macro_rules! check {
        ($bad:expr, $($good:expr),+) => {
            for b in &$bad {
                $(assert!(!intersects_both(b, &$good), "{b:?} {:?}", $good);)+
                assert!(!intersects_both(b, b), "{b:?}");
            }
        };
    }
    check!(spheres, good_s, good_a, good_o, good_c, good_p);
    check!(aabbs, good_s, good_a, good_o, good_c, good_p);
    check!(obbs, good_s, good_a, good_o, good_c, good_p);
    check!(capsules, good_s, good_a, good_o, good_c, good_p);
    check!(planes, good_s, good_a, good_o, good_c, good_p);
}
