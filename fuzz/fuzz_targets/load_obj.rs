//! Any bytes read as OBJ: an error or a valid mesh, never a panic, a hang or an allocation out
//! of proportion to the input. Every error about the content names its place (a line or byte),
//! unless it is about the whole file; every mesh is valid whatever the welding.

use isect::io::{Format, LoadErrorKind, LoadOptions, Weld};
use isect::{Bounded, MeshError};

fn main() {
    afl::fuzz!(|data: &[u8]| {
        for weld in [Weld::Exact, Weld::Off, Weld::Within(0.25)] {
            let options = LoadOptions::new().format(Format::Obj).weld(weld);
            match isect::io::read_with(data, &options) {
                Ok(loaded) => {
                    let mesh = &loaded.mesh;
                    assert!(mesh.vertices().iter().all(|v| v.is_finite()));
                    assert!(mesh.triangle_count() > 0);
                    assert!(loaded.file_vertices >= mesh.vertices().len());
                    assert!(mesh.aabb().min.cmple(mesh.aabb().max).all());
                }
                Err(e) => {
                    let whole_file = matches!(
                        e.kind(),
                        LoadErrorKind::Mesh(MeshError::Empty | MeshError::TooLarge)
                            | LoadErrorKind::Missing(_)
                    );
                    assert!(whole_file || e.location().is_some(), "no place: {e}");
                    assert!(!e.to_string().is_empty());
                }
            }
        }
    });
}
