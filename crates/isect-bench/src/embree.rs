//! Embree 3 as a reference for the mesh benchmark (feature `embree`, off by default): a triangle
//! mesh in a scene of its own, cast one ray at a time on the calling thread.
//!
//! Built on the raw `sys` module of the `embree` crate, which links the system's `libembree3`
//! (Debian: `apt install libembree-dev`). The device is made with `threads=1`, so that the build
//! and every ray run on one thread, as isect's do in the benchmark. Each scene is built in
//! Embree's default mode (fast, not watertight) or with `RTC_SCENE_FLAG_ROBUST`, its watertight
//! mode. Embree asks for flush-to-zero and denormals-are-zero in the MXCSR register; [`Ftz`] sets
//! them for the length of one pass and puts the register back, so that isect's passes run in the
//! default floating-point mode.

#![expect(
    unsafe_code,
    reason = "calls into Embree's C API; every block says why it is sound"
)]

use std::ffi::CString;

use embree::sys;
use isect::math::Vec3;

/// One Embree device with one scene holding one triangle mesh.
#[derive(Debug)]
pub struct Embree {
    device: sys::RTCDevice,
    scene: sys::RTCScene,
}

/// Embree's two build modes that the benchmark compares against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `RTC_SCENE_FLAG_NONE`: Embree's default, fastest mode, which may miss rays through edges.
    Default,
    /// `RTC_SCENE_FLAG_ROBUST`: watertight triangle tests, at some cost.
    Robust,
}

impl Embree {
    /// The scene of `triangles` over `vertices`, built at Embree's default quality (medium) on
    /// one thread.
    ///
    /// # Panics
    /// If Embree cannot make the device, or reports an error while building (out of memory, or
    /// `libembree3` missing features).
    #[must_use]
    pub fn new(vertices: &[Vec3], triangles: &[[u32; 3]], mode: Mode) -> Self {
        let config = CString::new("threads=1").expect("no interior NUL");
        // SAFETY: `config` is a NUL-terminated string that outlives the call.
        let device = unsafe { sys::rtcNewDevice(config.as_ptr()) };
        assert!(
            !device.is_null(),
            "rtcNewDevice failed (is libembree3 installed?)"
        );
        // SAFETY: `device` is a live device made above; every buffer Embree hands back is sized
        // by the counts given to it, and the copies below write exactly that many items.
        let scene = unsafe {
            let scene = sys::rtcNewScene(device);
            if mode == Mode::Robust {
                sys::rtcSetSceneFlags(scene, sys::RTCSceneFlags::ROBUST);
            }
            let geometry = sys::rtcNewGeometry(device, sys::RTCGeometryType::TRIANGLE);
            let v = sys::rtcSetNewGeometryBuffer(
                geometry,
                sys::RTCBufferType::VERTEX,
                0,
                sys::RTCFormat::FLOAT3,
                3 * size_of::<f32>(),
                vertices.len(),
            )
            .cast::<f32>();
            assert!(!v.is_null(), "Embree could not allocate the vertex buffer");
            for (k, p) in vertices.iter().enumerate() {
                v.add(3 * k).write(p.x);
                v.add(3 * k + 1).write(p.y);
                v.add(3 * k + 2).write(p.z);
            }
            let i = sys::rtcSetNewGeometryBuffer(
                geometry,
                sys::RTCBufferType::INDEX,
                0,
                sys::RTCFormat::UINT3,
                3 * size_of::<u32>(),
                triangles.len(),
            )
            .cast::<u32>();
            assert!(!i.is_null(), "Embree could not allocate the index buffer");
            for (k, t) in triangles.iter().enumerate() {
                for (c, &corner) in t.iter().enumerate() {
                    i.add(3 * k + c).write(corner);
                }
            }
            sys::rtcCommitGeometry(geometry);
            sys::rtcAttachGeometry(scene, geometry);
            sys::rtcReleaseGeometry(geometry);
            sys::rtcCommitScene(scene);
            let error = sys::rtcGetDeviceError(device);
            assert!(
                error == sys::RTCError::NONE,
                "Embree failed to build the scene: {error:?}"
            );
            scene
        };
        Self { device, scene }
    }

    /// The parameter of the closest hit of `origin + t·dir` for `t` in `[0, max_t]`, or `None`.
    #[must_use]
    pub fn closest(&self, origin: Vec3, dir: Vec3, max_t: f32) -> Option<f32> {
        let mut rayhit = sys::RTCRayHit {
            ray: ray(origin, dir, max_t),
            hit: sys::RTCHit {
                Ng_x: 0.0,
                Ng_y: 0.0,
                Ng_z: 0.0,
                u: 0.0,
                v: 0.0,
                primID: u32::MAX,
                geomID: u32::MAX,
                instID: [u32::MAX],
            },
        };
        let mut context = context();
        // SAFETY: `self.scene` is a committed scene that lives as long as `self`; `context` and
        // `rayhit` are properly aligned (the bindings declare the alignment) and live across the
        // call.
        unsafe { sys::rtcIntersect1(self.scene, &raw mut context, &raw mut rayhit) };
        (rayhit.hit.geomID != u32::MAX).then_some(rayhit.ray.tfar)
    }

    /// Whether `origin + t·dir` hits a triangle for some `t` in `[0, max_t]`.
    #[must_use]
    pub fn occluded(&self, origin: Vec3, dir: Vec3, max_t: f32) -> bool {
        let mut r = ray(origin, dir, max_t);
        let mut context = context();
        // SAFETY: as in `closest`.
        unsafe { sys::rtcOccluded1(self.scene, &raw mut context, &raw mut r) };
        // Embree marks an occluded ray by setting its `tfar` to -inf.
        r.tfar == f32::NEG_INFINITY
    }
}

impl Drop for Embree {
    fn drop(&mut self) {
        // SAFETY: the scene and the device were made in `new` and are released once, here.
        unsafe {
            sys::rtcReleaseScene(self.scene);
            sys::rtcReleaseDevice(self.device);
        }
    }
}

fn ray(origin: Vec3, dir: Vec3, max_t: f32) -> sys::RTCRay {
    sys::RTCRay {
        org_x: origin.x,
        org_y: origin.y,
        org_z: origin.z,
        tnear: 0.0,
        dir_x: dir.x,
        dir_y: dir.y,
        dir_z: dir.z,
        time: 0.0,
        tfar: max_t,
        mask: u32::MAX,
        id: 0,
        flags: 0,
    }
}

fn context() -> sys::RTCIntersectContext {
    sys::RTCIntersectContext {
        flags: sys::RTCIntersectContextFlags::INCOHERENT,
        filter: None,
        instID: [u32::MAX],
    }
}

/// Flush-to-zero and denormals-are-zero on this thread while it lives, as Embree asks of the
/// threads that trace rays; the previous MXCSR value comes back on drop.
#[derive(Debug)]
pub struct Ftz {
    saved: u32,
}

impl Ftz {
    /// MXCSR's flush-to-zero (bit 15) and denormals-are-zero (bit 6).
    const BITS: u32 = 0x8040;

    /// Sets both modes.
    #[must_use]
    pub fn set() -> Self {
        let saved = mxcsr();
        set_mxcsr(saved | Self::BITS);
        Self { saved }
    }
}

impl Drop for Ftz {
    fn drop(&mut self) {
        set_mxcsr(self.saved);
    }
}

fn mxcsr() -> u32 {
    let mut value = 0u32;
    // SAFETY: `stmxcsr` stores the 32-bit register at the given address, a live local.
    unsafe {
        core::arch::asm!("stmxcsr [{}]", in(reg) &raw mut value, options(nostack, preserves_flags));
    }
    value
}

fn set_mxcsr(value: u32) {
    // SAFETY: `ldmxcsr` loads the register from a live local; the values written are the saved
    // one or it with the FTZ/DAZ bits set, both valid (no reserved bits set).
    unsafe {
        core::arch::asm!("ldmxcsr [{}]", in(reg) &raw const value, options(nostack, preserves_flags));
    }
}
