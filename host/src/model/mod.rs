//! The supported causal LMs (Qwen3, Qwen3.5, their MoE forms) on libtorch: the network, LoRA adapters, Hugging
//! Face loading/saving, the tokenizer, cached sampling and teacher-forced log-probs. The API is
//! described in docs/dev/contracts.md.

mod attention;
mod blocks;
mod causal_lm;
mod config;
mod delta_rule;
mod families;
mod grouped_mm;
mod layer_states;
mod load;
mod logprobs;
mod lora;
mod merge;
mod moe;
mod parts;
mod qwen3_5;
mod router_loss;
mod safetensors_file;
mod sample;
mod save;
pub mod tensor_parallel;
mod tokenizer;
mod vocab_ends;
mod weights;

use std::path::PathBuf;

pub use blocks::acc_kind;
pub use causal_lm::{CausalLm, Input, RouterLogits};
pub use config::ModelConfig;
pub use families::{Family, LinearDims, MixerKind, MoeDims};
pub use layer_states::LayerStates;
pub use load::{read_config, LoadOptions, LoadedModel};
pub use logprobs::{logprobs_from_logits, move_logprobs, move_logprobs_no_cache, MoveLogProbs};
pub use lora::{LoraConfig, LoraLinear};
pub use parts::{expert_forms_differ, part_runner, Part, PartRun};
pub use router_loss::load_balancing_loss;
pub use sample::{
    left_pad, moves_tensor, sample, SampleRequest, Sampled, SamplingParams, StepBan, Stranded,
    MASKED_LOGIT,
};
pub use save::{base_tensors, hf_dtype, save_pretrained, write_weights, DEFAULT_SHARD_BYTES};
pub use tokenizer::{Tok, TokenizerConfig, CHATML_TEMPLATE};
pub use weights::load_weights;

/// Everything that can go wrong when building, loading or saving a model. Each message names
/// the file, field or tensor at fault.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("missing {what}: {path} does not exist")]
    MissingFile { path: PathBuf, what: String },
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot parse {path}: {source}")]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error(
        "{path}: architecture is {found}; Frost runs Qwen3, Qwen3.5, Qwen3 MoE and Qwen3.5 MoE \
         checkpoints (Qwen3ForCausalLM, Qwen3_5ForConditionalGeneration, Qwen3MoeForCausalLM, \
         Qwen3_5MoeForConditionalGeneration and their text-only forms)"
    )]
    Architecture { path: PathBuf, found: String },
    #[error("invalid model config field `{field}`: {msg}")]
    Config { field: String, msg: String },
    #[error("tensor `{name}` in {path} has shape {found:?}, the config expects {expected:?}")]
    Shape {
        name: String,
        path: PathBuf,
        expected: Vec<i64>,
        found: Vec<i64>,
    },
    #[error("tensor `{name}` is missing from the weights in {path}")]
    MissingTensor { name: String, path: PathBuf },
    #[error("tokenizer {path}: {msg}")]
    Tokenizer { path: PathBuf, msg: String },
    #[error(
        "the tokenizer knows {tokenizer} tokens but the embedding has only {embedding} rows \
         (vocab_size in config.json): use the tokenizer this model was trained with"
    )]
    VocabTooLarge { tokenizer: usize, embedding: i64 },
    #[error("adapter {path}: {msg}")]
    Adapter { path: PathBuf, msg: String },
    #[error("chat template: {0}")]
    ChatTemplate(String),
    #[error("{path}: {source}")]
    Torch {
        path: PathBuf,
        source: tch::TchError,
    },
}

impl ModelError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        ModelError::Io {
            path: path.into(),
            source,
        }
    }
    pub(crate) fn config(field: &str, msg: impl Into<String>) -> Self {
        ModelError::Config {
            field: field.to_string(),
            msg: msg.into(),
        }
    }
}
