//! Step 7's update: log-probs of the final groups under the policy, the loss of the update rule
//! with its KL term, an AdamW step, `update.iterations` times over the same batch.
//! `update.micro_batch` splits the rows into micro-batches whose gradients accumulate before
//! each step: the loss is a mean over rows (moves, or tokens, all moves having L tokens), so
//! weighting each micro-batch's loss by its share of the rows gives exactly the full batch's
//! gradient. Ranks are micro-batches too: each rank's rows weigh their share of all ranks'
//! rows, and one all-reduce sums the gradients (and the figures) before the identical step.
//!
//! One term is not a mean over rows: the routers' load-balancing loss of an MoE model
//! (`update.router_aux_loss_coef`) is a product of two means over the tokens (routes per token
//! times mean router probability), so each micro-batch's is its own, over its own tokens, and
//! the step's is their mean weighted by rows, as transformers computes it per micro-batch and per
//! rank. It equals the full batch's with one micro-batch on one rank only; other splits change
//! it. Forming the full batch's would need every micro-batch's routes before the first backward:
//! one more forward of the whole batch per pass, or every micro-batch's graph kept at once.

use tch::{Device, Kind, Tensor};

use super::metrics::UpdateMetrics;
use super::setup::Setup;
use crate::config::{TrainSearchRegime, UpdateRule};
use crate::dist::{Dist, DistError};
use crate::frost::Group;
use crate::model;
use crate::round::Assignment;
use crate::update::adamw::{self, AdamW};
use crate::update::loss;

/// The final groups as one batch: a prompt, a banned mask, a move and an advantage per member.
struct Batch {
    prompts: Vec<Vec<i64>>,
    banned: Tensor,
    moves: Tensor,
    adv: Tensor,
}

impl Batch {
    fn new(
        assignments: &[&Assignment],
        groups: &[&Group],
        adv: &[Vec<f64>],
        device: Device,
    ) -> Self {
        // One row per group member.
        let rows: Vec<&Assignment> = assignments
            .iter()
            .zip(groups)
            .flat_map(|(a, g)| std::iter::repeat_n(*a, g.moves.len()))
            .collect();
        let all_moves: Vec<Vec<u32>> = groups.iter().flat_map(|g| g.moves.clone()).collect();
        let banned: Vec<Tensor> = rows.iter().map(|a| a.banned.shallow_clone()).collect();
        let adv_flat: Vec<f32> = adv.iter().flatten().map(|&a| a as f32).collect();
        Batch {
            prompts: rows.iter().map(|a| a.prompt_ids.clone()).collect(),
            banned: Tensor::stack(&banned, 0),
            moves: model::moves_tensor(&all_moves, device),
            adv: Tensor::from_slice(&adv_flat).to_device(device),
        }
    }

    fn len(&self) -> usize {
        self.prompts.len()
    }

    /// Rows `start..start + len`.
    fn rows(&self, start: usize, len: usize) -> Batch {
        let (s, l) = (start as i64, len as i64);
        Batch {
            prompts: self.prompts[start..start + len].to_vec(),
            banned: self.banned.narrow(0, s, l),
            moves: self.moves.narrow(0, s, l),
            adv: self.adv.narrow(0, s, l),
        }
    }
}

/// What one pass adds over its micro-batches, each weighted by its share of the rows.
#[derive(Default)]
struct Sums {
    loss: f64,
    entropy: f64,
    kl: f64,
    clip_frac: f64,
    /// Expert iteration: the searched moves' mean negative token log-likelihood.
    likelihood: f64,
}

/// Expert iteration's rows (`train_search.regime = "expert-iteration"`): the search's best move
/// of every group, and how many such rows all ranks hold (each rank's weigh their share).
struct Expert {
    /// None when this rank has no row (its groups all dropped as tied).
    batch: Option<Batch>,
    total_rows: usize,
    weight: f64,
}

/// `update.iterations` optimizer steps on the final groups (mu, as TRL's `num_iterations`):
/// each pass takes the log-probs under the current policy, the loss and one AdamW step at
/// learning rate `lr`; the old log-probs of the ratio are the first pass's, so the first pass's
/// ratio is exactly 1 and later passes' are not. The figures are means over the passes that
/// stepped. With no row on any rank (every group dropped as tied) nothing steps.
pub(super) fn update(
    s: &mut Setup,
    opt: &mut AdamW,
    assignments: &[&Assignment],
    groups: &[&Group],
    adv: &[Vec<f64>],
    total_rows: usize,
    lr: f64,
) -> Result<UpdateMetrics, DistError> {
    let expert = expert_rows(s, assignments, groups)?;
    // Pure expert iteration trains on the searched moves only.
    let total_rows = match s.cfg.train_search.policy_gradient_term() {
        true => total_rows,
        false => 0,
    };
    if total_rows == 0 && expert.as_ref().is_none_or(|e| e.total_rows == 0) {
        return Ok(UpdateMetrics {
            lr,
            ..Default::default()
        });
    }
    let b = (total_rows > 0 && !groups.is_empty())
        .then(|| Batch::new(assignments, groups, adv, s.model.net.device()));
    let u = s.cfg.update.clone();
    let settings = adamw::Settings {
        lr,
        ..adamw::Settings::from(&u)
    };
    // Old log-probs per micro-batch, from the first pass (detached).
    let mut old: Vec<Tensor> = Vec::new();
    let (mut total, mut grad_norm, mut stepped) = (Sums::default(), 0.0, 0usize);
    for _ in 0..u.iterations {
        let (sums, finite) = one_pass(s, opt, b.as_ref(), &mut old, total_rows, expert.as_ref());
        // Every rank's gradient and figures summed: the same step (or skip) on every rank.
        let (sums, finite) = sum_over_ranks(&s.dist, opt, sums, finite)?;
        let norm = if finite {
            step_if_finite(opt, &settings)
        } else {
            None
        };
        let Some(norm) = norm else {
            opt.zero_grad();
            if stepped == 0 {
                // Nothing stepped: the figures of the pass that was skipped.
                total = sums;
                total.loss = if finite { total.loss } else { f64::NAN };
            }
            break;
        };
        stepped += 1;
        grad_norm += norm;
        total.loss += sums.loss;
        total.entropy += sums.entropy;
        total.kl += sums.kl;
        total.clip_frac += sums.clip_frac;
        total.likelihood += sums.likelihood;
    }
    let passes = stepped.max(1) as f64;
    Ok(UpdateMetrics {
        entropy: total.entropy / passes,
        kl: total.kl / passes,
        loss: total.loss / passes,
        grad_norm: grad_norm / passes,
        clip_frac: total.clip_frac / passes,
        likelihood: expert.is_some().then_some(total.likelihood / passes),
        skipped: stepped == 0,
        lr,
    })
}

/// With several ranks: one all-reduce of every gradient (flattened, f32) with the pass's
/// figures and a not-finite count after them, written back into the gradients. One rank:
/// nothing to add.
fn sum_over_ranks(
    dist: &Dist,
    opt: &AdamW,
    sums: Sums,
    finite: bool,
) -> Result<(Sums, bool), DistError> {
    if dist.is_single() {
        return Ok((sums, finite));
    }
    // A collective that failed in the split model's forward: its gradients are not to be used.
    dist.model_failure()?;
    crate::instrument::phases::enter("reduce");
    let _guard = tch::no_grad_guard();
    let device = opt.vars.first().map_or(Device::Cpu, |v| v.device());
    let mut parts: Vec<Tensor> = (opt.vars.iter())
        .map(|v| {
            let g = v.grad();
            match g.defined() {
                true => g.to_kind(Kind::Float).reshape([-1]),
                false => Tensor::zeros([v.numel() as i64], (Kind::Float, device)),
            }
        })
        .collect();
    let figures = [
        sums.loss,
        sums.entropy,
        sums.kl,
        sums.clip_frac,
        sums.likelihood,
        (!finite) as u8 as f64,
    ];
    // The ranks of a replica computed the same figures: its first rank gives them (every
    // rank sums its gradient: those are its share's). The not-finite count is any rank's.
    let lead = dist.leads_replica() as u8 as f64;
    let last = figures.len() - 1;
    let figures: Vec<f32> = (figures.iter().enumerate())
        .map(|(i, &x)| if i == last { x } else { x * lead } as f32)
        .collect();
    parts.push(Tensor::from_slice(&figures).to_device(device));
    let flat = Tensor::cat(&parts, 0).contiguous();
    dist.all_reduce_sum(&flat)?;
    let mut at = 0i64;
    for v in &opt.vars {
        let n = v.numel() as i64;
        let mut g = v.grad();
        if g.defined() {
            g.copy_(&flat.narrow(0, at, n).view_as(&g).to_kind(g.kind()));
        }
        at += n;
    }
    let back = crate::instrument::sync::to_f64s(&flat.narrow(0, at, 6));
    let sums = Sums {
        loss: back[0],
        entropy: back[1],
        kl: back[2],
        clip_frac: back[3],
        likelihood: back[4],
    };
    crate::instrument::phases::enter("update");
    Ok((sums, back[5] == 0.0))
}

/// One pass over the batch: every micro-batch's loss backward into zeroed gradients (exactly
/// the full batch's gradient: the loss is a mean over rows and each part is weighted by its
/// share; the routers' load-balancing term is each micro-batch's own, module doc). `old` holds
/// each micro-batch's old log-probs, filled on the first pass. Returns the figures and whether
/// every loss was finite (the pass stops at the first that is not).
fn one_pass(
    s: &Setup,
    opt: &mut AdamW,
    b: Option<&Batch>,
    old: &mut Vec<Tensor>,
    total_rows: usize,
    expert: Option<&Expert>,
) -> (Sums, bool) {
    let n = b.map_or(0, Batch::len);
    let chunk = match s.cfg.update.micro_batch {
        0 => n,
        m => m.min(n),
    };
    opt.zero_grad();
    let mut sums = Sums::default();
    let expert_batch = expert.and_then(|e| e.batch.as_ref().map(|b| (e, b)));
    if n == 0 && expert_batch.is_none() {
        // Another rank's rows make the step (this rank's groups were all dropped as tied):
        // zero gradients to add, defined so that every rank steps the same variables.
        zero_grads(opt);
        return (sums, true);
    }
    for (i, start) in (0..n).step_by(chunk.max(1)).enumerate() {
        let Some(b) = b else { break };
        let part = b.rows(start, chunk.min(n - start));
        // Of all ranks' rows: summed over ranks, the shares make the full batch's mean.
        let share = part.len() as f64 / total_rows as f64;
        let out = micro_batch_loss(s, &part, old.get(i));
        if old.len() == i {
            old.push(out.token_logp);
        }
        let Some(value) = accumulate(&out.loss, share) else {
            return (sums, false);
        };
        sums.loss += value * share;
        sums.entropy += out.entropy * share;
        sums.kl += out.kl * share;
        sums.clip_frac += out.clip_frac * share;
    }
    if let Some((e, eb)) = expert_batch {
        let m = eb.len();
        let chunk = match s.cfg.update.micro_batch {
            0 => m,
            c => c.min(m),
        };
        for start in (0..m).step_by(chunk) {
            let part = eb.rows(start, chunk.min(m - start));
            let share = part.len() as f64 / e.total_rows as f64;
            let nll = likelihood_loss(s, &part);
            let Some(value) = accumulate_weighted(&nll, e.weight, share) else {
                return (sums, false);
            };
            sums.likelihood += value * share;
            sums.loss += e.weight * value * share;
        }
    }
    (sums, true)
}

/// Expert iteration's rows on this rank, with every rank's count (None under other regimes).
fn expert_rows(
    s: &Setup,
    assignments: &[&Assignment],
    groups: &[&Group],
) -> Result<Option<Expert>, DistError> {
    let ts = &s.cfg.train_search;
    if ts.regime != TrainSearchRegime::ExpertIteration {
        return Ok(None);
    }
    let mut asgs = Vec::new();
    let mut moves = Vec::new();
    for (a, g) in assignments.iter().zip(groups) {
        if let Some((mv, _)) = &g.searched {
            asgs.push(*a);
            moves.push(Group::sampled(vec![mv.clone()], vec![0.0]));
        }
    }
    let refs: Vec<&Group> = moves.iter().collect();
    let zeros = vec![vec![0.0]; refs.len()];
    let batch = (!refs.is_empty()).then(|| Batch::new(&asgs, &refs, &zeros, s.model.net.device()));
    let total_rows = s.dist.sum_count(refs.len())?;
    Ok(Some(Expert {
        batch,
        total_rows,
        weight: ts.likelihood_weight,
    }))
}

/// The searched moves' negative log-likelihood under the policy (at the sampling temperature,
/// with the sampling mask): the mean over rows and tokens of -log pi.
fn likelihood_loss(s: &Setup, b: &Batch) -> Tensor {
    let temp = s.cfg.sampling.temperature;
    let lp = model::move_logprobs(&s.model.net, &b.prompts, &b.moves, &b.banned, temp);
    -lp.token.mean(Kind::Float)
}

/// As [`accumulate`] for a term entering the loss with `weight`: returns the term's own value.
fn accumulate_weighted(term: &Tensor, weight: f64, share: f64) -> Option<f64> {
    let value = crate::instrument::sync::scalar(term);
    if !value.is_finite() {
        tracing::warn!("non-finite likelihood term ({value}): step skipped, weights unchanged");
        return None;
    }
    (term * (weight * share)).backward();
    Some(value)
}

/// Defines every variable's gradient as zeros.
fn zero_grads(opt: &AdamW) {
    for v in &opt.vars {
        (v.sum(Kind::Float) * 0.0).backward();
    }
}

/// One micro-batch's loss (differentiable) and figures.
struct PartOut {
    loss: Tensor,
    /// The policy's log-probs of the moves, detached: the old log-probs of later passes.
    token_logp: Tensor,
    entropy: f64,
    kl: f64,
    clip_frac: f64,
}

/// The loss of the update rule on `b` under the current policy; `old`: the first pass's
/// log-probs of these rows (None on the first pass: the policy's own, detached, ratio 1).
fn micro_batch_loss(s: &Setup, b: &Batch, old: Option<&Tensor>) -> PartOut {
    let u = &s.cfg.update;
    let temp = s.cfg.sampling.temperature;
    // Reference (the base weights, or the last refresh's) for the KL term, without grad.
    let reference = (u.kl_beta > 0.0)
        .then(|| super::reference::logprobs(s, &b.prompts, &b.moves, &b.banned, temp));
    let net = &s.model.net;
    let aux = router_aux_loss_coef(s);
    let (lp, routers) = match aux > 0.0 {
        true => net.record_router_logits(|| {
            model::move_logprobs(net, &b.prompts, &b.moves, &b.banned, temp)
        }),
        false => (
            model::move_logprobs(net, &b.prompts, &b.moves, &b.banned, temp),
            Vec::new(),
        ),
    };
    let entropy = tch::no_grad(|| loss::entropy(&lp.full.detach()));
    let token_logp = lp.token.detach();
    let old = old.unwrap_or(&token_logp);
    let kl = (reference.as_ref())
        .map(|r| loss::kl(u.kl_estimator(), &lp.token, &r.token, &lp.full, &r.full));
    let out = match u.rule {
        UpdateRule::Grpo => loss::grpo_loss(&lp.token, old, &b.adv, kl.as_ref(), u),
        UpdateRule::Reinforce => loss::reinforce_loss(&lp.token, &b.adv, kl.as_ref(), u),
        UpdateRule::Cispo => loss::cispo_loss(&lp.token, old, &b.adv, kl.as_ref(), u),
        UpdateRule::Sapo => loss::sapo_loss(&lp.token, old, &b.adv, kl.as_ref(), u),
    };
    // The entropy bonus, on the same log-softmax (differentiable this time).
    let bonus = (u.entropy_coef > 0.0).then(|| loss::token_entropy(&lp.full));
    let loss = match &bonus {
        Some(h) => loss::entropy_bonus(out.loss, h, u.entropy_coef),
        None => out.loss,
    };
    // The routers' load-balancing term over this micro-batch's tokens, as transformers adds it
    // (`router_aux_loss_coef`); weighted by the micro-batch's share like the rest (module doc).
    let loss = match aux > 0.0 {
        true => {
            let m = net.config().moe_dims();
            loss + model::load_balancing_loss(&routers, m.num_experts, m.top_k) * aux
        }
        false => loss,
    };
    PartOut {
        loss,
        token_logp,
        entropy,
        kl: out.kl,
        clip_frac: out.clip_frac,
    }
}

/// The weight of the routers' load-balancing loss in this run's update: `update.
/// router_aux_loss_coef`, absent = the checkpoint's own (`ModelConfig::router_aux_loss_coef`);
/// 0 on a dense model. Under LoRA too, as transformers with peft trains it: the routers stay
/// frozen, but the term's gradient reaches the adapters upstream of every router through the
/// hidden states it routes.
fn router_aux_loss_coef(s: &Setup) -> f64 {
    let cfg = s.model.net.config();
    if cfg.moe_dims().num_experts == 0 {
        return 0.0;
    }
    (s.cfg.update.router_aux_loss_coef).unwrap_or_else(|| cfg.router_aux_loss_coef())
}

/// Backward of `loss * share` into the accumulated gradients and the loss's value, unless the
/// loss is not finite: then nothing is accumulated (the step will be skipped).
fn accumulate(loss: &Tensor, share: f64) -> Option<f64> {
    let value = crate::instrument::sync::scalar(loss);
    if !value.is_finite() {
        tracing::warn!("non-finite loss ({value}): step skipped, weights unchanged");
        return None;
    }
    (loss * share).backward();
    Some(value)
}

/// One AdamW step on the accumulated gradients, unless a gradient is not finite: then the step
/// is skipped with a warning and neither the weights nor the optimizer state change, so a
/// later checkpoint never holds a NaN. Returns the gradient norm, or None when skipped.
fn step_if_finite(opt: &mut AdamW, settings: &adamw::Settings) -> Option<f64> {
    let Some(norm) = opt.grad_norm() else {
        tracing::warn!("non-finite gradient: step skipped, weights unchanged");
        return None;
    };
    Some(opt.step_with_norm(settings, norm))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tch::Kind;

    fn settings() -> adamw::Settings {
        adamw::Settings {
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
        assert_eq!(accumulate(&nan_loss, 1.0), None);
        assert!(!w.grad().defined(), "nothing accumulated");
        // Finite loss, infinite gradient: d sqrt(w)/dw at w = 0.
        opt.zero_grad();
        let inf_grad = w.sqrt().sum(Kind::Float);
        assert!(inf_grad.double_value(&[]).is_finite());
        assert!(accumulate(&inf_grad, 1.0).is_some());
        assert_eq!(step_if_finite(&mut opt, &settings()), None);
        assert_eq!(opt.step, 0);
        assert_eq!(Vec::<f32>::try_from(&w.detach()).unwrap(), vec![0.0, 1.0]);
        // A finite step still moves the weights.
        opt.zero_grad();
        let ok = (&w * &w).sum(Kind::Float) + w.sum(Kind::Float);
        assert!(accumulate(&ok, 0.5).is_some());
        assert!(step_if_finite(&mut opt, &settings()).is_some());
        assert_eq!(opt.step, 1);
        assert_ne!(Vec::<f32>::try_from(&w.detach()).unwrap(), vec![0.0, 1.0]);
    }
}
