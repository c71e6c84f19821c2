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
        Ok(RunIdentity {
            base_model: ModelIdentity {
                path: model_dir.display().to_string(),
                hash: model_hash(model_dir).map_err(io_error(model_dir))?,
                content_hash: Some(content_hash(model_dir).map_err(io_error(model_dir))?),
            },
            game_hash: game_hash(game)?,
            game_config: serde_json::to_value(game_config).expect("a TOML table is JSON"),
        })
    }
}

/// `RUN/game.json`: the game a run trained on, as `name@version` (its `describe()`; its
/// manifest, when it carries one that validates, says the same), its SHA-256 (what
/// `game.sha256` pins) and the path it was loaded from.
pub fn game_record(
    info: &frost_sdk::GameInfo,
    path: &str,
    identity: &RunIdentity,
) -> serde_json::Value {
    serde_json::json!({
        "game": crate::game::manifest::name_at_version(info),
        "name": info.name,
        "version": info.version,
        "api": info.abi_version,
        "sha256": identity.game_hash,
        "path": path,
    })
}

/// SHA-256 of the game file's bytes: what a run records and `game.sha256` pins.
pub fn game_hash(game: &Path) -> Result<String, TrainError> {
    let bytes = fs::read(game).map_err(io_error(game))?;
    Ok(hex(&Sha256::digest(&bytes)))
}

/// Refuses a game file other than the one `game.sha256` pins, naming both hashes.
pub fn check_game_pin(game: &Path, pin: Option<&str>) -> Result<(), TrainError> {
    let Some(pin) = pin else {
        return Ok(());
    };
    let found = game_hash(game)?;
    match found.eq_ignore_ascii_case(pin) {
        true => Ok(()),
        false => Err(TrainError::Config {
            field: "game.sha256".into(),
            msg: format!(
                "{} has sha256 {found}, the config pins {pin}: not the game the config names \
                 (use the pinned file, or update the pin if this one is meant)",
                game.display()
            ),
        }),
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

/// The weight files' names and sizes (sorted): what a model folder is made of.
fn weight_files(dir: &Path) -> std::io::Result<Vec<(String, u64, u128)>> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir)? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.ends_with(".safetensors") || name.ends_with(".bin") {
            let meta = e.metadata()?;
            let mtime = (meta.modified().ok())
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            out.push((name, meta.len(), mtime));
        }
    }
    out.sort();
    Ok(out)
}

/// SHA-256 over config.json and every weight file's bytes, in name order. Reading 30 GB (a
/// 14B checkpoint) takes about a minute, so the result is cached under
/// `$FROST_CACHE/weight-hashes/`, keyed by the folder, the files' names, sizes and modification
/// times: computed once per checkpoint on a machine, recomputed when a file changes.
pub(crate) fn content_hash(dir: &Path) -> std::io::Result<String> {
    let files = weight_files(dir)?;
    let canonical = fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut key = Sha256::new();
    key.update(canonical.display().to_string().as_bytes());
    for (name, size, mtime) in &files {
        key.update(format!("\n{name}\t{size}\t{mtime}").as_bytes());
    }
    let cached = crate::run::cache::cache_dir()
        .join("weight-hashes")
        .join(hex(&key.finalize()));
    if let Ok(h) = fs::read_to_string(&cached) {
        if h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(h);
        }
    }
    let mut h = Sha256::new();
    h.update(fs::read(dir.join("config.json"))?);
    for (name, ..) in &files {
        let mut f = fs::File::open(dir.join(name))?;
        std::io::copy(&mut f, &mut h)?;
    }
    let out = hex(&h.finalize());
    // Best effort: a read-only cache only costs the next run the same read.
    if let Some(parent) = cached.parent() {
        if fs::create_dir_all(parent).is_ok() {
            let _ = crate::run::files::write_atomic(&cached, out.as_bytes());
        }
    }
    Ok(out)
}

/// SHA-256 of the tokenizer files of `dir` that exist (`tokenizer.json`, then
/// `tokenizer_config.json` and `generation_config.json`, whose special tokens it reads), each
/// after its name: the model's [`content_hash`] does not cover them.
pub(super) fn tokenizer_hash(dir: &Path) -> std::io::Result<String> {
    let mut h = Sha256::new();
    h.update(fs::read(dir.join("tokenizer.json"))?);
    for name in ["tokenizer_config.json", "generation_config.json"] {
        if let Ok(bytes) = fs::read(dir.join(name)) {
            h.update(format!("\n{name}\n").as_bytes());
            h.update(bytes);
        }
    }
    Ok(hex(&h.finalize()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `RUN/models.json`: the models a run trained and judged with, with their content hashes and,
/// for a model Frost pretrained (its `pretrain.json`), how far and how well: results are tied
/// to the exact models that made them (`frost-host report` shows it per setting).
pub fn models_record(
    cfg: &crate::config::TrainConfig,
    player: &ModelIdentity,
) -> serde_json::Value {
    let player_dir = Path::new(&player.path);
    let judge = match cfg.judge.path.is_empty() {
        true => serde_json::json!({
            "same_as": "player",
            "weights": "the player's base weights, adapters off",
        }),
        false => {
            let dir = Path::new(&cfg.judge.path);
            model_summary(dir, content_hash(dir).ok())
        }
    };
    serde_json::json!({
        "player": model_summary(player_dir, player.content_hash.clone()),
        "judge": judge,
    })
}

/// A model folder: its path, content hash and, when Frost pretrained it, steps and held-out
/// quality.
fn model_summary(dir: &Path, content_hash: Option<String>) -> serde_json::Value {
    let pretrain: Option<serde_json::Value> = fs::read_to_string(dir.join("pretrain.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok());
    let quality = pretrain.map(|p| {
        serde_json::json!({
            "steps": p["steps"],
            "heldout_bits_per_byte": p["heldout"]["bits_per_byte"],
            "heldout_loss_nats": p["heldout"]["loss"],
        })
    });
    serde_json::json!({
        "path": dir.display().to_string(),
        "content_hash": content_hash,
        "pretrain": quality,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_hash_tells_apart_models_of_the_same_shape() {
        let d = tempfile::tempdir().unwrap();
        fs::write(d.path().join("config.json"), "{}").unwrap();
        fs::write(d.path().join("model.safetensors"), "abc").unwrap();
        let a = content_hash(d.path()).unwrap();
        assert_eq!(
            a,
            content_hash(d.path()).unwrap(),
            "cached or not, the same"
        );
        // Same names, same sizes, other bytes: the cheap hash cannot tell, this one can.
        let cheap = model_hash(d.path()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::write(d.path().join("model.safetensors"), "abd").unwrap();
        assert_eq!(cheap, model_hash(d.path()).unwrap());
        assert_ne!(a, content_hash(d.path()).unwrap());
    }

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
