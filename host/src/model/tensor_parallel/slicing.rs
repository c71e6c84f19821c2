//! Which part of each weight a rank holds when `t` ranks share one copy of the model, as pure
//! functions of the shape, `t` and the rank (docs/scaling.md, "Tensor and expert parallel"):
//!
//! - attention by heads: q rows (with Qwen3.5's output gate: each head's [query | gate] rows),
//!   o columns; key/value heads split the same way, or, where `t` exceeds them, each key/value
//!   head held whole by the `t / kv` ranks whose query heads read it (Megatron's replication);
//! - Gated DeltaNet by heads: the q, k (key heads) and v (value heads) rows of `in_proj_qkv` and
//!   the convolution, z/b/a rows, decay and bias entries, `out_proj` columns (value heads);
//! - SwiGLU MLPs (dense and the shared expert) by intermediate columns: gate/up rows, down
//!   columns;
//! - experts whole, `num_experts / t` consecutive ones per rank (expert parallel);
//! - the embedding and the LM head by vocabulary rows;
//! - norms, the router and the shared expert's gate replicated.
//!
//! Shares are contiguous and in rank order, so a rank's part of a split dimension starts at
//! `rank * n / t`. A shape `t` cannot split is refused naming the field and what must hold.

use std::ops::Range;

use crate::model::{Family, MixerKind, ModelConfig};

/// A shape that `t` ranks cannot share.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{t} tensor-parallel ranks cannot split the model's {field} = {n}: {rule}")]
pub struct SplitError {
    pub t: i64,
    pub field: &'static str,
    pub n: i64,
    pub rule: &'static str,
}

/// The part of a weight this rank holds: all of it, or the given index ranges of one dimension
/// (concatenated in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Held {
    Whole,
    Part { dim: i64, ranges: Vec<Range<i64>> },
}

impl Held {
    fn rows(ranges: Vec<Range<i64>>) -> Held {
        Held::Part { dim: 0, ranges }
    }

    /// This rank's part of the full tensor `w` (a copy when split).
    pub fn take(&self, w: &tch::Tensor) -> tch::Tensor {
        match self {
            Held::Whole => w.shallow_clone(),
            Held::Part { dim, ranges } => {
                let parts: Vec<tch::Tensor> = (ranges.iter())
                    .map(|r| w.narrow(*dim, r.start, r.end - r.start))
                    .collect();
                tch::Tensor::cat(&parts, *dim)
            }
        }
    }

    /// The full tensor of `shape` with `part` (what [`Held::take`] gives) in place and zeros
    /// elsewhere: a share's gradient in the unsharded layout, so that a sum over the group
    /// gives the whole gradient (and a key/value head held twice gets both ranks' parts).
    pub fn put(&self, part: &tch::Tensor, shape: &[i64]) -> tch::Tensor {
        match self {
            Held::Whole => part.shallow_clone(),
            Held::Part { dim, ranges } => {
                let full = tch::Tensor::zeros(shape, (part.kind(), part.device()));
                let mut at = 0;
                for r in ranges {
                    let n = r.end - r.start;
                    full.narrow(*dim, r.start, n)
                        .copy_(&part.narrow(*dim, at, n));
                    at += n;
                }
                full
            }
        }
    }

    /// Elements of the held part of a tensor of `shape`.
    pub fn numel(&self, shape: &[i64]) -> i64 {
        let all: i64 = shape.iter().product();
        match self {
            Held::Whole => all,
            Held::Part { dim, ranges } => {
                let kept: i64 = ranges.iter().map(|r| r.end - r.start).sum();
                all / shape[*dim as usize] * kept
            }
        }
    }
}

/// Rank `rank`'s share of `n` items split over `t` ranks: `n / t` consecutive ones.
pub fn share(n: i64, t: i64, rank: i64, field: &'static str) -> Result<Range<i64>, SplitError> {
    if n % t != 0 {
        return Err(SplitError {
            t,
            field,
            n,
            rule: "the number of ranks must divide it",
        });
    }
    let each = n / t;
    Ok(rank * each..(rank + 1) * each)
}

/// The key/value heads rank `rank` holds: its share when `t` divides `kv`, else the one head
/// its query heads read (held by `t / kv` ranks); `t` must then be a multiple of `kv`.
pub fn kv_share(kv: i64, t: i64, rank: i64) -> Result<Range<i64>, SplitError> {
    if kv % t == 0 {
        return share(kv, t, rank, "num_key_value_heads");
    }
    if t % kv != 0 {
        return Err(SplitError {
            t,
            field: "num_key_value_heads",
            n: kv,
            rule: "the number of ranks must divide it or be a multiple of it",
        });
    }
    let head = rank / (t / kv);
    Ok(head..head + 1)
}

/// Each range of `heads` scaled to rows of `width` per head.
fn rows_of(heads: &Range<i64>, width: i64) -> Range<i64> {
    heads.start * width..heads.end * width
}

/// Every split the model needs at `t` ranks, checked once: the refusal a run makes before it
/// loads anything.
pub fn check(cfg: &ModelConfig, t: i64) -> Result<(), SplitError> {
    if t == 1 {
        return Ok(());
    }
    share(cfg.vocab_size, t, 0, "vocab_size")?;
    let mixers = cfg.mixers();
    if mixers.contains(&MixerKind::Attention) {
        share(cfg.num_attention_heads, t, 0, "num_attention_heads")?;
        kv_share(cfg.kv_heads(), t, 0)?;
    }
    if mixers.contains(&MixerKind::Linear) {
        let d = cfg.linear_dims();
        share(d.num_k_heads, t, 0, "linear_num_key_heads")?;
        share(d.num_v_heads, t, 0, "linear_num_value_heads")?;
    }
    let sparse = cfg.sparse_layers();
    let m = cfg.moe_dims();
    if sparse.iter().any(|&s| !s) {
        share(cfg.intermediate_size, t, 0, "intermediate_size")?;
    }
    if sparse.iter().any(|&s| s) {
        share(m.num_experts, t, 0, "num_experts")?;
        if m.shared_inter > 0 {
            share(m.shared_inter, t, 0, "shared_expert_intermediate_size")?;
        }
    }
    Ok(())
}

/// What rank `rank` of `t` holds of the weight `name` (Frost's names, as the checkpoint's with
/// the hub's per-expert tensors fused: `...mlp.experts.gate_up_proj` [E, 2I, H]). Names are
/// matched by their last parts; call [`check`] first (the shares below assume it passed).
pub fn held(cfg: &ModelConfig, name: &str, t: i64, rank: i64) -> Result<Held, SplitError> {
    if t == 1 {
        return Ok(Held::Whole);
    }
    let ends = |suffix: &str| name.ends_with(suffix);
    let hd = cfg.head_dim();
    if ends("embed_tokens.weight") || ends("lm_head.weight") {
        return Ok(Held::rows(vec![share(
            cfg.vocab_size,
            t,
            rank,
            "vocab_size",
        )?]));
    }
    if name.contains(".self_attn.") {
        let heads = share(cfg.num_attention_heads, t, rank, "num_attention_heads")?;
        let kv = kv_share(cfg.kv_heads(), t, rank)?;
        // Qwen3.5's q_proj gives each head [query | gate].
        let q_width = match matches!(cfg.family(), Ok(Family::Qwen3_5 | Family::Qwen3_5Moe)) {
            true => 2 * hd,
            false => hd,
        };
        return Ok(match () {
            _ if ends("q_proj.weight") => Held::rows(vec![rows_of(&heads, q_width)]),
            _ if ends("k_proj.weight") || ends("v_proj.weight") => {
                Held::rows(vec![rows_of(&kv, hd)])
            }
            _ if ends("o_proj.weight") => Held::Part {
                dim: 1,
                ranges: vec![rows_of(&heads, hd)],
            },
            _ => Held::Whole, // q_norm, k_norm: per head dim
        });
    }
    if name.contains(".linear_attn.") {
        let d = cfg.linear_dims();
        let k = share(d.num_k_heads, t, rank, "linear_num_key_heads")?;
        let v = share(d.num_v_heads, t, rank, "linear_num_value_heads")?;
        let (kd, dk, dv) = (d.key_dim(), d.k_head_dim, d.v_head_dim);
        // in_proj_qkv's rows and the convolution's channels: [q | k | v], each by heads.
        let qkv = vec![
            rows_of(&k, dk),
            kd + k.start * dk..kd + k.end * dk,
            2 * kd + v.start * dv..2 * kd + v.end * dv,
        ];
        return Ok(match () {
            _ if ends("in_proj_qkv.weight") || ends("conv1d.weight") => Held::rows(qkv),
            _ if ends("in_proj_z.weight") => Held::rows(vec![rows_of(&v, dv)]),
            _ if ends("in_proj_b.weight") || ends("in_proj_a.weight") => Held::rows(vec![v]),
            _ if ends("A_log") || ends("dt_bias") => Held::rows(vec![v]),
            _ if ends("out_proj.weight") => Held::Part {
                dim: 1,
                ranges: vec![rows_of(&v, dv)],
            },
            _ => Held::Whole, // the gated norm: per value head dim
        });
    }
    if ends("mlp.experts.gate_up_proj") || ends("mlp.experts.down_proj") {
        let m = cfg.moe_dims();
        return Ok(Held::rows(vec![share(
            m.num_experts,
            t,
            rank,
            "num_experts",
        )?]));
    }
    let mlp = |inter: i64, field| -> Result<Held, SplitError> {
        let cols = share(inter, t, rank, field)?;
        Ok(match ends("down_proj.weight") {
            true => Held::Part {
                dim: 1,
                ranges: vec![cols],
            },
            false => Held::rows(vec![cols]),
        })
    };
    let projection = ends("gate_proj.weight") || ends("up_proj.weight") || ends("down_proj.weight");
    if projection && name.contains(".mlp.shared_expert.") {
        return mlp(
            cfg.moe_dims().shared_inter,
            "shared_expert_intermediate_size",
        );
    }
    if projection && name.contains(".mlp.") {
        return mlp(cfg.intermediate_size, "intermediate_size");
    }
    // Norms, the router (`mlp.gate`), the shared expert's gate.
    Ok(Held::Whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(name: &str) -> ModelConfig {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../configs/shapes")
            .join(name);
        crate::model::read_config(&dir).unwrap()
    }

    /// One range of one dimension.
    fn one(dim: i64, r: Range<i64>) -> Held {
        Held::Part {
            dim,
            ranges: std::iter::once(r).collect(),
        }
    }

    #[test]
    fn shares_are_contiguous_in_rank_order_and_cover_everything_once() {
        let parts: Vec<Range<i64>> = (0..4).map(|r| share(12, 4, r, "x").unwrap()).collect();
        assert_eq!(parts, vec![0..3, 3..6, 6..9, 9..12]);
        let err = share(10, 4, 0, "num_experts").unwrap_err();
        assert_eq!(
            err.to_string(),
            "4 tensor-parallel ranks cannot split the model's num_experts = 10: the number of \
             ranks must divide it"
        );
    }

    /// Megatron's rule: with more ranks than key/value heads, each head is held by the ranks
    /// whose query heads read it (GQA: query head h reads key/value head h / (q / kv)).
    #[test]
    fn key_value_heads_are_replicated_on_the_ranks_whose_queries_read_them() {
        let (q, kv, t) = (64, 4, 8);
        for rank in 0..t {
            let held = kv_share(kv, t, rank).unwrap();
            let queries = share(q, t, rank, "q").unwrap();
            for h in queries {
                assert!(held.contains(&(h / (q / kv))), "rank {rank} query head {h}");
            }
            assert_eq!(held.end - held.start, 1);
        }
        assert_eq!(kv_share(8, 4, 3).unwrap(), 6..8);
        let err = kv_share(4, 6, 0).unwrap_err().to_string();
        assert!(
            err.contains("num_key_value_heads = 4") && err.contains("multiple"),
            "{err}"
        );
    }

    /// Every split weight's shares, over the ranks, are exactly its rows (or columns): nothing
    /// held twice, nothing missing, for each family's tensors.
    #[test]
    fn every_split_weight_is_covered_once_by_its_shares() {
        let cfg = shape("qwen3.5-35b-a3b");
        let d = cfg.linear_dims();
        let m = cfg.moe_dims();
        let l = "model.language_model.layers.0";
        let names = [
            (format!("{l}.linear_attn.in_proj_qkv.weight"), d.conv_dim()),
            (format!("{l}.linear_attn.conv1d.weight"), d.conv_dim()),
            (format!("{l}.linear_attn.in_proj_z.weight"), d.value_dim()),
            (format!("{l}.linear_attn.out_proj.weight"), d.value_dim()),
            (format!("{l}.linear_attn.A_log"), d.num_v_heads),
            (format!("{l}.mlp.experts.gate_up_proj"), m.num_experts),
            (
                format!("{l}.mlp.shared_expert.down_proj.weight"),
                m.shared_inter,
            ),
            ("lm_head.weight".to_string(), cfg.vocab_size),
            (
                format!("{l}.self_attn.q_proj.weight"),
                2 * cfg.num_attention_heads * cfg.head_dim(),
            ),
        ];
        let t = 2;
        check(&cfg, t).unwrap();
        for (name, n) in names {
            let mut seen = vec![0; n as usize];
            for rank in 0..t {
                let Held::Part { ranges, .. } = held(&cfg, &name, t, rank).unwrap() else {
                    panic!("{name} is split");
                };
                for i in ranges.into_iter().flatten() {
                    seen[i as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&c| c == 1), "{name}");
        }
        for whole in [
            format!("{l}.linear_attn.norm.weight"),
            format!("{l}.mlp.gate.weight"),
            format!("{l}.mlp.shared_expert_gate.weight"),
            format!("{l}.input_layernorm.weight"),
            "model.language_model.norm.weight".to_string(),
        ] {
            assert_eq!(held(&cfg, &whole, t, 1).unwrap(), Held::Whole, "{whole}");
        }
    }

    /// The q rows of a Qwen3.5 head are [query | gate], kept together; the linear attention's
    /// q, k and v channels each by heads.
    #[test]
    fn grouped_rows_stay_with_their_heads() {
        let cfg = shape("qwen3.5-35b-a3b");
        let l = "model.language_model.layers.3";
        let q = held(&cfg, &format!("{l}.self_attn.q_proj.weight"), 2, 1).unwrap();
        assert_eq!(q, one(0, 8 * 512..16 * 512));
        let o = held(&cfg, &format!("{l}.self_attn.o_proj.weight"), 2, 1).unwrap();
        assert_eq!(o, one(1, 8 * 256..16 * 256));
        let qkv = held(&cfg, "m.layers.0.linear_attn.in_proj_qkv.weight", 2, 1).unwrap();
        // 16 key heads and 32 value heads of 128: q 0..2048, k 2048..4096, v 4096..8192.
        assert_eq!(qkv, Held::rows(vec![1024..2048, 3072..4096, 6144..8192]));
        let w = tch::Tensor::arange(8192, (tch::Kind::Int64, tch::Device::Cpu)).view([8192, 1]);
        assert_eq!(qkv.take(&w).size(), [4096, 1]);
        assert_eq!(qkv.numel(&[8192, 2048]), 4096 * 2048);
        // Put back in place: both ranks' parts sum to the whole tensor, each row once.
        let whole = (0..2)
            .map(|r| {
                let h = held(&cfg, "m.layers.0.linear_attn.in_proj_qkv.weight", 2, r).unwrap();
                h.put(&h.take(&w), &[8192, 1])
            })
            .fold(w.zeros_like(), |a, b| a + b);
        assert!(whole.equal(&w));
    }

    /// The shapes past one GPU split at 8 ranks (one H200 node), key/value heads replicated;
    /// a rank then holds its eighth of the weights plus what stays whole.
    #[test]
    fn the_large_shapes_split_over_eight_ranks() {
        for name in ["qwen3-235b-a22b", "qwen3.5-122b-a10b", "qwen3.5-397b-a17b"] {
            let cfg = shape(name);
            check(&cfg, 8).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let cfg = shape("qwen3-235b-a22b");
        assert!(kv_share(cfg.kv_heads(), 8, 5).unwrap() == (2..3));
        // 16 of 128 experts and 1/8 of the vocabulary per rank.
        let experts = held(&cfg, "model.layers.7.mlp.experts.down_proj", 8, 3).unwrap();
        assert_eq!(experts, one(0, 48..64));
        assert_eq!(check(&cfg, 128).unwrap_err().field, "num_attention_heads");
        assert_eq!(check(&cfg, 3).unwrap_err().field, "vocab_size");
    }
}
