//! Writing files so a reader never sees half of one: write a temporary file beside the
//! target, then rename it over. A failed write removes its temporary file, and every error
//! names the path it is about (an OS error alone, `No space left on device`, says not where).

use std::io::Write;
use std::path::Path;

static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Writes `bytes` to `path` atomically: all of them or, on an error, nothing new.
pub fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| named("cannot create folder", dir, e))?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("out");
    // Unique per write, so that two threads writing one file do not share a temporary file.
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.tmp{}-{n}", std::process::id()));
    let written = write_new(&tmp, bytes).map_err(|e| named("cannot write", &tmp, e));
    let result = written
        .and_then(|()| std::fs::rename(&tmp, path).map_err(|e| named("cannot replace", path, e)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

fn write_new(tmp: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::File::create(tmp)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// An I/O error that says which path it is about.
pub fn named(what: &str, path: &Path, error: std::io::Error) -> std::io::Error {
    std::io::Error::new(error.kind(), format!("{what} {}: {error}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_path_and_leave_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("rulediff-atomic-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // A file where a folder belongs.
        std::fs::write(dir.join("file"), "x").unwrap();
        let error = write(&dir.join("file/out.txt"), b"y").unwrap_err();
        assert!(error.to_string().contains("file"), "{error}");
        // A folder where the target belongs: the rename fails after the write.
        std::fs::create_dir_all(dir.join("taken/inside")).unwrap();
        let error = write(&dir.join("taken"), b"y").unwrap_err();
        assert!(error.to_string().contains("taken"), "{error}");
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
