//! The pretraining settings: model shape and optimizer schedule (`Hyper`), the presets,
//! their checks, `--set` overrides and the learning-rate schedule.

use serde::{Deserialize, Serialize};

use super::PretrainError;
use crate::config::overrides::from_table_with_overrides;

/// The preset model and schedule sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModelSize {
    /// The embedded default: 2.6M parameters, at most about 15 minutes on a 2-core CPU.
    Small,
    /// The scale study's larger model: 11.3M parameters (4.4x), same tokenizer and corpus.
    Medium,
    /// The scale study's smaller model: 0.6M parameters (a quarter), same tokenizer and corpus.
    Mini,
    /// For tests: a few thousand parameters, a few seconds.
    Tiny,
}

/// Everything that shapes the trained weights. Stored in the checkpoint (a resume must use the
/// same) and in `pretrain.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hyper {
    pub vocab_size: usize,
    pub hidden_size: i64,
    pub num_layers: i64,
    pub num_heads: i64,
    pub num_kv_heads: i64,
    pub head_dim: i64,
    pub intermediate_size: i64,
    /// Tokens per training window (also the model's `max_position_embeddings`).
    pub seq_len: usize,
    pub batch_size: usize,
    /// Steps asked for (a time budget may plan fewer: see `schedule`).
    pub steps: usize,
    pub warmup_steps: usize,
    pub lr: f64,
    /// The cosine decays to `lr * min_lr_ratio`.
    pub min_lr_ratio: f64,
    pub weight_decay: f64,
    pub beta1: f64,
    pub beta2: f64,
    pub grad_clip: f64,
    pub seed: u64,
}

impl Hyper {
    pub fn preset(size: ModelSize) -> Hyper {
        match size {
            // head_dim is explicit and heads x head_dim (256) != hidden_size (192), as in
            // Qwen3-0.6B; GQA 2:1; tied embeddings. 2.6M parameters (0.8M in the embedding).
            ModelSize::Small => Hyper {
                vocab_size: 4096,
                hidden_size: 192,
                num_layers: 4,
                num_heads: 4,
                num_kv_heads: 2,
                head_dim: 64,
                intermediate_size: 512,
                seq_len: 256,
                batch_size: 16,
                steps: 800,
                warmup_steps: 40,
                lr: 3e-3,
                min_lr_ratio: 0.1,
                weight_decay: 0.1,
                beta1: 0.9,
                beta2: 0.95,
                grad_clip: 1.0,
                seed: 0,
            },
            // The default's shape grown in width and depth (hidden 2x, layers 1.5x, the MLP
            // 2x), the same vocabulary, context, batch and schedule: 11.3M parameters.
            ModelSize::Medium => Hyper {
                hidden_size: 384,
                num_layers: 6,
                num_heads: 6,
                num_kv_heads: 3,
                intermediate_size: 1024,
                ..Hyper::preset(ModelSize::Small)
            },
            // The default's shape shrunk in width and depth (hidden and MLP halved, 2 layers
            // of 2 heads): 0.6M parameters, most of them the embedding.
            ModelSize::Mini => Hyper {
                hidden_size: 96,
                num_layers: 2,
                num_heads: 2,
                num_kv_heads: 1,
                intermediate_size: 256,
                ..Hyper::preset(ModelSize::Small)
            },
            ModelSize::Tiny => Hyper {
                vocab_size: 512,
                hidden_size: 64,
                num_layers: 2,
                num_heads: 4,
                num_kv_heads: 2,
                head_dim: 16,
                intermediate_size: 128,
                seq_len: 64,
                batch_size: 8,
                steps: 30,
                warmup_steps: 5,
                lr: 3e-3,
                min_lr_ratio: 0.1,
                weight_decay: 0.1,
                beta1: 0.9,
                beta2: 0.95,
                grad_clip: 1.0,
                seed: 0,
            },
        }
    }

    /// These settings with `--set KEY=VALUE` overrides applied (`hidden_size=192`, `lr=1e-3`),
    /// through the same TOML machinery as the training config's `--set`: an unknown key is
    /// named with the known ones, a value of the wrong type names its field.
    pub fn with_overrides(&self, specs: &[String]) -> Result<Hyper, PretrainError> {
        let err = |msg: String| PretrainError::Option {
            option: "--set".to_string(),
            msg,
        };
        let doc = toml::Table::try_from(self).map_err(|e| err(e.to_string()))?;
        from_table_with_overrides(doc, specs).map_err(|e| err(e.to_string()))
    }

    pub(super) fn validate(&self) -> Result<(), PretrainError> {
        let bad = |option: &str, msg: &str| {
            Err(PretrainError::Option {
                option: option.to_string(),
                msg: msg.to_string(),
            })
        };
        if self.steps == 0 {
            return bad("--steps", "must be at least 1");
        }
        if self.batch_size == 0 {
            return bad("--batch-size", "must be at least 1");
        }
        if self.seq_len < 2 {
            return bad("--seq-len", "must be at least 2");
        }
        if self.vocab_size < 260 {
            return bad(
                "--vocab-size",
                "must be at least 260 (3 special tokens + 256 bytes + 1 merge)",
            );
        }
        if !(self.lr > 0.0 && self.lr.is_finite()) {
            return bad("--lr", "must be a positive number");
        }
        Ok(())
    }

    /// Linear warmup from 0, then cosine from `lr` down to `lr * min_lr_ratio` at the last of
    /// `planned` steps (`steps`, or fewer when a time budget shortened the plan).
    pub fn lr_at(&self, step: usize, planned: usize) -> f64 {
        if step < self.warmup_steps {
            return self.lr * (step + 1) as f64 / self.warmup_steps as f64;
        }
        let span = planned.saturating_sub(self.warmup_steps).max(1) as f64;
        let progress = ((step - self.warmup_steps) as f64 / span).min(1.0);
        crate::update::schedule::cosine_decay(self.lr, self.min_lr_ratio, progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_warms_up_linearly_then_decays_by_cosine_to_the_floor() {
        let h = Hyper {
            steps: 110,
            warmup_steps: 10,
            lr: 1.0,
            min_lr_ratio: 0.1,
            ..Hyper::preset(ModelSize::Tiny)
        };
        let lr = |s| h.lr_at(s, h.steps);
        assert!((lr(0) - 0.1).abs() < 1e-12);
        assert!((lr(9) - 1.0).abs() < 1e-12);
        assert!((lr(10) - 1.0).abs() < 1e-12);
        assert!(
            (lr(60) - 0.55).abs() < 1e-12,
            "half way: mean of peak and floor"
        );
        assert!((lr(110) - 0.1).abs() < 1e-12);
        let lrs: Vec<f64> = (10..110).map(lr).collect();
        assert!(lrs.windows(2).all(|w| w[1] <= w[0]));
        // A shortened plan reaches the floor at its own last step.
        assert!((h.lr_at(60, 60) - 0.1).abs() < 1e-12);
    }

    fn set(h: &Hyper, specs: &[&str]) -> Result<Hyper, String> {
        let specs: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        h.with_overrides(&specs).map_err(|e| e.to_string())
    }

    /// Parameters of a preset's Qwen3 (tied embedding): the scale study's medium model is
    /// 4-8x the embedded default and its mini model 4-8x smaller, with the same vocabulary,
    /// context and schedule.
    #[test]
    fn the_medium_preset_is_four_to_eight_times_the_default() {
        let params = |h: &Hyper| {
            let (d, v) = (h.hidden_size, h.vocab_size as i64);
            let attn = d * h.head_dim * (2 * h.num_heads + 2 * h.num_kv_heads);
            let mlp = 3 * d * h.intermediate_size;
            let norms = 2 * d + 2 * h.head_dim;
            v * d + h.num_layers * (attn + mlp + norms) + d
        };
        let (small, medium) = (
            Hyper::preset(ModelSize::Small),
            Hyper::preset(ModelSize::Medium),
        );
        // The counts the pretraining logs (`model: N parameters`).
        assert_eq!(params(&small), 2_558_144);
        assert_eq!(params(&medium), 11_310_720);
        let ratio = params(&medium) as f64 / params(&small) as f64;
        assert!((4.0..=8.0).contains(&ratio), "{ratio}");
        let same = |h: &Hyper| (h.vocab_size, h.seq_len, h.batch_size, h.steps, h.lr, h.seed);
        assert_eq!(same(&small), same(&medium));
        assert_eq!(medium.num_heads % medium.num_kv_heads, 0);
        let mini = Hyper::preset(ModelSize::Mini);
        let down = params(&small) as f64 / params(&mini) as f64;
        assert!((4.0..=8.0).contains(&down), "{down}");
        assert_eq!(same(&small), same(&mini));
    }

    #[test]
    fn set_changes_fields_and_names_bad_keys_and_values() {
        let h = Hyper::preset(ModelSize::Small);
        let got = set(&h, &["hidden_size=96", "lr = 1e-3", "seed=7"]).unwrap();
        assert_eq!((got.hidden_size, got.lr, got.seed), (96, 1e-3, 7));
        assert_eq!(got.num_layers, h.num_layers, "other fields kept");
        let e = set(&h, &["hidden=3"]).unwrap_err();
        assert!(
            e.contains("--set")
                && e.contains("unknown field `hidden`")
                && e.contains("hidden_size"),
            "{e}"
        );
        let e = set(&h, &["num_layers=two"]).unwrap_err();
        assert!(
            e.contains("num_layers") && e.contains("invalid type"),
            "{e}"
        );
        let e = set(&h, &["steps=-1"]).unwrap_err();
        assert!(e.contains("steps"), "{e}");
        assert!(set(&h, &["num_layers"]).unwrap_err().contains("KEY=VALUE"));
    }
}
