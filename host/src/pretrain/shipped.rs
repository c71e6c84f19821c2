//! The embedded default model's bytes, shipped with the repository (`models/tiny-shakespeare/`)
//! and compiled into the binary, so that a fresh machine runs the demo and the tests without
//! pretraining (about 20 minutes on 2 cores) and every machine uses the same model: the
//! pretraining is bit-exact only for the same libtorch CPU kernels, and two machines of this
//! project already built two different models. `frost-host pretrain` rebuilds it and says
//! whether the rebuild reproduced these bytes.

use std::path::Path;

use sha2::{Digest, Sha256};

use super::PretrainError;
use crate::run::files::{tmp_sibling, write_atomic};

/// `content_hash` (SHA-256 of config.json then the weights) of the shipped model: the hash
/// every run records in `models.json`.
pub const CONTENT_HASH: &str = "f01ab1a10d272e6ee0f4ae39b708864f9b85126d4c231407bf6f1017a26513c2";

macro_rules! shipped {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../../../models/tiny-shakespeare/", $name)))),*]
    };
}

/// The model folder's files, as pretrained (`pretrain.json` says how, and on what machine's
/// time).
pub const FILES: &[(&str, &[u8])] = shipped!(
    "config.json",
    "generation_config.json",
    "model.safetensors",
    "pretrain.json",
    "tokenizer.json",
    "tokenizer_config.json",
);

fn file(name: &str) -> &'static [u8] {
    FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, b)| *b)
        .expect("a shipped file")
}

/// The content hash of the compiled-in bytes, by the same rule as a model folder's.
fn bytes_hash() -> String {
    let mut h = Sha256::new();
    h.update(file("config.json"));
    h.update(file("model.safetensors"));
    format!("{:x}", h.finalize())
}

/// Writes the shipped model to `dir` (absent: the caller holds its lock): every file into a
/// temporary sibling folder, which is renamed into place only when complete, and its hash
/// checked on the written files.
pub fn install(dir: &Path) -> Result<(), PretrainError> {
    // A binary built from a checkout whose model files were changed must not pass them off as
    // the default.
    let hash = bytes_hash();
    if hash != CONTENT_HASH {
        return Err(PretrainError::Option {
            option: "models/tiny-shakespeare".into(),
            msg: format!(
                "the model compiled into this binary has hash {hash}, not the shipped \
                 {CONTENT_HASH}: restore the folder from git (git checkout models/) and rebuild"
            ),
        });
    }
    let tmp = tmp_sibling(dir);
    std::fs::create_dir_all(&tmp).map_err(|e| PretrainError::io(&tmp, e))?;
    for (name, bytes) in FILES {
        write_atomic(&tmp.join(name), bytes)?;
    }
    let written =
        crate::train::identity::content_hash(&tmp).map_err(|e| PretrainError::io(&tmp, e));
    match written {
        Ok(h) if h == CONTENT_HASH => {}
        other => {
            let _ = std::fs::remove_dir_all(&tmp);
            let msg = match other {
                Ok(h) => format!("wrote hash {h}, not {CONTENT_HASH} (a failing disk?)"),
                Err(e) => e.to_string(),
            };
            return Err(PretrainError::Option {
                option: "the default model".into(),
                msg,
            });
        }
    }
    std::fs::rename(&tmp, dir).map_err(|e| PretrainError::io(dir, e))?;
    tracing::info!("installed the embedded default model in {}", dir.display());
    Ok(())
}

/// The content hash of the model in `dir` when it is not the shipped one (`None` when it is,
/// or when its hash cannot be read: loading it then says what is wrong).
pub fn other_hash(dir: &Path) -> Option<String> {
    let h = crate::train::identity::content_hash(dir).ok()?;
    (h != CONTENT_HASH).then_some(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compiled_in_bytes_have_the_recorded_hash() {
        assert_eq!(bytes_hash(), CONTENT_HASH);
    }

    #[test]
    fn install_writes_a_loadable_folder_with_the_shipped_hash() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join("tiny-shakespeare");
        install(&dir).unwrap();
        assert!(super::super::is_model_dir(&dir));
        assert_eq!(other_hash(&dir), None);
        for (name, bytes) in FILES {
            assert_eq!(&std::fs::read(dir.join(name)).unwrap(), bytes, "{name}");
        }
        // No temporary sibling is left behind.
        let left: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
        assert_eq!(left.len(), 1);
    }
}
