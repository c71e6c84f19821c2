//! Qwen3.5's linear-attention mixer, Gated DeltaNet (`linear_attn.`): the projections, a causal
//! depthwise convolution then SiLU over [q | k | v], the gated delta rule (`delta_rule.rs`), a
//! gated RMSNorm and `out_proj`. The rest of a Qwen3.5 layer is shared with Qwen3: gated full
//! attention (`attention.rs`), zero-centred norms and partial rotary (`blocks.rs`).

use std::sync::Arc;

use tch::{nn, Kind, Tensor};

use super::blocks::{acc_kind, enter, Builder};
use super::config::ModelConfig;
use super::delta_rule::{self, DeltaInputs};
use super::families::LinearDims;
use super::layer_states::LinearState;
use super::lora::LoraLinear;
use crate::dist::Group;

/// The gated RMSNorm: `w * x̂` (in the input's dtype, w starting at 1) times `silu(z)`, computed
/// in f32.
struct GatedNorm {
    weight: Tensor,
    eps: f64,
}

impl GatedNorm {
    fn forward(&self, x: &Tensor, z: &Tensor) -> Tensor {
        let acc = acc_kind(x.kind());
        let xf = x.to_kind(acc);
        let var = xf.square().mean_dim(-1, true, acc);
        let normed = (xf * (var + self.eps).rsqrt()).to_kind(x.kind());
        let scaled = (&self.weight * normed).to_kind(acc);
        (scaled * z.to_kind(acc).silu()).to_kind(x.kind())
    }
}

/// Gated DeltaNet. On a shard, this rank's key heads and the value heads they serve: the
/// in-projections and the convolution's channels by heads, `out_proj` by columns (one
/// all-reduce); the recurrence runs per head, so nothing else crosses ranks.
pub(super) struct GatedDeltaNet {
    in_proj_qkv: LoraLinear,
    in_proj_z: LoraLinear,
    in_proj_b: LoraLinear,
    in_proj_a: LoraLinear,
    /// Depthwise, [conv_dim, 1, kernel], no bias.
    conv1d: Tensor,
    a_log: Tensor,
    dt_bias: Tensor,
    norm: GatedNorm,
    out_proj: LoraLinear,
    /// This rank's heads (all of them unsharded).
    dims: LinearDims,
    group: Option<Arc<Group>>,
}

impl GatedDeltaNet {
    /// `p` is the layer's `linear_attn` path. Variables are made in the checkpoint module's
    /// order; the projections take the whole shape (the builder keeps this rank's part), the
    /// other tensors this rank's heads (`tensor_parallel::slicing::held` says which).
    pub(super) fn new(p: &nn::Path, cfg: &ModelConfig, mk: &Builder) -> Self {
        let d = cfg.linear_dims();
        let local = LinearDims {
            num_k_heads: mk.per_rank(d.num_k_heads),
            num_v_heads: mk.per_rank(d.num_v_heads),
            ..d
        };
        let h = cfg.hidden_size;
        let conv1d = mk.param(
            &(p / "conv1d"),
            "weight",
            &[local.conv_dim(), 1, d.conv_kernel],
        );
        let dt_bias = mk.filled(p, "dt_bias", &[local.num_v_heads], 1.0);
        // A in U(0.01, 16), as transformers initialises it (overwritten by a checkpoint).
        let a = Tensor::empty([d.num_v_heads], (Kind::Float, p.device())).uniform_(0.01, 16.0);
        let a = mk.part_of(p, "A_log", a);
        let a_log = p.add("A_log", a.log().to_kind(p.kind()), mk.train_base);
        let norm = GatedNorm {
            weight: mk.filled(&(p / "norm"), "weight", &[d.v_head_dim], 1.0),
            eps: mk.eps,
        };
        GatedDeltaNet {
            out_proj: mk.linear(p, "out_proj", d.value_dim(), h),
            in_proj_qkv: mk.linear(p, "in_proj_qkv", h, d.conv_dim()),
            in_proj_z: mk.linear(p, "in_proj_z", h, d.value_dim()),
            in_proj_b: mk.linear(p, "in_proj_b", h, d.num_v_heads),
            in_proj_a: mk.linear(p, "in_proj_a", h, d.num_v_heads),
            conv1d,
            a_log,
            dt_bias,
            norm,
            dims: local,
            group: mk.group(),
        }
    }

    /// `x` [B, T, H] -> [B, T, H]. `real` [B, T] (true = real token) zeroes padding first, so
    /// left padding leaves the state exactly as without it. With `cache`, starts from its
    /// state and leaves the new one there; one new token runs the recurrent form.
    pub(super) fn forward(
        &self,
        x: &Tensor,
        real: Option<&Tensor>,
        cache: Option<&mut Option<LinearState>>,
    ) -> Tensor {
        let d = self.dims;
        let x = match real {
            Some(m) => x * m.unsqueeze(-1).to_kind(x.kind()),
            None => x.shallow_clone(),
        };
        let x = enter(&self.group, &x);
        let (b, t) = (x.size()[0], x.size()[1]);
        let prev = cache.as_ref().and_then(|c| c.as_ref());
        // The convolution over the previous `kernel - 1` inputs (zeros at the start) and these.
        let qkv = self.in_proj_qkv.forward(&x).transpose(1, 2); // [B, C, T]
        let window = d.conv_kernel - 1;
        let before = match prev {
            Some(s) => s.conv.shallow_clone(),
            None => Tensor::zeros([b, d.conv_dim(), window], (qkv.kind(), qkv.device())),
        };
        let full = Tensor::cat(&[&before, &qkv], 2);
        let conv_state = full.narrow(2, full.size()[2] - window, window);
        let mixed = full
            .conv1d(&self.conv1d, None::<Tensor>, [1], [0], [1], d.conv_dim())
            .silu()
            .transpose(1, 2); // [B, T, C]
        let (kd, vd) = (d.key_dim(), d.value_dim());
        let q = mixed
            .narrow(-1, 0, kd)
            .view([b, t, d.num_k_heads, d.k_head_dim]);
        let k = mixed
            .narrow(-1, kd, kd)
            .view([b, t, d.num_k_heads, d.k_head_dim]);
        let v = mixed
            .narrow(-1, 2 * kd, vd)
            .view([b, t, d.num_v_heads, d.v_head_dim]);
        let acc = acc_kind(x.kind());
        let beta = self.in_proj_b.forward(&x).sigmoid();
        let a = self.in_proj_a.forward(&x).to_kind(acc);
        let g = -self.a_log.to_kind(acc).exp() * (a + self.dt_bias.to_kind(acc)).softplus();
        let inputs = DeltaInputs { q, k, v, g, beta };
        let state = prev.map(|s| &s.recurrent);
        let (out, recurrent) = if t == 1 && state.is_some() {
            delta_rule::recurrent(&inputs, state)
        } else {
            delta_rule::chunked(&inputs, state)
        };
        if let Some(c) = cache {
            *c = Some(LinearState {
                conv: conv_state,
                recurrent,
            });
        }
        let z = self
            .in_proj_z
            .forward(&x)
            .view([b, t, d.num_v_heads, d.v_head_dim]);
        let out = self.norm.forward(&out, &z).reshape([b, t, vd]);
        self.out_proj.forward(&out)
    }
}
