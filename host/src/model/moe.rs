//! The mixture-of-experts MLP of Qwen3 MoE and Qwen3.5 MoE (`mlp.`): a router (`gate`, softmax
//! in f32, top-k, renormalized when `norm_topk_prob`), SwiGLU experts stored fused as
//! transformers saves them (`experts.gate_up_proj` [E, 2I, H], `experts.down_proj` [E, H, I];
//! hub checkpoints' per-expert tensors are fused on load), and for Qwen3.5 MoE a shared expert
//! scaled by sigmoid(`shared_expert_gate`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use tch::{nn, Kind, Tensor};

use super::blocks::{acc_kind, Builder, Mlp};
use super::config::ModelConfig;
use super::grouped_mm::grouped_mm_on;
use super::lora::{ExpertAdapter, LoraLinear};
use super::tensor_parallel::reduce_in_model;
use crate::dist::{sum_grad_in_backward, Group};
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
    /// Adapters on `gate_up_proj` and `down_proj` when `lora.target_parameters` names them.
    adapters: [Option<ExpertAdapter>; 2],
    adapters_on: Arc<AtomicBool>,
    /// Split over a tensor-parallel group (expert parallel): the group, and the first of the
    /// `gate_up.size()[0]` consecutive experts this rank holds.
    split: Option<(Arc<Group>, i64)>,
}

impl Moe {
    /// `p` is the layer's `mlp` path.
    pub(super) fn new(p: &nn::Path, cfg: &ModelConfig, mk: &Builder) -> Self {
        let m = cfg.moe_dims();
        let h = cfg.hidden_size;
        let gate = mk.param(&(p / "gate"), "weight", &[m.num_experts, h]);
        let experts = p / "experts";
        // Split: this rank's experts, whole (docs/scaling.md: expert parallel).
        let held = mk.per_rank(m.num_experts);
        let split = (mk.group()).map(|g| (Arc::clone(&g), g.rank as i64 * held));
        let gate_up = mk.param(&experts, "gate_up_proj", &[held, 2 * m.inter, h]);
        let down = mk.param(&experts, "down_proj", &[held, h, m.inter]);
        let shared = (m.shared_inter > 0).then(|| {
            let mlp = Mlp::new(&(p / "shared_expert"), h, m.shared_inter, mk);
            (mlp, mk.linear(p, "shared_expert_gate", h, 1))
        });
        // PEFT nests one wrapper per targeted parameter in the module's order: with both,
        // gate_up_proj's is the inner one (`experts.base_layer`).
        let lora = |name: &str| mk.lora.filter(|l| l.targets_experts(name));
        let inner = match lora("down_proj") {
            Some(_) => &experts / "base_layer",
            None => experts.clone(),
        };
        let (e, i) = (m.num_experts, m.inter);
        let adapters = [
            lora("gate_up_proj").map(|l| ExpertAdapter::new(&inner, [e, 2 * i, h], l)),
            lora("down_proj").map(|l| ExpertAdapter::new(&experts, [e, h, i], l)),
        ];
        Moe {
            gate,
            gate_up,
            down,
            shared,
            top_k: m.top_k,
            norm_topk: m.norm_topk_prob,
            adapters,
            adapters_on: mk.adapters_on.clone(),
            split,
        }
    }

    /// `x` [B, T, H] -> [B, T, H]: the router, the routed experts ([`experts`]) and the shared
    /// expert; and the router's logits [B*T, E] (the load-balancing loss reads them).
    pub(super) fn forward(&self, x: &Tensor) -> (Tensor, Tensor) {
        let size = x.size();
        let h = size[2];
        let flat = x.reshape([-1, h]);
        let n = flat.size()[0];
        let logits = flat.linear::<Tensor>(&self.gate, None);
        let acc = acc_kind(x.kind());
        let probs = logits.softmax(-1, acc);
        let (top_w, top_i) = probs.topk(self.top_k, -1, true, true);
        let top_w = if self.norm_topk {
            &top_w / top_w.sum_dim_intlist(-1, true, acc)
        } else {
            top_w
        };
        let on = self.adapters_on.load(Ordering::Relaxed);
        let held = self.gate_up.size()[0];
        let factors = |a: &Option<ExpertAdapter>| {
            let (a, b) = a.as_ref().filter(|_| on)?.factors(x.kind());
            // Split: the factors of this rank's experts (the adapter stays whole).
            Some(match &self.split {
                Some((_, first)) => (a.narrow(0, *first, held), b.narrow(0, *first, held)),
                None => (a, b),
            })
        };
        let weights = ExpertWeights {
            gate_up: &self.gate_up,
            down: &self.down,
            lora: [factors(&self.adapters[0]), factors(&self.adapters[1])],
        };
        let top_w = top_w.to_kind(x.kind());
        let routed = match &self.split {
            None => experts(&flat, (&top_w, &top_i), &weights),
            // The tokens and their weights enter this rank's experts (their gradients summed
            // over the group in the backward); the router ran alike on every rank, so its
            // load-balancing loss needs no sum. The experts' outputs summed: one all-reduce.
            Some((g, first)) => {
                let (flat, top_w) = (
                    sum_grad_in_backward(g, &flat),
                    sum_grad_in_backward(g, &top_w),
                );
                let mine = experts_held(&flat, (&top_w, &top_i), &weights, *first);
                reduce_in_model(g, &mine)
            }
        };
        // Sums, never `+=`: tch's in-place add would break autograd.
        let out = match &self.shared {
            Some((mlp, gate)) => routed + gate.forward(&flat).sigmoid() * mlp.forward(&flat),
            None => routed,
        };
        debug_assert_eq!(out.size()[0], n);
        (out.view(size.as_slice()), logits)
    }
}

/// Every expert's weights: `gate_up` [E, 2I, H], `down` [E, H, I] and, per projection with an
/// adapter on, its factors in the activation dtype ([`ExpertAdapter::factors`]).
pub(super) struct ExpertWeights<'a> {
    pub(super) gate_up: &'a Tensor,
    pub(super) down: &'a Tensor,
    pub(super) lora: [Option<(Tensor, Tensor)>; 2],
}

/// The routed experts: `flat` [N, H], each token's weights and experts [N, k] -> [N, H]. The
/// routes are grouped by expert (one sort), each expert runs on its tokens at once, and the
/// weighted outputs are summed back per token. Where torch runs it ([`use_grouped`]: CUDA in
/// bf16; the CPU when the pass builds a graph), one grouped GEMM per projection runs every
/// expert ([`grouped_mm`]: no host read at all); elsewhere a loop over the experts
/// with tokens (one read of the counts). Either way the host syncs do not grow with the expert
/// count.
pub(super) fn experts(flat: &Tensor, routes: (&Tensor, &Tensor), w: &ExpertWeights) -> Tensor {
    experts_with(flat, routes, w, None)
}

/// [`experts`] with the form chosen by the caller (tests and `bench --model` run both), or
/// None: [`use_grouped`]'s.
pub(super) fn experts_with(
    flat: &Tensor,
    (top_w, top_i): (&Tensor, &Tensor),
    w: &ExpertWeights,
    grouped: Option<bool>,
) -> Tensor {
    let k = top_i.size()[1];
    let routes = top_i.flatten(0, -1);
    let order = routes.argsort_stable(true, 0, false);
    let token = order.divide_scalar_mode(k, "floor");
    let weight = top_w.flatten(0, -1).index_select(0, &order).unsqueeze(-1);
    run_routes(flat, (&token, &weight, &routes), w, grouped)
}

/// [`experts`] on a rank that holds `w`'s experts only, `first` onwards (expert parallel): the
/// routes to them, their weighted outputs per token, zeros for tokens routed elsewhere (the
/// group's sum adds the other ranks'). One host read (how many routes are this rank's).
fn experts_held(
    flat: &Tensor,
    (top_w, top_i): (&Tensor, &Tensor),
    w: &ExpertWeights,
    first: i64,
) -> Tensor {
    let (k, held) = (top_i.size()[1], w.gate_up.size()[0]);
    let routes = top_i.flatten(0, -1);
    let mine = routes.ge(first).logical_and(&routes.lt(first + held));
    let at = mine.nonzero().squeeze_dim(1);
    if at.size()[0] == 0 {
        // Zeros that still read the tokens and their weights: every rank's backward must make
        // the same sums over the group (their inputs' gradients), in the same order.
        return flat * 0.0 + top_w.sum(top_w.kind()) * 0.0;
    }
    let local = routes.index_select(0, &at) - first;
    let at = at.index_select(0, &local.argsort_stable(true, 0, false));
    let token = at.divide_scalar_mode(k, "floor");
    let weight = top_w.flatten(0, -1).index_select(0, &at).unsqueeze(-1);
    run_routes(flat, (&token, &weight, &local), w, None)
}

/// The experts on their routes, sorted by expert: `token` and `weight` [M] per route, `routes`
/// [M] each route's expert (any order: only its counts are read); summed back per token.
fn run_routes(
    flat: &Tensor,
    (token, weight, routes): (&Tensor, &Tensor, &Tensor),
    w: &ExpertWeights,
    grouped: Option<bool>,
) -> Tensor {
    let xs = flat.index_select(0, token);
    // `xs` is in the graph exactly when this pass builds one (grad mode on, `flat` in it).
    let routed = if grouped.unwrap_or_else(|| use_grouped(&xs, w)) {
        grouped_mm(&xs, routes, w)
    } else {
        looped(&xs, routes, w)
    };
    // Sums, never `+=`: tch's in-place add would break autograd.
    flat.zeros_like().index_add(0, token, &(routed * weight))
}

/// `torch._grouped_mm` where torch runs it ([`grouped_mm_on`]: on CUDA in bf16 by the device's
/// compute capability and the torch version; on the CPU when the routed tokens `xs` are in a
/// graph), with rows of
/// whole 16-byte multiples (its alignment rule, adapters' rank included).
fn use_grouped(xs: &Tensor, w: &ExpertWeights) -> bool {
    let s = w.gate_up.size();
    // Elements per 16 bytes in the activation dtype.
    let per16 = 16 / (xs.kind().elt_size_in_bytes() as i64).max(1);
    let ranks_aligned = (w.lora.iter().flatten()).all(|(a, _)| a.size()[1] % per16 == 0);
    w.gate_up.kind() == xs.kind()
        && s[1] % 16 == 0
        && s[2] % per16 == 0
        && ranks_aligned
        && grouped_mm_on(xs.device(), xs.kind(), xs.requires_grad())
}

/// SwiGLU on `gu` [n, 2I] (gate rows first, as `gate_up_proj` stores them).
fn swiglu(gu: &Tensor) -> Tensor {
    let half = gu.size()[1] / 2;
    gu.narrow(1, 0, half).silu() * gu.narrow(1, half, half)
}

/// The experts one after another on `xs` [N*k, H] sorted by expert (`routes` unsorted).
fn looped(xs: &Tensor, routes: &Tensor, w: &ExpertWeights) -> Tensor {
    let counts = sync::to_i64s(&routes.bincount::<Tensor>(None, w.gate_up.size()[0]));
    let proj = |x: &Tensor, base: &Tensor, lora: &Option<(Tensor, Tensor)>, e: i64| {
        let y = x.linear::<Tensor>(&base.get(e), None);
        match lora {
            Some((a, b)) => {
                y + x
                    .linear::<Tensor>(&a.get(e), None)
                    .linear::<Tensor>(&b.get(e), None)
            }
            None => y,
        }
    };
    let mut outs = Vec::new();
    let mut at = 0;
    for (e, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let (seg, e) = (xs.narrow(0, at, c), e as i64);
        let act = swiglu(&proj(&seg, w.gate_up, &w.lora[0], e));
        outs.push(proj(&act, w.down, &w.lora[1], e));
        at += c;
    }
    Tensor::cat(&outs, 0)
}

/// Every expert at once: `offs` are the cumulative counts (int32, on the device).
fn grouped_mm(xs: &Tensor, routes: &Tensor, w: &ExpertWeights) -> Tensor {
    let offs = routes
        .bincount::<Tensor>(None, w.gate_up.size()[0])
        .cumsum(0, Kind::Int);
    let mm = |x: &Tensor, w: &Tensor| {
        x.internal_grouped_mm(&w.transpose(1, 2), Some(&offs), None::<&Tensor>, None)
    };
    let proj = |x: &Tensor, base: &Tensor, lora: &Option<(Tensor, Tensor)>| match lora {
        Some((a, b)) => mm(x, base) + mm(&mm(x, a), b),
        None => mm(x, base),
    };
    proj(
        &swiglu(&proj(xs, w.gate_up, &w.lora[0])),
        w.down,
        &w.lora[1],
    )
}

#[cfg(test)]
mod tests {
    use tch::{Device, Kind, Tensor};

    use super::*;

    /// Random routes of `n` tokens over `e` experts (top-2): (flat, top_w, top_i).
    fn routed_inputs(n: i64, e: i64) -> (Tensor, Tensor, Tensor) {
        let o = (Kind::Float, Device::Cpu);
        let flat = Tensor::randn([n, 16], o).set_requires_grad(true);
        let (top_w, top_i) = Tensor::randn([n, e], o)
            .softmax(-1, Kind::Float)
            .topk(2, -1, true, true);
        (flat, top_w, top_i)
    }

    /// Leaves: the experts' weights (H 16, I 8) and, with `rank`, adapters' factors on both.
    fn leaves(e: i64, rank: Option<i64>) -> Vec<Tensor> {
        let o = (Kind::Float, Device::Cpu);
        let leaf = |dims: &[i64]| (Tensor::randn(dims, o) * 0.3).set_requires_grad(true);
        let mut v = vec![leaf(&[e, 16, 16]), leaf(&[e, 16, 8])];
        if let Some(r) = rank {
            v.extend([
                leaf(&[e, r, 16]),
                leaf(&[e, 16, r]),
                leaf(&[e, r, 8]),
                leaf(&[e, 16, r]),
            ]);
        }
        v
    }

    fn weights(v: &[Tensor]) -> ExpertWeights<'_> {
        let pair = |i: usize| {
            v.get(i)
                .map(|a| (a.shallow_clone(), v[i + 1].shallow_clone()))
        };
        ExpertWeights {
            gate_up: &v[0],
            down: &v[1],
            lora: [pair(2), pair(4)],
        }
    }

    #[test]
    fn grouped_gemm_experts_equal_the_loop_with_their_gradients() {
        // Rank 4: f32 rows of 16 bytes, the grouped GEMM's alignment rule.
        for rank in [None, Some(4)] {
            tch::manual_seed(7);
            // 8 experts over 10 tokens: some experts get none.
            let (flat, top_w, top_i) = routed_inputs(10, 8);
            let v = leaves(8, rank);
            let cotangent = Tensor::randn([10, 16], (Kind::Float, Device::Cpu));
            let run = |grouped: bool| {
                let out = experts_with(&flat, (&top_w, &top_i), &weights(&v), Some(grouped));
                let wrt: Vec<&Tensor> = std::iter::once(&flat).chain(&v).collect();
                let loss = (&out * &cotangent).sum(Kind::Float);
                (out, Tensor::run_backward(&[loss], &wrt, false, false))
            };
            let (out_loop, g_loop) = run(false);
            let (out_grouped, g_grouped) = run(true);
            let diff = |a: &Tensor, b: &Tensor| (a - b).abs().max().double_value(&[]);
            let d = diff(&out_loop, &out_grouped);
            assert!(d < 1e-5, "{rank:?}: outputs differ by {d}");
            assert_eq!(g_loop.len(), if rank.is_some() { 7 } else { 3 });
            for (a, b) in g_loop.iter().zip(&g_grouped) {
                assert!(
                    diff(a, b) < 1e-5,
                    "{rank:?}: gradients differ by {}",
                    diff(a, b)
                );
            }
        }
    }

    /// The loop (a forward without a graph on the CPU) reads the counts once; the grouped GEMM
    /// (a pass with a graph) never reads the host.
    #[test]
    fn the_experts_read_the_host_at_most_once_whatever_the_expert_count() {
        for e in [4, 64] {
            tch::manual_seed(e);
            let (flat, top_w, top_i) = routed_inputs(32, e);
            let v = leaves(e, None);
            let before = sync::reads();
            let _ = tch::no_grad(|| experts(&flat, (&top_w, &top_i), &weights(&v)));
            assert_eq!(sync::reads() - before, 1, "{e} experts, loop");
            let before = sync::reads();
            let _ = experts(&flat, (&top_w, &top_i), &weights(&v));
            assert_eq!(sync::reads() - before, 0, "{e} experts, grouped");
        }
    }
}
