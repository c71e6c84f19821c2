//! What a run trains on, recorded in every checkpoint so that `--resume` can refuse to
//! continue it on something else: the base model, the game's bytes and the game's config.

use std::fs;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::TrainError;
use crate::run::dir::ModelIdentity;
use crate::run::files::io_error;

/// The identity of a run's inputs (the seed is in the config).
#[derive(Clone, Debug)]
pub struct RunIdentity {
    pub base_model: ModelIdentity,
    pub game_hash: String,
    pub game_config: serde_json::Value,
}

impl RunIdentity {
    pub fn new(
        model_dir: &Path,
        game: &Path,
        game_config: &toml::Table,
    ) -> Result<Self, TrainError> {
        let game_bytes = fs::read(game).map_err(io_error(game))?;
        Ok(RunIdentity {
            base_model: ModelIdentity {
                path: model_dir.display().to_string(),
                hash: model_hash(model_dir).map_err(io_error(model_dir))?,
            },
            game_hash: hex(&Sha256::digest(&game_bytes)),
            game_config: serde_json::to_value(game_config).expect("a TOML table is JSON"),
        })
    }
}

/// SHA-256 of config.json and of the names and sizes of the weight files: cheap (no weight is
/// read) and different for any other model put in that folder.
fn model_hash(dir: &Path) -> std::io::Result<String> {
    let mut h = Sha256::new();
    h.update(fs::read(dir.join("config.json"))?);
    let mut weights: Vec<(String, u64)> = Vec::new();
    for e in fs::read_dir(dir)? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.ends_with(".safetensors") || name.ends_with(".bin") {
            weights.push((name, e.metadata()?.len()));
        }
    }
    weights.sort();
    for (name, size) in weights {
        h.update(format!("\n{name}\t{size}").as_bytes());
    }
    Ok(hex(&h.finalize()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_hash_follows_config_and_weight_sizes() {
        let d = tempfile::tempdir().unwrap();
        fs::write(d.path().join("config.json"), "{}").unwrap();
        fs::write(d.path().join("model.safetensors"), "abc").unwrap();
        let a = model_hash(d.path()).unwrap();
        assert_eq!(a, model_hash(d.path()).unwrap());
        fs::write(d.path().join("model.safetensors"), "abcd").unwrap();
        let b = model_hash(d.path()).unwrap();
        assert_ne!(a, b);
        fs::write(d.path().join("config.json"), "{ }").unwrap();
        assert_ne!(b, model_hash(d.path()).unwrap());
    }
}
