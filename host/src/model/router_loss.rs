//! The MoE routers' load-balancing loss of the Switch Transformer (eqs. 4-6), as transformers
//! computes it for Qwen3 MoE and Qwen3.5 MoE (`load_balancing_loss_func`) and adds it to the
//! training loss times `router_aux_loss_coef` (`Qwen3MoeForCausalLM.forward` with
//! `output_router_logits`).

use tch::Tensor;

use super::causal_lm::RouterLogits;

/// `E * sum_e r_e * P_e` over every recorded layer's real tokens: r_e is expert e's routes per
/// token (its top-k picks over the tokens; no gradient: counts), P_e its mean router probability.
/// r_e is not a fraction: it sums to top_k over the experts (the Switch Transformer's f_e, one
/// route per token, sums to 1), as transformers' `tokens_per_expert` does, so balanced routing
/// gives a loss of top_k, not 1. Both are pooled over the layers (every layer's rows count once
/// each), as transformers pools them. The loss of the tokens given, whichever they are: a
/// product of two means, not a mean over tokens (the update takes it per micro-batch,
/// train/update.rs). 0-d f32 (f64 for an f64 model), differentiable through the router logits;
/// a plain 0 when nothing was recorded.
pub fn load_balancing_loss(logs: &[RouterLogits], num_experts: i64, top_k: i64) -> Tensor {
    let Some(first) = logs.first() else {
        return Tensor::from(0.0f32);
    };
    let acc = super::acc_kind(first.logits.kind());
    let (dev, e) = (first.logits.device(), num_experts);
    // Per expert: its routes and its summed probability; and the tokens, over every layer.
    let mut routes = Tensor::zeros([e], (acc, dev));
    let mut probs = Tensor::zeros([e], (acc, dev));
    let mut tokens = Tensor::zeros([0i64; 0], (acc, dev));
    for log in logs {
        let p = log.logits.softmax(-1, acc);
        let (_, chosen) = p.topk(top_k, -1, true, true);
        let n = p.size()[0];
        let weight = match &log.real {
            Some(real) => real.to_kind(acc),
            None => Tensor::ones([n], (acc, dev)),
        };
        // Each route weighs its token's weight (0 for padding), no host read.
        let per_route = weight.unsqueeze(1).expand([n, top_k], false).reshape([-1]);
        routes = routes.index_add(0, &chosen.reshape([-1]), &per_route);
        // Sums, never `+=`: tch's in-place add would break autograd.
        probs = &probs + (p * weight.unsqueeze(1)).sum_dim_intlist(0, false, acc);
        tokens = &tokens + weight.sum(acc);
    }
    let routes_per_token = routes / &tokens;
    let mean_prob = probs / &tokens;
    (routes_per_token * mean_prob).sum(acc) * e as f64
}

#[cfg(test)]
mod tests {
    use tch::{Device, Kind, Tensor};

    use super::*;

    fn log(logits: &Tensor, real: Option<&[bool]>) -> RouterLogits {
        RouterLogits {
            logits: logits.shallow_clone(),
            real: real.map(Tensor::from_slice),
        }
    }

    #[test]
    fn the_loss_is_e_times_routes_per_token_dot_mean_probabilities() {
        // Two layers, 3 tokens, 4 experts, top-2, written out by hand.
        let o = (Kind::Double, Device::Cpu);
        let a = Tensor::from_slice(&[2.0, 1.0, 0.0, -1.0, 0.0, 3.0, 1.0, 0.5, 1.0, 0.0, 2.0, 0.2])
            .view([3, 4]);
        let b = Tensor::randn([3, 4], o);
        let got = load_balancing_loss(&[log(&a, None), log(&b, None)], 4, 2).double_value(&[]);
        let both = Tensor::cat(&[&a, &b], 0);
        let p = both.softmax(-1, Kind::Double);
        let (_, top) = p.topk(2, -1, true, true);
        let routes_per_token = top
            .one_hot(4)
            .sum_dim_intlist(&[0i64, 1][..], false, Kind::Double)
            / 6.0;
        // Not fractions: the top-2 routes per token sum to 2.
        let total = routes_per_token.sum(Kind::Double).double_value(&[]);
        assert!((total - 2.0).abs() < 1e-12, "{total}");
        let mean_prob = p.mean_dim(0, false, Kind::Double);
        let want = (routes_per_token * mean_prob).sum(Kind::Double) * 4.0;
        assert!(
            (got - want.double_value(&[])).abs() < 1e-12,
            "{got} vs {want}"
        );
        // Padding rows count for nothing: the same as leaving them out.
        let padded = Tensor::cat(&[Tensor::randn([2, 4], o) * 9.0, a.shallow_clone()], 0);
        let mask = [false, false, true, true, true];
        let with_pad = load_balancing_loss(&[log(&padded, Some(&mask))], 4, 2);
        let without = load_balancing_loss(&[log(&a, None)], 4, 2);
        let d = (with_pad - without).abs().double_value(&[]);
        assert!(d < 1e-12, "padding changed the loss by {d}");
        assert_eq!(load_balancing_loss(&[], 4, 2).double_value(&[]), 0.0);
    }

    /// Uniform router probabilities give exactly top_k (whatever the picks: the routes per token
    /// sum to top_k); and the loss of two halves' tokens together is not the mean of the
    /// halves' losses, which is why micro-batches change it (train/update.rs).
    #[test]
    fn uniform_routing_costs_top_k_and_the_loss_is_not_a_mean_over_tokens() {
        let o = (Kind::Double, Device::Cpu);
        let uniform = Tensor::zeros([5, 4], o);
        let at_uniform = load_balancing_loss(&[log(&uniform, None)], 4, 2).double_value(&[]);
        assert!((at_uniform - 2.0).abs() < 1e-12, "{at_uniform}");
        // Half a routes every token to experts 0 and 1, half b to 2 and 3: together balanced.
        let a = Tensor::from_slice(&[3.0, 2.0, 0.0, 0.0])
            .view([1, 4])
            .repeat([3, 1]);
        let b = Tensor::from_slice(&[0.0, 0.0, 2.0, 3.0])
            .view([1, 4])
            .repeat([3, 1]);
        let loss = |t: &Tensor| load_balancing_loss(&[log(t, None)], 4, 2).double_value(&[]);
        let (whole, halves) = (
            loss(&Tensor::cat(&[&a, &b], 0)),
            (loss(&a) + loss(&b)) / 2.0,
        );
        assert!(halves - whole > 0.5, "whole {whole}, halves' mean {halves}");
    }
}
