//! One part of a layer run alone at a model's shapes, for `frost-host bench --model`: the gated
//! delta rule (its chunked form) and the routed experts (the loop, or the grouped GEMM), on
//! random inputs. Their seconds times the layers that have them, over a whole step's seconds,
//! is their share of the step.

use tch::{Device, Kind, Tensor};

use super::config::ModelConfig;
use super::delta_rule::{self, DeltaInputs};
use super::families::MixerKind;
use super::moe;

/// A part of a layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Part {
    /// The chunked gated delta rule of one linear-attention layer.
    DeltaRule,
    /// One sparse MLP's routed experts (router excluded), grouped GEMM or loop.
    Experts { grouped: bool },
}

/// Runs a part once: forward only (no graph) for `false`, forward then backward for `true`.
pub type PartRun = Box<dyn FnMut(bool)>;

/// `part` at `cfg`'s shapes on `[b, t]` tokens, and how many layers of `cfg` have it; None when
/// none has.
pub fn part_runner(
    cfg: &ModelConfig,
    part: Part,
    (b, t): (i64, i64),
    device: Device,
    kind: Kind,
) -> Option<(usize, PartRun)> {
    let o = (kind, device);
    let leaf = |x: Tensor| x.to_kind(kind).set_requires_grad(true);
    match part {
        Part::DeltaRule => {
            let layers = cfg
                .mixers()
                .iter()
                .filter(|m| **m == MixerKind::Linear)
                .count();
            let d = cfg.linear_dims();
            let (hk, hv) = (d.num_k_heads, d.num_v_heads);
            let x = DeltaInputs {
                q: leaf(Tensor::randn([b, t, hk, d.k_head_dim], o)),
                k: leaf(Tensor::randn([b, t, hk, d.k_head_dim], o)),
                v: leaf(Tensor::randn([b, t, hv, d.v_head_dim], o)),
                // g is computed in f32 by the model, whatever its dtype.
                g: (-Tensor::rand([b, t, hv], (Kind::Float, device)) * 0.5).set_requires_grad(true),
                beta: leaf(Tensor::rand([b, t, hv], o)),
            };
            let cotangent = Tensor::randn([b, t, hv, d.v_head_dim], o);
            let run = move |backward: bool| {
                let _guard = (!backward).then(tch::no_grad_guard);
                let (out, _) = delta_rule::chunked(&x, None);
                if backward {
                    (out * &cotangent).sum(Kind::Float).backward();
                }
            };
            (layers > 0).then(|| (layers, Box::new(run) as PartRun))
        }
        Part::Experts { grouped } => {
            let layers = cfg.sparse_layers().iter().filter(|s| **s).count();
            let m = cfg.moe_dims();
            let (n, h) = (b * t, cfg.hidden_size);
            let flat = leaf(Tensor::randn([n, h], o));
            let (top_w, top_i) = Tensor::randn([n, m.num_experts], (Kind::Float, device))
                .softmax(-1, Kind::Float)
                .topk(m.top_k, -1, true, true);
            let top_w = top_w.to_kind(kind);
            let gate_up = leaf(Tensor::randn([m.num_experts, 2 * m.inter, h], o) * 0.02);
            let down = leaf(Tensor::randn([m.num_experts, h, m.inter], o) * 0.02);
            let cotangent = Tensor::randn([n, h], o);
            let run = move |backward: bool| {
                let _guard = (!backward).then(tch::no_grad_guard);
                let w = moe::ExpertWeights {
                    gate_up: &gate_up,
                    down: &down,
                    lora: [None, None],
                };
                let out = moe::experts_with(&flat, (&top_w, &top_i), &w, Some(grouped));
                if backward {
                    (out * &cotangent).sum(Kind::Float).backward();
                }
            };
            (layers > 0).then(|| (layers, Box::new(run) as PartRun))
        }
    }
}

/// The routed experts at `cfg`'s shapes on `[b, t]` random tokens, run both ways (the loop and
/// the grouped GEMM) on the same inputs, forward and backward: the largest difference of the
/// outputs and of the gradients (the tokens' and both weights'), each over its largest
/// |entry|. None when no layer of `cfg` is sparse.
pub fn expert_forms_differ(
    cfg: &ModelConfig,
    (b, t): (i64, i64),
    device: Device,
    kind: Kind,
) -> Option<f64> {
    if !cfg.sparse_layers().iter().any(|s| *s) {
        return None;
    }
    let o = (kind, device);
    let m = cfg.moe_dims();
    let (n, h) = (b * t, cfg.hidden_size);
    let leaf = |x: Tensor| x.to_kind(kind).set_requires_grad(true);
    let flat = leaf(Tensor::randn([n, h], o));
    let (top_w, top_i) = Tensor::randn([n, m.num_experts], (Kind::Float, device))
        .softmax(-1, Kind::Float)
        .topk(m.top_k, -1, true, true);
    let top_w = top_w.to_kind(kind);
    let gate_up = leaf(Tensor::randn([m.num_experts, 2 * m.inter, h], o) * 0.02);
    let down = leaf(Tensor::randn([m.num_experts, h, m.inter], o) * 0.02);
    let cotangent = Tensor::randn([n, h], o);
    let run = |grouped: bool| {
        let w = moe::ExpertWeights {
            gate_up: &gate_up,
            down: &down,
            lora: [None, None],
        };
        let out = moe::experts_with(&flat, (&top_w, &top_i), &w, Some(grouped));
        let loss = (&out * &cotangent).sum(Kind::Float);
        let mut all = Tensor::run_backward(&[loss], &[&flat, &gate_up, &down], false, false);
        all.insert(0, out.detach());
        all
    };
    let (a, g) = (run(false), run(true));
    let rel = |x: &Tensor, y: &Tensor| {
        let scale = x
            .abs()
            .max()
            .to_kind(Kind::Double)
            .double_value(&[])
            .max(f64::MIN_POSITIVE);
        (x - y).abs().max().to_kind(Kind::Double).double_value(&[]) / scale
    };
    Some(a.iter().zip(&g).map(|(x, y)| rel(x, y)).fold(0.0, f64::max))
}
