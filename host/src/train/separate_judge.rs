//! The separate judge of `[judge]`: another checkpoint (or the player's base weights on another
//! device or dtype), frozen, checked to share the player's tokenizer and embedding size, since
//! moves are token ids scored by the judge as they are.

use std::path::PathBuf;
use std::sync::Arc;

use super::setup::{check_device, copy_random_base, model_dir, tokenizer_dir};
use super::TrainError;
use crate::config::{ModelInit, TrainConfig};
use crate::dist::Group;
use crate::model::{LoadOptions, LoadedModel, Tok};

/// Loads the separate judge when `[judge]` asks for one (a path, or a device or dtype other than
/// the player's); None = the player's base weights judge. With the player split over
/// `model_group`, the judge is split over the same ranks (frozen: nothing of it trains).
pub fn load_judge(
    cfg: &TrainConfig,
    player: &LoadedModel,
    model_group: Option<&Arc<Group>>,
) -> Result<Option<LoadedModel>, TrainError> {
    let j = &cfg.judge;
    let device = j.device.unwrap_or(cfg.model.device);
    let dtype = j.dtype.unwrap_or(cfg.model.dtype);
    if !needs_separate_judge(cfg) {
        return Ok(None);
    }
    check_device("judge.device", device)?;
    let dir = if j.path.is_empty() {
        model_dir(cfg)
    } else {
        PathBuf::from(&j.path)
    };
    let opts = LoadOptions {
        device: device.device(),
        kind: Some(dtype.kind()),
        lora: None,
    };
    let tok_dir = if j.path.is_empty() {
        tokenizer_dir(cfg)
    } else {
        dir.clone()
    };
    let random = j.path.is_empty() && cfg.model.init == ModelInit::Random;
    let loaded = match (model_group, random) {
        (Some(g), _) => LoadedModel::load_split(&dir, &tok_dir, &opts, g, random, true),
        (None, true) => LoadedModel::random(&dir, &tok_dir, &opts),
        (None, false) => LoadedModel::load_with_tokenizer(&dir, &tok_dir, &opts),
    };
    let mut judge = loaded.map_err(|source| TrainError::Model {
        path: dir.clone(),
        source,
    })?;
    if j.path.is_empty() {
        copy_random_base(cfg, player, &mut judge)?;
    }
    judge.vs.freeze();
    let mismatch = |what: String| TrainError::JudgeTokenizer {
        judge: dir.clone(),
        player: model_dir(cfg),
        what,
    };
    if let Some(what) = tokenizer_difference(&judge.tokenizer, &player.tokenizer) {
        return Err(mismatch(what));
    }
    if judge.config.vocab_size != player.config.vocab_size {
        return Err(mismatch(format!(
            "embedding rows (vocab_size) {} vs the player's {}",
            judge.config.vocab_size, player.config.vocab_size
        )));
    }
    tracing::info!("judge: {} on {device} ({dtype:?}), frozen", dir.display());
    Ok(Some(judge))
}

/// How two tokenizers differ (first difference found), or None when they tokenize alike:
/// the same vocabulary with the same ids and the same serialized pipeline (normalizer,
/// pre-tokenizer, merges, added tokens).
pub fn tokenizer_difference(a: &Tok, b: &Tok) -> Option<String> {
    let (va, vb) = (a.inner().get_vocab(true), b.inner().get_vocab(true));
    if va.len() != vb.len() {
        return Some(format!("{} tokens vs {}", va.len(), vb.len()));
    }
    let mut differing: Vec<(&String, &u32)> =
        va.iter().filter(|(t, id)| vb.get(*t) != Some(id)).collect();
    differing.sort_by_key(|(_, id)| **id);
    if let Some((t, id)) = differing.first() {
        let theirs = vb
            .get(*t)
            .map_or("absent".to_string(), |i| format!("id {i}"));
        return Some(format!("token {t:?} is id {id} vs {theirs}"));
    }
    let (ja, jb) = (a.inner().to_string(false), b.inner().to_string(false));
    match (ja, jb) {
        (Ok(x), Ok(y)) if x == y => None,
        (Ok(_), Ok(_)) => Some("same vocabulary, different merges or pre-tokenization".into()),
        _ => Some("a tokenizer cannot be serialized for comparison".into()),
    }
}

/// Whether `[judge]` asks for weights of its own: a path, or another device or dtype. Devices
/// are compared as devices, not as written: "cuda" and "cuda:0" are the same GPU, where a
/// second frozen copy would only double the judge's memory.
fn needs_separate_judge(cfg: &TrainConfig) -> bool {
    let j = &cfg.judge;
    let device = j.device.unwrap_or(cfg.model.device).device();
    let dtype = j.dtype.unwrap_or(cfg.model.dtype);
    !j.path.is_empty() || device != cfg.model.device.device() || dtype != cfg.model.dtype
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DeviceSpec;

    #[test]
    fn the_same_gpu_written_two_ways_is_not_a_separate_judge() {
        let mut cfg = TrainConfig::default_embedded();
        cfg.model.device = DeviceSpec::Cuda(None);
        cfg.judge.device = Some(DeviceSpec::Cuda(Some(0)));
        assert!(!needs_separate_judge(&cfg), "cuda and cuda:0 are one GPU");
        cfg.judge.device = Some(DeviceSpec::Cuda(Some(1)));
        assert!(needs_separate_judge(&cfg));
        cfg.judge.device = None;
        assert!(!needs_separate_judge(&cfg));
        cfg.judge.path = "/models/judge".into();
        assert!(needs_separate_judge(&cfg));
    }
}
