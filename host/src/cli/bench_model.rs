//! `frost-host bench --model DIR`: forward and forward+backward seconds of a checkpoint of any
//! family, and the share of the step taken by the gated delta rule and by the routed experts
//! (each timed alone at the model's shapes, times the layers that have it). scripts/
//! bench_families.py runs it next to transformers on the same checkpoints and threads.
use std::path::Path;

use anyhow::Context;
use tch::{Device, Kind, Tensor};

use frost_host::model::{expert_forms_differ, part_runner, Input, LoadOptions, LoadedModel, Part};

use super::bench::time;

/// Median of this many runs after a warm-up, for every figure.
const REPS: usize = 5;

/// Times the checkpoint in `dir` on `[b, t]` random tokens, every parameter trainable (full
/// fine-tuning, as transformers' side does); prints the figures, then one `figures: {json}`
/// line for scripts.
pub fn family_bench(dir: &Path, device: Device, (b, t): (i64, i64)) -> anyhow::Result<()> {
    let kind = if device.is_cuda() {
        Kind::BFloat16
    } else {
        Kind::Float
    };
    let opts = LoadOptions {
        device,
        kind: Some(kind),
        lora: None,
    };
    let m = LoadedModel::load(dir, &opts)
        .with_context(|| format!("loading the model in {}", dir.display()))?;
    let cfg = &m.config;
    let family = format!("{:?}", cfg.family()?);
    let threads = tch::get_num_threads();
    println!(
        "{family} from {} on {device:?} ({kind:?}, {threads} threads), [{b}x{t}] tokens:",
        dir.display()
    );
    tch::manual_seed(0);
    let ids = Tensor::randint(cfg.vocab_size, [b, t], (Kind::Int64, device));
    let pos = Tensor::arange(t, (Kind::Int64, device))
        .unsqueeze(0)
        .expand([b, t], false);
    let forward = time(device, REPS, || {
        let _g = tch::no_grad_guard();
        let _ = m.net.forward(Input::Ids(&ids), &pos, None, None);
    });
    let targets = ids.narrow(1, 1, t - 1).reshape([-1]);
    let step = time(device, REPS, || {
        m.net
            .forward(Input::Ids(&ids), &pos, None, None)
            .narrow(1, 0, t - 1)
            .reshape([-1, cfg.vocab_size])
            .to_kind(Kind::Float)
            .cross_entropy_for_logits(&targets)
            .backward()
    });
    println!(
        "  forward {:8.1} ms   forward+backward {:8.1} ms",
        forward * 1e3,
        step * 1e3
    );
    let mut parts = serde_json::Map::new();
    let names = [
        ("delta_rule", Part::DeltaRule),
        ("experts_loop", Part::Experts { grouped: false }),
        ("experts_grouped", Part::Experts { grouped: true }),
    ];
    for (name, part) in names {
        let Some((layers, mut run)) = part_runner(cfg, part, (b, t), device, kind) else {
            continue;
        };
        let n = layers as f64;
        let f = n * time(device, REPS, || run(false));
        let fb = n * time(device, REPS, || run(true));
        println!(
            "  {name:<16} x{layers}: forward {:8.1} ms ({:4.1}% of it), forward+backward \
             {:8.1} ms ({:4.1}% of it)",
            f * 1e3,
            100.0 * f / forward,
            fb * 1e3,
            100.0 * fb / step
        );
        parts.insert(
            name.into(),
            serde_json::json!({"layers": layers, "forward_s": f, "forward_backward_s": fb}),
        );
    }
    // The two forms of the experts on the same inputs: they must agree (scripts/gpu-check.sh
    // reads this line on the GPU, where the grouped GEMM is the one training uses).
    let forms = expert_forms_differ(cfg, (b, t), device, kind);
    if let Some(d) = forms {
        println!("  experts grouped vs loop: largest difference {d:.2e} of the scale (outputs and gradients)");
    }
    let figures = serde_json::json!({
        "family": family, "threads": threads, "batch": b, "tokens": t,
        "forward_s": forward, "forward_backward_s": step, "parts": parts,
        "experts_forms_differ": forms,
    });
    println!("figures: {figures}");
    Ok(())
}
