//! The MoE routers' load-balancing loss of the Switch Transformer (eqs. 4-6), as transformers
//! computes it for Qwen3 MoE and Qwen3.5 MoE (`load_balancing_loss_func`) and adds it to the
//! training loss times `router_aux_loss_coef` (`Qwen3MoeForCausalLM.forward` with
//! `output_router_logits`).

use tch::Tensor;

use super::causal_lm::RouterLogits;

/// `E * sum_e f_e * P_e` over every recorded layer's real tokens: f_e is the fraction of
/// (token, top-k slot) routes to expert e (no gradient: counts), P_e the mean router probability
/// of expert e. Both are pooled over the layers (every layer's rows count once each), as
/// transformers pools them. 0-d f32 (f64 for an f64 model), differentiable through the router
/// logits; a plain 0 when nothing was recorded.
pub fn load_balancing_loss(logs: &[RouterLogits], num_experts: i64, top_k: i64) -> Tensor {
    let Some(first) = logs.first() else {
        return Tensor::from(0.0f32);
    };
    let acc = super::acc_kind(first.logits.kind());
    let (dev, e) = (first.logits.device(), num_experts);
    let mut counts = Tensor::zeros([e], (acc, dev));
    let mut probs = Tensor::zeros([e], (acc, dev));
    let mut rows = Tensor::zeros([0i64; 0], (acc, dev));
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
        counts = counts.index_add(0, &chosen.reshape([-1]), &per_route);
        // Sums, never `+=`: tch's in-place add would break autograd.
        probs = &probs + (p * weight.unsqueeze(1)).sum_dim_intlist(0, false, acc);
        rows = &rows + weight.sum(acc);
    }
    (counts / &rows * (probs / &rows)).sum(acc) * e as f64
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
    fn the_loss_is_e_times_route_fractions_dot_mean_probabilities() {
        // Two layers, 3 tokens, 4 experts, top-2, written out by hand.
        let o = (Kind::Double, Device::Cpu);
        let a = Tensor::from_slice(&[2.0, 1.0, 0.0, -1.0, 0.0, 3.0, 1.0, 0.5, 1.0, 0.0, 2.0, 0.2])
            .view([3, 4]);
        let b = Tensor::randn([3, 4], o);
        let got = load_balancing_loss(&[log(&a, None), log(&b, None)], 4, 2).double_value(&[]);
        let both = Tensor::cat(&[&a, &b], 0);
        let p = both.softmax(-1, Kind::Double);
        let (_, top) = p.topk(2, -1, true, true);
        let f = top
            .one_hot(4)
            .sum_dim_intlist(&[0i64, 1][..], false, Kind::Double)
            / 6.0;
        let want = (f * p.mean_dim(0, false, Kind::Double)).sum(Kind::Double) * 4.0;
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
}
