//! `frost-host bench`: figures, never assertions.
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use tch::{nn, Device, Kind, Tensor};

use frost_host::config::DeviceSpec;
use frost_host::model::{
    sample, CausalLm, Input, LoraConfig, ModelConfig, SampleRequest, SamplingParams,
};

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// `cpu`, `cuda` or `cuda:N` (bf16 on CUDA, f32 on CPU).
    #[arg(long, default_value = "cpu")]
    pub device: DeviceSpec,
    /// Also time the training phases (Frost K=4,D=4 vs GRPO K=8) on the embedded default.
    #[arg(long)]
    pub phases: bool,
    /// CPU threads for libtorch (default: the cores free now, all when idle, 1 when busy; on a
    /// busy machine oversubscribed OpenMP threads can be several times slower than 1).
    #[arg(long)]
    pub threads: Option<i32>,
    /// Only time the host-enforced word rules (banned / allowed words) on the tokenizer in this
    /// model folder (e.g. a Qwen3 checkpoint: 151k tokens), then stop.
    #[arg(long, value_name = "DIR")]
    pub word_rules: Option<std::path::PathBuf>,
    /// Only time forward and forward+backward of the checkpoint in this folder (any family),
    /// with the gated delta rule's and the routed experts' shares, then stop
    /// (scripts/bench_families.py runs it beside transformers).
    #[arg(long, value_name = "DIR")]
    pub model: Option<std::path::PathBuf>,
    /// With --phases: a config override both runs share, e.g. the game's shape
    /// (`--set game.config.gap_tokens=32`); repeatable. The pair's own settings (K, D, the
    /// refinement, steps, model, device, threads) are the bench's and refused here.
    #[arg(long = "set", value_name = "KEY=VALUE", requires = "phases")]
    pub set: Vec<String>,
    /// With --model: batch rows and tokens per row.
    #[arg(long, value_name = "BxT", default_value = "4x256", value_parser = parse_shape)]
    pub shape: (i64, i64),
}

/// `4x256` -> (4, 256).
fn parse_shape(s: &str) -> Result<(i64, i64), String> {
    let bad = || format!("`{s}`: expected rows x tokens, e.g. 4x256");
    let (b, t) = s.split_once('x').ok_or_else(bad)?;
    let (b, t) = (b.parse().map_err(|_| bad())?, t.parse().map_err(|_| bad())?);
    if b < 1 || t < 2 {
        return Err(bad());
    }
    Ok((b, t))
}

pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    if let Some(dir) = &args.word_rules {
        return super::bench_words::word_rule_bench(dir);
    }
    let device = args.device.device();
    if device.is_cuda() && !tch::Cuda::is_available() {
        anyhow::bail!(
            "--device {}: no CUDA device is visible to libtorch",
            args.device
        );
    }
    if let Some(n) = args.threads {
        anyhow::ensure!(n > 0, "--threads {n}: must be at least 1");
    }
    super::bench_phases::check_sets(&args.set)?;
    // Under a launcher (`--phases` of a split model) rank 0 alone prints.
    super::launched::quiet_follower();
    frost_host::threads::set_default(args.threads.unwrap_or(0));
    if let Some(dir) = &args.model {
        return super::bench_model::family_bench(dir, device, args.shape);
    }
    let peak = matmul_peak(device);
    println!(
        "matmul peak on {device:?}: {:.1} GFLOP/s (f32 [{MATMUL_N}x{MATMUL_N}] products, {} threads)",
        peak / 1e9,
        tch::get_num_threads()
    );
    model_bench(device, peak)?;
    if args.phases {
        let game = std::path::Path::new("games/infill.wasm");
        super::bench_phases::phase_bench(5, args.device, game, &args.set, peak)?;
    }
    print_peak_memory(device);
    Ok(())
}

const MATMUL_N: i64 = 1024;

/// The machine's measured matmul peak in FLOP/s: the median of a few f32 [N,N] @ [N,N]
/// products (the denominator of the MFU figures).
fn matmul_peak(device: Device) -> f64 {
    let a = Tensor::randn([MATMUL_N, MATMUL_N], (Kind::Float, device));
    let b = Tensor::randn([MATMUL_N, MATMUL_N], (Kind::Float, device));
    let t = time(device, 5, || {
        let _ = a.matmul(&b);
    });
    2.0 * (MATMUL_N as f64).powi(3) / t
}

/// Peak memory: the process's peak resident set (VmHWM). tch exposes no CUDA allocator
/// counters, so on CUDA only the host figure is printed (said so in the output).
fn print_peak_memory(device: Device) {
    let hwm = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        });
    match hwm {
        Some(kb) => println!(
            "peak memory: {:.1} MiB resident (VmHWM)",
            kb as f64 / 1024.0
        ),
        None => println!("peak memory: /proc/self/status unreadable"),
    }
    if device.is_cuda() {
        println!("  (CUDA allocator figures are not exposed by tch; not reported)");
    }
}

fn sync(device: Device) {
    if let Device::Cuda(i) = device {
        tch::Cuda::synchronize(i as i64);
    }
}

/// Median seconds of `reps` runs of `f` after one warm-up run.
pub(super) fn time(device: Device, reps: usize, mut f: impl FnMut()) -> f64 {
    f();
    sync(device);
    let mut ts: Vec<f64> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            sync(device);
            t.elapsed().as_secs_f64()
        })
        .collect();
    ts.sort_by(|a, b| a.total_cmp(b));
    ts[ts.len() / 2]
}

/// Model speed on a small random Qwen3: forward tokens/s, sampling tokens/s with and without
/// the KV cache, one forward+backward (LoRA and full fine-tuning).
pub fn model_bench(device: Device, peak: f64) -> anyhow::Result<()> {
    let kind = if device.is_cuda() {
        Kind::BFloat16
    } else {
        Kind::Float
    };
    // vocab, hidden, intermediate, layers, heads, kv heads, head_dim, tied
    let cfg = ModelConfig::new(8192, 256, 768, 4, 8, 4, 32, true);
    println!(
        "model bench on {device:?} ({kind:?}, {} threads): CausalLm vocab {} hidden {} layers {} \
         heads {}/{} head_dim {} intermediate {}",
        tch::get_num_threads(),
        cfg.vocab_size,
        cfg.hidden_size,
        cfg.num_hidden_layers,
        cfg.num_attention_heads,
        cfg.kv_heads(),
        cfg.head_dim(),
        cfg.intermediate_size
    );
    tch::manual_seed(0);
    let lora = LoraConfig::new(16, 16.0);
    let mut vs = nn::VarStore::new(device);
    vs.set_kind(kind);
    let net = CausalLm::new(vs.root(), &cfg, Some(&lora)).context("building the bench model")?;

    let (b, t) = (8i64, 128i64);
    let ids = Tensor::randint(cfg.vocab_size, [b, t], (Kind::Int64, device));
    let pos = Tensor::arange(t, (Kind::Int64, device))
        .unsqueeze(0)
        .expand([b, t], false);
    let fwd = time(device, 5, || {
        let _g = tch::no_grad_guard();
        let _ = net.forward(Input::Ids(&ids), &pos, None, None);
    });
    let flops = frost_host::instrument::flops::full_forward(&cfg, None, b, t);
    println!(
        "forward      [{b}x{t}]: {:8.1} ms  {:10.0} tokens/s  {:.2} GFLOP/s  MFU {:.1}%",
        fwd * 1e3,
        (b * t) as f64 / fwd,
        flops / fwd / 1e9,
        100.0 * flops / fwd / peak
    );

    sample_bench(&net, &cfg, device);
    backward_bench(&net, &cfg, (&ids, &pos), kind, flops, peak)?;
    Ok(())
}

/// Sampling with and without the KV cache, in new tokens per second.
fn sample_bench(net: &CausalLm, cfg: &ModelConfig, device: Device) {
    let (np, kk, plen, l) = (4usize, 4usize, 64usize, 32usize);
    let prompts: Vec<Vec<i64>> = (0..np)
        .map(|i| {
            (0..plen as i64)
                .map(|j| (i as i64 * 97 + j * 13) % 8000)
                .collect()
        })
        .collect();
    let banned = Tensor::zeros([np as i64, cfg.vocab_size], (Kind::Bool, device));
    let params = SamplingParams::default();
    let new_tokens = (np * kk * l) as f64;
    let seeds: Vec<u64> = (0..np as u64).collect();
    let with = time(device, 3, || {
        let _ = sample(
            net,
            &SampleRequest::new(&prompts, kk, l, &params, &banned, &seeds),
        );
    });
    let without = time(device, 1, || {
        let mut uncached = SampleRequest::new(&prompts, kk, l, &params, &banned, &seeds);
        uncached.use_cache = false;
        let _ = sample(net, &uncached);
    });
    println!(
        "sample {np} prompts x {kk} x {l} new tokens (prompt {plen}): with cache {:8.1} tokens/s, \
         without {:8.1} tokens/s, ratio {:.1}x",
        new_tokens / with,
        new_tokens / without,
        without / with
    );
}

/// Forward + backward of a language-model loss, LoRA against full fine-tuning.
fn backward_bench(
    net: &CausalLm,
    cfg: &ModelConfig,
    (ids, pos): (&Tensor, &Tensor),
    kind: Kind,
    flops: f64,
    peak: f64,
) -> anyhow::Result<()> {
    let (device, b, t) = (net.device(), ids.size()[0], ids.size()[1]);
    let lora = net.lora_config().expect("the bench model has LoRA").clone();
    let targets = ids.narrow(1, 1, t - 1).reshape([-1]);
    let loss = |net: &CausalLm| {
        net.forward(Input::Ids(ids), pos, None, None)
            .narrow(1, 0, t - 1)
            .reshape([-1, cfg.vocab_size])
            .cross_entropy_for_logits(&targets)
    };
    let lora_fb = time(device, 3, || loss(net).backward());
    let mut vs_full = nn::VarStore::new(device);
    vs_full.set_kind(kind);
    let full = CausalLm::new(vs_full.root(), cfg, None)?;
    let full_fb = time(device, 3, || loss(&full).backward());
    // Backward is about twice the forward (3x in all; LoRA skips the base weights' gradients,
    // so its true count is lower and its MFU below is an upper bound).
    let fb = 3.0 * flops;
    println!(
        "forward+backward [{b}x{t}]: LoRA r={} {:8.1} ms (MFU <= {:.1}%), full fine-tuning \
         {:8.1} ms (MFU {:.1}%)",
        lora.r,
        lora_fb * 1e3,
        100.0 * fb / lora_fb / peak,
        full_fb * 1e3,
        100.0 * fb / full_fb / peak
    );
    Ok(())
}
