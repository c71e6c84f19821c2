//! One pretraining step: next-token cross-entropy on a batch, backward, checks, AdamW.

use tch::{nn, Tensor};

use super::data::positions;
use super::hyper::Hyper;
use super::PretrainError;
use crate::model::{CausalLm, Input};
use crate::update::adamw::{self, AdamW};

/// What a step measured.
#[derive(Clone, Copy, Debug)]
pub(super) struct StepStats {
    pub loss: f64,
    /// Global gradient norm before clipping.
    pub grad_norm: f64,
}

/// AdamW over the model's variables, sorted by name (the order of the model file). Matrices
/// decay; norm weights (vectors) don't.
pub(super) fn optimizer(vs: &nn::VarStore) -> AdamW {
    let mut vars: Vec<(String, Tensor)> = vs.variables().into_iter().collect();
    vars.sort_by(|a, b| a.0.cmp(&b.0));
    AdamW::new(vars, |t| t.dim() >= 2)
}

/// The AdamW settings of a step at learning rate `lr`.
pub(super) fn adamw_settings(h: &Hyper, lr: f64) -> adamw::Settings {
    adamw::Settings {
        lr,
        beta1: h.beta1,
        beta2: h.beta2,
        eps: 1e-8,
        weight_decay: h.weight_decay,
        grad_clip: h.grad_clip,
    }
}

/// One optimizer step on inputs `x` and targets `y` ([batch, seq]). The loss and the gradient
/// are checked before the optimizer runs: a non-finite one stops the run with the weights as
/// they were, so no NaN reaches the weights or a checkpoint.
pub(super) fn pretrain_step(
    net: &CausalLm,
    opt: &mut AdamW,
    (x, y): (&Tensor, &Tensor),
    settings: &adamw::Settings,
    step: usize,
) -> Result<StepStats, PretrainError> {
    let (b, t) = (x.size()[0] as usize, x.size()[1] as usize);
    let logits = net.forward(Input::Ids(x), &positions(b, t), None, None);
    let loss = logits
        .view([-1, logits.size()[2]])
        .cross_entropy_for_logits(&y.view([-1]));
    opt.zero_grad();
    loss.backward();
    let loss_v = loss.double_value(&[]);
    check_finite(step, loss_v, opt.grad_norm())?;
    let grad_norm = opt.step(settings);
    Ok(StepStats {
        loss: loss_v,
        grad_norm,
    })
}

/// A diverged step (a non-finite loss, or a gradient norm that is not finite) is an error that
/// says what to change.
fn check_finite(step: usize, loss: f64, grad_norm: Option<f64>) -> Result<(), PretrainError> {
    let what = if !loss.is_finite() {
        format!("the loss diverged at step {step} ({loss})")
    } else if grad_norm.is_none() {
        format!("the gradient diverged at step {step} (its norm is not finite)")
    } else {
        return Ok(());
    };
    Err(PretrainError::Option {
        option: "--lr".to_string(),
        msg: format!("{what}; try a lower --lr"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ModelConfig;
    use tch::{Device, Kind};

    fn tiny() -> (nn::VarStore, CausalLm) {
        tch::manual_seed(0);
        let cfg = ModelConfig::new(32, 16, 32, 1, 2, 1, 8, true);
        let vs = nn::VarStore::new(Device::Cpu);
        let net = CausalLm::new(vs.root(), &cfg, None).unwrap();
        (vs, net)
    }

    fn batch() -> (Tensor, Tensor) {
        let ids = Tensor::arange(17, (Kind::Int64, Device::Cpu)).remainder(32);
        (
            ids.narrow(0, 0, 16).view([2, 8]),
            ids.narrow(0, 1, 16).view([2, 8]),
        )
    }

    fn settings() -> adamw::Settings {
        adamw_settings(&Hyper::preset(super::super::ModelSize::Tiny), 1e-3)
    }

    #[test]
    fn a_finite_step_updates_the_weights() {
        let (vs, net) = tiny();
        let mut opt = optimizer(&vs);
        let before = opt.vars[0].copy();
        let (x, y) = batch();
        let s = pretrain_step(&net, &mut opt, (&x, &y), &settings(), 0).unwrap();
        assert!(s.loss.is_finite() && s.grad_norm > 0.0);
        assert_eq!(opt.step, 1);
        assert!(!opt.vars[0].equal(&before));
    }

    #[test]
    fn a_nan_loss_stops_before_the_optimizer_touches_the_weights() {
        let (vs, net) = tiny();
        let mut opt = optimizer(&vs);
        // A NaN in the final norm makes every logit, and so the loss, NaN.
        let norm = vs.variables()["model.norm.weight"].shallow_clone();
        let _ = tch::no_grad(|| norm.shallow_clone().fill_(f64::NAN));
        let before: Vec<Tensor> = opt.vars.iter().map(|t| t.copy()).collect();
        let (x, y) = batch();
        let e = pretrain_step(&net, &mut opt, (&x, &y), &settings(), 7).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("diverged at step 7") && msg.contains("--lr"),
            "{msg}"
        );
        assert_eq!(opt.step, 0, "no optimizer step was taken");
        for ((name, now), was) in opt.names.iter().zip(&opt.vars).zip(&before) {
            if name != "model.norm.weight" {
                assert!(now.equal(was), "{name} changed");
            }
        }
    }

    #[test]
    fn a_non_finite_gradient_is_an_error_too() {
        assert!(check_finite(3, 2.5, Some(1.0)).is_ok());
        let e = check_finite(3, 2.5, None).unwrap_err().to_string();
        assert!(e.contains("gradient diverged at step 3"), "{e}");
        let e = check_finite(3, f64::INFINITY, Some(1.0))
            .unwrap_err()
            .to_string();
        assert!(e.contains("loss diverged at step 3 (inf)"), "{e}");
    }
}
