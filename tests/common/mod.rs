//! What several integration tests share.

use std::path::{Path, PathBuf};

/// A scratch folder under the system's temporary folder, made empty for the test and
/// removed when it ends, whether it passes or fails.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `arbitro-<prefix>-<process id>-<name>`, new and empty.
    pub fn new(prefix: &str, name: &str) -> Scratch {
        let d =
            std::env::temp_dir().join(format!("arbitro-{prefix}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("a scratch folder");
        Scratch(d)
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
