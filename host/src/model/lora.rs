//! A linear layer (no bias) with an optional LoRA adapter, PEFT-compatible.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tch::{nn, Kind, Tensor};

use super::tensor_parallel::{reduce_in_model, Held};
use super::ModelError;
use crate::dist::Group;

/// LoRA hyper-parameters (PEFT's `LoraConfig` subset we support: dropout must be 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoraConfig {
    pub r: i64,
    pub alpha: f64,
    pub dropout: f64,
    /// Projection names, e.g. `q_proj`, `k_proj`, `v_proj`, `o_proj`, `gate_proj`, `up_proj`,
    /// `down_proj`, Qwen3.5's `in_proj_qkv` .. `out_proj`, or `all-linear`.
    pub target_modules: Vec<String>,
    /// PEFT's `target_parameters`: the fused experts of MoE layers (`mlp.experts.gate_up_proj`,
    /// `mlp.experts.down_proj`), adapted per expert as PEFT's `ParamWrapper` does. Empty by
    /// default: experts train no adapter.
    #[serde(default)]
    pub target_parameters: Vec<String>,
}

impl LoraConfig {
    /// The seven projections of full attention and the MLP: the default (on Qwen3.5, what the
    /// method's authors train: no linear-attention layer).
    pub const ALL_TARGETS: [&'static str; 7] = [
        "q_proj",
        "k_proj",
        "v_proj",
        "o_proj",
        "gate_proj",
        "up_proj",
        "down_proj",
    ];

    /// Qwen3.5's linear-attention projections (PEFT's names).
    pub const LINEAR_ATTENTION_TARGETS: [&'static str; 5] = [
        "in_proj_qkv",
        "in_proj_z",
        "in_proj_b",
        "in_proj_a",
        "out_proj",
    ];

    /// The experts' fused parameters an adapter may target (PEFT's `target_parameters`), in the
    /// order PEFT nests their wrappers (the first innermost).
    pub const EXPERT_TARGETS: [&'static str; 2] =
        ["mlp.experts.gate_up_proj", "mlp.experts.down_proj"];

    /// PEFT's shorthand for every linear layer of the decoder (not the LM head).
    pub const ALL_LINEAR: &'static str = "all-linear";

    /// Rank `r`, `alpha`, dropout 0, all seven projections.
    pub fn new(r: i64, alpha: f64) -> Self {
        LoraConfig {
            r,
            alpha,
            dropout: 0.0,
            target_modules: Self::ALL_TARGETS.iter().map(|s| s.to_string()).collect(),
            target_parameters: Vec::new(),
        }
    }

    pub fn scale(&self) -> f64 {
        self.alpha / self.r as f64
    }

    /// Whether the projection `name` gets an adapter.
    pub fn targets(&self, name: &str) -> bool {
        self.target_modules
            .iter()
            .any(|t| t == name || t == Self::ALL_LINEAR)
    }

    /// Whether the experts' fused parameter `name` (`gate_up_proj`, `down_proj`) gets an adapter.
    pub fn targets_experts(&self, name: &str) -> bool {
        self.target_parameters
            .iter()
            .any(|t| t.strip_prefix("mlp.experts.") == Some(name))
    }

    /// Checks what the adapters rely on: a positive rank, no dropout, known projection names.
    pub(crate) fn validate(&self) -> Result<(), ModelError> {
        if self.r <= 0 {
            return Err(ModelError::config(
                "model.lora.r",
                format!("must be positive, got {}", self.r),
            ));
        }
        if self.dropout != 0.0 {
            return Err(ModelError::config(
                "model.lora.dropout",
                "only 0 is supported",
            ));
        }
        let known = |t: &str| {
            Self::ALL_TARGETS.contains(&t)
                || Self::LINEAR_ATTENTION_TARGETS.contains(&t)
                || t == Self::ALL_LINEAR
        };
        for t in &self.target_modules {
            if !known(t) {
                return Err(ModelError::config(
                    "model.lora.target_modules",
                    format!(
                        "unknown module `{t}`; expected `{}` or some of {:?} and {:?}",
                        Self::ALL_LINEAR,
                        Self::ALL_TARGETS,
                        Self::LINEAR_ATTENTION_TARGETS
                    ),
                ));
            }
        }
        if let Some(t) =
            (self.target_parameters.iter()).find(|t| !Self::EXPERT_TARGETS.contains(&t.as_str()))
        {
            return Err(ModelError::config(
                "model.lora.target_parameters",
                format!(
                    "unknown parameter `{t}`; expected some of {:?}",
                    Self::EXPERT_TARGETS
                ),
            ));
        }
        Ok(())
    }
}

/// `y = x W^T (+ scale * B A x when the adapter is on)`. A and B are kept in f32 whatever the base
/// dtype, as PEFT does, so small optimizer steps are not lost to bf16 rounding.
#[derive(Debug)]
pub struct LoraLinear {
    /// This rank's part of the base weight (all of it unless `parallel` splits it).
    pub weight: Tensor,
    /// (A [r, in], B [out, r]), whole on every rank whatever `parallel` says.
    pub lora: Option<(Tensor, Tensor)>,
    scale: f64,
    enabled: Arc<AtomicBool>,
    parallel: Parallel,
}

/// How a projection's base weight is shared by a tensor-parallel group (docs/scaling.md).
/// The adapter stays whole on every rank (it is small): a rank uses the part that meets its
/// share of the weight, so its gradient lands in the unsharded layout, zeros elsewhere, and the
/// one all-reduce that already sums gradients over the ranks gives the unsharded gradient.
#[derive(Debug)]
pub enum Parallel {
    Whole,
    /// This rank's output features (the weight's rows `held`): no communication; the layer
    /// sums its input's gradient over the group once for all such projections (`blocks::enter`).
    Column(Held),
    /// This rank's input features (the weight's columns `held`): the partial products summed
    /// over the group, one all-reduce.
    Row(Arc<Group>, Held),
}
/// How a freshly built layer's weights are set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum WeightInit {
    /// Normal(0, std), as `transformers` initialises a new model.
    Normal(f64),
    /// Left uninitialised because a checkpoint overwrites it next.
    Empty,
}

/// A base weight `p.name` of shape `dims`, initialised as `init` says; `trainable` without
/// adapters (full fine-tuning, pretraining).
pub(crate) fn base_var(
    p: &nn::Path,
    name: &str,
    dims: &[i64],
    init: WeightInit,
    trainable: bool,
) -> Tensor {
    let opts = (p.kind(), p.device());
    let t = match init {
        WeightInit::Normal(std) => Tensor::randn(dims, opts) * std,
        WeightInit::Empty => Tensor::empty(dims, opts),
    };
    p.add(name, t, trainable)
}

impl LoraLinear {
    /// `p` is the projection's path (e.g. `model.layers.0.self_attn.q_proj`): the base weight is
    /// `p.weight`, the adapter `p.lora_A.weight` and `p.lora_B.weight` (PEFT's names). `lora` is
    /// this projection's adapter (None: not a target); `train_base` says whether base weights
    /// train (full fine-tuning only: under LoRA a projection that is not a target stays frozen,
    /// as the judge, adapters off, must).
    /// This rank's part of the weight (`parallel`; all of it unless split); `dims` are the
    /// whole projection's [in, out].
    pub(crate) fn new(
        p: nn::Path,
        [in_dim, out_dim]: [i64; 2],
        lora: Option<&LoraConfig>,
        (train_base, init): (bool, WeightInit),
        enabled: Arc<AtomicBool>,
        parallel: Parallel,
    ) -> Self {
        let whole = [out_dim, in_dim];
        let dims = match &parallel {
            Parallel::Whole => whole,
            Parallel::Column(held) => [held.numel(&whole) / in_dim, in_dim],
            Parallel::Row(_, held) => [out_dim, held.numel(&whole) / out_dim],
        };
        let weight = base_var(&p, "weight", &dims, init, train_base);
        let lora_params = lora.map(|cfg| {
            let dev = p.device();
            // PEFT: kaiming_uniform_(a=sqrt(5)) on A, i.e. U(-1/sqrt(in), 1/sqrt(in)); B = 0.
            let bound = 1.0 / (in_dim as f64).sqrt();
            let a = Tensor::empty([cfg.r, in_dim], (Kind::Float, dev)).uniform_(-bound, bound);
            let b = Tensor::zeros([out_dim, cfg.r], (Kind::Float, dev));
            let a = (&p / "lora_A").add("weight", a, true);
            let b = (&p / "lora_B").add("weight", b, true);
            (a, b)
        });
        LoraLinear {
            weight,
            lora: lora_params,
            scale: lora.map_or(0.0, |c| c.scale()),
            enabled,
            parallel,
        }
    }

    /// `x W^T + scale * (x A^T) B^T`. The adapters are f32 master weights, computed in the
    /// activation dtype: A and B (r rows: small) are cast, never the input, so a bf16 model runs
    /// bf16 GEMMs with no f32 copy of each projection's input kept for the backward; the
    /// gradient still lands on the f32 weights through the cast. On a share of the weight,
    /// B's rows (column-parallel) or A's columns (row-parallel) that meet the share.
    pub fn forward(&self, x: &Tensor) -> Tensor {
        let y = x.linear::<Tensor>(&self.weight, None);
        let y = match &self.lora {
            Some((a, b)) if self.enabled.load(Ordering::Relaxed) => {
                let kind = x.kind();
                let (a, b) = match &self.parallel {
                    Parallel::Whole => (a.shallow_clone(), b.shallow_clone()),
                    Parallel::Column(held) => (a.shallow_clone(), held.take(b)),
                    Parallel::Row(_, held) => (held.take(a), b.shallow_clone()),
                };
                let d = x
                    .linear::<Tensor>(&a.to_kind(kind), None)
                    .linear::<Tensor>(&b.to_kind(kind), None)
                    * self.scale;
                y + d
            }
            _ => y,
        };
        match &self.parallel {
            Parallel::Row(g, _) => reduce_in_model(g, &y),
            _ => y,
        }
    }
}

/// An adapter on one fused expert parameter (`experts.gate_up_proj` [E, out, in] or
/// `experts.down_proj`), laid out as PEFT's `ParamWrapper` stores it: `lora_A.weight`
/// [r*E, in] (expert e's A in rows e*r..), `lora_B.weight` [out, r*E] (expert e's B in columns
/// j*E + e), so expert e's weight becomes `W_e + (alpha / r) B_e A_e`. f32 master weights, as
/// [`LoraLinear`]'s.
#[derive(Debug)]
pub(crate) struct ExpertAdapter {
    a: Tensor,
    b: Tensor,
    experts: i64,
    scale: f64,
}

impl ExpertAdapter {
    /// `p` is PEFT's wrapper path: `mlp.experts`, or `mlp.experts.base_layer` for the inner of
    /// two wrappers. PEFT's init: A ~ U(-1/sqrt(in), 1/sqrt(in)), B = 0.
    pub(crate) fn new(p: &nn::Path, dims: [i64; 3], cfg: &LoraConfig) -> Self {
        let [experts, out_dim, in_dim] = dims;
        let dev = p.device();
        let bound = 1.0 / (in_dim as f64).sqrt();
        let a =
            Tensor::empty([cfg.r * experts, in_dim], (Kind::Float, dev)).uniform_(-bound, bound);
        let b = Tensor::zeros([out_dim, cfg.r * experts], (Kind::Float, dev));
        ExpertAdapter {
            a: (p / "lora_A").add("weight", a, true),
            b: (p / "lora_B").add("weight", b, true),
            experts,
            scale: cfg.scale(),
        }
    }

    /// Per expert, in `kind`: (A [E, r, in], scale * B [E, out, r]).
    pub(crate) fn factors(&self, kind: Kind) -> (Tensor, Tensor) {
        let a = self.a.to_kind(kind);
        let b = self.b.to_kind(kind) * self.scale;
        per_expert(&a, &b, self.experts)
    }
}

/// PEFT's `ParamWrapper` factors `lora_A.weight` [r*E, in] and `lora_B.weight` [out, r*E] as
/// per-expert (A [E, r, in], B [E, out, r]) (B made contiguous: grouped GEMMs need it).
pub(crate) fn per_expert(a: &Tensor, b: &Tensor, experts: i64) -> (Tensor, Tensor) {
    let a3 = a.view([experts, -1, a.size()[1]]);
    let b3 = b
        .view([b.size()[0], -1, experts])
        .permute([2, 0, 1])
        .contiguous();
    (a3, b3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{CausalLm, ModelConfig};

    /// The trainable variables of `cfg` built with adapters on `targets`.
    fn trainable(cfg: &ModelConfig, targets: &[&str]) -> Vec<String> {
        let mut lora = LoraConfig::new(2, 4.0);
        lora.target_modules = targets.iter().map(|s| s.to_string()).collect();
        let vs = nn::VarStore::new(tch::Device::Cpu);
        CausalLm::new(vs.root(), cfg, Some(&lora)).unwrap();
        let mut names: Vec<String> = (vs.variables().into_iter())
            .filter(|(_, t)| t.requires_grad())
            .map(|(n, _)| n)
            .collect();
        names.sort();
        names
    }

    /// Under LoRA only adapters train: a projection that is not a target keeps its base weight
    /// frozen (the judge, adapters off, must not move), on dense Qwen3 with some targets and on
    /// Qwen3.5, whose default targets leave the linear-attention projections out.
    #[test]
    fn only_adapters_train_whatever_the_targets() {
        let qwen3 = ModelConfig::new(50, 16, 24, 2, 2, 1, 8, true);
        let names = trainable(&qwen3, &["q_proj", "v_proj"]);
        assert_eq!(names.len(), 2 * 2 * 2, "{names:?}");
        assert!(names.iter().all(|n| n.contains(".lora_")), "{names:?}");

        let text = serde_json::json!({
            "model_type": "qwen3_5_text", "vocab_size": 50, "hidden_size": 16,
            "intermediate_size": 24, "num_hidden_layers": 2, "num_attention_heads": 2,
            "num_key_value_heads": 1, "head_dim": 8, "linear_num_key_heads": 1,
            "linear_num_value_heads": 2, "linear_key_head_dim": 4, "linear_value_head_dim": 4,
            "full_attention_interval": 2, "rope_theta": 10000.0
        });
        let qwen3_5: ModelConfig = serde_json::from_value(text).unwrap();
        let names = trainable(&qwen3_5, &LoraConfig::ALL_TARGETS);
        // Layer 1's four attention projections and both layers' three MLP projections.
        assert_eq!(names.len(), 2 * (4 + 2 * 3), "{names:?}");
        assert!(names.iter().all(|n| n.contains(".lora_")), "{names:?}");
        // Without adapters everything trains (full fine-tuning).
        let vs = nn::VarStore::new(tch::Device::Cpu);
        CausalLm::new(vs.root(), &qwen3_5, None).unwrap();
        assert!(vs.variables().values().all(|t| t.requires_grad()));
    }
}
