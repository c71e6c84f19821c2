//! AdamW (decoupled weight decay, bias-corrected) with global gradient-norm clipping, shared by
//! the pretraining loop and the RL trainer. It is written out here, rather than taken from
//! `tch::nn::Optimizer`, so that its state (moments and step count) can be checkpointed and a
//! resumed run continues exactly as an uninterrupted one would.

use std::collections::HashMap;
use std::path::Path;

use tch::{Kind, TchError, Tensor};

/// The numbers one step uses; the learning rate may change from step to step.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    pub lr: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub eps: f64,
    /// Applied only to the variables created with `decay` true.
    pub weight_decay: f64,
    /// The global gradient norm is clipped to this before the step; 0 = off.
    pub grad_clip: f64,
}

/// The AdamW settings of a run's `[update]` section.
impl From<&crate::config::UpdateSection> for Settings {
    fn from(u: &crate::config::UpdateSection) -> Self {
        Settings {
            lr: u.lr,
            beta1: u.beta1,
            beta2: u.beta2,
            eps: u.adam_eps,
            weight_decay: u.weight_decay,
            grad_clip: u.grad_clip,
        }
    }
}

/// AdamW over a fixed list of variables. The moments are f32 whatever the variables' kind, and
/// the update is computed in f32 and then cast to the variable's kind.
pub struct AdamW {
    pub vars: Vec<Tensor>,
    /// The name each variable's moments are saved under (`m.<name>`, `v.<name>`).
    pub names: Vec<String>,
    /// Whether weight decay applies to each variable.
    decay: Vec<bool>,
    m: Vec<Tensor>,
    v: Vec<Tensor>,
    /// Steps taken; the bias correction of the next step uses `step + 1`.
    pub step: i64,
}

impl AdamW {
    /// `vars` as (name, variable); `decay` says which variables weight decay applies to.
    pub fn new(vars: Vec<(String, Tensor)>, decay: impl Fn(&Tensor) -> bool) -> Self {
        let zeros = |t: &Tensor| t.zeros_like().to_kind(Kind::Float);
        let m = vars.iter().map(|(_, t)| zeros(t)).collect();
        let v = vars.iter().map(|(_, t)| zeros(t)).collect();
        let decay = vars.iter().map(|(_, t)| decay(t)).collect();
        let (names, vars) = vars.into_iter().unzip();
        AdamW {
            vars,
            names,
            decay,
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

    /// Global gradient norm (before clipping), summed in f64. None if it is not finite, so a
    /// caller can skip the step and keep its weights. One device-to-host read whatever the
    /// number of tensors: the per-tensor sums stay on the device and are added there in order
    /// (a cumulative sum, so the total is the sequential f64 sum, as one read per tensor gave).
    pub fn grad_norm(&self) -> Option<f64> {
        let sums: Vec<Tensor> = (self.vars.iter().map(|t| t.grad()))
            .filter(|g| g.defined())
            .map(|g| g.to_kind(Kind::Double).square().sum(Kind::Double))
            .collect();
        if sums.is_empty() {
            return Some(0.0);
        }
        let total = Tensor::stack(&sums, 0).cumsum(0, Kind::Double).get(-1);
        let sq = crate::instrument::sync::scalar(&total);
        sq.is_finite().then(|| sq.sqrt())
    }

    /// One step; clips the global gradient norm to `s.grad_clip` first (0 = off). Returns the
    /// norm before clipping (NaN if not finite: then nothing is clipped and the step still
    /// runs; callers that must keep their weights check `grad_norm` first).
    pub fn step(&mut self, s: &Settings) -> f64 {
        let norm = self.grad_norm().unwrap_or(f64::NAN);
        self.step_with_norm(s, norm)
    }

    /// [`step`](Self::step) with the gradient norm the caller already read from
    /// [`grad_norm`](Self::grad_norm) (one read per step, not two).
    pub fn step_with_norm(&mut self, s: &Settings, norm: f64) -> f64 {
        let scale = if s.grad_clip > 0.0 && norm > s.grad_clip {
            s.grad_clip / (norm + 1e-6)
        } else {
            1.0
        };
        self.step += 1;
        let t = self.step as f64;
        let bc1 = 1.0 - s.beta1.powf(t);
        let bc2 = 1.0 - s.beta2.powf(t);
        let _guard = tch::no_grad_guard();
        for i in 0..self.vars.len() {
            let g = self.vars[i].grad();
            if !g.defined() {
                continue;
            }
            // Scaled in f32, not in place: a bf16 gradient would round the clipped values.
            let g = g.to_kind(Kind::Float) * scale;
            let m = &mut self.m[i];
            let _ = m.g_mul_scalar_(s.beta1);
            let _ = m.g_add_(&(&g * (1.0 - s.beta1)));
            let v = &mut self.v[i];
            let _ = v.g_mul_scalar_(s.beta2);
            let _ = v.g_add_(&(g.square() * (1.0 - s.beta2)));
            let denom = (&*v / bc2).sqrt() + s.eps;
            let upd = (&*m / bc1) / denom;
            let wd = if self.decay[i] { s.weight_decay } else { 0.0 };
            let p = &mut self.vars[i];
            let pf = p.to_kind(Kind::Float);
            let newp = &pf * (1.0 - s.lr * wd) - upd * s.lr;
            p.copy_(&newp.to_kind(p.kind()));
        }
        norm
    }

    /// The moments as named tensors, `m.<name>` and `v.<name>` (the step count is not among
    /// them: a caller that stores its own step count restores `step` from it).
    pub fn moments(&self) -> Vec<(String, Tensor)> {
        let mut named = Vec::with_capacity(2 * self.vars.len());
        for (name, (m, v)) in self.names.iter().zip(self.m.iter().zip(&self.v)) {
            named.push((format!("m.{name}"), m.shallow_clone()));
            named.push((format!("v.{name}"), v.shallow_clone()));
        }
        named
    }

    /// Restores the moments from `named` (as `moments` gives them; other entries are ignored).
    /// Every variable's moments must be there, with its shape.
    pub fn set_moments(&mut self, named: &HashMap<String, Tensor>) -> Result<(), TchError> {
        let _guard = tch::no_grad_guard();
        for (i, name) in self.names.iter().enumerate() {
            for (key, slot) in [
                (format!("m.{name}"), &mut self.m[i]),
                (format!("v.{name}"), &mut self.v[i]),
            ] {
                let src = named.get(&key).ok_or_else(|| {
                    TchError::FileFormat(format!("optimizer entry {key} is missing"))
                })?;
                if src.size() != slot.size() {
                    return Err(TchError::FileFormat(format!(
                        "optimizer entry {key}: shape {:?} != {:?}",
                        src.size(),
                        slot.size()
                    )));
                }
                // copy_ keeps the moments f32 and on the variables' device.
                slot.copy_(src);
            }
        }
        Ok(())
    }

    /// The whole state in one file: the moments and `step`.
    pub fn save(&self, path: &Path) -> Result<(), TchError> {
        let mut named = self.moments();
        named.push(("step".into(), Tensor::from_slice(&[self.step])));
        Tensor::write_safetensors(&named, path)
    }

    /// Reads what `save` wrote, for the same variables; an entry it did not write is an error.
    pub fn load(&mut self, path: &Path) -> Result<(), TchError> {
        let mut named: HashMap<String, Tensor> =
            Tensor::read_safetensors(path)?.into_iter().collect();
        let step = named
            .remove("step")
            .ok_or_else(|| TchError::FileFormat("optimizer state has no step".into()))?;
        if named.len() != 2 * self.vars.len() {
            return Err(TchError::FileFormat(format!(
                "optimizer state has {} tensors, expected {}",
                named.len(),
                2 * self.vars.len()
            )));
        }
        self.set_moments(&named)?;
        self.step = step.int64_value(&[0]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tch::{nn, Device};

    #[test]
    fn the_one_read_gradient_norm_is_the_per_tensor_sequential_sum_exactly() {
        tch::manual_seed(3);
        let vars: Vec<(String, Tensor)> = (0..40)
            .map(|i| {
                let t = (Tensor::randn([7 + i], (Kind::Float, Device::Cpu)) * 3.0)
                    .set_requires_grad(true);
                (i.to_string(), t)
            })
            .collect();
        let loss: Tensor = vars
            .iter()
            .map(|(_, t)| (t * t * t).sum(Kind::Float))
            .fold(Tensor::zeros([], (Kind::Float, Device::Cpu)), |a, b| a + b);
        loss.backward();
        let opt = AdamW::new(vars, |_| true);
        // What one read per tensor gave: f64 partial sums added on the host in order.
        let mut sq = 0.0;
        for t in &opt.vars {
            sq += t
                .grad()
                .to_kind(Kind::Double)
                .square()
                .sum(Kind::Double)
                .double_value(&[]);
        }
        let before = crate::instrument::sync::reads();
        assert_eq!(opt.grad_norm(), Some(sq.sqrt()));
        assert_eq!(
            crate::instrument::sync::reads() - before,
            1,
            "one read for 40 tensors"
        );
    }

    fn settings() -> Settings {
        Settings {
            lr: 0.01,
            beta1: 0.9,
            beta2: 0.999,
            eps: 1e-8,
            weight_decay: 0.1,
            grad_clip: 0.0,
        }
    }

    #[test]
    fn adamw_matches_reference_formula_and_round_trips() {
        let w = Tensor::from_slice(&[1.0f32, -2.0]).set_requires_grad(true);
        let mut opt = AdamW::new(vec![("0".into(), w.shallow_clone())], |_| true);
        for _ in 0..2 {
            opt.zero_grad();
            let loss = (&w * Tensor::from_slice(&[3.0f32, 0.5])).sum(Kind::Float);
            loss.backward();
            opt.step(&settings());
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
        let mut other = AdamW::new(vec![("0".into(), w.shallow_clone())], |_| true);
        other.load(&p).unwrap();
        assert_eq!(other.step, 2);
        assert!(other.m[0].allclose(&opt.m[0], 0.0, 0.0, false));
        assert!(other.v[0].allclose(&opt.v[0], 0.0, 0.0, false));
    }

    #[test]
    fn adamw_matches_the_closed_form_first_step() {
        // After one step from zero moments, Adam moves every weight by lr * sign(g) (up to eps),
        // and decoupled decay multiplies the variables flagged for it by (1 - lr * wd) first
        // (here the matrix, not the vector, as in pretraining).
        let vs = nn::VarStore::new(Device::Cpu);
        let w = vs.root().var_copy(
            "w",
            &Tensor::from_slice(&[1.0f32, -2.0, 3.0, 0.5]).view([2, 2]),
        );
        let b = vs.root().var_copy("b", &Tensor::from_slice(&[1.0f32, 1.0]));
        let mut opt = AdamW::new(vs.variables().into_iter().collect(), |t| t.dim() >= 2);
        let loss = (&w * Tensor::from_slice(&[2.0f32, -1.0, 0.5, 3.0]).view([2, 2]))
            .sum(Kind::Float)
            + (&b * Tensor::from_slice(&[-4.0f32, 1.0])).sum(Kind::Float);
        loss.backward();
        opt.step(&Settings {
            lr: 0.1,
            beta2: 0.95,
            weight_decay: 0.5,
            ..settings()
        });
        let expect_w = Tensor::from_slice(&[1.0f32, -2.0, 3.0, 0.5]) * (1.0 - 0.1 * 0.5)
            - Tensor::from_slice(&[0.1f32, -0.1, 0.1, 0.1]);
        assert!(w.view([-1]).allclose(&expect_w, 1e-5, 1e-6, false));
        let expect_b = Tensor::from_slice(&[1.1f32, 0.9]);
        assert!(b.allclose(&expect_b, 1e-5, 1e-6, false));
    }

    #[test]
    fn clipping_scales_the_global_norm() {
        // Gradients (3, 0) and (4): global norm 5, clipped to 1. The clipped gradient is not
        // written back (it is scaled on its f32 copy); with beta1 = 0 the first moment is it.
        let a = Tensor::from_slice(&[0.0f32, 0.0]).set_requires_grad(true);
        let c = Tensor::from_slice(&[0.0f32]).set_requires_grad(true);
        let mut opt = AdamW::new(
            vec![
                ("a".into(), a.shallow_clone()),
                ("c".into(), c.shallow_clone()),
            ],
            |_| true,
        );
        let loss = (&a * Tensor::from_slice(&[3.0f32, 0.0])).sum(Kind::Float)
            + (&c * 4.0).sum(Kind::Float);
        loss.backward();
        assert!((opt.grad_norm().unwrap() - 5.0).abs() < 1e-9);
        let norm = opt.step(&Settings {
            beta1: 0.0,
            grad_clip: 1.0,
            ..settings()
        });
        assert!((norm - 5.0).abs() < 1e-9);
        assert!(opt.m[0].allclose(&Tensor::from_slice(&[0.6f32, 0.0]), 1e-5, 1e-6, false));
        assert!(opt.m[1].allclose(&Tensor::from_slice(&[0.8f32]), 1e-5, 1e-6, false));
    }

    #[test]
    fn a_non_finite_gradient_has_no_norm() {
        let a = Tensor::from_slice(&[0.0f32]).set_requires_grad(true);
        let opt = AdamW::new(vec![("a".into(), a.shallow_clone())], |_| true);
        (&a * f64::INFINITY).sum(Kind::Float).backward();
        assert_eq!(opt.grad_norm(), None);
    }
}
