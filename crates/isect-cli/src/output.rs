//! Output files written whole or not at all: to a temporary name beside the target, then
//! renamed over it (a rename within a directory is atomic), so a failure never leaves half a file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::json::{CliError, Result};

/// Fails early, before a long render, when `path`'s directory does not exist.
pub fn check_writable(path: &Path) -> Result<()> {
    let dir = directory(path);
    if !dir.is_dir() {
        return Err(CliError(format!(
            "{}: the directory {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    Ok(())
}

pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| CliError(format!("{}: not a file name", path.display())))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = directory(path).join(temp_name);
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&temp);
        CliError(format!("{}: cannot write: {e}", path.display()))
    })
}

fn directory(path: &Path) -> PathBuf {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}
