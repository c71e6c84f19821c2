//! The base model's tensors by name and shape, from its config alone (nothing allocated), and
//! what one rank of a split holds of them: the per-rank weight figures the large presets state
//! (`configs/qwen3-235b-a22b-infill.toml`, docs/scaling.md). The list is checked against the
//! variables a built model makes, for every family (tests below); the rank's part comes from
//! the split's own rule, [`held`].

use super::slicing::{held, SplitError};
use crate::model::{MixerKind, ModelConfig};

/// Every base tensor (adapters aside) as Frost names it, with its shape: the checkpoint's names
/// without a multimodal prefix, an MoE's experts fused (`mlp.experts.gate_up_proj`).
pub fn base_tensors(cfg: &ModelConfig) -> Vec<(String, Vec<i64>)> {
    let (h, hd) = (cfg.hidden_size, cfg.head_dim());
    let (nh, nkv) = (cfg.num_attention_heads, cfg.kv_heads());
    let q_out = if cfg.qwen3_5_style() {
        2 * nh * hd
    } else {
        nh * hd
    };
    let d = cfg.linear_dims();
    let m = cfg.moe_dims();
    let mut out = vec![(
        "model.embed_tokens.weight".to_string(),
        vec![cfg.vocab_size, h],
    )];
    let layers = cfg.mixers().into_iter().zip(cfg.sparse_layers());
    for (i, (mixer, sparse)) in layers.enumerate() {
        let mut add = |name: &str, shape: &[i64]| {
            out.push((format!("model.layers.{i}.{name}"), shape.to_vec()));
        };
        add("input_layernorm.weight", &[h]);
        add("post_attention_layernorm.weight", &[h]);
        match mixer {
            MixerKind::Attention => {
                add("self_attn.q_proj.weight", &[q_out, h]);
                add("self_attn.k_proj.weight", &[nkv * hd, h]);
                add("self_attn.v_proj.weight", &[nkv * hd, h]);
                add("self_attn.o_proj.weight", &[h, nh * hd]);
                add("self_attn.q_norm.weight", &[hd]);
                add("self_attn.k_norm.weight", &[hd]);
            }
            MixerKind::Linear => {
                let nv = d.num_v_heads;
                add("linear_attn.in_proj_qkv.weight", &[d.conv_dim(), h]);
                add("linear_attn.in_proj_z.weight", &[d.value_dim(), h]);
                add("linear_attn.in_proj_b.weight", &[nv, h]);
                add("linear_attn.in_proj_a.weight", &[nv, h]);
                add(
                    "linear_attn.conv1d.weight",
                    &[d.conv_dim(), 1, d.conv_kernel],
                );
                add("linear_attn.dt_bias", &[nv]);
                add("linear_attn.A_log", &[nv]);
                add("linear_attn.norm.weight", &[d.v_head_dim]);
                add("linear_attn.out_proj.weight", &[h, d.value_dim()]);
            }
        }
        let mlp = |add: &mut dyn FnMut(&str, &[i64]), path: &str, inter: i64| {
            add(&format!("{path}.gate_proj.weight"), &[inter, h]);
            add(&format!("{path}.up_proj.weight"), &[inter, h]);
            add(&format!("{path}.down_proj.weight"), &[h, inter]);
        };
        if !sparse {
            mlp(&mut add, "mlp", cfg.intermediate_size);
            continue;
        }
        add("mlp.gate.weight", &[m.num_experts, h]);
        add("mlp.experts.gate_up_proj", &[m.num_experts, 2 * m.inter, h]);
        add("mlp.experts.down_proj", &[m.num_experts, h, m.inter]);
        if m.shared_inter > 0 {
            mlp(&mut add, "mlp.shared_expert", m.shared_inter);
            add("mlp.shared_expert_gate.weight", &[1, h]);
        }
    }
    out.push(("model.norm.weight".to_string(), vec![h]));
    if !cfg.tie_word_embeddings {
        out.push(("lm_head.weight".to_string(), vec![cfg.vocab_size, h]));
    }
    out
}

/// Base parameters one rank holds at `t` ranks per copy, as a split model holds them
/// ([`held`]): (split, whole).
pub fn per_rank(cfg: &ModelConfig, t: i64) -> Result<(i64, i64), SplitError> {
    let (mut split, mut whole) = (0, 0);
    for (name, shape) in base_tensors(cfg) {
        let numel: i64 = shape.iter().product();
        // Rank 0's share: every rank's is the same size (the split divides each count).
        let mine = held(cfg, &name, t, 0)?.numel(&shape);
        match mine == numel && t > 1 {
            true => whole += numel,
            false => split += mine,
        }
    }
    Ok((split, whole))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CausalLm, ModelConfig};
    use tch::{nn, Device};

    fn tiny_families() -> Vec<ModelConfig> {
        let dense = ModelConfig::new(64, 16, 24, 3, 8, 2, 4, false);
        let mut moe = dense.clone();
        moe.model_type = Some("qwen3_moe".into());
        moe.num_experts = Some(4);
        moe.num_experts_per_tok = Some(2);
        moe.moe_intermediate_size = Some(8);
        moe.mlp_only_layers = Some(vec![0]);
        let mut hybrid = dense.clone();
        hybrid.model_type = Some("qwen3_5_text".into());
        hybrid.tie_word_embeddings = true;
        hybrid.partial_rotary_factor = Some(0.5);
        hybrid.layer_types = Some(
            ["linear_attention", "full_attention", "linear_attention"]
                .map(String::from)
                .to_vec(),
        );
        hybrid.linear_num_key_heads = Some(2);
        hybrid.linear_num_value_heads = Some(4);
        hybrid.linear_key_head_dim = Some(4);
        hybrid.linear_value_head_dim = Some(2);
        hybrid.linear_conv_kernel_dim = Some(4);
        let mut hybrid_moe = hybrid.clone();
        hybrid_moe.model_type = Some("qwen3_5_moe_text".into());
        hybrid_moe.num_experts = Some(4);
        hybrid_moe.num_experts_per_tok = Some(2);
        hybrid_moe.moe_intermediate_size = Some(8);
        hybrid_moe.shared_expert_intermediate_size = Some(6);
        vec![dense, moe, hybrid, hybrid_moe]
    }

    /// The list names exactly the variables a built model of each family makes, with their
    /// shapes, and its count is the config's parameter count.
    #[test]
    fn the_inventory_is_what_a_built_model_holds() {
        for cfg in tiny_families() {
            let vs = nn::VarStore::new(Device::Cpu);
            CausalLm::new(vs.root(), &cfg, None).unwrap();
            let mut built: Vec<(String, Vec<i64>)> = (vs.variables().into_iter())
                .map(|(n, t)| (n, t.size()))
                .collect();
            built.sort();
            let mut listed = base_tensors(&cfg);
            listed.sort();
            assert_eq!(listed, built, "{:?}", cfg.model_type);
            let total: i64 = listed.iter().map(|(_, s)| s.iter().product::<i64>()).sum();
            assert_eq!(total, cfg.parameter_count(), "{:?}", cfg.model_type);
            assert_eq!(per_rank(&cfg, 1).unwrap(), (total, 0));
        }
    }

    /// Qwen3-235B-A22B at 8 ranks: what the preset states.
    #[test]
    fn qwen3_235b_splits_eight_ways_to_about_an_eighth() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/shapes");
        let cfg = crate::model::read_config(&dir.join("qwen3-235b-a22b")).unwrap();
        // Per layer: 1/8 of q and o (4,194,304 each), one KV head of k and v (524,288 each),
        // 16 of the 128 experts (301,989,888); 1/8 of the embedding's and the LM head's
        // vocabulary rows (622,329,856 each); whole: the router (524,288), the norms (8,448),
        // the final norm.
        let (split, whole) = per_rank(&cfg, 8).unwrap();
        assert_eq!(split, 94 * 311_427_072 + 2 * 622_329_856 / 8);
        assert_eq!(whole, 94 * 532_736 + 4096);
        assert_eq!(split + whole, 29_479_808_512);
        // Printed for the presets' comments (`cargo test -- --nocapture`).
        for (shape, t) in [
            ("qwen3-235b-a22b", 8),
            ("qwen3.5-122b-a10b", 4),
            ("qwen3.5-122b-a10b", 8),
        ] {
            let cfg = crate::model::read_config(&dir.join(shape)).unwrap();
            let (split, whole) = per_rank(&cfg, t).unwrap();
            println!(
                "{shape} at T = {t}: {} per rank ({split} split, {whole} whole)",
                split + whole
            );
        }
    }

    /// The split presets state what the shapes give: their base weights per rank (exactly) and
    /// their adapters' size (to the 0.1M printed), and the split their shape allows.
    #[test]
    fn the_split_presets_state_their_shares() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        for (preset, shape) in [
            ("qwen3-235b-a22b-infill.toml", "qwen3-235b-a22b"),
            ("qwen3.5-122b-a10b-infill.toml", "qwen3.5-122b-a10b"),
        ] {
            let text = std::fs::read_to_string(root.join("configs").join(preset)).unwrap();
            let cfg = crate::config::TrainConfig::from_toml(&text, preset, &[]).unwrap();
            let model =
                crate::model::read_config(&root.join("configs/shapes").join(shape)).unwrap();
            let t = cfg.parallel.tensor as i64;
            crate::model::tensor_parallel::check(&model, t).unwrap();
            let stated = |key: &str| -> f64 {
                let line = (text.lines().find(|l| l.contains(key)))
                    .unwrap_or_else(|| panic!("{preset}: no line with {key}"));
                let rest = &line[line.find(key).unwrap() + key.len()..];
                let number: String = (rest.trim_start().chars())
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect();
                number.parse().unwrap()
            };
            let (split, whole) = per_rank(&model, t).unwrap();
            let weights = stated("base weights per rank:");
            assert_eq!(weights, (split + whole) as f64, "{preset}");
            let lora = cfg.model.lora.as_ref().unwrap();
            let targeted = |name: &str| {
                let module = name.trim_end_matches(".weight").rsplit('.').next().unwrap();
                lora.target_modules.iter().any(|t| t == module)
            };
            let adapters: i64 = (base_tensors(&model).iter())
                .filter(|(n, s)| s.len() == 2 && targeted(n))
                .map(|(_, s)| lora.r * (s[0] + s[1]))
                .sum();
            let millions = (adapters as f64 / 1e5).round() / 10.0;
            assert_eq!(stated("adapters:"), millions, "{preset}");
        }
    }
}
