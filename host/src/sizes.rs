//! Sizes that scale memory, bounded before anything is allocated for them: one rule, here.
//!
//! Two checks, both naming the key, the limit and why, in one line:
//! - [`check_counts`], at config validation (no model needed): every count a config or a
//!   command line gives that multiplies a batch (K, A, D, eval's assignments and best-of-N,
//!   play's `--k`) is at most a cap no run needs, so a typo (`k = 100000`) is refused at once.
//! - [`check_fits`], once the model's shape and a first round's prompt are known, before the
//!   held-out set is dealt or anything sampled: the bytes each batch must hold at once (its
//!   vocabulary-wide masks and logits, the KV cache, the update's activations), a lower bound,
//!   against the memory there is (the machine's available memory on CPU, the GPU's on CUDA).
//!   Only a size that cannot fit is refused: the estimate leaves out what it cannot know, so
//!   that it never refuses a run that would have fitted.

use tch::Device;

use crate::config::{Refinement, TrainConfig};
use crate::model::ModelConfig;

/// The most rows (moves) the host samples, scores or updates in one batch: a group's K, play's
/// `--k`, eval's best-of-N, A x K, D. At 65,536 rows one token's logits over Qwen3's vocabulary
/// alone take 40 GB; no method needs groups near it.
pub const MAX_ROWS: usize = 65_536;
/// The most held-out assignments: each keeps a vocabulary-wide mask for the whole run.
pub const MAX_EVAL_ASSIGNMENTS: usize = 65_536;

#[derive(Debug, thiserror::Error)]
#[error("{key} = {value} is over the limit of {limit}: {why}")]
pub struct SizeError {
    pub key: String,
    pub value: String,
    pub limit: String,
    pub why: String,
}

fn cap(key: &str, value: usize, limit: usize, why: &str) -> Result<(), SizeError> {
    if value <= limit {
        return Ok(());
    }
    Err(SizeError {
        key: key.into(),
        value: value.to_string(),
        limit: limit.to_string(),
        why: why.into(),
    })
}

const ROWS_WHY: &str = "rows sampled or scored in one batch, each with vocabulary-wide masks \
                        and logits (no run needs more)";

/// A count of rows taken from a command line (play's `--k`), under the same cap as a config's.
pub fn check_rows(key: &str, rows: usize) -> Result<(), SizeError> {
    cap(key, rows, MAX_ROWS, ROWS_WHY)
}

/// The config's counts against the caps above (config validation: no model is needed).
pub fn check_counts(cfg: &TrainConfig) -> Result<(), SizeError> {
    let (s, e) = (&cfg.sampling, &cfg.eval);
    check_rows("sampling.k", s.k)?;
    check_rows("sampling.assignments_per_step", s.assignments_per_step)?;
    let rows = s.k.saturating_mul(s.assignments_per_step);
    check_rows("sampling.assignments_per_step x sampling.k", rows)?;
    check_rows("frost.d", cfg.frost.d)?;
    check_rows("eval.best_of", e.best_of)?;
    cap(
        "eval.assignments",
        e.assignments,
        MAX_EVAL_ASSIGNMENTS,
        "the held-out assignments are dealt once and kept, each with a vocabulary-wide mask",
    )
}

/// The memory a model's batches use per row and token.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub vocab: u64,
    pub layers: u64,
    pub hidden: u64,
    /// KV heads x head dim: one layer's keys (or values) per token.
    pub kv_width: u64,
    /// Layers with a KV cache (full attention); Qwen3.5's linear-attention layers keep a
    /// fixed-size state instead, whatever the length.
    pub kv_layers: u64,
    /// Bytes of those fixed states per row: each linear layer's f32 recurrent state
    /// (v heads x dk x dv) and its convolution window (conv channels x kernel).
    pub state_bytes: u64,
    /// Bytes per weight/activation element (f32 4, bf16 2).
    pub elem: u64,
}

impl Shape {
    pub fn new(c: &ModelConfig, kind: tch::Kind) -> Shape {
        let u = |x: i64| x.max(0) as u64;
        let mixers = c.mixers();
        let linear = mixers
            .iter()
            .filter(|m| **m == crate::model::MixerKind::Linear)
            .count() as u64;
        let elem = kind.elt_size_in_bytes() as u64;
        let d = c.linear_dims();
        let per_linear = u(d.num_v_heads * d.k_head_dim * d.v_head_dim) * 4
            + u(2 * d.key_dim() + d.value_dim()) * u(d.conv_kernel) * elem;
        Shape {
            vocab: u(c.vocab_size),
            layers: u(c.num_hidden_layers),
            hidden: u(c.hidden_size),
            kv_width: u(c.kv_heads() * c.head_dim()),
            kv_layers: mixers.len() as u64 - linear,
            state_bytes: linear * per_linear,
            elem,
        }
    }

    /// Sampling `rows` moves of `len` tokens after a `prompt`-token prompt: the static ban
    /// mask (bool) and two f32 copies of one token's logits (the logits and the sampling
    /// distribution) per row, the KV cache over the whole sequence (full-attention layers) and
    /// the linear layers' fixed states, and, when the logits are
    /// kept (Frost's gate reads them), all `len` of them.
    pub fn sampling_bytes(&self, rows: u64, prompt: u64, len: u64, keep_logits: bool) -> u64 {
        let per_row = self.vocab
            + 2 * 4 * self.vocab
            + 2 * self.kv_layers * (prompt + len) * self.kv_width * self.elem
            + self.state_bytes
            + keep_logits as u64 * len * self.vocab * 4;
        rows.saturating_mul(per_row)
    }

    /// The update's forward and backward over `rows` sequences of `prompt + len` tokens: the
    /// activations saved for the backward (about 20 hidden-sized values per token and layer,
    /// the figure README's memory table is built on) and the moves' f32 log-softmax.
    pub fn update_bytes(&self, rows: u64, prompt: u64, len: u64) -> u64 {
        let per_row =
            (prompt + len) * self.layers * 20 * self.hidden * self.elem + len * self.vocab * 4;
        rows.saturating_mul(per_row)
    }
}

/// Memory the batches may take: how much, and what it is (for the message).
#[derive(Clone, Debug)]
pub struct Memory {
    pub bytes: u64,
    pub what: String,
}

/// The memory available on `device` now: the machine's `MemAvailable` on CPU; the GPU's free
/// memory on CUDA (its total where the driver will not say). None where it cannot be read:
/// then only the caps apply.
pub fn available(device: Device) -> Option<Memory> {
    match device {
        Device::Cuda(i) => cuda::free_or_total(i),
        _ => {
            let info = std::fs::read_to_string("/proc/meminfo").ok()?;
            let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
            let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(Memory {
                bytes: kb * 1024,
                what: "this machine's available memory (MemAvailable)".into(),
            })
        }
    }
}

fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
}

/// One batch a command will allocate: the keys that size it, their values, its bytes.
pub struct Need {
    pub keys: String,
    pub values: String,
    pub bytes: u64,
    pub what: &'static str,
}

impl Need {
    pub fn new(keys: &str, values: String, bytes: u64, what: &'static str) -> Need {
        Need {
            keys: keys.into(),
            values,
            bytes,
            what,
        }
    }

    /// Nothing kept.
    pub fn none() -> Need {
        Need::new("", String::new(), 0, "")
    }
}

/// Each of `needs` (on top of the first, `kept`, held for the whole run) against `mem`.
pub fn check_fits(kept: &Need, needs: &[Need], mem: Option<&Memory>) -> Result<(), SizeError> {
    let Some(mem) = mem else {
        return Ok(());
    };
    let over = |n: &Need, bytes: u64| SizeError {
        key: n.keys.clone(),
        value: format!("{} ({}: at least {})", n.values, n.what, gib(bytes)),
        limit: gib(mem.bytes),
        why: format!("{}; lower it", mem.what),
    };
    if kept.bytes > mem.bytes {
        return Err(over(kept, kept.bytes));
    }
    for n in needs {
        let total = n.bytes.saturating_add(kept.bytes);
        if total > mem.bytes {
            return Err(over(n, total));
        }
    }
    Ok(())
}

/// What training (and eval and play, which set up as training does) allocates at once, for a
/// first round of `prompt` tokens and moves of `len`: the held-out set kept all run, the
/// sampled group, Frost's children's judge sequences, the update's batch, eval's batches.
pub fn training_needs(
    cfg: &TrainConfig,
    shape: &Shape,
    prompt: u64,
    len: u64,
) -> (Need, Vec<Need>) {
    let (s, e, f) = (&cfg.sampling, &cfg.eval, &cfg.frost);
    let (a, k) = (s.assignments_per_step as u64, s.k as u64);
    let frost = f.refinement == Refinement::Frost;
    let d = frost as u64 * f.d as u64;
    let held = e.assignments as u64 * (e.every > 0) as u64;
    let kept = Need::new(
        "eval.assignments",
        held.to_string(),
        held.saturating_mul(shape.vocab),
        "the held-out set's masks",
    );
    let update_rows = a * (k + f.keep_parents as u64 * d);
    let micro = match cfg.update.micro_batch {
        0 => update_rows,
        m => update_rows.min(m as u64),
    };
    // Eval samples four assignments at a time (train::eval).
    let eval_rows = e.assignments.min(4) as u64 * e.best_of as u64 * (e.every > 0) as u64;
    let ak = format!("{a} x {k}");
    let needs = vec![
        Need::new(
            "sampling.assignments_per_step x sampling.k",
            ak.clone(),
            shape.sampling_bytes(a * k, prompt, len, frost),
            "the sampled group",
        ),
        Need::new(
            "sampling.assignments_per_step x frost.d",
            format!("{a} x {d}"),
            (a * d).saturating_mul((prompt + len) * 8),
            "the children's judge sequences",
        ),
        match cfg.update.micro_batch {
            0 => Need::new(
                "sampling.assignments_per_step x sampling.k",
                ak.clone(),
                shape.update_bytes(micro, prompt, len),
                "the update's activations (update.micro_batch = 0: all rows at once)",
            ),
            m => Need::new(
                "update.micro_batch",
                m.to_string(),
                shape.update_bytes(micro, prompt, len),
                "the update's activations",
            ),
        },
        Need::new(
            "eval.best_of",
            e.best_of.to_string(),
            shape.sampling_bytes(eval_rows, prompt, len, false),
            "an evaluation batch of 4 assignments",
        ),
    ];
    (kept, needs)
}

/// What `eval --refine R` allocates on top of the evaluation, for `prompt` tokens and moves of
/// `len`: the sampled arm's R x D more samples per assignment, drawn in one batch, a Frost
/// round on the N = `eval.best_of` draws with all their logits (the policy's gate reads them),
/// and its D children verified in judge passes of at most `judge::JUDGE_CHUNK`.
pub fn refine_needs(
    cfg: &TrainConfig,
    shape: &Shape,
    prompt: u64,
    len: u64,
    rounds: usize,
) -> Vec<Need> {
    let (n, d) = (cfg.eval.best_of as u64, cfg.frost.d as u64);
    vec![
        Need::new(
            "--refine x --children",
            format!("{rounds} x {d}"),
            shape.sampling_bytes(rounds as u64 * d, prompt, len, false),
            "the sampled arm's R x D more samples, drawn in one batch",
        ),
        Need::new(
            "eval.best_of",
            n.to_string(),
            shape.sampling_bytes(n, prompt, len, true),
            "a Frost round on the N draws, with their logits",
        ),
        Need::new(
            "--children",
            d.to_string(),
            shape.sampling_bytes(d.min(crate::judge::JUDGE_CHUNK as u64), prompt, len, false),
            "the children one judge pass verifies (at most 32 at once)",
        ),
    ]
}

mod cuda;

#[cfg(test)]
mod tests {
    use super::*;

    fn shape() -> Shape {
        // Qwen3-0.6B: vocabulary 151936, 28 layers, hidden 1024, 8 KV heads x 128, bf16.
        Shape {
            vocab: 151_936,
            layers: 28,
            hidden: 1024,
            kv_width: 8 * 128,
            kv_layers: 28,
            state_bytes: 0,
            elem: 2,
        }
    }

    /// Qwen3.5-2B: only its 6 full-attention layers keep a KV cache; its 18 linear-attention
    /// layers keep a fixed state (16 v heads x 128 x 128 f32, and a 4-token window of
    /// 2 x 16 x 128 + 16 x 128 conv channels), whatever the length.
    #[test]
    fn a_hybrid_model_caches_keys_only_in_its_full_attention_layers() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs/shapes/qwen3.5-2b");
        let cfg = crate::model::read_config(std::path::Path::new(dir)).unwrap();
        let s = Shape::new(&cfg, tch::Kind::BFloat16);
        assert_eq!((s.layers, s.kv_layers), (24, 6));
        let per_linear = 16 * 128 * 128 * 4 + (2 * 16 * 128 + 16 * 128) * 4 * 2;
        assert_eq!(s.state_bytes, 18 * per_linear);
        let (prompt, len) = (100, 8);
        let cache = |p: u64, l: u64| s.sampling_bytes(1, p, l, false) - s.vocab - 8 * s.vocab;
        assert_eq!(
            cache(prompt, len),
            2 * 6 * (prompt + len) * 2 * 256 * 2 + 18 * per_linear
        );
    }

    #[test]
    fn sampling_bytes_count_masks_logits_and_the_cache_by_hand() {
        let s = shape();
        // One row, prompt 10, move 2, no kept logits: 151936 (mask) + 8 x 151936 (two f32
        // logits) + 2 x 28 x 12 x 1024 x 2 (the cache).
        let by_hand = 151_936 + 8 * 151_936 + 2 * 28 * 12 * 1024 * 2;
        assert_eq!(s.sampling_bytes(1, 10, 2, false), by_hand);
        assert_eq!(s.sampling_bytes(3, 10, 2, false), 3 * by_hand);
        assert_eq!(s.sampling_bytes(1, 10, 2, true), by_hand + 2 * 151_936 * 4);
        // No overflow at absurd sizes: saturates, so it is refused rather than wrapping.
        assert_eq!(s.sampling_bytes(u64::MAX, 10, 2, false), u64::MAX);
    }

    #[test]
    fn a_batch_over_the_memory_is_refused_naming_its_keys() {
        let mut cfg = TrainConfig::default_embedded();
        cfg.sampling.k = 60_000;
        let (kept, needs) = training_needs(&cfg, &shape(), 200, 8);
        let mem = Memory {
            bytes: 64 << 30,
            what: "this machine's available memory (MemAvailable)".into(),
        };
        let e = check_fits(&kept, &needs, Some(&mem))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("sampling.assignments_per_step x sampling.k = 4 x 60000"),
            "{e}"
        );
        assert!(
            e.contains("over the limit of 64.0 GiB") && e.contains("MemAvailable"),
            "{e}"
        );
        // The embedded default's sizes on this shape: the update's 16 rows of 208 tokens hold
        // 16 x 208 x 28 layers x 20 x 1024 x 2 bytes = 3.56 GiB of activations (README's ~4 GB
        // for the 0.6B preset's activations); they fit in 8 GiB, not in 2.
        let cfg = TrainConfig::default_embedded();
        let (kept, needs) = training_needs(&cfg, &shape(), 200, 8);
        assert_eq!(
            needs[2].bytes,
            16 * 208 * 28 * 20 * 1024 * 2 + 16 * 8 * 151_936 * 4
        );
        let mem = |gib: u64| Memory {
            bytes: gib << 30,
            what: "x".into(),
        };
        check_fits(&kept, &needs, Some(&mem(8))).unwrap();
        let e = check_fits(&kept, &needs, Some(&mem(2)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("all rows at once): at least 3.6 GiB"), "{e}");
        // Unknown memory: only the caps apply.
        check_fits(&kept, &needs, None).unwrap();
    }

    /// `eval --refine R --children D`: the R x D more samples are one batch, sized like any
    /// sampling batch; the Frost round keeps the N draws' logits.
    #[test]
    fn refine_batches_are_sized_and_refused_naming_their_flags() {
        let mut cfg = TrainConfig::default_embedded();
        cfg.frost.d = 4;
        cfg.eval.best_of = 8;
        let s = shape();
        let needs = refine_needs(&cfg, &s, 200, 8, 8);
        assert_eq!(needs[0].bytes, s.sampling_bytes(32, 200, 8, false));
        assert_eq!(needs[1].bytes, s.sampling_bytes(8, 200, 8, true));
        let mem = |gib: u64| Memory {
            bytes: gib << 30,
            what: "x".into(),
        };
        check_fits(&Need::none(), &needs, Some(&mem(8))).unwrap();
        // 500 rounds of 4: 2,000 rows of ~25 MB each (their 208-token cache, masks, logits).
        let needs = refine_needs(&cfg, &s, 200, 8, 500);
        let e = check_fits(&Need::none(), &needs, Some(&mem(8)))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("--refine x --children = 500 x 4"), "{e}");
        assert!(e.contains("over the limit of 8.0 GiB"), "{e}");
    }

    #[test]
    fn counts_over_their_caps_are_refused_naming_key_limit_and_why() {
        let cfg = TrainConfig::default_embedded();
        check_counts(&cfg).unwrap();
        for (key, value) in [
            ("sampling.k", "100000"),
            ("frost.d", "70000"),
            ("eval.assignments", "1000000"),
            ("eval.best_of", "100000"),
        ] {
            let e = TrainConfig::from_toml(
                crate::config::DEFAULT_CONFIG_TOML,
                "t",
                &[format!("{key}={value}")],
            )
            .unwrap_err()
            .to_string();
            assert!(
                e.contains(&format!("{key} = {value} is over the limit of 65536")),
                "{e}"
            );
        }
        let e = check_rows("--k", 100_000).unwrap_err().to_string();
        assert!(
            e.starts_with("--k = 100000 is over the limit of 65536: rows"),
            "{e}"
        );
        // The product of two counts under their caps.
        let e = TrainConfig::from_toml(
            crate::config::DEFAULT_CONFIG_TOML,
            "t",
            &[
                "sampling.k=1000".into(),
                "sampling.assignments_per_step=1000".into(),
            ],
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("sampling.assignments_per_step x sampling.k = 1000000"),
            "{e}"
        );
    }

    #[test]
    fn this_machines_memory_is_read() {
        let m = available(Device::Cpu).expect("no MemAvailable in /proc/meminfo (Linux)");
        assert!(m.bytes > 0);
    }
}
