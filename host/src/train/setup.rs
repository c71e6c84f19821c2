//! Everything a run needs, loaded and checked before the run directory exists: the game, the
//! model (a frozen reference copy under full fine-tuning, a separate judge when `[judge]` asks),
//! the corpus splits, the held-out set, and D against the candidates there are. A user's mistake
//! stops here with one clear error.

use std::path::PathBuf;
use std::sync::Arc;

use tch::Device;

use super::identity::RunIdentity;
use super::separate_judge;
use super::TrainError;
use crate::config::{DeviceSpec, ModelInit, TrainConfig};
use crate::corpus;
use crate::dist::{Dist, Group};
use crate::frost::{self, FrostError};
use crate::game::Game;
use crate::model::{CausalLm, LoadOptions, LoadedModel, LoraConfig, Tok};
use crate::round::{Assignment, Dealer, TokenizedSplit};
use crate::run::cache;
use crate::seeds::{self, derive_seed};
use crate::sizes;

/// Everything a run needs, built and checked before anything is written.
pub struct Setup {
    pub cfg: TrainConfig,
    pub model: LoadedModel,
    /// Frozen copy of the player's base weights under full fine-tuning (the KL reference and
    /// the default judge); None = the policy with adapters off.
    pub reference_copy: Option<LoadedModel>,
    /// The separate frozen judge of `[judge]` (its own weights, device or dtype); None = the
    /// reference judges.
    pub judge_copy: Option<LoadedModel>,
    pub dealer: Dealer,
    pub train_split: TokenizedSplit,
    pub heldout: Vec<Assignment>,
    /// Base model, game and game config, recorded in each checkpoint.
    pub identity: RunIdentity,
    /// This process's ranks and collectives (one process: [`Dist::single`]).
    pub dist: Dist,
    /// The KL reference after a refresh (`update.ref_refresh_every`): the policy's trainable
    /// variables as they were then (train/reference.rs); None = the base weights.
    pub refreshed_reference: Option<Vec<tch::Tensor>>,
}

impl Setup {
    /// The judge network: the separate judge, else the reference.
    pub fn judge(&self) -> &CausalLm {
        self.judge_copy
            .as_ref()
            .map_or_else(|| self.reference(), |j| &j.net)
    }

    /// The KL reference, the player's base weights: the frozen copy, or the policy (whose
    /// adapters the callers turn off).
    pub fn reference(&self) -> &CausalLm {
        self.reference_copy
            .as_ref()
            .map_or(&self.model.net, |j| &j.net)
    }
}

/// The model folder a config points at (empty = the embedded default, installed from the
/// binary's shipped bytes on first use; if that fails, the error is logged and loading the
/// folder then names it).
pub fn model_dir(cfg: &TrainConfig) -> PathBuf {
    if cfg.model.path.is_empty() {
        crate::pretrain::ensure_default_model().unwrap_or_else(|e| {
            tracing::error!("installing the embedded default model: {e}");
            cache::default_model_dir()
        })
    } else {
        PathBuf::from(&cfg.model.path)
    }
}

/// Load and check everything: game, model (+ judge), corpus, held-out set, D vs candidates.
pub fn setup(cfg: &TrainConfig) -> Result<Setup, TrainError> {
    setup_split(cfg, None)
}

/// [`setup`] with the model split over `model_group`: the ranks this one shares its copy of the
/// model with (`parallel.tensor`, from `Dist::split_model`); None: the whole model.
pub fn setup_split(
    cfg: &TrainConfig,
    model_group: Option<Arc<Group>>,
) -> Result<Setup, TrainError> {
    for knob in cfg.inert_knobs() {
        tracing::warn!("{knob}");
    }
    let game_path = game_path(cfg)?;
    super::identity::check_game_pin(&game_path, cfg.game.sha256.as_deref())?;
    let device = check_device("model.device", cfg.model.device)?;
    if !device.is_cuda() {
        let n = crate::threads::set_default(cfg.run.threads);
        tracing::debug!("libtorch CPU threads: {n}");
    }
    let game =
        Game::load(&game_path, &cfg.game.limits, cfg.game.allow_native).map_err(|source| {
            TrainError::Game {
                path: game_path.clone(),
                source,
            }
        })?;
    // The game's config as this game plays it (its own table, never another game's): what
    // the run directory and the checkpoints record.
    let mut cfg = cfg.clone();
    let name = game.info().name.clone();
    cfg.game = cfg.game.for_game(&name);
    let cfg = &cfg;
    let (model, reference_copy) = load_models(cfg, device, model_group.as_ref())?;
    let judge_copy = separate_judge::load_judge(cfg, &model, model_group.as_ref())?;
    let identity = RunIdentity::new(&model_dir(cfg), &game_path, &cfg.game.resolved(&name))?;
    let v_emb = model.config.vocab_size;
    let mut dealer = Dealer::configured(game, &cfg.game, &model.tokenizer, v_emb, device)?
        .with_max_positions(model.config.max_position_embeddings as usize);
    check_d(cfg, &dealer, &model)?;
    let corpus = corpus::load_corpus_with(&cfg.corpus.source, &cfg.corpus.options())?;
    let train_split = TokenizedSplit::new("train", &corpus.train, &model.tokenizer);
    let heldout_split = TokenizedSplit::new("heldout", &corpus.heldout, &model.tokenizer);
    // A first training assignment, played twice: a game that rejects real rounds, or whose
    // rounds differ on replay (exact resume would break), fails before the run starts. Its
    // prompt sizes the batches, checked against the memory there is before any is allocated.
    let seed = derive_seed(cfg.seed, 1, seeds::DEAL, 0);
    let first = dealer.deal_verified(&model.tokenizer, &train_split, seed)?;
    let judge = (judge_copy.as_ref().or(reference_copy.as_ref())).map_or(&model.net, |j| &j.net);
    let game = (dealer.game_name.as_str(), &model.tokenizer);
    super::sample::check_sampled_scores(cfg, &model.net, judge, &first, game, seed)?;
    check_sizes(cfg, &model, &first, device)?;
    let heldout = match cfg.eval.every > 0 {
        true => eval_set(cfg, &mut dealer, &model.tokenizer, &heldout_split)?,
        false => Vec::new(),
    };
    Ok(Setup {
        cfg: cfg.clone(),
        model,
        reference_copy,
        judge_copy,
        dealer,
        train_split,
        heldout,
        identity,
        dist: Dist::single(),
        refreshed_reference: None,
    })
}

/// The batches this config samples and updates, sized by `first`'s prompt, against the memory
/// of `device` ([`sizes::check_fits`]).
fn check_sizes(
    cfg: &TrainConfig,
    model: &LoadedModel,
    first: &Assignment,
    device: Device,
) -> Result<(), TrainError> {
    let shape = sizes::Shape::new(&model.config, cfg.model.dtype.kind());
    let (prompt, len) = (first.prompt_ids.len() as u64, first.move_len as u64);
    let (kept, needs) = sizes::training_needs(cfg, &shape, prompt, len);
    Ok(sizes::check_fits(
        &kept,
        &needs,
        sizes::available(device).as_ref(),
    )?)
}

/// The evaluation's assignments: `eval.assignments` rounds dealt from `split` with seeds that
/// depend on the run seed only (training deals them from the held-out split once per run;
/// `frost-host eval` may deal them from another split).
pub fn eval_set(
    cfg: &TrainConfig,
    dealer: &mut Dealer,
    tok: &Tok,
    split: &TokenizedSplit,
) -> Result<Vec<Assignment>, TrainError> {
    (0..cfg.eval.assignments)
        .map(|i| {
            let seed = derive_seed(cfg.seed, 0, seeds::HELDOUT, i as u64);
            Ok(dealer.deal(tok, split, seed)?)
        })
        .collect()
}

/// The libtorch device of `spec`, refused (naming `field`) when it is not on this machine: no
/// CUDA, or a GPU index past the ones there are (libtorch would panic on first use).
pub(super) fn check_device(field: &str, spec: DeviceSpec) -> Result<Device, TrainError> {
    let device = spec.device();
    let Device::Cuda(index) = device else {
        return Ok(device);
    };
    let err = |msg: String| TrainError::Config {
        field: field.into(),
        msg,
    };
    if !tch::Cuda::is_available() {
        return Err(err(format!("{spec} asked but CUDA is not available here")));
    }
    let count = tch::Cuda::device_count() as usize;
    if index >= count {
        let last = count.saturating_sub(1);
        return Err(err(format!(
            "{spec} asked but this machine has {count} GPU(s): use cuda:0 to cuda:{last}"
        )));
    }
    Ok(device)
}

pub(super) fn game_path(cfg: &TrainConfig) -> Result<PathBuf, TrainError> {
    if cfg.game.path.is_empty() {
        return Err(TrainError::NoGame);
    }
    let path = PathBuf::from(&cfg.game.path);
    // Only a path that is not there is "missing": a directory, a device or a FIFO is reported
    // by the game loader, which says what it is (as game-info does).
    if !path.exists() {
        return Err(TrainError::MissingGame(path));
    }
    Ok(path)
}

/// The policy, and under full fine-tuning a frozen reference copy of the same weights.
fn load_models(
    cfg: &TrainConfig,
    device: Device,
    model_group: Option<&Arc<Group>>,
) -> Result<(LoadedModel, Option<LoadedModel>), TrainError> {
    let model = load_policy_split(cfg, device, model_group)?;
    let reference_copy = if cfg.model.lora.is_none() {
        let mut j = load_model(cfg, device, None, None)?;
        copy_random_base(cfg, &model, &mut j)?;
        j.vs.freeze();
        Some(j)
    } else {
        None
    };
    Ok((model, reference_copy))
}

/// The policy and, when the config names one, the separate judge, as setup loads them: what
/// `game-check` scores a sampled move with ([`super::sample::check_sampled_scores`]).
pub fn load_player_and_judge(
    cfg: &TrainConfig,
    device: Device,
) -> Result<(LoadedModel, Option<LoadedModel>), TrainError> {
    let model = load_policy(cfg, device)?;
    let judge = separate_judge::load_judge(cfg, &model, None)?;
    Ok((model, judge))
}

/// The policy alone, on `device`, as training loads it: `model.dtype`, LoRA as `model.lora`
/// says with its A matrices drawn from the run seed (so under `model.init = "random"` the base
/// weights are the run's too). What `export` loads a checkpoint onto, without the game, the
/// corpus or the reference copy.
pub fn load_policy(cfg: &TrainConfig, device: Device) -> Result<LoadedModel, TrainError> {
    load_policy_split(cfg, device, None)
}

/// [`load_policy`] as this rank's share of a model split over `model_group` (None: whole).
fn load_policy_split(
    cfg: &TrainConfig,
    device: Device,
    model_group: Option<&Arc<Group>>,
) -> Result<LoadedModel, TrainError> {
    let lora = cfg.model.lora.as_ref().map(|l| LoraConfig {
        r: l.r,
        alpha: l.alpha,
        dropout: l.dropout,
        target_modules: l.target_modules.clone(),
        target_parameters: l.target_parameters.clone(),
    });
    // LoRA A matrices are drawn at load time: seed them from the run seed too.
    tch::manual_seed(derive_seed(cfg.seed, 0, seeds::TORCH, 1) as i64);
    load_model(cfg, device, lora, model_group)
}

fn load_model(
    cfg: &TrainConfig,
    device: Device,
    lora: Option<LoraConfig>,
    model_group: Option<&Arc<Group>>,
) -> Result<LoadedModel, TrainError> {
    let dir = model_dir(cfg);
    let tokenizer_dir = tokenizer_dir(cfg);
    let opts = LoadOptions {
        device,
        kind: Some(cfg.model.dtype.kind()),
        lora,
    };
    let random = cfg.model.init == ModelInit::Random;
    let loaded = match (cfg.model.init, model_group) {
        (_, Some(g)) => LoadedModel::load_split(&dir, &tokenizer_dir, &opts, g, random, false),
        (ModelInit::Pretrained, None) if tokenizer_dir == dir => LoadedModel::load(&dir, &opts),
        (ModelInit::Pretrained, None) => {
            LoadedModel::load_with_tokenizer(&dir, &tokenizer_dir, &opts)
        }
        (ModelInit::Random, None) => LoadedModel::random(&dir, &tokenizer_dir, &opts),
    };
    loaded.map_err(|source| TrainError::Model { path: dir, source })
}

/// Under `model.init = "random"` a second load draws other weights: give a copy of the player's
/// base (the reference, or a judge of the player's weights elsewhere) the player's draw.
pub(super) fn copy_random_base(
    cfg: &TrainConfig,
    player: &LoadedModel,
    copy: &mut LoadedModel,
) -> Result<(), TrainError> {
    if cfg.model.init != ModelInit::Random {
        return Ok(());
    }
    copy.vs
        .copy(&player.vs)
        .map_err(|source| TrainError::Model {
            path: model_dir(cfg),
            source: crate::model::ModelError::Torch {
                path: model_dir(cfg),
                source,
            },
        })
}

/// The folder of the tokenizer files: `model.tokenizer`, else the model's folder.
pub fn tokenizer_dir(cfg: &TrainConfig) -> PathBuf {
    if cfg.model.tokenizer.is_empty() {
        model_dir(cfg)
    } else {
        PathBuf::from(&cfg.model.tokenizer)
    }
}

/// Frost needs D distinct children: no more than the K x L x (usable vocabulary - 1)
/// single-token substitutions there are (the top k per position under `gcg`).
fn check_d(cfg: &TrainConfig, dealer: &Dealer, model: &LoadedModel) -> Result<(), TrainError> {
    if cfg.frost.refinement != crate::config::Refinement::Frost {
        return Ok(());
    }
    let usable = model.tokenizer.vocab_size();
    let (k, l) = (cfg.sampling.k, dealer.move_len());
    let available = frost::available_candidates(&cfg.frost, k, l, usable);
    if cfg.frost.d > available {
        return Err(FrostError::TooFewCandidates {
            d: cfg.frost.d,
            available,
        }
        .into());
    }
    Ok(())
}
