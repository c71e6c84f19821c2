//! The update: group-relative advantages, the clipped GRPO loss or REINFORCE with exact KL,
//! and AdamW with gradient clipping (our own, so its state can be checkpointed exactly).
//!
//! Everything here is a pure function of tensors; the trainer (train.rs) computes the log-probs.

use std::path::Path;

use tch::{Kind, Tensor};

use crate::config::{Aggregation, UpdateSection};

/// Group-relative advantages. `rewards` is `[groups][K]`; each group is centred on its mean and,
/// if `normalize_std`, divided by its (population) std + 1e-6. A group whose members all tie gets
/// zero advantages (no signal), whatever the normalization.
pub fn advantages(rewards: &[Vec<f64>], normalize_std: bool) -> Vec<Vec<f64>> {
    rewards
        .iter()
        .map(|g| {
            let n = g.len() as f64;
            let mean = g.iter().sum::<f64>() / n;
            let std = (g.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n).sqrt();
            g.iter()
                .map(|r| {
                    let a = r - mean;
                    if normalize_std {
                        a / (std + 1e-6)
                    } else {
                        a
                    }
                })
                .collect()
        })
        .collect()
}

/// Loss and the figures logged with it.
pub struct LossOut {
    pub loss: Tensor,
    /// Fraction of tokens (or sequences) whose ratio was clipped (GRPO); 0 for REINFORCE.
    pub clip_frac: f64,
    /// Mean per-token KL(policy || reference) (the k3 estimate for GRPO, exact for REINFORCE);
    /// 0 when no reference is given.
    pub kl: f64,
}

/// Clipped-ratio GRPO. `logp` [N,L] current policy (differentiable), `old_logp` [N,L] the same
/// moves under the policy before this update (detached), `adv` [N], `ref_logp` [N,L] under the
/// reference (adapters off) when `kl_beta > 0`.
///
/// `Token`: per-token ratios, mean over all tokens. `Sequence`: one ratio per move
/// (exp of the mean token log-ratio, GSPO-style), mean over moves. Moves all have exactly L
/// tokens, so a token-mean and a mean of per-move means coincide; the choice that matters is
/// where the ratio is clipped.
pub fn grpo_loss(
    logp: &Tensor,
    old_logp: &Tensor,
    adv: &Tensor,
    ref_logp: Option<&Tensor>,
    u: &UpdateSection,
) -> LossOut {
    let eps = u.clip_eps;
    let log_ratio = logp - old_logp;
    let (ratio, a) = match u.aggregation {
        Aggregation::Token => (log_ratio.exp(), adv.unsqueeze(1)),
        Aggregation::Sequence => (
            log_ratio.mean_dim(-1, false, Kind::Float).exp(),
            adv.shallow_clone(),
        ),
    };
    let surr1 = &ratio * &a;
    let surr2 = ratio.clamp(1.0 - eps, 1.0 + eps) * &a;
    let pg = -surr1.minimum(&surr2).mean(Kind::Float);
    let clipped = (&ratio - 1.0)
        .abs()
        .gt(eps)
        .to_kind(Kind::Float)
        .mean(Kind::Float);
    let mut loss = pg;
    let mut kl = 0.0;
    if let (Some(r), true) = (ref_logp, u.kl_beta > 0.0) {
        // k3 estimator exp(ref - pi) - (ref - pi) - 1: unbiased, non-negative (Schulman).
        let d = r - logp;
        let k3 = d.exp() - &d - 1.0;
        let k3m = k3.mean(Kind::Float);
        kl = k3m.double_value(&[]);
        loss += k3m * u.kl_beta;
    }
    LossOut {
        loss,
        clip_frac: clipped.double_value(&[]),
        kl,
    }
}

/// REINFORCE with a group-mean baseline and exact full-vocabulary KL (the authors' demo):
/// `-(A * sum_t log pi(y_t)) / L` averaged over moves, plus `beta * KL(pi || ref)` summed over
/// the vocabulary and averaged over positions. `full` / `ref_full` are [N,L,V] log-softmaxes
/// with the banned mask applied (banned entries -inf; they carry zero probability on both sides).
pub fn reinforce_loss(
    logp: &Tensor,
    full: Option<&Tensor>,
    adv: &Tensor,
    ref_full: Option<&Tensor>,
    u: &UpdateSection,
) -> LossOut {
    let pg = -(logp.mean_dim(-1, false, Kind::Float) * adv).mean(Kind::Float);
    let mut loss = pg;
    let mut kl = 0.0;
    if let (Some(f), Some(r), true) = (full, ref_full, u.kl_beta > 0.0) {
        let exact = exact_kl(f, r);
        kl = exact.double_value(&[]);
        loss += exact * u.kl_beta;
    }
    LossOut {
        loss,
        clip_frac: 0.0,
        kl,
    }
}

/// Mean over positions of sum_v p(v) (log p(v) - log q(v)), with -inf entries (banned) dropped.
pub fn exact_kl(logp_full: &Tensor, logq_full: &Tensor) -> Tensor {
    let p = logp_full.exp();
    let diff = (logp_full - logq_full).nan_to_num(0.0, Some(0.0), Some(0.0));
    (p * diff)
        .sum_dim_intlist(-1, false, Kind::Float)
        .mean(Kind::Float)
}

/// Mean per-token entropy of the policy, from a [N,L,V] log-softmax (-inf entries dropped).
pub fn entropy(logp_full: &Tensor) -> f64 {
    let p = logp_full.exp();
    let plogp = (&p * logp_full).nan_to_num(0.0, Some(0.0), Some(0.0));
    -plogp
        .sum_dim_intlist(-1, false, Kind::Float)
        .mean(Kind::Float)
        .double_value(&[])
}

/// AdamW (decoupled weight decay, bias-corrected) over a fixed list of variables.
pub struct AdamW {
    pub vars: Vec<Tensor>,
    m: Vec<Tensor>,
    v: Vec<Tensor>,
    pub step: i64,
}

impl AdamW {
    pub fn new(vars: Vec<Tensor>) -> Self {
        let m = vars
            .iter()
            .map(|t| t.zeros_like().to_kind(Kind::Float))
            .collect();
        let v = vars
            .iter()
            .map(|t| t.zeros_like().to_kind(Kind::Float))
            .collect();
        AdamW {
            vars,
            m,
            v,
            step: 0,
        }
    }

    pub fn zero_grad(&mut self) {
        for t in self.vars.iter_mut() {
            t.zero_grad();
        }
    }

    /// Global gradient norm (before clipping). None if any gradient is not finite.
    pub fn grad_norm(&self) -> Option<f64> {
        let mut sq = 0.0;
        for t in &self.vars {
            let g = t.grad();
            if !g.defined() {
                continue;
            }
            sq += g
                .to_kind(Kind::Double)
                .square()
                .sum(Kind::Double)
                .double_value(&[]);
        }
        sq.is_finite().then(|| sq.sqrt())
    }

    /// One step; clips the global grad norm to `u.grad_clip` first (0 = off). Returns the norm.
    pub fn step(&mut self, u: &UpdateSection) -> f64 {
        let norm = self.grad_norm().unwrap_or(f64::NAN);
        let scale = if u.grad_clip > 0.0 && norm > u.grad_clip {
            u.grad_clip / (norm + 1e-6)
        } else {
            1.0
        };
        self.step += 1;
        let t = self.step as f64;
        let bc1 = 1.0 - u.beta1.powf(t);
        let bc2 = 1.0 - u.beta2.powf(t);
        let _guard = tch::no_grad_guard();
        for i in 0..self.vars.len() {
            let g = self.vars[i].grad();
            if !g.defined() {
                continue;
            }
            let g = g.to_kind(Kind::Float) * scale;
            let m = &mut self.m[i];
            let _ = m.g_mul_scalar_(u.beta1);
            let _ = m.g_add_(&(&g * (1.0 - u.beta1)));
            let v = &mut self.v[i];
            let _ = v.g_mul_scalar_(u.beta2);
            let _ = v.g_add_(&(g.square() * (1.0 - u.beta2)));
            let denom = (&*v / bc2).sqrt() + u.adam_eps;
            let upd = (&*m / bc1) / denom;
            let p = &mut self.vars[i];
            let pf = p.to_kind(Kind::Float);
            let newp = &pf * (1.0 - u.lr * u.weight_decay) - upd * u.lr;
            p.copy_(&newp.to_kind(p.kind()));
        }
        norm
    }

    /// Optimizer state as named tensors (m.i, v.i, step).
    pub fn save(&self, path: &Path) -> Result<(), tch::TchError> {
        let mut named: Vec<(String, Tensor)> = Vec::new();
        for (i, (m, v)) in self.m.iter().zip(&self.v).enumerate() {
            named.push((format!("m.{i}"), m.shallow_clone()));
            named.push((format!("v.{i}"), v.shallow_clone()));
        }
        named.push(("step".into(), Tensor::from_slice(&[self.step])));
        Tensor::write_safetensors(&named, path)
    }

    pub fn load(&mut self, path: &Path) -> Result<(), tch::TchError> {
        let named = Tensor::read_safetensors(path)?;
        let device = self
            .vars
            .first()
            .map(|t| t.device())
            .unwrap_or(tch::Device::Cpu);
        let mut found = 0;
        for (name, t) in named {
            if name == "step" {
                self.step = t.int64_value(&[0]);
                continue;
            }
            let (which, idx) = name.split_once('.').unwrap_or(("", ""));
            let idx: usize = idx.parse().map_err(|_| {
                tch::TchError::FileFormat(format!("unexpected optimizer entry {name}"))
            })?;
            let slot = match which {
                "m" => self.m.get_mut(idx),
                "v" => self.v.get_mut(idx),
                _ => None,
            }
            .ok_or_else(|| {
                tch::TchError::FileFormat(format!("optimizer entry {name} has no variable"))
            })?;
            if slot.size() != t.size() {
                return Err(tch::TchError::FileFormat(format!(
                    "optimizer entry {name}: shape {:?} != {:?}",
                    t.size(),
                    slot.size()
                )));
            }
            *slot = t.to_device(device);
            found += 1;
        }
        if found != 2 * self.vars.len() {
            return Err(tch::TchError::FileFormat(format!(
                "optimizer state has {found} tensors, expected {}",
                2 * self.vars.len()
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TrainConfig;

    fn upd() -> UpdateSection {
        TrainConfig::default_embedded().update
    }

    #[test]
    fn advantages_centre_and_scale() {
        let a = advantages(&[vec![1.0, 2.0, 3.0, 4.0], vec![5.0, 5.0, 5.0, 5.0]], true);
        let s: f64 = a[0].iter().sum();
        assert!(s.abs() < 1e-9);
        let var: f64 = a[0].iter().map(|x| x * x).sum::<f64>() / 4.0;
        assert!((var - 1.0).abs() < 1e-4, "{var}");
        assert!(a[1].iter().all(|&x| x == 0.0));
        let b = advantages(&[vec![1.0, 3.0]], false);
        assert_eq!(b[0], vec![-1.0, 1.0]);
    }

    #[test]
    fn grpo_loss_at_ratio_one_is_minus_mean_advantage_weighted_logp_gradient() {
        // At logp == old_logp the ratio is 1, nothing is clipped, and d loss / d logp[n,t] =
        // -A_n / (N L) for token aggregation.
        let logp = Tensor::from_slice(&[-1.0f32, -2.0, -0.5, -0.1])
            .view([2, 2])
            .set_requires_grad(true);
        let old = logp.detach();
        let adv = Tensor::from_slice(&[1.0f32, -2.0]);
        let out = grpo_loss(&logp, &old, &adv, None, &upd());
        assert_eq!(out.clip_frac, 0.0);
        assert!((out.loss.double_value(&[]) - 0.5).abs() < 1e-6); // -(1+1-2-2)/4
        out.loss.backward();
        let g = Vec::<f32>::try_from(logp.grad().view([-1])).unwrap();
        assert_eq!(g, vec![-0.25, -0.25, 0.5, 0.5]);
    }

    #[test]
    fn grpo_clipping_stops_gradient_beyond_eps() {
        // ratio = e^0.5 > 1.2 with positive advantage: clipped, zero gradient.
        let logp = Tensor::from_slice(&[0.0f32])
            .view([1, 1])
            .set_requires_grad(true);
        let old = Tensor::from_slice(&[-0.5f32]).view([1, 1]);
        let adv = Tensor::from_slice(&[1.0f32]);
        let out = grpo_loss(&logp, &old, &adv, None, &upd());
        assert_eq!(out.clip_frac, 1.0);
        out.loss.backward();
        assert_eq!(logp.grad().double_value(&[0, 0]), 0.0);
    }

    #[test]
    fn exact_kl_matches_direct_sum() {
        let p = Tensor::from_slice(&[0.7f64, 0.2, 0.1])
            .log()
            .view([1, 1, 3]);
        let q = Tensor::from_slice(&[0.2f64, 0.5, 0.3])
            .log()
            .view([1, 1, 3]);
        let want: f64 = [(0.7f64, 0.2f64), (0.2, 0.5), (0.1, 0.3)]
            .iter()
            .map(|(a, b)| a * (a / b).ln())
            .sum();
        assert!((exact_kl(&p, &q).double_value(&[]) - want).abs() < 1e-6);
    }

    #[test]
    fn adamw_matches_reference_formula_and_round_trips() {
        let mut u = upd();
        u.grad_clip = 0.0;
        u.weight_decay = 0.1;
        u.lr = 0.01;
        let w = Tensor::from_slice(&[1.0f32, -2.0]).set_requires_grad(true);
        let mut opt = AdamW::new(vec![w.shallow_clone()]);
        for _ in 0..2 {
            opt.zero_grad();
            let loss = (&w * Tensor::from_slice(&[3.0f32, 0.5])).sum(Kind::Float);
            loss.backward();
            opt.step(&u);
        }
        // Reference: two AdamW steps by hand with constant gradient g.
        let mut want = [1.0f64, -2.0];
        let g = [3.0f64, 0.5];
        let (mut m, mut v) = ([0.0f64; 2], [0.0f64; 2]);
        for t in 1..=2 {
            for i in 0..2 {
                m[i] = 0.9 * m[i] + 0.1 * g[i];
                v[i] = 0.999 * v[i] + 0.001 * g[i] * g[i];
                let mh = m[i] / (1.0 - 0.9f64.powi(t));
                let vh = v[i] / (1.0 - 0.999f64.powi(t));
                want[i] = want[i] * (1.0 - 0.01 * 0.1) - 0.01 * mh / (vh.sqrt() + 1e-8);
            }
        }
        let got = Vec::<f32>::try_from(&w).unwrap();
        for i in 0..2 {
            assert!((got[i] as f64 - want[i]).abs() < 1e-5, "{got:?} {want:?}");
        }
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("opt.safetensors");
        opt.save(&p).unwrap();
        let mut other = AdamW::new(vec![w.shallow_clone()]);
        other.load(&p).unwrap();
        assert_eq!(other.step, 2);
        assert!(other.m[0].allclose(&opt.m[0], 0.0, 0.0, false));
        assert!(other.v[0].allclose(&opt.v[0], 0.0, 0.0, false));
    }
}
