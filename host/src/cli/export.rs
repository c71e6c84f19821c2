//! `frost-host export RUN_OR_MODEL --out DIR [--merged]`: a trained player as a folder others
//! load: the PEFT adapter, or with `--merged` a whole Hugging Face checkpoint with the adapter
//! folded in (sharded safetensors, config and tokenizer), each with a README.md model card.
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::target::{resolve, TargetArgs};
use frost_host::export::{self, ExportKind, ExportRequest};

#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// The folder to write (created; an existing non-empty one only with --force).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// A full Hugging Face checkpoint with the LoRA adapter folded into the weights, which
    /// transformers and vLLM load without peft (default: the adapter alone, PEFT layout).
    #[arg(long)]
    pub merged: bool,
    /// Largest weight file of a model export: bigger weights are split into shards with a
    /// model.safetensors.index.json (5GB = 5e9 bytes; KB, MB, GB, KiB, MiB, GiB).
    #[arg(long, value_name = "SIZE", default_value = "5GB", value_parser = export::parse_size)]
    pub shard_size: u64,
    /// Replace --out if it exists and is not empty.
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: ExportArgs) -> anyhow::Result<()> {
    let t = resolve(&a.target, &[])?;
    let req = ExportRequest {
        cfg: &t.cfg,
        checkpoint: t.checkpoint.as_deref(),
        run: t.run.as_deref(),
        step: t.step,
        label: &t.label,
        out: &a.out,
        merged: a.merged,
        max_shard_bytes: a.shard_size,
        force: a.force,
    };
    let done = export::export(&req).with_context(|| format!("export {}", t.label))?;
    if done.kind == ExportKind::FullModel && !a.merged {
        eprintln!(
            "{} is a full fine-tuning checkpoint (no adapter): exported the full model, as \
             --merged does",
            t.label
        );
    }
    let files = match done.weight_files.len() {
        1 => done.weight_files[0].clone(),
        n => format!("{n} shards + model.safetensors.index.json"),
    };
    println!(
        "wrote {}: the {} from {} ({files}, {}) and a README.md model card",
        a.out.display(),
        done.kind.describe(),
        t.label,
        done.dtype
    );
    Ok(())
}
