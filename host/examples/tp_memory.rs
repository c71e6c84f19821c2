//! Memory of a split model, per rank: a random dense Qwen3 of a few hundred MB (f32) built as
//! this rank's share (`CausalLm::new_sharded`, T = the ranks launched) under LoRA, then one
//! forward and backward of the tokens' log-probs (what the update runs). Each rank prints its
//! resident set before building, after, and its peak through the pass, with the bytes its
//! variables hold: the decoder layers' share (1/T of them), the embedding's (tied to the LM
//! head: 1/T of its vocabulary rows) and what stays whole (the norms, the adapters).
//!
//! `scripts/tp-memory.sh` runs it alone and under torchrun at 2 and 4 ranks.
use std::sync::Arc;

use frost_host::dist::{Dist, World};
use frost_host::instrument::memory;
use frost_host::model::tensor_parallel::Shard;
use frost_host::model::{CausalLm, Input, LoraConfig, ModelConfig};
use tch::{nn, Device, Kind, Tensor};

const MIB: f64 = 1024.0 * 1024.0;

fn mib(bytes: Option<u64>) -> String {
    bytes.map_or("?".into(), |b| format!("{:.0}", b as f64 / MIB))
}

fn main() -> anyhow::Result<()> {
    let world = World::from_env(|v| std::env::var(v).ok())?;
    let mut d = Dist::init(world.clone(), Device::Cpu, 60, 60)?;
    d.split_model(world.size)?;
    let group = d
        .model_group()
        .unwrap_or_else(|| Arc::new(frost_host::dist::Group::single()));
    // 8 layers of hidden 1024, intermediate 4096, 16 query and 8 key/value heads of 64, a
    // vocabulary of 8192 (tied): 369 MB of decoder layers and 34 MB of embedding in f32.
    let cfg = ModelConfig::new(8192, 1024, 4096, 8, 16, 8, 64, true);
    let shard = Shard::new(Arc::clone(&group), &cfg)?;
    let lora = LoraConfig::new(16, 32.0);
    tch::manual_seed(0);
    let before = memory::rss_bytes();
    let vs = nn::VarStore::new(Device::Cpu);
    let net = CausalLm::new_sharded(vs.root(), &cfg, Some(&lora), &shard)?;
    // The random init's temporaries are freed but glibc may keep their pages: returned first,
    // so the figure is what the model holds.
    unsafe { libc::malloc_trim(0) };
    let after = memory::rss_bytes();
    let (mut layers, mut embedding, mut norms, mut adapters) = (0i64, 0i64, 0i64, 0i64);
    for (name, t) in vs.variables() {
        let bytes = t.numel() as i64 * 4;
        match () {
            _ if name.contains(".lora_") => adapters += bytes,
            _ if name.contains("embed_tokens") => embedding += bytes,
            _ if name.contains(".layers.") && !name.contains("norm") => layers += bytes,
            _ => norms += bytes,
        }
    }
    let ids = Tensor::randint(cfg.vocab_size, [8, 128], (Kind::Int64, Device::Cpu));
    let positions = Tensor::arange(128, (Kind::Int64, Device::Cpu)).expand([8, 128], true);
    memory::reset_peak_rss();
    let logits = net.forward(Input::Ids(&ids), &positions, None, None);
    let logp = logits.log_softmax(-1, Kind::Float);
    let picked = logp
        .narrow(1, 0, 127)
        .gather(-1, &ids.narrow(1, 1, 127).unsqueeze(-1), false);
    picked.mean(Kind::Float).f_backward()?;
    d.model_failure()?;
    let peak = memory::peak_rss_bytes();
    println!(
        "rank {} of {}, T = {}: resident {} MiB before the model, {} MiB after (+{:.0}); peak \
         {} MiB through a forward and backward of 8x128 tokens; variables: decoder projections \
         {:.0} MiB, embedding = LM head {:.0} MiB; whole on every rank: norms {:.2} MiB, \
         adapters {:.0} MiB",
        world.rank,
        world.size,
        group.size,
        mib(before),
        mib(after),
        (after.unwrap_or(0) as f64 - before.unwrap_or(0) as f64) / MIB,
        mib(peak),
        layers as f64 / MIB,
        embedding as f64 / MIB,
        norms as f64 / MIB,
        adapters as f64 / MIB,
    );
    Ok(())
}
