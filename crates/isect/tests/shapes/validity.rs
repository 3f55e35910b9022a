//! `is_valid`, `try_new` and `ShapeError` for every shape: each invalid field is reported under
//! its own name (as written in the struct), `try_new` returns exactly what `is_valid` says, and
//! the messages name the field so that whoever wrote the data can find it.

use isect::math::{Mat3, Quat, Vec3};
use isect::{
    Aabb, Capsule, ConvexHull, Frustum, Line, Obb, Plane, Ray, Real, Segment, ShapeError, Sphere,
    Triangle,
};

use super::{check, negative, non_finite, non_finite_vectors, with, zero_vector};
use crate::common::{NON_FINITE, aabb_frustum, signed_permutations, v};

// --- Sphere -----------------------------------------------------------------------------------

fn check_sphere(center: Vec3, radius: Real, expected: Result<(), ShapeError>) {
    let s = Sphere::new(center, radius);
    assert_eq!(format!("{s:?}"), format!("{:?}", Sphere { center, radius }));
    check(&s, s.is_valid(), Sphere::try_new(center, radius), expected);
}

#[test]
fn sphere_validity() {
    check_sphere(v(1.0, 2.0, 3.0), 2.0, Ok(()));
    // Radius 0 is a point, and valid; so is -0.0, which is not below 0.
    check_sphere(v(1.0, 2.0, 3.0), 0.0, Ok(()));
    check_sphere(v(1.0, 2.0, 3.0), -0.0, Ok(()));
    for c in non_finite_vectors(v(1.0, 2.0, 3.0)) {
        check_sphere(c, 1.0, Err(non_finite("center")));
    }
    for r in NON_FINITE {
        check_sphere(Vec3::ZERO, r, Err(non_finite("radius")));
    }
    check_sphere(Vec3::ZERO, -1.0, Err(negative("radius")));
    check_sphere(Vec3::ZERO, -Real::MIN_POSITIVE, Err(negative("radius")));
    assert!(Sphere::EMPTY.is_valid().is_err());
}

// --- Aabb -------------------------------------------------------------------------------------

fn check_aabb(min: Vec3, max: Vec3, expected: Result<(), ShapeError>) {
    let b = Aabb::new(min, max);
    // `new` stores the corners as given (compared as text: NaN != NaN).
    assert_eq!(format!("{:?}", (b.min, b.max)), format!("{:?}", (min, max)));
    check(&b, b.is_valid(), Aabb::try_new(min, max), expected);
}

#[test]
fn aabb_validity() {
    let (lo, hi) = (v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0));
    check_aabb(lo, hi, Ok(()));
    // Flat on one, two and three axes: a rectangle, a segment, a point.
    check_aabb(lo, with(hi, 0, -1.0), Ok(()));
    check_aabb(lo, v(-1.0, 1.0, -2.0), Ok(()));
    check_aabb(lo, lo, Ok(()));
    for m in non_finite_vectors(lo) {
        check_aabb(m, hi, Err(non_finite("min")));
    }
    for m in non_finite_vectors(hi) {
        check_aabb(lo, m, Err(non_finite("max")));
    }
    // The first axis on which min > max is named.
    for axis in 0..3 {
        let min = with(lo, axis, hi[axis] + 1.0);
        check_aabb(min, hi, Err(ShapeError::MinGreaterThanMax { axis }));
    }
    check_aabb(hi, lo, Err(ShapeError::MinGreaterThanMax { axis: 0 }));
    check_aabb(
        v(0.0, 5.0, 5.0),
        v(1.0, 0.0, 0.0),
        Err(ShapeError::MinGreaterThanMax { axis: 1 }),
    );
    // One ulp apart is enough.
    check_aabb(
        v(0.0, 0.0, 1.0 + Real::EPSILON),
        v(0.0, 0.0, 1.0),
        Err(ShapeError::MinGreaterThanMax { axis: 2 }),
    );
    assert!(Aabb::EMPTY.is_valid().is_err());
}

// --- Obb --------------------------------------------------------------------------------------

fn check_obb(center: Vec3, half: Vec3, rotation: Mat3, expected: Result<(), ShapeError>) {
    let o = Obb::new(center, half, rotation);
    check(
        &o,
        o.is_valid(),
        Obb::try_new(center, half, rotation),
        expected,
    );
}

#[test]
fn obb_validity() {
    let (c, h) = (v(1.0, 2.0, 3.0), v(1.0, 0.5, 2.0));
    check_obb(c, h, Mat3::IDENTITY, Ok(()));
    check_obb(c, Vec3::ZERO, Mat3::IDENTITY, Ok(()));
    // Any orthonormal columns, reflections included: handedness does not change the set.
    for m in signed_permutations() {
        check_obb(c, h, m, Ok(()));
    }
    check_obb(c, h, Mat3::from_quat(Quat::from_rotation_y(0.7)), Ok(()));
    for bad in non_finite_vectors(c) {
        check_obb(bad, h, Mat3::IDENTITY, Err(non_finite("center")));
    }
    for bad in non_finite_vectors(h) {
        check_obb(c, bad, Mat3::IDENTITY, Err(non_finite("half_extents")));
    }
    for x in NON_FINITE {
        for col in 0..3 {
            for row in 0..3 {
                let mut m = Mat3::IDENTITY;
                m.col_mut(col)[row] = x;
                check_obb(c, h, m, Err(non_finite("rotation")));
            }
        }
    }
    for axis in 0..3 {
        check_obb(
            c,
            with(h, axis, -0.5),
            Mat3::IDENTITY,
            Err(negative("half_extents")),
        );
    }
    for m in [
        Mat3::IDENTITY * 2.0,
        Mat3::ZERO,
        Mat3::from_cols(Vec3::X, Vec3::X, Vec3::Z),
        Mat3::from_cols(Vec3::X, v(0.1, 1.0, 0.0), Vec3::Z),
        Mat3::from_diagonal(v(1.0, 1.0, 1.01)),
    ] {
        check_obb(c, h, m, Err(ShapeError::NotOrthonormal));
    }
}

#[test]
fn plane_validity() {
    // A zero or non-finite normal is stored as given and reported.
    let zero = Plane::new(Vec3::ZERO, 1.0);
    assert_eq!(zero.normal, Vec3::ZERO);
    assert_eq!(zero.is_valid(), Err(zero_vector("normal")));
    assert_eq!(Plane::try_new(Vec3::ZERO, 1.0), Err(zero_vector("normal")));
    for n in non_finite_vectors(Vec3::X) {
        let p = Plane::new(n, 1.0);
        assert_eq!(p.is_valid(), Err(non_finite("normal")), "{n}");
        assert_eq!(Plane::try_new(n, 1.0), Err(non_finite("normal")));
    }
    for d in NON_FINITE {
        assert_eq!(Plane::new(Vec3::X, d).is_valid(), Err(non_finite("d")));
        assert_eq!(Plane::try_new(v(0.0, 2.0, 0.0), d), Err(non_finite("d")));
    }
    // Fields written directly with a normal that is not unit.
    for n in [v(2.0, 0.0, 0.0), v(1.0, 1.0, 0.0), v(0.0, 0.0, 0.5)] {
        assert_eq!(
            Plane { normal: n, d: 0.0 }.is_valid(),
            Err(ShapeError::NotUnit { field: "normal" })
        );
    }
    assert_eq!(
        Plane::try_new(v(0.0, 3.0, 4.0), 10.0).map(|p| p.is_valid()),
        Ok(Ok(()))
    );
}

// --- Line, Ray, Segment -----------------------------------------------------------------------

#[test]
fn line_and_ray_validity() {
    let (o, d) = (v(1.0, 2.0, 3.0), v(0.0, 0.0, 2.0));
    assert_eq!(Line::new(o, d).is_valid(), Ok(()));
    assert_eq!(Line::try_new(o, d), Ok(Line::new(o, d)));
    assert_eq!(Ray::try_new(o, d), Ok(Ray::new(o, d)));
    let cases = non_finite_vectors(o)
        .into_iter()
        .map(|bad| (bad, d, non_finite("origin")))
        .chain(
            non_finite_vectors(d)
                .into_iter()
                .map(|bad| (o, bad, non_finite("dir"))),
        )
        .chain([(o, Vec3::ZERO, zero_vector("dir"))]);
    for (origin, dir, e) in cases {
        let line = Line::new(origin, dir);
        check(&line, line.is_valid(), Line::try_new(origin, dir), Err(e));
        let ray = Ray::new(origin, dir);
        check(&ray, ray.is_valid(), Ray::try_new(origin, dir), Err(e));
    }
}

#[test]
fn segment_validity_and_helpers() {
    let (a, b) = (v(1.0, 2.0, 3.0), v(4.0, 6.0, 3.0));
    let s = Segment::new(a, b);
    check(&s, s.is_valid(), Segment::try_new(a, b), Ok(()));
    assert_eq!(s.direction(), v(3.0, 4.0, 0.0));
    assert_eq!(s.length(), 5.0);
    assert_eq!(s.midpoint(), v(2.5, 4.0, 3.0));
    assert_eq!(s.point_at(0.0), a);
    assert_eq!(s.point_at(1.0), b);
    // A point segment is valid.
    let point = Segment::new(a, a);
    check(&point, point.is_valid(), Segment::try_new(a, a), Ok(()));
    assert_eq!(point.length(), 0.0);
    for bad in non_finite_vectors(a) {
        let s = Segment::new(bad, b);
        check(
            &s,
            s.is_valid(),
            Segment::try_new(bad, b),
            Err(non_finite("a")),
        );
        let s = Segment::new(a, bad);
        check(
            &s,
            s.is_valid(),
            Segment::try_new(a, bad),
            Err(non_finite("b")),
        );
    }
}

// --- Capsule, Triangle, ConvexHull, Frustum ---------------------------------------------------

#[test]
fn capsule_validity() {
    let (a, b) = (v(1.0, 2.0, 3.0), v(4.0, 6.0, 3.0));
    let check_capsule = |a: Vec3, b: Vec3, r: Real, expected| {
        let c = Capsule::new(a, b, r);
        check(&c, c.is_valid(), Capsule::try_new(a, b, r), expected);
    };
    check_capsule(a, b, 1.0, Ok(()));
    check_capsule(a, a, 1.0, Ok(()));
    check_capsule(a, b, 0.0, Ok(()));
    for bad in non_finite_vectors(a) {
        check_capsule(bad, b, 1.0, Err(non_finite("a")));
        check_capsule(a, bad, 1.0, Err(non_finite("b")));
    }
    for r in NON_FINITE {
        check_capsule(a, b, r, Err(non_finite("radius")));
    }
    check_capsule(a, b, -1.0, Err(negative("radius")));
    assert_eq!(Capsule::new(a, b, 1.0).segment(), Segment::new(a, b));
}

#[test]
fn triangle_validity_and_helpers() {
    let (a, b, c) = (v(0.0, 0.0, 1.0), v(4.0, 0.0, 1.0), v(0.0, 3.0, 1.0));
    let check_triangle = |a: Vec3, b: Vec3, c: Vec3, expected| {
        let t = Triangle::new(a, b, c);
        check(&t, t.is_valid(), Triangle::try_new(a, b, c), expected);
    };
    check_triangle(a, b, c, Ok(()));
    // Degenerate triangles are valid.
    check_triangle(a, b, b, Ok(()));
    check_triangle(a, a, a, Ok(()));
    check_triangle(a, b, v(8.0, 0.0, 1.0), Ok(()));
    for bad in non_finite_vectors(a) {
        check_triangle(bad, b, c, Err(non_finite("a")));
        check_triangle(a, bad, c, Err(non_finite("b")));
        check_triangle(a, b, bad, Err(non_finite("c")));
    }
    let t = Triangle::new(a, b, c);
    assert_eq!(t.vertices(), [a, b, c]);
    assert_eq!(t.scaled_normal(), v(0.0, 0.0, 12.0));
    assert_eq!(t.normal(), Some(Vec3::Z));
    assert_eq!(Triangle::new(a, c, b).normal(), Some(-Vec3::Z));
    assert_eq!(t.area(), 6.0);
    assert_eq!(t.centroid(), v(4.0 / 3.0, 1.0, 1.0));
    assert_eq!(Triangle::new(a, b, v(8.0, 0.0, 1.0)).normal(), None);
    assert_eq!(Triangle::new(a, b, v(8.0, 0.0, 1.0)).area(), 0.0);
}

#[test]
fn convex_hull_validity() {
    let points = vec![v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0)];
    let h = ConvexHull::new(points.clone());
    assert_eq!(h.points(), &points[..]);
    assert_eq!(h.is_valid(), Ok(()));
    assert_eq!(ConvexHull::try_new(points.clone()), Ok(h));
    // One point is a point, and valid.
    assert_eq!(ConvexHull::new(vec![Vec3::ONE]).is_valid(), Ok(()));
    assert_eq!(
        ConvexHull::new(Vec::new()).is_valid(),
        Err(ShapeError::Empty)
    );
    assert_eq!(
        ConvexHull::try_new(Vec::<Vec3>::new()),
        Err(ShapeError::Empty)
    );
    for bad in non_finite_vectors(Vec3::ONE) {
        for index in 0..=points.len() {
            let mut ps = points.clone();
            ps.insert(index, bad);
            let e = Err(ShapeError::NonFinitePoint { index });
            assert_eq!(
                ConvexHull::new(ps.clone()).is_valid(),
                e,
                "{bad} at {index}"
            );
            assert_eq!(
                ConvexHull::try_new(ps),
                Err(ShapeError::NonFinitePoint { index })
            );
        }
    }
    // The first bad point is named.
    let ps = vec![Vec3::ZERO, Vec3::NAN, Vec3::INFINITY];
    assert_eq!(
        ConvexHull::new(ps).is_valid(),
        Err(ShapeError::NonFinitePoint { index: 1 })
    );
}

const PLANE_NORMALS: [&str; 6] = [
    "planes[0].normal",
    "planes[1].normal",
    "planes[2].normal",
    "planes[3].normal",
    "planes[4].normal",
    "planes[5].normal",
];
const PLANE_DS: [&str; 6] = [
    "planes[0].d",
    "planes[1].d",
    "planes[2].d",
    "planes[3].d",
    "planes[4].d",
    "planes[5].d",
];

#[test]
fn frustum_validity_names_the_plane() {
    let good = aabb_frustum(&Aabb::new(v(-1.0, 1.0, -4.0), v(3.0, 2.0, -2.0)));
    assert_eq!(good.is_valid(), Ok(()));
    assert_eq!(Frustum::try_new(good.planes), Ok(good));
    for i in 0..6 {
        let mut cases = vec![
            (
                Plane {
                    normal: Vec3::ZERO,
                    d: 0.0,
                },
                zero_vector(PLANE_NORMALS[i]),
            ),
            (
                Plane {
                    normal: v(0.0, 2.0, 0.0),
                    d: 0.0,
                },
                ShapeError::NotUnit {
                    field: PLANE_NORMALS[i],
                },
            ),
        ];
        for x in NON_FINITE {
            cases.push((
                Plane {
                    normal: Vec3::X,
                    d: x,
                },
                non_finite(PLANE_DS[i]),
            ));
            cases.push((
                Plane {
                    normal: v(x, 0.0, 1.0),
                    d: 1.0,
                },
                non_finite(PLANE_NORMALS[i]),
            ));
        }
        for (plane, e) in cases {
            let mut planes = good.planes;
            planes[i] = plane;
            assert_eq!(
                Frustum::new(planes).is_valid(),
                Err(e),
                "plane {i}: {plane:?}"
            );
            assert_eq!(Frustum::try_new(planes), Err(e));
        }
    }
}

// --- ShapeError -------------------------------------------------------------------------------

#[test]
fn error_messages_name_the_field() {
    let cases: Vec<(ShapeError, &[&str])> = vec![
        (non_finite("radius"), &["`radius`", "not finite"]),
        (non_finite("planes[2].d"), &["`planes[2].d`", "not finite"]),
        (
            ShapeError::NonFinitePoint { index: 7 },
            &["point 7", "not finite"],
        ),
        (negative("half_extents"), &["`half_extents`", "negative"]),
        (
            ShapeError::MinGreaterThanMax { axis: 0 },
            &["`min.x`", "`max.x`"],
        ),
        (
            ShapeError::MinGreaterThanMax { axis: 1 },
            &["`min.y`", "`max.y`"],
        ),
        (
            ShapeError::MinGreaterThanMax { axis: 2 },
            &["`min.z`", "`max.z`"],
        ),
        (zero_vector("dir"), &["`dir`", "zero vector"]),
        (
            ShapeError::NotUnit {
                field: "planes[4].normal",
            },
            &["`planes[4].normal`", "unit length"],
        ),
        (ShapeError::NotOrthonormal, &["`rotation`", "orthonormal"]),
        (ShapeError::Empty, &["no points"]),
    ];
    for (e, parts) in cases {
        let message = e.to_string();
        for part in parts {
            assert!(message.contains(part), "{e:?}: {message:?} lacks {part:?}");
        }
    }
    // An error for `?` in applications.
    let boxed: Box<dyn std::error::Error> = Box::new(ShapeError::Empty);
    assert_eq!(boxed.to_string(), ShapeError::Empty.to_string());
}

/// The message of what `is_valid` reports names the field for every shape's every field.
#[test]
fn messages_of_real_errors_name_their_fields() {
    let n = Real::NAN;
    let cases: Vec<(Result<(), ShapeError>, &str)> = vec![
        (Sphere::new(Vec3::ZERO, -1.0).is_valid(), "`radius`"),
        (Sphere::new(Vec3::NAN, 1.0).is_valid(), "`center`"),
        (Aabb::new(Vec3::ONE, Vec3::ZERO).is_valid(), "`min.x`"),
        (Aabb::new(Vec3::ZERO, v(1.0, n, 1.0)).is_valid(), "`max`"),
        (
            Obb::new(Vec3::ZERO, -Vec3::ONE, Mat3::IDENTITY).is_valid(),
            "`half_extents`",
        ),
        (
            Obb::new(Vec3::ZERO, Vec3::ONE, Mat3::ZERO).is_valid(),
            "`rotation`",
        ),
        (Capsule::new(Vec3::ZERO, Vec3::NAN, 1.0).is_valid(), "`b`"),
        (
            Triangle::new(Vec3::ZERO, Vec3::X, Vec3::NAN).is_valid(),
            "`c`",
        ),
        (Line::new(Vec3::ZERO, Vec3::ZERO).is_valid(), "`dir`"),
        (Ray::new(Vec3::NAN, Vec3::X).is_valid(), "`origin`"),
        (Segment::new(Vec3::NAN, Vec3::X).is_valid(), "`a`"),
        (Plane::new(Vec3::X, n).is_valid(), "`d`"),
        (
            ConvexHull::new(vec![Vec3::ZERO, Vec3::INFINITY]).is_valid(),
            "point 1",
        ),
    ];
    for (result, field) in cases {
        let message = result.unwrap_err().to_string();
        assert!(message.contains(field), "{message:?} lacks {field:?}");
    }
}
