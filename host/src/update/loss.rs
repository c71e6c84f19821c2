//! The update's losses: the clipped GRPO loss, REINFORCE, CISPO and SAPO, the KL estimators,
//! the entropy bonus. Advantages are in `advantage`, the clip in `clip`, the optimizer in `adamw`.
//!
//! Everything here is a pure function of tensors; the trainer (train/step.rs) computes the log-probs.

use tch::{Kind, Tensor};

use super::clip::{self, ClipSettings};
use crate::config::{Aggregation, KlEstimator, UpdateSection};

/// Loss and the figures logged with it.
pub struct LossOut {
    pub loss: Tensor,
    /// Fraction of tokens (or sequences) whose clip was active, [`clip::clipped_fraction`]
    /// (GRPO); 0 for REINFORCE.
    pub clip_frac: f64,
    /// Mean per-token KL(policy || reference) (the k3 estimate for GRPO, exact for REINFORCE);
    /// 0 when no reference is given.
    pub kl: f64,
}

/// Clipped-ratio GRPO. `logp` [N,L] current policy (differentiable), `old_logp` [N,L] the same
/// moves under the policy before this update (detached), `adv` [N], `kl` the mean per-token
/// KL to the reference ([`kl`], differentiable) when `kl_beta > 0`. The clip is
/// [`clip::clipped_objective`] with `clip_eps` below, `clip_eps_high` above and `dual_clip`.
///
/// `Token`: per-token ratios, mean over all tokens. `Sequence`: one ratio per move
/// (exp of the mean token log-ratio, GSPO-style), mean over moves. Moves all have exactly L
/// tokens, so a token-mean and a mean of per-move means coincide; the choice that matters is
/// where the ratio is clipped.
pub fn grpo_loss(
    logp: &Tensor,
    old_logp: &Tensor,
    adv: &Tensor,
    kl: Option<&Tensor>,
    u: &UpdateSection,
) -> LossOut {
    let c = ClipSettings::from(u);
    let ratio = importance_ratio(logp, old_logp, u.aggregation);
    let a = adv.unsqueeze(1);
    let pg = -clip::clipped_objective(&ratio, &a, c).mean(Kind::Float);
    let clipped = clip::clipped_fraction(&ratio, &a, c);
    let (loss, kl) = add_kl(pg, kl, u.kl_beta);
    LossOut {
        loss,
        clip_frac: crate::instrument::sync::scalar(&clipped),
        kl,
    }
}

/// The importance ratio pi / pi_old of `update.aggregation`: [N,L] per token (`Token`), or
/// [N,1] per move, exp of its mean token log-ratio (`Sequence`, GSPO-style; TRL's
/// `importance_sampling_level = "sequence"`). Differentiable through `logp`.
pub fn importance_ratio(logp: &Tensor, old_logp: &Tensor, aggregation: Aggregation) -> Tensor {
    let log_ratio = logp - old_logp;
    match aggregation {
        Aggregation::Token => log_ratio.exp(),
        Aggregation::Sequence => log_ratio.mean_dim(-1, true, Kind::Float).exp(),
    }
}

/// CISPO (MiniMax-M1, Chen et al. 2025, eq. 4-5; TRL's `loss_type = "cispo"`, verl's
/// `cispo`): `-mean(sg(min(r, cap)) * A * log pi)` over the tokens, `r` the importance ratio
/// ([`importance_ratio`]) and `cap` `update.cispo_cap`. The weight is detached, so every
/// token keeps its REINFORCE gradient, scaled down past the cap, where PPO's clip zeroes it.
/// `clip_frac`: the fraction of tokens (moves, under `Sequence`) whose weight was capped,
/// whatever the advantage's sign (TRL's `cispo_clip_ratio` counts those with A > 0 only).
/// Moves all have L tokens, so TRL's sum over the batch's tokens divided by their count is
/// this mean. Plus `kl_beta * kl`.
pub fn cispo_loss(
    logp: &Tensor,
    old_logp: &Tensor,
    adv: &Tensor,
    kl: Option<&Tensor>,
    u: &UpdateSection,
) -> LossOut {
    let cap = u.cispo_cap();
    let ratio = importance_ratio(logp, old_logp, u.aggregation).detach();
    let weight = ratio.clamp_max(cap);
    let pg = -(weight * adv.unsqueeze(1) * logp).mean(Kind::Float);
    let capped = ratio.gt(cap).to_kind(Kind::Float).mean(Kind::Float);
    let (loss, kl) = add_kl(pg, kl, u.kl_beta);
    LossOut {
        loss,
        clip_frac: crate::instrument::sync::scalar(&capped),
        kl,
    }
}

/// SAPO (Soft Adaptive Policy Optimization, Gao et al. 2025, arXiv 2511.20347; TRL's
/// `loss_type = "sapo"`): the clip replaced by a smooth gate of the importance ratio,
/// `-mean(f(r) * A)`, `f(r) = sigmoid(tau (r - 1)) * 4 / tau`, with `tau` `update.sapo_tau_pos`
/// where A > 0 and `update.sapo_tau_neg` elsewhere. `f'(1) = 1`: on the first pass (r = 1) the
/// gradient is GRPO's; further from 1 it fades smoothly instead of stopping. No hard clip:
/// `clip_frac` is 0. Plus `kl_beta * kl`.
pub fn sapo_loss(
    logp: &Tensor,
    old_logp: &Tensor,
    adv: &Tensor,
    kl: Option<&Tensor>,
    u: &UpdateSection,
) -> LossOut {
    let (pos, neg) = u.sapo_taus();
    let ratio = importance_ratio(logp, old_logp, u.aggregation);
    let a = adv.unsqueeze(1);
    let tau = a.gt(0.0).to_kind(ratio.kind()) * (pos - neg) + neg;
    let gate = ((ratio - 1.0) * &tau).sigmoid() * 4.0 / tau;
    let pg = -(gate * a).mean(Kind::Float);
    let (loss, kl) = add_kl(pg, kl, u.kl_beta);
    LossOut {
        loss,
        clip_frac: 0.0,
        kl,
    }
}

/// `loss + beta * kl` and the KL's value (0 without a KL term).
fn add_kl(loss: Tensor, kl: Option<&Tensor>, beta: f64) -> (Tensor, f64) {
    match kl {
        Some(kl) if beta > 0.0 => (loss + kl * beta, crate::instrument::sync::scalar(kl)),
        _ => (loss, 0.0),
    }
}

/// REINFORCE with a group-mean baseline (the authors' demo): `-(A * sum_t log pi(y_t)) / L`
/// averaged over moves, plus `beta * kl` (the demo's is `exact_kl`: summed over the vocabulary,
/// averaged over positions).
pub fn reinforce_loss(
    logp: &Tensor,
    adv: &Tensor,
    kl: Option<&Tensor>,
    u: &UpdateSection,
) -> LossOut {
    let pg = -(logp.mean_dim(-1, false, Kind::Float) * adv).mean(Kind::Float);
    let (loss, kl) = add_kl(pg, kl, u.kl_beta);
    LossOut {
        loss,
        clip_frac: 0.0,
        kl,
    }
}

/// The KL term of `estimator` (`update.kl_estimator`): `logp`/`ref_logp` [N,L] at the trained
/// tokens, `full`/`ref_full` [N,L,V] log-softmaxes for the exact KL.
pub fn kl(
    estimator: KlEstimator,
    logp: &Tensor,
    ref_logp: &Tensor,
    full: &Tensor,
    ref_full: &Tensor,
) -> Tensor {
    match estimator {
        KlEstimator::K1 => k1_kl(logp, ref_logp),
        KlEstimator::K2 => k2_kl(logp, ref_logp),
        KlEstimator::K3 => k3_kl(logp, ref_logp),
        KlEstimator::Exact => exact_kl(full, ref_full),
    }
}

/// The k1 estimator `pi - ref` (log-probs) at the trained tokens, averaged: unbiased for tokens
/// sampled from the policy, negative at some.
pub fn k1_kl(logp: &Tensor, ref_logp: &Tensor) -> Tensor {
    (logp - ref_logp).mean(Kind::Float)
}

/// The k2 estimator `(pi - ref)^2 / 2` at the trained tokens, averaged: non-negative, low
/// variance, biased.
pub fn k2_kl(logp: &Tensor, ref_logp: &Tensor) -> Tensor {
    ((logp - ref_logp).square() * 0.5).mean(Kind::Float)
}

/// The k3 estimator `exp(ref - pi) - (ref - pi) - 1` at the trained tokens, averaged over them:
/// unbiased and non-negative only when the tokens are sampled from the policy. Frost's
/// replaced children are not, so under Frost prefer `exact_kl` (`update.kl_estimator`).
pub fn k3_kl(logp: &Tensor, ref_logp: &Tensor) -> Tensor {
    let d = ref_logp - logp;
    (d.exp() - &d - 1.0).mean(Kind::Float)
}

/// Mean over positions of sum_v p(v) (log p(v) - log q(v)), with -inf entries (banned) dropped.
/// `logp_full` / `logq_full` are [N,L,V] log-softmaxes with the banned mask applied (banned
/// entries -inf; they carry zero probability on both sides). Exact at every position, whoever
/// chose the move's tokens.
pub fn exact_kl(logp_full: &Tensor, logq_full: &Tensor) -> Tensor {
    let p = logp_full.exp();
    let diff = (logp_full - logq_full).nan_to_num(0.0, Some(0.0), Some(0.0));
    (p * diff)
        .sum_dim_intlist(-1, false, Kind::Float)
        .mean(Kind::Float)
}

/// Mean per-token entropy of the policy, from a [N,L,V] log-softmax (-inf entries dropped).
pub fn entropy(logp_full: &Tensor) -> f64 {
    crate::instrument::sync::scalar(&token_entropy(logp_full))
}

/// [`entropy`] as a tensor (differentiable when `logp_full` is): the entropy bonus's term.
pub fn token_entropy(logp_full: &Tensor) -> Tensor {
    let p = logp_full.exp();
    let plogp = (&p * logp_full).nan_to_num(0.0, Some(0.0), Some(0.0));
    -plogp
        .sum_dim_intlist(-1, false, Kind::Float)
        .mean(Kind::Float)
}

/// The entropy bonus (`update.entropy_coef`): `loss - coef * entropy`; the loss unchanged at 0.
pub fn entropy_bonus(loss: Tensor, entropy: &Tensor, coef: f64) -> Tensor {
    if coef == 0.0 {
        return loss;
    }
    loss - entropy * coef
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TrainConfig;

    fn upd() -> UpdateSection {
        TrainConfig::default_embedded().update
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
    fn cispo_keeps_a_capped_tokens_gradient_scaled_by_the_cap() {
        // Ratios e^0.5 = 1.65 (under a cap of 1.5: weight 1.5) and e^-0.5 = 0.61 (weight
        // 0.61), A = +1 and -2 on the two moves: d loss / d logp[n,t] = -w A / (N L) with the
        // weight detached, where GRPO's clip would zero the first move's gradient.
        let logp = Tensor::from_slice(&[0.0f64, 0.0, 0.0, 0.0])
            .view([2, 2])
            .set_requires_grad(true);
        let old = Tensor::from_slice(&[-0.5f64, -0.5, 0.5, 0.5]).view([2, 2]);
        let adv = Tensor::from_slice(&[1.0f64, -2.0]);
        let mut u = upd();
        u.cispo_cap = Some(1.5);
        let out = cispo_loss(&logp, &old, &adv, None, &u);
        assert_eq!(out.clip_frac, 0.5);
        out.loss.backward();
        let g = Vec::<f64>::try_from(logp.grad().view([-1])).unwrap();
        let w = (-0.5f64).exp();
        let want = [-1.5 / 4.0, -1.5 / 4.0, 2.0 * w / 4.0, 2.0 * w / 4.0];
        for (g, w) in g.iter().zip(want) {
            assert!((g - w).abs() < 1e-6, "{g} vs {w}");
        }
    }

    #[test]
    fn sapo_is_grpo_at_ratio_one_and_fades_smoothly_away_from_it() {
        // f(r) = sigmoid(tau (r - 1)) 4 / tau: f'(1) = 1, so at r = 1 the gradient is GRPO's
        // -A / (N L); at r the chain rule gives -A f'(r) r / (N L), f'(r) = 4 s (1 - s),
        // s = sigmoid(tau (r - 1)), tau = 1 for A > 0 and 1.05 (the default) otherwise.
        let logp = Tensor::from_slice(&[-1.0f64, -2.0]).view([2, 1]);
        let adv = Tensor::from_slice(&[1.0f64, -2.0]);
        let u = upd();
        let at_one = logp.copy().set_requires_grad(true);
        sapo_loss(&at_one, &logp, &adv, None, &u).loss.backward();
        let g = Vec::<f64>::try_from(at_one.grad().view([-1])).unwrap();
        assert!(
            (g[0] + 0.5).abs() < 1e-6 && (g[1] - 1.0).abs() < 1e-6,
            "{g:?}"
        );
        let moved = logp.copy().set_requires_grad(true);
        let old = &logp - 1.0; // ratio e
        let out = sapo_loss(&moved, &old, &adv, None, &u);
        assert_eq!(out.clip_frac, 0.0);
        out.loss.backward();
        let g = Vec::<f64>::try_from(moved.grad().view([-1])).unwrap();
        let r = 1f64.exp();
        let fprime = |tau: f64| {
            let s = 1.0 / (1.0 + (-tau * (r - 1.0)).exp());
            4.0 * s * (1.0 - s)
        };
        let want = [-fprime(1.0) * r / 2.0, 2.0 * fprime(1.05) * r / 2.0];
        for (g, w) in g.iter().zip(want) {
            assert!((g - w).abs() < 1e-6, "{g} vs {w}");
        }
        assert!(fprime(1.0) < 0.6, "the gate fades past r = 1");
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

    /// Log-softmaxes [N,L,V] of random logits with `banned` vocabulary entries at -inf.
    fn masked_logsoftmax(seed: i64, n: i64, l: i64, v: i64, banned: &[i64]) -> Tensor {
        tch::manual_seed(seed);
        let logits = Tensor::randn([n, l, v], (Kind::Double, tch::Device::Cpu)) * 2.0;
        let mut mask = vec![false; v as usize];
        banned.iter().for_each(|&b| mask[b as usize] = true);
        let mask = Tensor::from_slice(&mask);
        logits
            .masked_fill(&mask, f64::NEG_INFINITY)
            .log_softmax(-1, Kind::Double)
    }

    #[test]
    fn exact_kl_with_banned_entries_equals_a_direct_computation_and_enters_the_grpo_loss() {
        let (n, l, v) = (3, 4, 7);
        let p = masked_logsoftmax(1, n, l, v, &[0, 5]);
        let q = masked_logsoftmax(2, n, l, v, &[0, 5]);
        let (pv, qv) = (
            Vec::<f64>::try_from(p.view([-1])).unwrap(),
            Vec::<f64>::try_from(q.view([-1])).unwrap(),
        );
        let mut want = 0.0;
        for pos in 0..(n * l) as usize {
            for t in 0..v as usize {
                let (a, b) = (pv[pos * v as usize + t], qv[pos * v as usize + t]);
                if a.is_finite() {
                    want += a.exp() * (a - b);
                }
            }
        }
        want /= (n * l) as f64;
        let got = exact_kl(&p, &q).double_value(&[]);
        assert!((got - want).abs() < 1e-6, "{got} vs {want}");
        assert!(want > 0.0);
        // (The sums run in f32.) GRPO with the exact KL: the loss is the clipped term plus beta times that KL.
        let mut u = upd();
        u.kl_beta = 0.1;
        let logp = Tensor::from_slice(&[-1.0f64, -2.0]).view([1, 2]);
        let adv = Tensor::from_slice(&[0.5f64]);
        let bare = grpo_loss(&logp, &logp, &adv, None, &u);
        let kl = exact_kl(&p, &q);
        let with = grpo_loss(&logp, &logp, &adv, Some(&kl), &u);
        assert!((with.kl - want).abs() < 1e-6);
        let d = with.loss.double_value(&[]) - bare.loss.double_value(&[]);
        assert!((d - 0.1 * want).abs() < 1e-6, "{d}");
    }

    #[test]
    fn k3_at_tokens_not_sampled_from_the_policy_is_biased_where_exact_is_not() {
        // Policy p = (0.9, 0.1), reference q = (0.5, 0.5): KL(p||q) = 0.368. A child that always
        // takes the unlikely token (as a Frost replacement may) makes k3 read q/p - log(q/p) - 1
        // at that token: 5 - ln 5 - 1 = 2.39, far from the truth; the exact KL does not move.
        let p = Tensor::from_slice(&[0.9f64, 0.1]).log().view([1, 1, 2]);
        let q = Tensor::from_slice(&[0.5f64, 0.5]).log().view([1, 1, 2]);
        let truth = 0.9f64 * (0.9f64 / 0.5).ln() + 0.1 * (0.1f64 / 0.5).ln();
        assert!((exact_kl(&p, &q).double_value(&[]) - truth).abs() < 1e-6);
        let at_child = k3_kl(&p.select(2, 1), &q.select(2, 1)).double_value(&[]);
        assert!((at_child - (5.0 - 5f64.ln() - 1.0)).abs() < 1e-6);
        assert!((at_child - truth).abs() > 1.0);
    }

    #[test]
    fn k1_and_k2_are_their_definitions_and_k1_is_unbiased_under_the_policy() {
        // Per token: d = pi - ref; k1 = d, k2 = d^2 / 2.
        let logp = Tensor::from_slice(&[-0.5f64, -1.5, -2.0, -0.1]).view([2, 2]);
        let r = Tensor::from_slice(&[-1.0f64, -1.0, -0.5, -0.1]).view([2, 2]);
        let d = [0.5f64, -0.5, -1.5, 0.0];
        let k1: f64 = d.iter().sum::<f64>() / 4.0;
        let k2: f64 = d.iter().map(|x| x * x / 2.0).sum::<f64>() / 4.0;
        assert!((k1_kl(&logp, &r).double_value(&[]) - k1).abs() < 1e-6);
        assert!((k2_kl(&logp, &r).double_value(&[]) - k2).abs() < 1e-6);
        // Weighted by the policy (every token of p = (0.9, 0.1) vs q = (0.5, 0.5)), k1's
        // expectation is the exact KL(p || q); k3's too; k2's is not.
        let (p, q) = ([0.9f64, 0.1], [0.5f64, 0.5]);
        let lp = Tensor::from_slice(&[p[0].ln(), p[1].ln()]).view([1, 2]);
        let lq = Tensor::from_slice(&[q[0].ln(), q[1].ln()]).view([1, 2]);
        let per_token = |f: fn(&Tensor, &Tensor) -> Tensor, i: i64| {
            f(&lp.narrow(1, i, 1), &lq.narrow(1, i, 1)).double_value(&[])
        };
        let expect =
            |f: fn(&Tensor, &Tensor) -> Tensor| p[0] * per_token(f, 0) + p[1] * per_token(f, 1);
        let truth = 0.9f64 * (0.9f64 / 0.5).ln() + 0.1 * (0.1f64 / 0.5).ln();
        // (The estimators average in f32.)
        assert!((expect(k1_kl) - truth).abs() < 1e-6);
        assert!((expect(k3_kl) - truth).abs() < 1e-6);
        assert!((expect(k2_kl) - truth).abs() > 1e-3);
        let full = lp.view([1, 1, 2]);
        let ref_full = lq.view([1, 1, 2]);
        let exact = kl(KlEstimator::Exact, &lp, &lq, &full, &ref_full).double_value(&[]);
        assert!((exact - truth).abs() < 1e-6);
    }

    #[test]
    fn entropy_bonus_lowers_the_loss_and_pushes_toward_higher_entropy() {
        // One position, logits (2, 0): the entropy grows as the logits come together, so the
        // bonus's gradient on the larger logit is positive (descent lowers it).
        let logits = Tensor::from_slice(&[2.0f64, 0.0])
            .view([1, 1, 2])
            .set_requires_grad(true);
        let lp = logits.log_softmax(-1, Kind::Double);
        let h = token_entropy(&lp);
        let p = [2f64.exp() / (1.0 + 2f64.exp()), 1.0 / (1.0 + 2f64.exp())];
        let want = -(p[0] * p[0].ln() + p[1] * p[1].ln());
        assert!((h.double_value(&[]) - want).abs() < 1e-6);
        assert!((entropy(&lp) - want).abs() < 1e-6);
        let zero = Tensor::from_slice(&[0.0f64]).view([]);
        let loss = entropy_bonus(zero.shallow_clone(), &h, 0.1);
        assert!((loss.double_value(&[]) + 0.1 * want).abs() < 1e-6);
        loss.backward();
        assert!(logits.grad().double_value(&[0, 0, 0]) > 0.0);
        // coef 0: the very same loss tensor.
        assert_eq!(entropy_bonus(zero, &h, 0.0).double_value(&[]), 0.0);
    }
}
