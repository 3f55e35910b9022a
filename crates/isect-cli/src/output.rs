//! Output files written whole or not at all: to a temporary name beside the target, then
//! renamed over it (a rename within a directory is atomic), so a failure never leaves half a file.
//! An existing file that the user may not write is never replaced: a rename would go around its
//! permissions (the directory's decide), and it would take another owner's file and mode.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::json::{CliError, Result};

/// Fails early, before a long render, when `path`'s directory does not exist, or `path` exists
/// and is not a regular file the user may write (read-only, or not theirs to write).
pub fn check_writable(path: &Path) -> Result<()> {
    let dir = directory(path);
    if !dir.is_dir() {
        return Err(CliError(format!(
            "{}: the directory {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    let Ok(meta) = fs::metadata(path) else {
        return Ok(()); // a new file
    };
    let refuse = |why: &str| {
        CliError(format!(
            "{}: {why}; not replaced (choose another --out, or remove it first)",
            path.display()
        ))
    };
    if !meta.is_file() {
        return Err(refuse("exists and is not a regular file"));
    }
    // Read-only by its mode (which root, who may write anything, would otherwise overwrite),
    // or not writable by this user: opening for writing without truncating changes nothing.
    if meta.permissions().readonly() || fs::OpenOptions::new().write(true).open(path).is_err() {
        return Err(refuse("exists and is read-only (not writable by you)"));
    }
    Ok(())
}

/// Writes `bytes` to `path` through a temporary file. An existing `path` keeps its mode; one
/// owned by another user is written in place (after the whole temporary file was written),
/// which keeps its owner.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    check_writable(path)?;
    let name = path
        .file_name()
        .ok_or_else(|| CliError(format!("{}: not a file name", path.display())))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = directory(path).join(temp_name);
    let existing = fs::metadata(path).ok();
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Some(existing) = &existing {
            if other_owner(existing, &file.metadata()?) {
                let mut target = fs::OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(path)?;
                target.write_all(bytes)?;
                target.sync_all()?;
                return fs::remove_file(&temp);
            }
            fs::set_permissions(&temp, existing.permissions())?;
        }
        fs::rename(&temp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&temp);
        CliError(format!("{}: cannot write: {e}", path.display()))
    })
}

/// Whether `existing` belongs to another user than `ours` (a file this process created).
#[cfg(unix)]
fn other_owner(existing: &fs::Metadata, ours: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    existing.uid() != ours.uid()
}

#[cfg(not(unix))]
fn other_owner(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    false
}

fn directory(path: &Path) -> PathBuf {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
