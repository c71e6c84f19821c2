//! The gated delta rule of Qwen3.5's linear attention, in two equal forms: chunked (prefill,
//! scoring, training: a few matmuls and a triangular solve per chunk of 64 tokens) and recurrent
//! (one token at a time: decode). Per value head, with state S [k_dim, v_dim] and token t:
//!
//! ```text
//! S <- exp(g_t) S;   S <- S + k_t (beta_t (v_t - S^T k_t))^T;   o_t = S^T q_t
//! ```
//!
//! q and k are l2-normalized and q scaled by k_dim^-1/2. Everything is computed in f32 (f64 for
//! an f64 model) and the output cast back to v's dtype.

use tch::{Kind, Tensor};

use super::blocks::acc_kind;

/// The chunk length of the chunked form.
pub(super) const CHUNK: i64 = 64;

/// Inputs of one call: q, k [B, T, Hk, dk]; v [B, T, Hv, dv]; g (log decay, <= 0) and beta
/// [B, T, Hv]. A k head serves `Hv / Hk` consecutive v heads.
pub(super) struct DeltaInputs {
    pub(super) q: Tensor,
    pub(super) k: Tensor,
    pub(super) v: Tensor,
    pub(super) g: Tensor,
    pub(super) beta: Tensor,
}

/// `x / sqrt(sum(x^2) + 1e-6)` over the last dim (the epsilon transformers and FLA use).
fn l2norm(x: &Tensor) -> Tensor {
    let acc = x.kind();
    x * (x.square().sum_dim_intlist(-1, true, acc) + 1e-6).rsqrt()
}

/// The inputs in [B, H, T, d] (heads repeated to Hv), normalized and in the accumulation dtype:
/// (q, k, v, g [B, H, T], beta [B, H, T]).
fn prepare(x: &DeltaInputs) -> (Tensor, Tensor, Tensor, Tensor, Tensor) {
    let acc = acc_kind(x.v.kind());
    let (hk, hv) = (x.k.size()[2], x.v.size()[2]);
    let heads = |t: &Tensor| {
        let t = if hk != hv {
            t.repeat_interleave_self_int(hv / hk, 2, None)
        } else {
            t.shallow_clone()
        };
        t.transpose(1, 2).to_kind(acc)
    };
    let (q, k) = (l2norm(&heads(&x.q)), l2norm(&heads(&x.k)));
    let q = &q * (q.size()[3] as f64).powf(-0.5);
    let v = x.v.transpose(1, 2).to_kind(acc);
    let g = x.g.transpose(1, 2).to_kind(acc);
    let beta = x.beta.transpose(1, 2).to_kind(acc);
    (q, k, v, g, beta)
}

/// The output [B, T, Hv, dv] in v's dtype and the final state [B, Hv, dk, dv], from `state`
/// (zeros when None), chunk by chunk.
pub(super) fn chunked(x: &DeltaInputs, state: Option<&Tensor>) -> (Tensor, Tensor) {
    let (q, k, v, g, beta) = prepare(x);
    let (b, h, t, dk) = (k.size()[0], k.size()[1], k.size()[2], k.size()[3]);
    let dv = v.size()[3];
    let acc = v.kind();
    let dev = v.device();
    // Zero padding to whole chunks leaves the state as it was: k = 0 writes nothing, g = 0
    // decays nothing.
    let pad = (CHUNK - t % CHUNK) % CHUNK;
    let n = (t + pad) / CHUNK;
    let chunks = |y: &Tensor| {
        let d = y.size()[3];
        y.constant_pad_nd([0, 0, 0, pad])
            .reshape([b, h, n, CHUNK, d])
    };
    let (q, k, v) = (chunks(&q), chunks(&k), chunks(&v));
    let beta = beta.constant_pad_nd([0, pad]).reshape([b, h, n, CHUNK, 1]);
    let cum = g
        .constant_pad_nd([0, pad])
        .reshape([b, h, n, CHUNK])
        .cumsum(-1, acc);
    let (k_beta, v_beta) = (&k * &beta, &v * &beta);
    // decay[i, j] = exp(cum_i - cum_j) for j <= i, 0 above the diagonal.
    let upper = Tensor::ones([CHUNK, CHUNK], (Kind::Bool, dev)).triu(1);
    let decay = (cum.unsqueeze(-1) - cum.unsqueeze(-2))
        .masked_fill(&upper, f64::NEG_INFINITY)
        .exp();
    let kt = k.transpose(-1, -2);
    // The delta rule within a chunk is (I + L) U = V_beta, with L the strictly lower part of
    // (k_beta k^T) * decay: one unit-triangular solve gives every token's corrected value.
    let system = k_beta.matmul(&kt) * &decay;
    let u = system.linalg_solve_triangular(&v_beta, false, true, true);
    let w = system.linalg_solve_triangular(&(&k_beta * cum.exp().unsqueeze(-1)), false, true, true);
    let intra = q.matmul(&kt) * &decay;
    let last = cum.narrow(-1, CHUNK - 1, 1); // [B, H, N, 1]
    let q_dec = &q * cum.exp().unsqueeze(-1);
    let k_dec = &k * (&last - &cum).exp().unsqueeze(-1);
    let chunk_decay = last.exp().unsqueeze(-1); // [B, H, N, 1, 1]
    let mut s = match state {
        Some(s) => s.to_kind(acc),
        None => Tensor::zeros([b, h, dk, dv], (acc, dev)),
    };
    let mut outs = Vec::with_capacity(n as usize);
    for i in 0..n {
        let at = |y: &Tensor| y.select(2, i);
        let v_new = at(&u) - at(&w).matmul(&s);
        outs.push(at(&q_dec).matmul(&s) + at(&intra).matmul(&v_new));
        s = &s * at(&chunk_decay) + at(&k_dec).transpose(-1, -2).matmul(&v_new);
    }
    let out = Tensor::cat(&outs, 2).narrow(2, 0, t);
    (out.transpose(1, 2).to_kind(x.v.kind()), s)
}

/// [`chunked`] one token at a time (decode; the reference the chunked form is tested against).
pub(super) fn recurrent(x: &DeltaInputs, state: Option<&Tensor>) -> (Tensor, Tensor) {
    let (q, k, v, g, beta) = prepare(x);
    let (b, h, t, dk) = (k.size()[0], k.size()[1], k.size()[2], k.size()[3]);
    let dv = v.size()[3];
    let acc = v.kind();
    let mut s = match state {
        Some(s) => s.to_kind(acc),
        None => Tensor::zeros([b, h, dk, dv], (acc, v.device())),
    };
    let mut outs = Vec::with_capacity(t as usize);
    for i in 0..t {
        let at = |y: &Tensor| y.select(2, i);
        let (q_t, k_t, v_t) = (at(&q), at(&k), at(&v)); // [B, H, d]
        s = &s * at(&g).exp().unsqueeze(-1).unsqueeze(-1);
        let kv_mem = (&s * k_t.unsqueeze(-1)).sum_dim_intlist(-2, false, acc); // [B, H, dv]
        let delta = (v_t - kv_mem) * at(&beta).unsqueeze(-1);
        s = &s + k_t.unsqueeze(-1) * delta.unsqueeze(-2);
        outs.push((&s * q_t.unsqueeze(-1)).sum_dim_intlist(-2, false, acc));
    }
    let out = Tensor::stack(&outs, 2); // [B, H, T, dv]
    (out.transpose(1, 2).to_kind(x.v.kind()), s)
}

#[cfg(test)]
mod tests {
    use tch::{Device, Kind, Tensor};

    use super::*;

    fn inputs(t: i64, seed: i64, kind: Kind) -> DeltaInputs {
        tch::manual_seed(seed);
        let o = (kind, Device::Cpu);
        let (b, hk, hv, dk, dv) = (2, 2, 4, 8, 6);
        DeltaInputs {
            q: Tensor::randn([b, t, hk, dk], o),
            k: Tensor::randn([b, t, hk, dk], o),
            v: Tensor::randn([b, t, hv, dv], o),
            g: -Tensor::rand([b, t, hv], o) * 0.5,
            beta: Tensor::rand([b, t, hv], o),
        }
    }

    fn max_diff(a: &Tensor, b: &Tensor) -> f64 {
        (a - b).abs().max().double_value(&[])
    }

    fn slice(x: &DeltaInputs, from: i64, len: i64) -> DeltaInputs {
        let s = |y: &Tensor| y.narrow(1, from, len);
        DeltaInputs {
            q: s(&x.q),
            k: s(&x.k),
            v: s(&x.v),
            g: s(&x.g),
            beta: s(&x.beta),
        }
    }

    #[test]
    fn the_chunked_form_equals_the_recurrence_across_chunks_and_from_a_state() {
        // 150 tokens: three chunks, the last one partial.
        let x = inputs(150, 3, Kind::Double);
        let (out_c, s_c) = chunked(&x, None);
        let (out_r, s_r) = recurrent(&x, None);
        assert!(
            max_diff(&out_c, &out_r) < 1e-10,
            "{}",
            max_diff(&out_c, &out_r)
        );
        assert!(max_diff(&s_c, &s_r) < 1e-10);
        // A prefix, then the rest from its state: the same as one call.
        let (head, s_head) = chunked(&slice(&x, 0, 70), None);
        let (tail, s_tail) = chunked(&slice(&x, 70, 80), Some(&s_head));
        let joined = Tensor::cat(&[head, tail], 1);
        assert!(max_diff(&joined, &out_c) < 1e-10);
        assert!(max_diff(&s_tail, &s_c) < 1e-10);
        // One token from a state.
        let (one, _) = recurrent(
            &slice(&x, 149, 1),
            Some(&chunked(&slice(&x, 0, 149), None).1),
        );
        assert!(max_diff(&one, &out_c.narrow(1, 149, 1)) < 1e-10);
    }

    #[test]
    fn f32_inputs_give_f32_outputs_and_an_f32_state() {
        let x = inputs(5, 4, Kind::Float);
        let (out, s) = chunked(&x, None);
        assert_eq!((out.kind(), s.kind()), (Kind::Float, Kind::Float));
        assert_eq!(out.size(), [2, 5, 4, 6]);
        assert_eq!(s.size(), [2, 4, 8, 6]);
    }
}
