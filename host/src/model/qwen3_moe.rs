//! The mixture-of-experts MLP of Qwen3 MoE and Qwen3.5 MoE (`mlp.`): a router (`gate`, softmax
//! in f32, top-k, renormalized when `norm_topk_prob`), SwiGLU experts stored fused as
//! transformers saves them (`experts.gate_up_proj` [E, 2I, H], `experts.down_proj` [E, H, I];
//! hub checkpoints' per-expert tensors are fused on load), and for Qwen3.5 MoE a shared expert
//! scaled by sigmoid(`shared_expert_gate`).

use tch::{nn, Kind, Tensor};

use super::blocks::{Builder, Mlp};
use super::config::ModelConfig;
use super::lora::LoraLinear;

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

    /// `x` [B, T, H] -> [B, T, H]. Each token's k routes are grouped by expert (one sort, one
    /// read of the counts: the host syncs do not grow with the expert count), each expert runs
    /// on its tokens at once, and the weighted outputs are summed back per token.
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
        let top_w = top_w.to_kind(x.kind());
        let experts = self.gate.size()[0];
        let routes = top_i.flatten(0, -1);
        let order = routes.argsort_stable(true, 0, false);
        let token = order.divide_scalar_mode(self.top_k, "floor");
        let weight = top_w.flatten(0, -1).index_select(0, &order).unsqueeze(-1);
        let counts: Vec<i64> =
            Vec::try_from(routes.bincount::<Tensor>(None, experts)).expect("expert counts");
        let xs = flat.index_select(0, &token);
        let mut outs = Vec::new();
        let mut at = 0;
        for (e, &c) in counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let seg = xs.narrow(0, at, c);
            let gu = seg.linear::<Tensor>(&self.gate_up.get(e as i64), None);
            let half = gu.size()[1] / 2;
            let act = gu.narrow(1, 0, half).silu() * gu.narrow(1, half, half);
            outs.push(act.linear::<Tensor>(&self.down.get(e as i64), None));
            at += c;
        }
        let routed = Tensor::cat(&outs, 0) * weight;
        // Sums, never `+=`: tch's in-place add would break autograd.
        let summed = flat.zeros_like().index_add(0, &token, &routed);
        let out = match &self.shared {
            Some((mlp, gate)) => summed + gate.forward(&flat).sigmoid() * mlp.forward(&flat),
            None => summed,
        };
        debug_assert_eq!(out.size()[0], n);
        out.view(size.as_slice())
    }
}
