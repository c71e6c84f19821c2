//! The mixture-of-experts MLP of Qwen3 MoE and Qwen3.5 MoE (`mlp.`): a router (`gate`, softmax
//! in f32, top-k, renormalized when `norm_topk_prob`), SwiGLU experts stored fused as
//! transformers saves them (`experts.gate_up_proj` [E, 2I, H], `experts.down_proj` [E, H, I];
//! hub checkpoints' per-expert tensors are fused on load), and for Qwen3.5 MoE a shared expert
//! scaled by sigmoid(`shared_expert_gate`).

use tch::{nn, Kind, Tensor};

use super::blocks::{Builder, Mlp};
use super::config::ModelConfig;
use super::lora::LoraLinear;
use crate::instrument::sync;

/// The sparse MLP block.
pub(super) struct Moe {
    /// Router [E, H].
    gate: Tensor,
    gate_up: Tensor,
    down: Tensor,
    /// Qwen3.5 MoE: the always-on expert and its gate [1, H].
    shared: Option<(Mlp, LoraLinear)>,
    top_k: i64,
    norm_topk: bool,
}

impl Moe {
    /// `p` is the layer's `mlp` path.
    pub(super) fn new(p: &nn::Path, cfg: &ModelConfig, mk: &Builder) -> Self {
        let m = cfg.moe_dims();
        let h = cfg.hidden_size;
        let gate = mk.param(&(p / "gate"), "weight", &[m.num_experts, h]);
        let experts = p / "experts";
        let gate_up = mk.param(&experts, "gate_up_proj", &[m.num_experts, 2 * m.inter, h]);
        let down = mk.param(&experts, "down_proj", &[m.num_experts, h, m.inter]);
        let shared = (m.shared_inter > 0).then(|| {
            let mlp = Mlp::new(&(p / "shared_expert"), h, m.shared_inter, mk);
            (mlp, mk.linear(p, "shared_expert_gate", h, 1))
        });
        Moe {
            gate,
            gate_up,
            down,
            shared,
            top_k: m.top_k,
            norm_topk: m.norm_topk_prob,
        }
    }

    /// `x` [B, T, H] -> [B, T, H]: the router, the routed experts ([`experts`]) and the shared
    /// expert.
    pub(super) fn forward(&self, x: &Tensor) -> Tensor {
        let size = x.size();
        let h = size[2];
        let flat = x.reshape([-1, h]);
        let n = flat.size()[0];
        let logits = flat.linear::<Tensor>(&self.gate, None);
        let acc = if x.kind() == Kind::Double {
            Kind::Double
        } else {
            Kind::Float
        };
        let probs = logits.softmax(-1, acc);
        let (top_w, top_i) = probs.topk(self.top_k, -1, true, true);
        let top_w = if self.norm_topk {
            &top_w / top_w.sum_dim_intlist(-1, true, acc)
        } else {
            top_w
        };
        let routed = experts(
            &flat,
            &top_w.to_kind(x.kind()),
            &top_i,
            &self.gate_up,
            &self.down,
        );
        // Sums, never `+=`: tch's in-place add would break autograd.
        let out = match &self.shared {
            Some((mlp, gate)) => routed + gate.forward(&flat).sigmoid() * mlp.forward(&flat),
            None => routed,
        };
        debug_assert_eq!(out.size()[0], n);
        out.view(size.as_slice())
    }
}

/// The routed experts: `flat` [N, H], each token's `top_w` weights and `top_i` experts [N, k],
/// `gate_up` [E, 2I, H], `down` [E, H, I] -> [N, H]. The routes are grouped by expert (one
/// sort), each expert runs on its tokens at once, and the weighted outputs are summed back per
/// token. On CUDA in bf16 one grouped GEMM per projection runs every expert ([`grouped_mm`]: no
/// host read at all); elsewhere a loop over the experts with tokens (one read of the counts).
/// Either way the host syncs do not grow with the expert count.
pub(super) fn experts(
    flat: &Tensor,
    top_w: &Tensor,
    top_i: &Tensor,
    gate_up: &Tensor,
    down: &Tensor,
) -> Tensor {
    let grouped = use_grouped(flat, gate_up);
    experts_with(flat, (top_w, top_i), (gate_up, down), grouped)
}

/// [`experts`] with the form chosen by the caller (tests and `bench --model` run both).
pub(super) fn experts_with(
    flat: &Tensor,
    (top_w, top_i): (&Tensor, &Tensor),
    (gate_up, down): (&Tensor, &Tensor),
    grouped: bool,
) -> Tensor {
    let k = top_i.size()[1];
    let routes = top_i.flatten(0, -1);
    let order = routes.argsort_stable(true, 0, false);
    let token = order.divide_scalar_mode(k, "floor");
    let weight = top_w.flatten(0, -1).index_select(0, &order).unsqueeze(-1);
    let xs = flat.index_select(0, &token);
    let routed = if grouped {
        grouped_mm(&xs, &routes, gate_up, down)
    } else {
        looped(&xs, &routes, gate_up, down)
    };
    // Sums, never `+=`: tch's in-place add would break autograd.
    flat.zeros_like().index_add(0, &token, &(routed * weight))
}

/// `torch._grouped_mm` where torch has it for training: CUDA, bf16 (as transformers uses it),
/// and rows of whole 16-byte multiples (its alignment rule). On the CPU it runs in f32 (the unit
/// test below checks it against the loop) but its backward refuses some gradients' strides, so
/// the CPU keeps the loop.
fn use_grouped(flat: &Tensor, gate_up: &Tensor) -> bool {
    let s = gate_up.size();
    flat.device().is_cuda()
        && flat.kind() == Kind::BFloat16
        && gate_up.kind() == Kind::BFloat16
        && s[1] % 16 == 0
        && s[2] % 8 == 0
}

/// SwiGLU on `gu` [n, 2I] (gate rows first, as `gate_up_proj` stores them).
fn swiglu(gu: &Tensor) -> Tensor {
    let half = gu.size()[1] / 2;
    gu.narrow(1, 0, half).silu() * gu.narrow(1, half, half)
}

/// The experts one after another on `xs` [N*k, H] sorted by expert (`routes` unsorted).
fn looped(xs: &Tensor, routes: &Tensor, gate_up: &Tensor, down: &Tensor) -> Tensor {
    let counts = sync::to_i64s(&routes.bincount::<Tensor>(None, gate_up.size()[0]));
    let mut outs = Vec::new();
    let mut at = 0;
    for (e, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let seg = xs.narrow(0, at, c);
        let act = swiglu(&seg.linear::<Tensor>(&gate_up.get(e as i64), None));
        outs.push(act.linear::<Tensor>(&down.get(e as i64), None));
        at += c;
    }
    Tensor::cat(&outs, 0)
}

/// Every expert at once: `offs` are the cumulative counts (int32, on the device).
fn grouped_mm(xs: &Tensor, routes: &Tensor, gate_up: &Tensor, down: &Tensor) -> Tensor {
    let offs = routes
        .bincount::<Tensor>(None, gate_up.size()[0])
        .cumsum(0, Kind::Int);
    let mm = |x: &Tensor, w: &Tensor| {
        x.internal_grouped_mm(&w.transpose(1, 2), Some(&offs), None::<&Tensor>, None)
    };
    mm(&swiglu(&mm(xs, gate_up)), down)
}

#[cfg(test)]
mod tests {
    use tch::{Device, Kind, Tensor};

    use super::*;

    /// Random routes of `n` tokens over `e` experts (top-2) and the experts' weights, f32.
    fn routed_inputs(n: i64, e: i64) -> (Tensor, Tensor, Tensor, Tensor, Tensor) {
        let o = (Kind::Float, Device::Cpu);
        let (h, i) = (16, 8);
        let flat = Tensor::randn([n, h], o).set_requires_grad(true);
        let (top_w, top_i) = Tensor::randn([n, e], o)
            .softmax(-1, Kind::Float)
            .topk(2, -1, true, true);
        let gate_up = (Tensor::randn([e, 2 * i, h], o) * 0.3).set_requires_grad(true);
        let down = (Tensor::randn([e, h, i], o) * 0.3).set_requires_grad(true);
        (flat, top_w, top_i, gate_up, down)
    }

    #[test]
    fn grouped_gemm_experts_equal_the_loop_with_their_gradients() {
        tch::manual_seed(7);
        // 8 experts over 10 tokens: some experts get none.
        let (flat, top_w, top_i, gate_up, down) = routed_inputs(10, 8);
        let cotangent = Tensor::randn([10, 16], (Kind::Float, Device::Cpu));
        let run = |grouped: bool| {
            let out = experts_with(&flat, (&top_w, &top_i), (&gate_up, &down), grouped);
            let grads = Tensor::run_backward(
                &[(&out * &cotangent).sum(Kind::Float)],
                &[&flat, &gate_up, &down],
                false,
                false,
            );
            (out, grads)
        };
        let (out_loop, g_loop) = run(false);
        let (out_grouped, g_grouped) = run(true);
        let diff = |a: &Tensor, b: &Tensor| (a - b).abs().max().double_value(&[]);
        assert!(
            diff(&out_loop, &out_grouped) < 1e-5,
            "{}",
            diff(&out_loop, &out_grouped)
        );
        for (a, b) in g_loop.iter().zip(&g_grouped) {
            assert!(diff(a, b) < 1e-5, "{}", diff(a, b));
        }
    }

    #[test]
    fn the_experts_read_the_host_once_whatever_the_expert_count() {
        for e in [4, 64] {
            tch::manual_seed(e);
            let (flat, top_w, top_i, gate_up, down) = routed_inputs(32, e);
            let before = sync::reads();
            let _ = experts(&flat, &top_w, &top_i, &gate_up, &down);
            assert_eq!(sync::reads() - before, 1, "{e} experts");
        }
    }
}
