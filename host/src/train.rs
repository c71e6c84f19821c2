//! The training loop, top to bottom: setup (everything that can fail on user input is checked
//! before the run directory exists), then per step: deal assignments -> sample K moves ->
//! judge scores -> refine (identity for GRPO; Frost: Taylor -> gate -> top-D -> verify ->
//! replace) -> advantages -> loss -> AdamW -> metrics, evaluation and checkpoints.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Map, Value};
use tch::{Device, Kind, Tensor};

use crate::assignments::{derive_seed, Assignment, AssignmentError, Dealer, TokenizedSplit};
use crate::cache;
use crate::config::{Refinement, Selection, TrainConfig, UpdateRule};
use crate::corpus::{self, CorpusError, CorpusSource};
use crate::frost::{self, Child, FrostError, Proposal};
use crate::game::{Game, GameError};
use crate::grpo;
use crate::judge::{self, AdaptersOff, Budget};
use crate::model::{self, LoadOptions, LoadedModel, LoraConfig, ModelError, Qwen3, SamplingParams};
use crate::optim::{self, AdamW};
use crate::run_dir::{CheckpointState, RunDir, RunDirError};

// Seed streams (see `derive_seed`).
const STREAM_TORCH: u64 = 0;
const STREAM_DEAL: u64 = 1;
const STREAM_SAMPLE: u64 = 2;
const STREAM_FROST: u64 = 3;
const STREAM_HELDOUT: u64 = 4;
const STREAM_EVAL: u64 = 5;

#[derive(Debug, thiserror::Error)]
pub enum TrainError {
    #[error("game file {0} does not exist (build the games with `make games`)")]
    MissingGame(PathBuf),
    #[error("no game given: pass --game FILE or set game.path in the config")]
    NoGame,
    #[error("game {path}: {source}")]
    Game { path: PathBuf, source: GameError },
    #[error("model {path}: {source}")]
    Model { path: PathBuf, source: ModelError },
    #[error(transparent)]
    Assignment(#[from] AssignmentError),
    #[error("corpus: {0}")]
    Corpus(#[from] CorpusError),
    #[error(transparent)]
    Frost(#[from] FrostError),
    #[error(transparent)]
    RunDir(#[from] RunDirError),
    #[error("config field `{field}`: {msg}")]
    Config { field: String, msg: String },
    #[error("checkpoint {path}: {msg}")]
    Resume { path: PathBuf, msg: String },
}

/// What the caller asks for.
pub struct RunRequest {
    pub config: TrainConfig,
    pub out: PathBuf,
    /// Continue the run in `out` from its latest checkpoint.
    pub resume: bool,
}

/// The figures printed at the end and returned to tests.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub run_dir: PathBuf,
    pub steps_done: u64,
    pub first_eval: Option<EvalResult>,
    pub last_eval: Option<EvalResult>,
    pub replaced_frac_mean: f64,
    pub budget: Budget,
    /// Mean seconds per step by phase: (name, seconds).
    pub phase_s: Vec<(String, f64)>,
    pub interrupted: bool,
    pub skipped_steps: u64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalResult {
    pub step: u64,
    pub best_of: f64,
    pub mean: f64,
    pub reference: Option<f64>,
}

/// Everything a run needs, built and checked before anything is written.
pub struct Setup {
    pub cfg: TrainConfig,
    pub model: LoadedModel,
    /// Separate frozen judge under full fine-tuning; None = the policy with adapters off.
    pub judge_copy: Option<LoadedModel>,
    pub dealer: Dealer,
    pub train_split: TokenizedSplit,
    pub heldout: Vec<Assignment>,
}

impl Setup {
    pub fn judge(&self) -> &Qwen3 {
        self.judge_copy.as_ref().map_or(&self.model.net, |j| &j.net)
    }
}

fn parse_device(s: &str) -> Device {
    match s {
        "cpu" => Device::Cpu,
        "cuda" => Device::Cuda(0),
        _ => Device::Cuda(s.trim_start_matches("cuda:").parse().unwrap_or(0)),
    }
}

fn parse_kind(s: &str) -> Kind {
    match s {
        "bf16" => Kind::BFloat16,
        "f16" => Kind::Half,
        _ => Kind::Float,
    }
}

/// The model folder a config points at (empty = the embedded default).
pub fn model_dir(cfg: &TrainConfig) -> PathBuf {
    if cfg.model.path.is_empty() {
        cache::default_model_dir()
    } else {
        PathBuf::from(&cfg.model.path)
    }
}

/// Load and check everything: game, model (+ judge), corpus, held-out set, D vs candidates.
pub fn setup(cfg: &TrainConfig) -> Result<Setup, TrainError> {
    if cfg.game.path.is_empty() {
        return Err(TrainError::NoGame);
    }
    let game_path = PathBuf::from(&cfg.game.path);
    if !game_path.is_file() {
        return Err(TrainError::MissingGame(game_path));
    }
    let device = parse_device(&cfg.model.device);
    if device.is_cuda() && !tch::Cuda::is_available() {
        return Err(TrainError::Config {
            field: "model.device".into(),
            msg: format!("{} asked but CUDA is not available here", cfg.model.device),
        });
    }
    let kind = parse_kind(&cfg.model.dtype);
    if cfg.run.threads > 0 {
        tch::set_num_threads(cfg.run.threads);
    }
    let game =
        Game::load(&game_path, &cfg.game.limits, cfg.game.allow_native).map_err(|source| {
            TrainError::Game {
                path: game_path.clone(),
                source,
            }
        })?;
    let dir = model_dir(cfg);
    let lora = cfg.model.lora.as_ref().map(|l| LoraConfig {
        r: l.r,
        alpha: l.alpha,
        dropout: l.dropout,
        target_modules: l.target_modules.clone(),
    });
    let load = |lora: Option<LoraConfig>| {
        LoadedModel::load(
            &dir,
            &LoadOptions {
                device,
                kind: Some(kind),
                lora,
            },
        )
        .map_err(|source| TrainError::Model {
            path: dir.clone(),
            source,
        })
    };
    let full_ft = lora.is_none();
    // LoRA A matrices are drawn at load time: seed them from the run seed too.
    tch::manual_seed(derive_seed(cfg.seed, 0, STREAM_TORCH, 1) as i64);
    let model = load(lora)?;
    let judge_copy = if full_ft {
        let mut j = load(None)?;
        j.vs.freeze();
        Some(j)
    } else {
        None
    };
    let v_emb = model.config.vocab_size;
    let dealer = Dealer::new(
        game,
        &cfg.game_config_json(),
        &model.tokenizer,
        v_emb,
        device,
    )?;
    if cfg.frost.refinement == Refinement::Frost {
        let usable = model.tokenizer.vocab_size();
        let available = frost::available_candidates(cfg.sampling.k, dealer.move_len(), usable);
        if cfg.frost.d > available {
            return Err(FrostError::TooFewCandidates {
                d: cfg.frost.d,
                available,
            }
            .into());
        }
    }
    let source = if cfg.corpus.source == "default" {
        CorpusSource::Default
    } else {
        CorpusSource::Path(PathBuf::from(&cfg.corpus.source))
    };
    let corpus = corpus::load_corpus(&source)?;
    let train_split = TokenizedSplit::new("train", &corpus.train, &model.tokenizer);
    let heldout_split = TokenizedSplit::new("heldout", &corpus.heldout, &model.tokenizer);
    let mut dealer = dealer;
    let mut heldout = Vec::new();
    if cfg.eval.every > 0 {
        for i in 0..cfg.eval.assignments {
            let seed = derive_seed(cfg.seed, 0, STREAM_HELDOUT, i as u64);
            heldout.push(dealer.deal(&model.tokenizer, &heldout_split, seed)?);
        }
    }
    // A first training assignment, so a game that rejects real rounds fails before the run starts.
    dealer.deal(
        &model.tokenizer,
        &train_split,
        derive_seed(cfg.seed, 1, STREAM_DEAL, 0),
    )?;
    Ok(Setup {
        cfg: cfg.clone(),
        model,
        judge_copy,
        dealer,
        train_split,
        heldout,
    })
}

/// Train: set up, open the run directory, loop, summarise. `stop` is raised by Ctrl-C.
pub fn train(req: RunRequest, stop: &AtomicBool) -> Result<Summary, TrainError> {
    let mut s = setup(&req.config)?;
    let cfg = s.cfg.clone();
    // Moments saved by index (`m.0`, ...): the trainable variables come in a fixed order.
    // Every variable decays (LoRA factors and, in full fine-tuning, all weights alike).
    let vars = s.model.trainable_variables();
    let named = vars.into_iter().enumerate();
    let mut opt = AdamW::new(named.map(|(i, t)| (i.to_string(), t)).collect(), |_| true);
    let (run, start) = if req.resume {
        let (run, _, ckpt, state) = RunDir::open_for_resume(&req.out)?;
        load_checkpoint(&mut s, &mut opt, &ckpt)?;
        tracing::info!("resuming {} after step {}", req.out.display(), state.step);
        (run, state.step)
    } else {
        (RunDir::create(&req.out, &cfg.to_toml())?, 0)
    };

    let bar = progress_bar(&cfg, start);
    let mut summary = Summary {
        run_dir: req.out.clone(),
        steps_done: start,
        ..Default::default()
    };
    if start >= cfg.steps {
        tracing::warn!(
            "{} already has {start} of {} steps: raise --set steps=N to continue",
            req.out.display(),
            cfg.steps
        );
    }
    let mut phase_sums: Vec<(String, f64)> = Vec::new();
    let mut replaced_sum = 0.0;
    if start == 0 && cfg.eval.every > 0 {
        let e = evaluate(&mut s, 0)?;
        run.append("eval.jsonl", &eval_json(&e))?;
        summary.first_eval = Some(e);
        summary.last_eval = Some(e);
    }
    let mut last_saved = start;
    for step in start + 1..=cfg.steps {
        let out = train_step(&mut s, &mut opt, step)?;
        summary.budget.forwards += out.budget.forwards;
        summary.budget.backwards += out.budget.backwards;
        replaced_sum += out.replaced_frac;
        summary.skipped_steps += out.skipped as u64;
        for (k, v) in &out.phases {
            match phase_sums.iter_mut().find(|(n, _)| n == k) {
                Some(e) => e.1 += v,
                None => phase_sums.push((k.clone(), *v)),
            }
        }
        run.append("metrics.jsonl", &out.metrics)?;
        if cfg.run.samples_every > 0 && step % cfg.run.samples_every == 0 {
            run.append("samples.jsonl", &out.samples)?;
        }
        if cfg.eval.every > 0 && (step % cfg.eval.every == 0 || step == cfg.steps) {
            let e = evaluate(&mut s, step)?;
            run.append("eval.jsonl", &eval_json(&e))?;
            summary.first_eval.get_or_insert(e);
            summary.last_eval = Some(e);
        }
        summary.steps_done = step;
        let interrupted = stop.load(Ordering::SeqCst);
        let due = cfg.run.checkpoint_every > 0 && step % cfg.run.checkpoint_every == 0;
        if due || step == cfg.steps || interrupted {
            save_checkpoint(&s, &opt, &run, step)?;
            last_saved = step;
        }
        bar.set_position(step);
        bar.set_message(live_figures(&out.metrics, summary.last_eval));
        if interrupted {
            summary.interrupted = true;
            bar.abandon_with_message(format!("interrupted: saved step {step}"));
            break;
        }
    }
    if !summary.interrupted {
        bar.finish();
    }
    let done = summary.steps_done.saturating_sub(start).max(1) as f64;
    summary.replaced_frac_mean = replaced_sum / done;
    summary.phase_s = phase_sums.into_iter().map(|(k, v)| (k, v / done)).collect();
    if last_saved != summary.steps_done && summary.steps_done > 0 {
        save_checkpoint(&s, &opt, &run, summary.steps_done)?;
    }
    Ok(summary)
}

/// What one step produced.
pub struct StepOut {
    pub metrics: Value,
    pub samples: Value,
    pub budget: Budget,
    pub replaced_frac: f64,
    pub phases: Vec<(String, f64)>,
    pub skipped: bool,
}

/// A group after (optional) refinement: the moves trained on and what happened to them.
pub struct Group {
    pub moves: Vec<Vec<u32>>,
    pub scores: Vec<f64>,
    /// For each member replaced by Frost: Some((the sampled move, its score)).
    pub replaced: Vec<Option<(Vec<u32>, f64)>>,
    pub children: usize,
}

/// One optimizer step.
pub fn train_step(s: &mut Setup, opt: &mut AdamW, step: u64) -> Result<StepOut, TrainError> {
    let cfg = s.cfg.clone();
    let t_step = Instant::now();
    tch::manual_seed(derive_seed(cfg.seed, step, STREAM_TORCH, 0) as i64);
    let (a_n, k) = (cfg.sampling.assignments_per_step, cfg.sampling.k);

    // 1. Deal assignments from the training split.
    let mut assignments = Vec::with_capacity(a_n);
    for i in 0..a_n {
        let seed = derive_seed(cfg.seed, step, STREAM_DEAL, i as u64);
        assignments.push(s.dealer.deal(&s.model.tokenizer, &s.train_split, seed)?);
    }

    // 2. Sample K moves per assignment from the policy (adapters on).
    let t = Instant::now();
    let sampled = sample_moves(
        &s.model.net,
        &assignments,
        k,
        &sampling_params(&cfg),
        derive_seed(cfg.seed, step, STREAM_SAMPLE, 0),
    );
    let sample_s = t.elapsed().as_secs_f64();

    // 3. Exact judge scores (K forwards per assignment).
    let t = Instant::now();
    let mut budget = Budget::default();
    let mut groups: Vec<Group> = Vec::with_capacity(a_n);
    for (a, asg) in assignments.iter().enumerate() {
        let moves = sampled[a * k..(a + 1) * k].to_vec();
        let scores = judge::score(s.judge(), &asg.program, &moves, &mut budget);
        groups.push(Group {
            moves,
            scores,
            replaced: vec![None; k],
            children: 0,
        });
    }
    let score_s = t.elapsed().as_secs_f64();
    let forwards_sampled = budget.forwards;
    let sampled_scores: Vec<Vec<f64>> = groups.iter().map(|g| g.scores.clone()).collect();

    // 4-6. Refinement: identity (GRPO) or Frost.
    let (mut taylor_s, mut verify_s) = (0.0, 0.0);
    if cfg.frost.refinement == Refinement::Frost {
        for (a, (asg, group)) in assignments.iter().zip(groups.iter_mut()).enumerate() {
            for round in 0..cfg.frost.rounds {
                let seed = derive_seed(cfg.seed, step, STREAM_FROST, (a * 1000 + round) as u64);
                let (ts, vs) = frost_round(s, asg, group, seed, &mut budget);
                taylor_s += ts;
                verify_s += vs;
            }
        }
    }

    // 7. Advantages and the update.
    let t = Instant::now();
    let final_scores: Vec<Vec<f64>> = groups.iter().map(|g| g.scores.clone()).collect();
    // (The authors' REINFORCE uses a plain group-mean baseline: normalize_std = false.)
    let adv = grpo::advantages(&final_scores, cfg.update.normalize_std);
    let upd = update(s, opt, &assignments, &groups, &adv);
    let update_s = t.elapsed().as_secs_f64();
    let step_s = t_step.elapsed().as_secs_f64();

    // Metrics.
    let n = (a_n * k) as f64;
    let flat: Vec<f64> = sampled_scores.iter().flatten().copied().collect();
    let mean = flat.iter().sum::<f64>() / n;
    let std = (flat.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n).sqrt();
    let group_std = sampled_scores
        .iter()
        .map(|g| {
            let m = g.iter().sum::<f64>() / g.len() as f64;
            (g.iter().map(|r| (r - m).powi(2)).sum::<f64>() / g.len() as f64).sqrt()
        })
        .sum::<f64>()
        / a_n as f64;
    let best = sampled_scores
        .iter()
        .map(|g| g.iter().cloned().fold(f64::NEG_INFINITY, f64::max))
        .sum::<f64>()
        / a_n as f64;
    let refined: Vec<f64> = final_scores.iter().flatten().copied().collect();
    let refined_mean = refined.iter().sum::<f64>() / n;
    let replaced = groups
        .iter()
        .map(|g| g.replaced.iter().filter(|r| r.is_some()).count())
        .sum::<usize>() as f64;
    let children = groups.iter().map(|g| g.children).sum::<usize>();
    let mut m = Map::new();
    let mut put = |k: &str, v: f64| {
        m.insert(k.to_string(), json!(v));
    };
    put("reward/mean", mean);
    put("reward/std", std);
    put("reward/group_std", group_std);
    put("reward/best_of_k", best);
    put("reward/refined_mean", refined_mean);
    put("entropy", upd.entropy);
    put("kl", upd.kl);
    put("loss", upd.loss);
    put("grad_norm", upd.grad_norm);
    put("clip_frac", upd.clip_frac);
    put("frost/replaced_frac", replaced / n);
    put("frost/mean_gain", refined_mean - mean);
    put("frost/children", children as f64 / a_n as f64);
    put("budget/judge_forwards", budget.forwards as f64);
    put("budget/judge_backwards", budget.backwards as f64);
    // Identical sampled moves are scored once, so the sampled part can be below A*K.
    put("budget/judge_forwards_sampled", forwards_sampled as f64);
    put(
        "budget/judge_forwards_children",
        (budget.forwards - forwards_sampled) as f64,
    );
    put(
        "budget/judge_forwards_per_assignment",
        budget.forwards as f64 / a_n as f64,
    );
    put("time/sample_s", sample_s);
    put("time/score_s", score_s);
    put("time/taylor_s", taylor_s);
    put("time/verify_s", verify_s);
    put("time/update_s", update_s);
    put("time/step_s", step_s);
    m.insert("step".into(), json!(step));
    m.insert("skipped".into(), json!(upd.skipped));
    let phases = [
        ("sample", sample_s),
        ("score", score_s),
        ("taylor", taylor_s),
        ("verify", verify_s),
        ("update", update_s),
        ("step", step_s),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), *v))
    .collect();
    let samples = samples_json(s, step, &assignments, &groups, &sampled_scores);
    Ok(StepOut {
        metrics: Value::Object(m),
        samples,
        budget,
        replaced_frac: replaced / n,
        phases,
        skipped: upd.skipped,
    })
}

fn sampling_params(cfg: &TrainConfig) -> SamplingParams {
    SamplingParams {
        temperature: cfg.sampling.temperature,
        top_p: cfg.sampling.top_p,
        top_k: cfg.sampling.top_k,
    }
}

/// K moves per assignment, row a*K + j = assignment a's j-th move.
pub fn sample_moves(
    net: &Qwen3,
    assignments: &[Assignment],
    k: usize,
    params: &SamplingParams,
    seed: u64,
) -> Vec<Vec<u32>> {
    let _guard = tch::no_grad_guard();
    let l = assignments[0].move_len;
    let prompts: Vec<Vec<i64>> = assignments.iter().map(|a| a.prompt_ids.clone()).collect();
    let banned = Tensor::stack(
        &assignments
            .iter()
            .map(|a| a.banned.shallow_clone())
            .collect::<Vec<_>>(),
        0,
    );
    let moves = model::sample(net, &prompts, k, l, params, &banned, seed);
    rows_u32(&moves)
}

fn rows_u32(t: &Tensor) -> Vec<Vec<u32>> {
    let (n, l) = (t.size()[0] as usize, t.size()[1] as usize);
    let flat =
        Vec::<i64>::try_from(&t.to_device(Device::Cpu).contiguous().view([-1])).expect("i64 moves");
    (0..n)
        .map(|r| flat[r * l..(r + 1) * l].iter().map(|&x| x as u32).collect())
        .collect()
}

fn moves_tensor(moves: &[Vec<u32>], device: Device) -> Tensor {
    let l = moves[0].len() as i64;
    let flat: Vec<i64> = moves.iter().flatten().map(|&t| t as i64).collect();
    Tensor::from_slice(&flat)
        .view([moves.len() as i64, l])
        .to_device(device)
}

/// One Frost mutation round on one group: propose, gate, select, verify, replace.
/// Returns (proposal seconds, verification seconds).
pub fn frost_round(
    s: &Setup,
    asg: &Assignment,
    group: &mut Group,
    seed: u64,
    budget: &mut Budget,
) -> (f64, f64) {
    let cfg = &s.cfg;
    let t = Instant::now();
    let rule = cfg.frost.selection;
    let taylor = matches!(rule, Selection::TaylorGated | Selection::Taylor)
        .then(|| judge::taylor_proposal(s.judge(), &asg.program, &group.moves, budget));
    let policy = matches!(rule, Selection::TaylorGated | Selection::TopProb)
        .then(|| policy_full_logprobs(&s.model.net, asg, &group.moves, cfg.sampling.temperature));
    let banned = asg.banned.to_device(Device::Cpu);
    let est_cpu = taylor.as_ref().map(|t| t.estimate.to_device(Device::Cpu));
    let proposal = Proposal {
        parents: &group.moves,
        estimate: est_cpu.as_ref(),
        policy_logp: policy.as_ref(),
        banned: &banned,
    };
    let children: Vec<Child> = frost::select(
        &proposal,
        rule,
        cfg.frost.scope,
        cfg.frost.d,
        cfg.frost.tau,
        seed,
    );
    let taylor_s = t.elapsed().as_secs_f64();

    let t = Instant::now();
    let child_moves: Vec<Vec<u32>> = children.iter().map(|c| c.tokens(&group.moves)).collect();
    let child_scores = if child_moves.is_empty() {
        Vec::new()
    } else {
        judge::score(s.judge(), &asg.program, &child_moves, budget)
    };
    let best = frost::replacements(&group.scores, &children, &child_scores);
    for (p, b) in best.into_iter().enumerate() {
        if let Some(c) = b {
            let old = std::mem::replace(&mut group.moves[p], child_moves[c].clone());
            let old_score = std::mem::replace(&mut group.scores[p], child_scores[c]);
            // Keep the originally sampled move if replaced over several rounds.
            if group.replaced[p].is_none() {
                group.replaced[p] = Some((old, old_score));
            }
        }
    }
    group.children += children.len();
    (taylor_s, t.elapsed().as_secs_f64())
}

/// pi(v | prompt, y_<i) for every parent, position and token: [K, L, V] log-probs (CPU, f64),
/// teacher-forced with the sampling mask and temperature.
pub fn policy_full_logprobs(
    net: &Qwen3,
    asg: &Assignment,
    parents: &[Vec<u32>],
    temperature: f64,
) -> Tensor {
    let _guard = tch::no_grad_guard();
    let k = parents.len();
    let prompts = vec![asg.prompt_ids.clone(); k];
    let banned = asg.banned.unsqueeze(0).expand([k as i64, -1], false);
    let lp = model::move_logprobs(
        net,
        &prompts,
        &moves_tensor(parents, net.device()),
        &banned,
        temperature,
    );
    lp.full.to_device(Device::Cpu).to_kind(Kind::Double)
}

struct UpdateOut {
    loss: f64,
    entropy: f64,
    kl: f64,
    clip_frac: f64,
    grad_norm: f64,
    skipped: bool,
}

/// Log-probs of the final group under the current policy, the loss, one AdamW step. Old
/// log-probs are the same forward detached (one pass per batch: the ratio starts at 1).
fn update(
    s: &mut Setup,
    opt: &mut AdamW,
    assignments: &[Assignment],
    groups: &[Group],
    adv: &[Vec<f64>],
) -> UpdateOut {
    let cfg = &s.cfg;
    let u = &cfg.update;
    let net = &s.model.net;
    let dev = net.device();
    let k = cfg.sampling.k;
    let prompts: Vec<Vec<i64>> = assignments
        .iter()
        .flat_map(|a| std::iter::repeat_n(a.prompt_ids.clone(), k))
        .collect();
    let banned = Tensor::stack(
        &assignments
            .iter()
            .flat_map(|a| (0..k).map(|_| a.banned.shallow_clone()))
            .collect::<Vec<_>>(),
        0,
    );
    let all_moves: Vec<Vec<u32>> = groups.iter().flat_map(|g| g.moves.clone()).collect();
    let moves = moves_tensor(&all_moves, dev);
    let adv_flat: Vec<f32> = adv.iter().flatten().map(|&a| a as f32).collect();
    let adv_t = Tensor::from_slice(&adv_flat).to_device(dev);
    let temp = cfg.sampling.temperature;

    // Reference (adapters off) for the KL term, without grad.
    let reference = (u.kl_beta > 0.0).then(|| {
        let _g = tch::no_grad_guard();
        let judge = s.judge_copy.as_ref().map_or(net, |j| &j.net);
        let _off = AdaptersOff::new(judge);
        model::move_logprobs(judge, &prompts, &moves, &banned, temp)
    });

    opt.zero_grad();
    let lp = model::move_logprobs(net, &prompts, &moves, &banned, temp);
    let entropy = tch::no_grad(|| grpo::entropy(&lp.full.detach()));
    let old = lp.token.detach();
    let out = match u.rule {
        UpdateRule::Grpo => grpo::grpo_loss(
            &lp.token,
            &old,
            &adv_t,
            reference.as_ref().map(|r| &r.token),
            u,
        ),
        UpdateRule::Reinforce => grpo::reinforce_loss(
            &lp.token,
            Some(&lp.full),
            &adv_t,
            reference.as_ref().map(|r| &r.full),
            u,
        ),
    };
    let loss = out.loss.double_value(&[]);
    let mut res = UpdateOut {
        loss,
        entropy,
        kl: out.kl,
        clip_frac: out.clip_frac,
        grad_norm: 0.0,
        skipped: false,
    };
    let settings = optim::Settings {
        lr: u.lr,
        beta1: u.beta1,
        beta2: u.beta2,
        eps: u.adam_eps,
        weight_decay: u.weight_decay,
        grad_clip: u.grad_clip,
    };
    match step_if_finite(opt, &out.loss, &settings) {
        Some(norm) => res.grad_norm = norm,
        None => res.skipped = true,
    }
    res
}

/// Backward and one AdamW step, unless the loss or any gradient is not finite: then the step
/// is skipped with a warning and neither the weights nor the optimizer state change, so a
/// later checkpoint never holds a NaN. Returns the gradient norm, or None when skipped.
fn step_if_finite(opt: &mut AdamW, loss: &Tensor, settings: &optim::Settings) -> Option<f64> {
    let value = loss.double_value(&[]);
    if !value.is_finite() {
        tracing::warn!("non-finite loss ({value}): step skipped, weights unchanged");
        return None;
    }
    loss.backward();
    if opt.grad_norm().is_none() {
        tracing::warn!("non-finite gradient: step skipped, weights unchanged");
        opt.zero_grad();
        return None;
    }
    Some(opt.step(settings))
}

/// Held-out evaluation: best-of-N and mean score per assignment (averaged), and the
/// reference move's score for scale. Seeds depend on the step only.
pub fn evaluate(s: &mut Setup, step: u64) -> Result<EvalResult, TrainError> {
    let n = s.cfg.eval.best_of;
    let params = sampling_params(&s.cfg);
    let (mut best_sum, mut mean_sum, mut ref_sum, mut refs) = (0.0, 0.0, 0.0, 0usize);
    let mut budget = Budget::default();
    // Small chunks of assignments per sampling call keep memory flat for big models.
    for (c, chunk) in s.heldout.chunks(4).enumerate() {
        let seed = derive_seed(s.cfg.seed, step, STREAM_EVAL, c as u64);
        let moves = sample_moves(&s.model.net, chunk, n, &params, seed);
        for (a, asg) in chunk.iter().enumerate() {
            let scores = judge::score(
                s.judge_copy.as_ref().map_or(&s.model.net, |j| &j.net),
                &asg.program,
                &moves[a * n..(a + 1) * n],
                &mut budget,
            );
            best_sum += scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            mean_sum += scores.iter().sum::<f64>() / n as f64;
            if let Some(r) = &asg.reference_move {
                if r.len() == asg.move_len {
                    let judge = s.judge_copy.as_ref().map_or(&s.model.net, |j| &j.net);
                    ref_sum +=
                        judge::score(judge, &asg.program, std::slice::from_ref(r), &mut budget)[0];
                    refs += 1;
                }
            }
        }
    }
    let m = s.heldout.len().max(1) as f64;
    Ok(EvalResult {
        step,
        best_of: best_sum / m,
        mean: mean_sum / m,
        reference: (refs > 0).then(|| ref_sum / refs as f64),
    })
}

fn eval_json(e: &EvalResult) -> Value {
    json!({
        "step": e.step,
        "eval/best_of_8": e.best_of,
        "eval/mean": e.mean,
        "eval/reference": e.reference,
    })
}

fn samples_json(
    s: &Setup,
    step: u64,
    assignments: &[Assignment],
    groups: &[Group],
    sampled_scores: &[Vec<f64>],
) -> Value {
    let tok = &s.model.tokenizer;
    let items: Vec<Value> = assignments
        .iter()
        .zip(groups)
        .zip(sampled_scores)
        .map(|((a, g), sampled)| {
            let moves: Vec<Value> = g
                .moves
                .iter()
                .enumerate()
                .map(|(j, mv)| {
                    let (sampled_text, sampled_score) = match &g.replaced[j] {
                        Some((old, sc)) => (tok.decode(old), *sc),
                        None => (tok.decode(mv), sampled[j]),
                    };
                    let sampled_ids = g.replaced[j].as_ref().map_or(mv, |(old, _)| old);
                    json!({
                        "move": tok.decode(mv),
                        "move_ids": mv,
                        "sampled_ids": sampled_ids,
                        "score": g.scores[j],
                        "sampled": sampled_text,
                        "sampled_score": sampled_score,
                        "replaced": g.replaced[j].is_some(),
                    })
                })
                .collect();
            json!({
                "prompt": a.prompt_text,
                "reference": a.reference_move.as_ref().map(|r| tok.decode(r)),
                "moves": moves,
            })
        })
        .collect();
    json!({"step": step, "assignments": items})
}

fn save_checkpoint(s: &Setup, opt: &AdamW, run: &RunDir, step: u64) -> Result<(), TrainError> {
    let state = CheckpointState {
        step,
        seed: s.cfg.seed,
    };
    let full_ft = s.cfg.model.lora.is_none();
    let path = run.checkpoint(
        &state,
        |dir| {
            if full_ft {
                s.model.save_pretrained(&dir.join("model"))
            } else {
                s.model.save_adapter(&dir.join("adapter"))
            }
            .map_err(|e| e.to_string())
        },
        |p| opt.save(p).map_err(|e| e.to_string()),
    )?;
    tracing::debug!("checkpoint {}", path.display());
    Ok(())
}

fn load_checkpoint(s: &mut Setup, opt: &mut AdamW, ckpt: &Path) -> Result<(), TrainError> {
    // Torch errors carry a C++ backtrace: keep the first line.
    let err = |msg: String| TrainError::Resume {
        path: ckpt.to_path_buf(),
        msg: msg.lines().next().unwrap_or_default().to_string(),
    };
    if s.cfg.model.lora.is_none() {
        let file = ckpt.join("model/model.safetensors");
        tch::no_grad(|| s.model.vs.read_safetensors(&file)).map_err(|e| err(e.to_string()))?;
    } else {
        s.model
            .load_adapter(&ckpt.join("adapter"))
            .map_err(|e| err(e.to_string()))?;
    }
    opt.load(&ckpt.join("optimizer.safetensors"))
        .map_err(|e| err(e.to_string()))
}

fn progress_bar(cfg: &TrainConfig, start: u64) -> ProgressBar {
    if !cfg.run.progress {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(cfg.steps);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {pos}/{len} [{elapsed_precise}<{eta_precise}] {msg}",
        )
        .expect("valid template"),
    );
    bar.set_position(start);
    bar
}

fn live_figures(m: &Value, eval: Option<EvalResult>) -> String {
    let g = |k: &str| m.get(k).and_then(|v| v.as_f64()).unwrap_or(f64::NAN);
    let mut s = format!(
        "reward {:.2} best {:.2} repl {:.2} ent {:.2} {:.1}s/step",
        g("reward/mean"),
        g("reward/best_of_k"),
        g("frost/replaced_frac"),
        g("entropy"),
        g("time/step_s")
    );
    if let Some(e) = eval {
        s.push_str(&format!(
            " | eval@{} bo8 {:.2} mean {:.2}",
            e.step, e.best_of, e.mean
        ));
    }
    s
}

/// The end-of-run table.
pub fn summary_table(s: &Summary) -> String {
    let mut out = String::new();
    let line = |out: &mut String, k: &str, v: String| out.push_str(&format!("  {k:<28} {v}\n"));
    out.push_str(&format!("run {}\n", s.run_dir.display()));
    line(&mut out, "steps", format!("{}", s.steps_done));
    if let (Some(f), Some(l)) = (s.first_eval, s.last_eval) {
        line(
            &mut out,
            "eval best-of-8 (first -> last)",
            format!(
                "{:.3} (step {}) -> {:.3} (step {})",
                f.best_of, f.step, l.best_of, l.step
            ),
        );
        line(
            &mut out,
            "eval mean (first -> last)",
            format!("{:.3} -> {:.3}", f.mean, l.mean),
        );
        if let Some(r) = l.reference {
            line(&mut out, "reference move score", format!("{r:.3}"));
        }
    }
    line(
        &mut out,
        "replaced fraction (mean)",
        format!("{:.3}", s.replaced_frac_mean),
    );
    line(
        &mut out,
        "judge forwards / backwards",
        format!("{} / {}", s.budget.forwards, s.budget.backwards),
    );
    for (k, v) in &s.phase_s {
        line(
            &mut out,
            &format!("time/{k} (s per step)"),
            format!("{v:.3}"),
        );
    }
    if s.skipped_steps > 0 {
        line(
            &mut out,
            "skipped (non-finite)",
            format!("{}", s.skipped_steps),
        );
    }
    if s.interrupted {
        out.push_str("  interrupted: resume with --resume\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> optim::Settings {
        optim::Settings {
            lr: 0.1,
            beta1: 0.9,
            beta2: 0.999,
            eps: 1e-8,
            weight_decay: 0.0,
            grad_clip: 1.0,
        }
    }

    fn opt_over(w: &Tensor) -> AdamW {
        AdamW::new(vec![("w".into(), w.shallow_clone())], |_| true)
    }

    #[test]
    fn non_finite_loss_or_gradient_leaves_weights_and_optimizer_untouched() {
        let w = Tensor::from_slice(&[0.0f32, 1.0]).set_requires_grad(true);
        let mut opt = opt_over(&w);
        // NaN loss.
        let nan_loss = (&w * f64::NAN).sum(Kind::Float);
        assert_eq!(step_if_finite(&mut opt, &nan_loss, &settings()), None);
        // Finite loss, infinite gradient: d sqrt(w)/dw at w = 0.
        opt.zero_grad();
        let inf_grad = w.sqrt().sum(Kind::Float);
        assert!(inf_grad.double_value(&[]).is_finite());
        assert_eq!(step_if_finite(&mut opt, &inf_grad, &settings()), None);
        assert_eq!(opt.step, 0);
        assert_eq!(Vec::<f32>::try_from(&w.detach()).unwrap(), vec![0.0, 1.0]);
        // A finite step still moves the weights.
        opt.zero_grad();
        let ok = (&w * &w).sum(Kind::Float) + w.sum(Kind::Float);
        assert!(step_if_finite(&mut opt, &ok, &settings()).is_some());
        assert_eq!(opt.step, 1);
        assert_ne!(Vec::<f32>::try_from(&w.detach()).unwrap(), vec![0.0, 1.0]);
    }
}
