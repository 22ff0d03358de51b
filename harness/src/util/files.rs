//! Files under a folder, for building inputs from the bundled corpus.

use std::path::{Path, PathBuf};

/// Every file under `dir` (in subfolders too) whose name ends in `.ext`, sorted; none when
/// `dir` does not exist.
pub fn with_extension(dir: &Path, ext: &str) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    if dir.is_dir() {
        walk(dir, ext, &mut found)?;
    }
    found.sort();
    Ok(found)
}

fn walk(dir: &Path, ext: &str, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, ext, found)?;
        } else if path.extension().is_some_and(|e| e == ext) {
            found.push(path);
        }
    }
    Ok(())
}

/// The file's name as a string (empty for a path without one).
pub fn name_of(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
