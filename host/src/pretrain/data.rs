//! The training data as token ids: the stream of training works, random windows of it, and
//! the held-out works cut so that every token is scored once.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Device, Kind, Tensor};
use tokenizers::Tokenizer;

use super::bpe::ENDOFTEXT;
use super::PretrainError;
use crate::corpus::{Corpus, Document};

/// A held-out window: input ids and target ids (-100 where nothing is scored).
pub(super) type Window = (Vec<i64>, Vec<i64>);

/// The corpus, tokenized.
pub(super) struct Data {
    /// `<|endoftext|>` + each training work, concatenated.
    pub stream: Vec<i64>,
    /// The held-out works in windows of `seq_len` targets.
    pub windows: Vec<Window>,
    pub heldout_bytes: usize,
}

impl Data {
    /// Tokenizes the corpus; the training text must be longer than one window.
    pub fn encode(tok: &Tokenizer, corpus: &Corpus, seq_len: usize) -> Result<Data, PretrainError> {
        let eot = i64::from(
            tok.token_to_id(ENDOFTEXT)
                .ok_or_else(|| PretrainError::Tokenizer(format!("{ENDOFTEXT} missing")))?,
        );
        let mut stream = Vec::new();
        for toks in encode_docs(tok, &corpus.train)? {
            stream.push(eot);
            stream.extend(toks);
        }
        if stream.len() <= seq_len + 1 {
            return Err(PretrainError::Option {
                option: "--seq-len".to_string(),
                msg: format!(
                    "{seq_len} is longer than the training text ({} tokens): lower it or give \
                     more text",
                    stream.len()
                ),
            });
        }
        let heldout = encode_docs(tok, &corpus.heldout)?;
        Ok(Data {
            stream,
            windows: heldout_windows(&heldout, eot, seq_len),
            heldout_bytes: corpus.heldout.iter().map(|d| d.text.len()).sum(),
        })
    }

    /// A fixed, evenly spread subset of the held-out windows (about four batches of `b`), for
    /// the estimates in the log.
    pub fn probe(&self, b: usize) -> Vec<&Window> {
        let every = self.windows.len().div_ceil(4 * b).max(1);
        self.windows.iter().step_by(every).collect()
    }
}

/// A stable fingerprint of the corpus split (names and texts), FNV-1a 64.
pub(super) fn fingerprint(corpus: &Corpus) -> String {
    let mut h: u64 = 0xcbf29ce484222325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x100000001b3);
        }
    };
    for (tag, docs) in [("train", &corpus.train), ("heldout", &corpus.heldout)] {
        eat(tag.as_bytes());
        for d in docs.iter() {
            eat(d.name.as_bytes());
            eat(&[0]);
            eat(d.text.as_bytes());
            eat(&[0]);
        }
    }
    format!("{h:016x}")
}

fn encode_docs(tok: &Tokenizer, docs: &[Document]) -> Result<Vec<Vec<i64>>, PretrainError> {
    let texts: Vec<&str> = docs.iter().map(|d| d.text.as_str()).collect();
    let encs = tok
        .encode_batch(texts, false)
        .map_err(|e| PretrainError::Tokenizer(e.to_string()))?;
    Ok(encs
        .iter()
        .map(|e| e.get_ids().iter().map(|&i| i64::from(i)).collect())
        .collect())
}

/// A batch of `b` random windows of `t + 1` tokens; the same `(seed, step)` gives the same
/// batch, so a resumed run sees exactly the data an uninterrupted one would.
pub(super) fn batch(
    stream: &[i64],
    b: usize,
    t: usize,
    seed: u64,
    step: usize,
) -> (Tensor, Tensor) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(step as u64);
    let mut x = Vec::with_capacity(b * t);
    let mut y = Vec::with_capacity(b * t);
    for _ in 0..b {
        let s = rng.gen_range(0..stream.len() - t);
        x.extend_from_slice(&stream[s..s + t]);
        y.extend_from_slice(&stream[s + 1..s + t + 1]);
    }
    let shape = [b as i64, t as i64];
    (
        Tensor::from_slice(&x).view(shape),
        Tensor::from_slice(&y).view(shape),
    )
}

pub(super) fn positions(b: usize, t: usize) -> Tensor {
    Tensor::arange(t as i64, (Kind::Int64, Device::Cpu))
        .unsqueeze(0)
        .expand([b as i64, t as i64], false)
}

/// Windows of the held-out works, each token scored exactly once: every work is
/// `<|endoftext|> + its tokens`, cut into consecutive windows of `t` targets (the last one
/// padded with ignored targets).
fn heldout_windows(docs: &[Vec<i64>], eot: i64, t: usize) -> Vec<Window> {
    let mut out = Vec::new();
    for toks in docs {
        let mut seq = Vec::with_capacity(toks.len() + 1);
        seq.push(eot);
        seq.extend_from_slice(toks);
        let mut s = 0;
        while s + 1 < seq.len() {
            let n = t.min(seq.len() - 1 - s);
            let mut x = seq[s..s + n].to_vec();
            let mut y = seq[s + 1..s + n + 1].to_vec();
            x.resize(t, eot);
            y.resize(t, -100);
            out.push((x, y));
            s += n;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heldout_windows_score_every_token_once() {
        let docs = vec![(1..=10).collect::<Vec<i64>>(), vec![42]];
        let w = heldout_windows(&docs, 0, 4);
        // Doc 1: [0,1..10] -> 10 targets in windows of 4: 4 + 4 + 2; doc 2: [0,42] -> 1.
        assert_eq!(w.len(), 4);
        let targets: Vec<i64> = w
            .iter()
            .flat_map(|(_, y)| y.iter().copied())
            .filter(|&v| v >= 0)
            .collect();
        assert_eq!(targets, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 42]);
        // Inputs are the targets shifted right by one within each work.
        assert_eq!(w[0].0, [0, 1, 2, 3]);
        assert_eq!(w[2].0, [8, 9, 0, 0]);
        assert_eq!(w[2].1, [9, 10, -100, -100]);
        assert_eq!(w[3].0[..1], [0]);
    }

    #[test]
    fn batches_depend_only_on_seed_and_step() {
        let stream: Vec<i64> = (0..1000).collect();
        let (a, _) = batch(&stream, 4, 8, 7, 3);
        let (b, _) = batch(&stream, 4, 8, 7, 3);
        let (c, _) = batch(&stream, 4, 8, 7, 4);
        assert!(a.equal(&b));
        assert!(!a.equal(&c));
        let (x, y) = batch(&stream, 2, 5, 1, 0);
        assert!(
            (y - x).eq(1).all().int64_value(&[]) == 1,
            "targets are the next tokens"
        );
    }
}
