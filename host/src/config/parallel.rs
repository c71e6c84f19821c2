//! `[parallel]`: how one run spreads the model over its ranks (docs/scaling.md, "Tensor and
//! expert parallel"). Data parallelism needs no key: every rank launched (torchrun, srun) works
//! on its share of each step.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{invalid, ConfigError, TrainConfig};

/// `[parallel]`.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ParallelSection {
    /// Ranks that share one copy of the model (T, tensor parallel): a run of R ranks forms
    /// R / T data-parallel replicas of T consecutive ranks, each rank holding its share of every
    /// decoder layer (attention by heads, MLPs by intermediate columns, Gated DeltaNet by heads,
    /// an MoE's experts whole, E / T each). 1 (default): every rank holds the whole model. Every
    /// family, under LoRA.
    #[serde(default = "one")]
    pub tensor: usize,
}

fn one() -> usize {
    1
}

impl Default for ParallelSection {
    fn default() -> Self {
        ParallelSection { tensor: 1 }
    }
}

impl ParallelSection {
    /// Whether the run splits the model at all.
    pub fn splits(&self) -> bool {
        self.tensor > 1
    }

    /// The checks that need nothing but the config (the ranks and the model's shape are
    /// checked when the run starts, before anything loads).
    pub fn check(&self, cfg: &TrainConfig) -> Result<(), ConfigError> {
        if self.tensor == 0 {
            return Err(invalid(
                "parallel.tensor",
                "must be >= 1 (1: the whole model on every rank)",
            ));
        }
        if !self.splits() {
            return Ok(());
        }
        if cfg.model.lora.is_none() {
            return Err(invalid(
                "parallel.tensor",
                "a split model trains LoRA adapters on its frozen base: add [model.lora], or set \
                 parallel.tensor = 1",
            ));
        }
        Ok(())
    }

    /// The refusal of a world this split does not fit (`ranks` must be a multiple of T): the
    /// message for `parallel.tensor`.
    pub fn check_ranks(&self, ranks: usize) -> Result<(), String> {
        let t = self.tensor;
        // 0 is `check`'s to refuse.
        match ranks.checked_rem(t) {
            Some(0) | None => Ok(()),
            _ => Err(format!(
                "{t} must divide the number of ranks, {ranks}: launch a multiple of {t} ranks \
                 (torchrun --nproc-per-node, srun --ntasks), or set parallel.tensor to a \
                 divisor of {ranks}"
            )),
        }
    }
}
