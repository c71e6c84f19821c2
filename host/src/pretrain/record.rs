//! `pretrain.json`: what was trained on, how, and how well the model does on held-out text.

use serde::{Deserialize, Serialize};

use super::hyper::Hyper;
use crate::corpus::Corpus;

/// `pretrain.json`: what was trained on, how, and how well it does on the held-out works.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PretrainReport {
    pub frost_version: String,
    pub corpus: CorpusReport,
    pub hyper: Hyper,
    pub parameters: i64,
    /// Steps actually run (fewer than `hyper.steps` when the time budget shortened the plan).
    pub steps: usize,
    pub tokens_seen: usize,
    pub resumed: bool,
    /// Seconds in the training steps, summed over resumed runs.
    pub train_seconds: f64,
    /// Seconds of this invocation: corpus, tokenizer, training, evaluation, saving.
    pub wall_seconds: f64,
    pub tokens_per_second: f64,
    /// The libtorch thread count the run was fixed to (the weights depend on it); absent when
    /// it was picked by timing, as the machine's load allowed.
    #[serde(default)]
    pub threads: Option<i32>,
    pub heldout: HeldoutReport,
    pub samples: Vec<Sample>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CorpusReport {
    pub source: String,
    pub train_files: Vec<String>,
    pub heldout_files: Vec<String>,
    pub train_bytes: usize,
    pub train_tokens: usize,
    pub tokenizer_vocab_size: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HeldoutReport {
    /// Mean next-token cross-entropy in nats (every held-out token scored once).
    pub loss: f64,
    /// Total nats / ln 2 / total UTF-8 bytes of the held-out text.
    pub bits_per_byte: f64,
    pub tokens: usize,
    pub bytes: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Sample {
    pub prompt: String,
    pub continuation: String,
}

impl CorpusReport {
    pub(super) fn new(source: String, corpus: &Corpus, train_tokens: usize, vocab: usize) -> Self {
        CorpusReport {
            source,
            train_files: corpus.train.iter().map(|d| d.name.clone()).collect(),
            heldout_files: corpus.heldout.iter().map(|d| d.name.clone()).collect(),
            train_bytes: corpus.train.iter().map(|d| d.text.len()).sum(),
            train_tokens,
            tokenizer_vocab_size: vocab,
        }
    }
}

/// Training tokens per second over the timed steps of this invocation (its first step pays
/// for one-off allocations and is left out).
#[derive(Debug, Default)]
pub(super) struct Throughput {
    steps: usize,
    seconds: f64,
}

impl Throughput {
    /// Records the `i`-th step of this invocation.
    pub fn record(&mut self, i: usize, seconds: f64) {
        if i > 0 {
            self.steps += 1;
            self.seconds += seconds;
        }
    }

    pub fn tokens_per_second(&self, tokens_per_step: usize) -> f64 {
        if self.seconds > 0.0 {
            self.steps as f64 * tokens_per_step as f64 / self.seconds
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throughput_leaves_out_the_first_step() {
        let mut t = Throughput::default();
        assert_eq!(t.tokens_per_second(100), 0.0);
        for (i, s) in [(0, 9.0), (1, 1.0), (2, 1.0)] {
            t.record(i, s);
        }
        assert_eq!(t.tokens_per_second(100), 100.0);
    }
}
