//! A model's place in its tensor-parallel group: the group, and the whole model's shape, from
//! which each weight's held part follows (`slicing::held`). The model's builder takes one to
//! make a rank's share of the model (`CausalLm::new_sharded`).

use std::sync::Arc;

use super::slicing::{self, Held, SplitError};
use crate::dist::Group;
use crate::model::ModelConfig;

#[derive(Debug)]
pub struct Shard {
    pub group: Arc<Group>,
    /// The whole model's shape (not this rank's share of it).
    pub cfg: ModelConfig,
}

impl Shard {
    /// `cfg` split over `group`, refused in one line when the group cannot split it.
    pub fn new(group: Arc<Group>, cfg: &ModelConfig) -> Result<Shard, SplitError> {
        slicing::check(cfg, group.size as i64)?;
        Ok(Shard {
            group,
            cfg: cfg.clone(),
        })
    }

    /// The part of the checkpoint's tensor `name` this rank holds.
    pub fn held(&self, name: &str) -> Result<Held, SplitError> {
        slicing::held(
            &self.cfg,
            name,
            self.group.size as i64,
            self.group.rank as i64,
        )
    }

    /// The first of the experts this rank holds (0 for a model without experts).
    pub fn first_expert(&self) -> i64 {
        match self.cfg.sparse_layers().contains(&true) {
            true => self.group.rank as i64 * self.per_rank(self.cfg.moe_dims().num_experts),
            false => 0,
        }
    }

    /// `count` heads (or experts, or vocabulary rows) split evenly: this rank's number.
    pub fn per_rank(&self, count: i64) -> i64 {
        count / self.group.size as i64
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{CausalLm, LoraConfig};

    /// Built for every family under LoRA: a full fine-tune is refused naming `parallel.tensor`.
    #[test]
    fn what_a_split_model_is_built_for() {
        let lora = LoraConfig::new(2, 4.0);
        assert!(CausalLm::check_splittable(Some(&lora)).is_ok());
        let full = CausalLm::check_splittable(None).unwrap_err().to_string();
        assert!(
            full.contains("parallel.tensor") && full.contains("LoRA"),
            "{full}"
        );
    }
}
