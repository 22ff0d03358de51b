//! The one way rulediff reads a file a user names: regular files only, links followed (a
//! loop is an error), and at most a size set by the kind of file, so that a FIFO never blocks
//! a command and `/dev/zero` or a runaway file is never read without limit.

use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// What a file is for, which sets how large it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `.toml` case file.
    Case,
    /// An SGF game record.
    Sgf,
    /// A PGN file (a case's `pgn =`).
    Pgn,
    /// A campaign's `results.json`.
    Results,
    /// A run's progress journal.
    Progress,
    /// An engines file (`--engines`).
    Engines,
    /// The WXF repetition test data (`wxf-import`).
    WxfData,
}

impl Kind {
    /// The most bytes a file of this kind may hold; far above any real one, low enough that
    /// reading it cannot exhaust memory.
    pub fn limit(self) -> u64 {
        const MIB: u64 = 1 << 20;
        match self {
            Kind::Case | Kind::Engines => 4 * MIB,
            Kind::Sgf => 16 * MIB,
            Kind::Pgn | Kind::WxfData => 64 * MIB,
            Kind::Results | Kind::Progress => 512 * MIB,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Case => "a case file",
            Kind::Sgf => "an SGF record",
            Kind::Pgn => "a PGN file",
            Kind::Results => "a results file",
            Kind::Progress => "a progress file",
            Kind::Engines => "an engines file",
            Kind::WxfData => "the WXF data",
        }
    }
}

/// Why a file was not read: the path and what is wrong with it.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", path.display())]
pub struct ReadError {
    /// The path as given.
    pub path: PathBuf,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a file that was not read.
#[derive(Debug, thiserror::Error)]
pub enum Problem {
    /// A FIFO, device, socket or folder.
    #[error("not a regular file (it is {0}); give a file")]
    NotRegular(&'static str),
    /// The path's symbolic links lead back to themselves.
    #[error("symbolic-link loop (the links lead back to themselves)")]
    LinkLoop,
    /// Larger than its kind may be.
    #[error("larger than the {} MiB {} may be", .0.limit() >> 20, .0.name())]
    TooLarge(Kind),
    /// Not UTF-8 (for kinds read as text): where the first invalid byte is.
    #[error("not UTF-8 text (invalid byte at offset {0})")]
    NotText(usize),
    /// Any other failure of the system.
    #[error("{0}")]
    Io(std::io::Error),
}

/// The bytes of the file at `path`, if it is a regular file within `kind`'s limit.
pub fn bytes(path: &Path, kind: Kind) -> Result<Vec<u8>, ReadError> {
    read(path, kind).map_err(|problem| ReadError {
        path: path.to_path_buf(),
        problem,
    })
}

fn read(path: &Path, kind: Kind) -> Result<Vec<u8>, Problem> {
    let io = |error: std::io::Error| {
        if error.raw_os_error() == Some(libc::ELOOP) {
            Problem::LinkLoop
        } else {
            Problem::Io(error)
        }
    };
    // Opened without blocking, so that a FIFO with no writer cannot hold the open; what the
    // handle is, is then asked of the handle itself (no race with a rename in between).
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(Problem::NotRegular(what_it_is(&meta.file_type())));
    }
    let limit = kind.limit();
    if meta.len() > limit {
        return Err(Problem::TooLarge(kind));
    }
    let mut data = Vec::with_capacity(meta.len() as usize);
    // The length can grow after the check: never read past the limit.
    file.take(limit + 1).read_to_end(&mut data).map_err(io)?;
    if data.len() as u64 > limit {
        return Err(Problem::TooLarge(kind));
    }
    Ok(data)
}

/// The file's text, which must be UTF-8.
pub fn text(path: &Path, kind: Kind) -> Result<String, ReadError> {
    String::from_utf8(bytes(path, kind)?).map_err(|e| ReadError {
        path: path.to_path_buf(),
        problem: Problem::NotText(e.utf8_error().valid_up_to()),
    })
}

/// The file's text with any byte that is not UTF-8 replaced (old records are often Latin-1,
/// whose moves and markup are ASCII either way).
pub fn lossy_text(path: &Path, kind: Kind) -> Result<String, ReadError> {
    Ok(String::from_utf8_lossy(&bytes(path, kind)?).into_owned())
}

impl From<ReadError> for std::io::Error {
    fn from(error: ReadError) -> Self {
        std::io::Error::other(error.to_string())
    }
}

fn what_it_is(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rulediff-read-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn reads_a_file_and_a_link_to_it() {
        let dir = scratch("file");
        std::fs::write(dir.join("a.sgf"), "(;SZ[9])").unwrap();
        std::os::unix::fs::symlink(dir.join("a.sgf"), dir.join("b.sgf")).unwrap();
        assert_eq!(text(&dir.join("b.sgf"), Kind::Sgf).unwrap(), "(;SZ[9])");
    }

    #[test]
    fn refuses_devices_folders_loops_and_oversize_files() {
        let dir = scratch("refused");
        let fifo = dir.join("pipe.sgf");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success()));
        let piped = text(&fifo, Kind::Sgf).unwrap_err().to_string();
        assert!(piped.ends_with("pipe.sgf: not a regular file (it is a FIFO); give a file"));
        let zero = text(Path::new("/dev/zero"), Kind::Sgf).unwrap_err();
        assert_eq!(
            zero.to_string(),
            "/dev/zero: not a regular file (it is a device); give a file"
        );
        let folder = text(&dir, Kind::Case).unwrap_err().to_string();
        assert!(folder.contains("it is a folder"), "{folder}");
        std::os::unix::fs::symlink(dir.join("y"), dir.join("x")).unwrap();
        std::os::unix::fs::symlink(dir.join("x"), dir.join("y")).unwrap();
        let looped = text(&dir.join("x"), Kind::Case).unwrap_err().to_string();
        assert!(looped.ends_with("x: symbolic-link loop (the links lead back to themselves)"));
        let big = dir.join("big.toml");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(Kind::Case.limit() + 1)
            .unwrap();
        let large = text(&big, Kind::Case).unwrap_err().to_string();
        assert!(large.ends_with("big.toml: larger than the 4 MiB a case file may be"));
        std::fs::write(dir.join("latin.sgf"), b"(;PB[\xe9])").unwrap();
        let latin = text(&dir.join("latin.sgf"), Kind::Sgf).unwrap_err();
        assert!(latin.to_string().contains("invalid byte at offset 5"));
        assert_eq!(
            lossy_text(&dir.join("latin.sgf"), Kind::Sgf).unwrap(),
            "(;PB[\u{fffd}])"
        );
    }
}
