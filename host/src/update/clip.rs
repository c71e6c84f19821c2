//! The ratio clip of the GRPO loss: PPO's clip with separate lower and upper epsilons
//! ("clip-higher": `update.clip_eps`, `update.clip_eps_high`) and the dual clip that caps the
//! loss of a negative-advantage move (`update.dual_clip`, verl's `clip_ratio_c`).

use tch::{Kind, Tensor};

/// The clip's settings, from `[update]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipSettings {
    /// The ratio is clipped below at 1 - low ...
    pub low: f64,
    /// ... and above at 1 + high.
    pub high: f64,
    /// With a negative advantage the objective is at least `A * c` (its loss at most -A * c).
    pub dual: Option<f64>,
}

impl From<&crate::config::UpdateSection> for ClipSettings {
    fn from(u: &crate::config::UpdateSection) -> Self {
        ClipSettings {
            low: u.clip_eps,
            high: u.clip_eps_high.unwrap_or(u.clip_eps),
            dual: u.dual_clip,
        }
    }
}

/// The clipped surrogate objective per element (the loss is minus its mean):
/// `min(r A, clip(r, 1 - low, 1 + high) A)`, and with the dual clip, where `A < 0`,
/// `max(that, c A)`. `ratio` and `adv` broadcast together.
pub fn clipped_objective(ratio: &Tensor, adv: &Tensor, c: ClipSettings) -> Tensor {
    let surr1 = ratio * adv;
    let surr2 = ratio.clamp(1.0 - c.low, 1.0 + c.high) * adv;
    let obj = surr1.minimum(&surr2);
    match c.dual {
        None => obj,
        Some(cap) => {
            let floor = obj.maximum(&(adv * cap));
            floor.where_self(&adv.lt(0.0), &obj)
        }
    }
}

/// The fraction of elements whose clip is active: the ratio past 1 + high with a positive
/// advantage, or below 1 - low with a negative one, where the clipped term is the smaller
/// objective and its gradient is zero. TRL's `clip_ratio/region_mean` and verl's `pg_clipfrac`
/// (`-A clip(r) > -A r`); a ratio outside the band on the other side of its advantage is not
/// clipped (the unclipped term is the smaller) and does not count. `ratio` and `adv` broadcast
/// together; the mean is over the broadcast shape.
pub fn clipped_fraction(ratio: &Tensor, adv: &Tensor, c: ClipSettings) -> Tensor {
    let d = ratio - 1.0;
    let high = d.gt(c.high).logical_and(&adv.gt(0.0));
    let low = d.lt(-c.low).logical_and(&adv.lt(0.0));
    high.logical_or(&low).to_kind(Kind::Float).mean(Kind::Float)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(xs: &[f64]) -> Tensor {
        Tensor::from_slice(xs)
    }

    fn values(x: &Tensor) -> Vec<f64> {
        Vec::<f64>::try_from(x).unwrap()
    }

    fn assert_close(got: &[f64], want: &[f64]) {
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{got:?} vs {want:?}");
        }
    }

    #[test]
    fn clip_higher_counts_only_ratios_past_their_own_side() {
        // DAPO's 0.2 / 0.28 with A = 1: 1.25 is inside (symmetric 0.2 would clip it), 1.3 is
        // clipped; 0.7 is outside the band but with A > 0 its clip is not active.
        let ratio = t(&[0.7, 0.85, 1.0, 1.25, 1.3, 1.1]);
        let ones = t(&[1.0; 6]);
        let dapo = ClipSettings {
            low: 0.2,
            high: 0.28,
            dual: None,
        };
        let sym = ClipSettings {
            low: 0.2,
            high: 0.2,
            dual: None,
        };
        let frac = |c| clipped_fraction(&ratio, &ones, c).double_value(&[]);
        assert!((frac(dapo) - 1.0 / 6.0).abs() < 1e-7);
        assert!((frac(sym) - 2.0 / 6.0).abs() < 1e-7);
        // The objective is min(r, clip(r)): 1.25 passes under clip-higher.
        let obj = clipped_objective(&ratio, &ones, dapo);
        assert_close(&values(&obj), &[0.7, 0.85, 1.0, 1.25, 1.28, 1.1]);
        let obj = clipped_objective(&ratio, &ones, sym);
        assert_close(&values(&obj)[3..4], &[1.2]);
    }

    /// By hand, both signs (band [0.8, 1.2]): a high ratio is clipped for A > 0 only, a low one
    /// for A < 0 only, nothing for A = 0: (0.5, -1) and (1.5, +1) and (1.3, +2) of nine: 3/9.
    /// The same count as verl's `pg_clipfrac`, `-A clip(r) > -A r`, computed here in f64.
    #[test]
    fn clip_frac_counts_only_active_clips_whatever_the_advantage_sign() {
        let r = [0.5, 0.5, 1.5, 1.5, 1.0, 0.9, 1.5, 0.5, 1.3];
        let a = [1.0, -1.0, 1.0, -1.0, -1.0, 1.0, 0.0, 0.0, 2.0];
        let c = ClipSettings {
            low: 0.2,
            high: 0.2,
            dual: None,
        };
        let got = clipped_fraction(&t(&r), &t(&a), c).double_value(&[]);
        assert!((got - 3.0 / 9.0).abs() < 1e-7, "{got}");
        let verl = (r.iter().zip(&a))
            .filter(|&(r, a)| -a * r.clamp(0.8, 1.2) > -a * r)
            .count();
        assert_eq!(verl, 3);
        // Per token ([2, 3] ratios, one advantage per row, broadcast): row 0 (A = +1) has one
        // ratio above the band, row 1 (A = -1) one below and one above (not active): 2/6.
        let ratio = t(&[1.0, 1.5, 0.5, 0.5, 1.0, 1.5]).view([2, 3]);
        let adv = t(&[1.0, -1.0]).unsqueeze(1);
        let got = clipped_fraction(&ratio, &adv, c).double_value(&[]);
        assert!((got - 2.0 / 6.0).abs() < 1e-7, "{got}");
    }

    #[test]
    fn dual_clip_caps_the_loss_of_negative_advantages_only() {
        // A = -1 at ratio 5: PPO's objective is min(-5, -1.2) = -5 (loss 5, unbounded in r);
        // the dual clip with c = 3 lifts it to -3. A = +1 at ratio 5 is clipped to 1.2 as before.
        // A = -1 at ratio 2 (below c) is untouched: -2.
        let ratio = t(&[5.0, 5.0, 2.0, 0.5]);
        let adv = t(&[-1.0, 1.0, -1.0, -2.0]);
        let c = ClipSettings {
            low: 0.2,
            high: 0.2,
            dual: Some(3.0),
        };
        assert_close(
            &values(&clipped_objective(&ratio, &adv, c)),
            &[-3.0, 1.2, -2.0, -1.6],
        );
        let plain = ClipSettings { dual: None, ..c };
        assert_close(
            &values(&clipped_objective(&ratio, &adv, plain)),
            &[-5.0, 1.2, -2.0, -1.6],
        );
        // verl's form: loss = min(max(-A r, -A clip(r)), -A c) where A < 0.
        for (i, (r, a)) in [(5.0f64, -1.0f64), (2.0, -1.0), (0.5, -2.0)]
            .iter()
            .enumerate()
        {
            let verl = (-a * r).max(-a * r.clamp(0.8, 1.2)).min(-a * 3.0);
            let got = -values(&clipped_objective(&t(&[*r]), &t(&[*a]), c))[0];
            assert!((got - verl).abs() < 1e-12, "case {i}: {got} vs {verl}");
        }
    }

    #[test]
    fn dual_clip_gradient_is_zero_past_the_cap() {
        let ratio = t(&[5.0, 2.0]).set_requires_grad(true);
        let adv = t(&[-1.0, -1.0]);
        let c = ClipSettings {
            low: 0.2,
            high: 0.2,
            dual: Some(3.0),
        };
        clipped_objective(&ratio, &adv, c)
            .sum(Kind::Double)
            .backward();
        assert_eq!(values(&ratio.grad()), vec![0.0, -1.0]);
    }
}
