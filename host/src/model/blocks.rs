//! The blocks every family is built from: how variables are made (`Builder`), RMSNorm (plain or
//! zero-centred), rotary embeddings (full or partial) and the SwiGLU MLP.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use tch::{nn, Device, Kind, Tensor};

use super::lora::{base_var, LoraConfig, LoraLinear, Parallel, WeightInit};
use super::tensor_parallel::{Held, Shard};
use crate::dist::{sum_grad_in_backward, Group};

/// How a layer's variables are made: initialisation, trainability, adapters.
pub(super) struct Builder<'a> {
    pub(super) lora: Option<&'a LoraConfig>,
    pub(super) init: WeightInit,
    /// Without adapters the base trains (full fine-tuning, pretraining); with, it is frozen.
    pub(super) train_base: bool,
    pub(super) adapters_on: &'a Arc<AtomicBool>,
    pub(super) eps: f64,
    /// Qwen3.5's norms: `x̂ (1 + w)` with w starting at 0.
    pub(super) zero_centred: bool,
    /// This rank's share of a tensor-parallel model (None: the whole model).
    pub(super) shard: Option<&'a Shard>,
}

impl Builder<'_> {
    /// The projection `p / name`, with an adapter when `name` is a LoRA target.
    /// On a shard, the part of the weight this rank holds (`tensor_parallel::slicing`).
    pub(super) fn linear(&self, p: &nn::Path, name: &str, in_dim: i64, out_dim: i64) -> LoraLinear {
        let target = self.lora.filter(|l| l.targets(name));
        let p = p / name;
        let parallel = match self.shard {
            None => Parallel::Whole,
            // `Shard::new` checked every split of the shape: none fails here.
            Some(s) => match s.held(&p.path("weight")).expect("checked by Shard::new") {
                Held::Whole => Parallel::Whole,
                held @ Held::Part { dim: 0, .. } => Parallel::Column(held),
                held => Parallel::Row(Arc::clone(&s.group), held),
            },
        };
        LoraLinear::new(
            p,
            [in_dim, out_dim],
            target,
            (self.train_base, self.init),
            self.adapters_on.clone(),
            parallel,
        )
    }

    /// The group a layer's sharded work runs over (None: the whole model).
    pub(super) fn group(&self) -> Option<Arc<Group>> {
        self.shard.map(|s| Arc::clone(&s.group))
    }

    /// `count` heads split over the group: this rank's number (all of them unsharded).
    pub(super) fn per_rank(&self, count: i64) -> i64 {
        self.shard.map_or(count, |s| s.per_rank(count))
    }

    /// A base tensor `p.name` (no adapter), initialised as the model's init says.
    pub(super) fn param(&self, p: &nn::Path, name: &str, dims: &[i64]) -> Tensor {
        base_var(p, name, dims, self.init, self.train_base)
    }

    /// This rank's part of `whole`, the value of the tensor `p.name` for the whole model: a
    /// start drawn at the whole size, so that every rank draws the same numbers as one process
    /// (and the random draws after it, the adapters', stay the same too).
    pub(super) fn part_of(&self, p: &nn::Path, name: &str, whole: Tensor) -> Tensor {
        match self.shard {
            None => whole,
            Some(s) => (s.held(&p.path(name)).expect("checked by Shard::new")).take(&whole),
        }
    }

    /// A tensor `p.name` filled with `value` (norm weights, biases of a fixed start).
    pub(super) fn filled(&self, p: &nn::Path, name: &str, dims: &[i64], value: f64) -> Tensor {
        let t = Tensor::full(dims, value, (p.kind(), p.device()));
        p.add(name, t, self.train_base)
    }

    /// The family's RMSNorm `p.weight` over `dim`: ones, or zeros when zero-centred.
    pub(super) fn norm(&self, p: &nn::Path, dim: i64) -> RmsNorm {
        let start = if self.zero_centred { 0.0 } else { 1.0 };
        RmsNorm {
            weight: self.filled(p, "weight", &[dim], start),
            eps: self.eps,
            zero_centred: self.zero_centred,
        }
    }
}

/// The accumulation dtype of activations of `kind`: f32, f64 for an f64 model (which exact
/// gradient checks use). The one rule for every family, the LM head and the Taylor estimate.
pub fn acc_kind(kind: Kind) -> Kind {
    if kind == Kind::Double {
        Kind::Double
    } else {
        Kind::Float
    }
}

/// RMSNorm over the last dimension.
pub(super) struct RmsNorm {
    pub(super) weight: Tensor,
    pub(super) eps: f64,
    pub(super) zero_centred: bool,
}

impl RmsNorm {
    /// Computed in f32 (f64 for an f64 model). Plain: cast back, then scaled (the order
    /// `transformers` uses for Qwen3); zero-centred: scaled by `1 + w` in f32, then cast back
    /// (Qwen3.5's order).
    pub(super) fn forward(&self, x: &Tensor) -> Tensor {
        let acc = acc_kind(x.kind());
        let xf = x.to_kind(acc);
        let var = xf.square().mean_dim(-1, true, acc);
        let normed = xf * (var + self.eps).rsqrt();
        if self.zero_centred {
            (normed * (self.weight.to_kind(acc) + 1.0)).to_kind(x.kind())
        } else {
            &self.weight * normed.to_kind(x.kind())
        }
    }
}

/// The rotary frequencies `1 / theta^(2i / d)` over the `d` rotated dims of a head.
pub(super) struct RotaryEmbedding {
    inv_freq: Tensor,
}

impl RotaryEmbedding {
    /// `rotary_dim` of each head is rotated (all of it but for Qwen3.5's partial rotary).
    pub(super) fn new(theta: f64, rotary_dim: i64, device: Device) -> Self {
        // As transformers: 1 / theta^(arange(0, d, 2) / d), in f32.
        let exponents = Tensor::arange_start_step(0, rotary_dim, 2, (Kind::Int64, device))
            .to_kind(Kind::Float)
            / rotary_dim as f64;
        RotaryEmbedding {
            inv_freq: Tensor::pow_scalar(theta, &exponents).reciprocal(),
        }
    }

    /// The tables at `positions` [B, T], computed in f32 then cast to `kind` (as transformers).
    pub(super) fn at(&self, positions: &Tensor, kind: Kind) -> Rotary {
        let freqs =
            positions.to_kind(Kind::Float).unsqueeze(-1) * self.inv_freq.unsqueeze(0).unsqueeze(0);
        let emb = Tensor::cat(&[&freqs, &freqs], -1);
        Rotary {
            cos: emb.cos().to_kind(kind).unsqueeze(1),
            sin: emb.sin().to_kind(kind).unsqueeze(1),
        }
    }
}

/// Rotary tables of one forward: cos and sin [B, 1, T, rotary_dim].
pub(super) struct Rotary {
    cos: Tensor,
    sin: Tensor,
}

impl Rotary {
    /// Rotates queries or keys [B, heads, T, head_dim]: the first rotary_dim dims, the rest pass.
    pub(super) fn apply(&self, x: &Tensor) -> Tensor {
        let (hd, rd) = (x.size()[3], self.cos.size()[3]);
        if rd == hd {
            return x * &self.cos + rotate_half(x) * &self.sin;
        }
        let rot = x.narrow(-1, 0, rd);
        let pass = x.narrow(-1, rd, hd - rd);
        let rot = &rot * &self.cos + rotate_half(&rot) * &self.sin;
        Tensor::cat(&[rot, pass], -1)
    }
}

/// `[-x2, x1]` for the two halves of the last dimension.
fn rotate_half(x: &Tensor) -> Tensor {
    let half = x.size()[3] / 2;
    let x1 = x.narrow(-1, 0, half);
    let x2 = x.narrow(-1, half, half);
    Tensor::cat(&[x2.neg(), x1], -1)
}

/// A replicated activation entering a layer's sharded work: its gradient summed over the
/// group in the backward (`dist::sum_grad_in_backward`), once for all the layer's
/// column-parallel projections; unchanged on the whole model.
pub(super) fn enter(group: &Option<Arc<Group>>, x: &Tensor) -> Tensor {
    match group {
        Some(g) => sum_grad_in_backward(g, x),
        None => x.shallow_clone(),
    }
}

/// The SwiGLU MLP: `down(silu(gate(x)) * up(x))`; on a shard, this rank's intermediate
/// columns (gate and up by rows, down by columns: one all-reduce).
pub(super) struct Mlp {
    gate_proj: LoraLinear,
    up_proj: LoraLinear,
    down_proj: LoraLinear,
    group: Option<Arc<Group>>,
}

impl Mlp {
    /// `p` is the MLP's path; `inter` its intermediate size.
    pub(super) fn new(p: &nn::Path, hidden: i64, inter: i64, mk: &Builder) -> Self {
        Mlp {
            gate_proj: mk.linear(p, "gate_proj", hidden, inter),
            up_proj: mk.linear(p, "up_proj", hidden, inter),
            down_proj: mk.linear(p, "down_proj", inter, hidden),
            group: mk.group(),
        }
    }

    pub(super) fn forward(&self, x: &Tensor) -> Tensor {
        let x = &enter(&self.group, x);
        let h = self.gate_proj.forward(x).silu() * self.up_proj.forward(x);
        self.down_proj.forward(&h)
    }
}
