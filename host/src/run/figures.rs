//! Where a log line's figures go besides its jsonl file: TensorBoard and W&B, fed in one place
//! with the same lines.

use serde_json::Value;

use crate::run::tensorboard::Tensorboard;
use crate::run::wandb::Wandb;

/// The run's figure outputs, each on or off.
pub struct Figures {
    pub tensorboard: Tensorboard,
    pub wandb: Wandb,
}

impl Figures {
    /// A metrics.jsonl or eval.jsonl line, as it was appended.
    pub fn log(&mut self, line: &Value) {
        self.tensorboard.log(line);
        self.wandb.log(line);
    }

    /// The run ended (`ok`: without an error): W&B writes its last row and closes.
    pub fn finish(&mut self, ok: bool) {
        self.wandb.finish(ok);
    }
}
