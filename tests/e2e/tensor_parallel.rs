//! Tensor parallelism's building blocks (`model::tensor_parallel`) on torch.distributed, Gloo
//! on this CPU: `examples/tp_check` under the venv's torchrun with 2 and 4 ranks, where every
//! rank compares each sharded block with the unsharded computation (1e-5; sampling, top k and
//! the embedding exactly), at every group size that divides the ranks (4 ranks: 2 replicas of 2,
//! and one of 4), and alone as a group of one.
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

fn example() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let p = exe
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/tp_check");
    assert!(
        p.exists(),
        "{} missing: cargo test builds the examples",
        p.display()
    );
    p
}

/// Runs the check on `n` ranks (1: no launcher) and returns each rank's lines.
fn run(n: usize) -> String {
    let mut c = match n {
        1 => Command::new(example()),
        _ => {
            let torchrun = common::root().join(".venv/bin/torchrun");
            assert!(
                torchrun.exists(),
                "{} missing: run `make test`",
                torchrun.display()
            );
            let mut c = Command::new(torchrun);
            c.args([
                "--standalone",
                "--nproc-per-node",
                &n.to_string(),
                "--no-python",
            ])
            .arg(example());
            c
        }
    };
    let o = c.env("OMP_NUM_THREADS", "1").output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        o.status.success(),
        "{n} ranks failed:\n{text}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    text
}

/// The line rank `r` of `n` printed for group size `t` about the building blocks.
fn line(text: &str, r: usize, n: usize, t: usize) -> String {
    find(text, &format!("rank {r} of {n}, T = {t}: linear"))
}

/// The line rank `r` of `n` printed for group size `t` about the sharded model.
fn model_line(text: &str, r: usize, n: usize, t: usize) -> String {
    find(text, &format!("rank {r} of {n}, T = {t}: the model"))
}

fn find(text: &str, head: &str) -> String {
    let found = text.lines().find(|l| l.starts_with(head));
    found
        .unwrap_or_else(|| panic!("no line starting {head} in:\n{text}"))
        .to_string()
}

#[test]
fn sharded_blocks_equal_one_process_on_two_and_four_ranks() {
    let alone = run(1);
    for one in [line(&alone, 0, 1, 1), model_line(&alone, 0, 1, 1)] {
        assert!(
            one.ends_with("sent: "),
            "a group of one sends nothing: {one}"
        );
    }
    for n in [2, 4] {
        let text = run(n);
        for t in (2..=n).filter(|t| n % t == 0) {
            for r in 0..n {
                let l = line(&text, r, n, t);
                assert!(l.contains("ok (largest difference"), "{l}");
                // The counter: the MLP, attention and embedding sum once each forward, and
                // the MLP's and attention's weight gradients are summed once each (7); the two
                // log-sum-exps of the log-softmax (one more for its gradient) and of the
                // tokens' log-probs take a max and sum once each, the tokens' log-probs sum
                // their logits too; top k gathers values and indices, twice; sampling gathers
                // once per mode (4); the kinds' check sums bf16, f16 and f64 and takes one max.
                // The backward sums the MLP's and attention's input gradients once each (one
                // for all of q, k, v) and the log-softmax's shared log-sum-exp once.
                for counted in [
                    "all-reduce sum 17 calls",
                    "all-reduce max 4 calls",
                    "all-gather 8 calls",
                    "all-reduce sum (backward) 3 calls",
                ] {
                    assert!(l.contains(counted), "{counted}: {l}");
                }
                // The five models (Qwen3, Qwen3 MoE, Qwen3.5, Qwen3.5 with its layers in the
                // other order, Qwen3.5 MoE), each run twice, from embeddings (whose gradient is
                // checked) and from ids: o, out_proj and down sum once per layer forward (the
                // MoE's experts instead of down in a sparse layer, and Qwen3.5 MoE's shared
                // expert once more), 2 x (4, 4, 4, 4, 6); the backward sums each layer's mixer
                // and MLP input once, an MoE layer its tokens and their routing weights (and
                // Qwen3.5's shared expert's input): from embeddings (4, 5, 4, 4, 8), from ids
                // the same but for the first layer's mixer, whose input (the frozen embedding)
                // needs no gradient (3, 4, 3, 3, 7); and the check sums the adapters' gradients
                // over the group (28, 26, 30, 20, 38): 186. The vocabulary split adds, per
                // model, 4 sums (the embedding of the ids in the forward and in the lookup's
                // check, the tokens' log-probs' log-sum-exp and their targets' logits) and a max
                // (that log-sum-exp's); 3 all-gathers (the logits from embeddings and from ids,
                // g . E^T); and 3 backward sums of the LM head's input (from the logits in both
                // backwards, from the tokens' log-probs): 206, 5, 15 and 45 + 15.
                let l = model_line(&text, r, n, t);
                assert!(l.contains("LoRA gradients ok (largest difference"), "{l}");
                for counted in [
                    "all-gather 15 calls",
                    "all-reduce max 5 calls",
                    "all-reduce sum 206 calls",
                    "all-reduce sum (backward) 60 calls",
                ] {
                    assert!(l.contains(counted), "{counted}: {l}");
                }
            }
        }
    }
}

/// `sets` trained on one process (folder `NAME-one`, trained once and kept for the next call)
/// and with the model split over `t` ranks of `ranks` launched (folder `NAME-tT-RANKS`): the
/// two run folders, for the caller to compare.
fn one_and_split(
    dir: &Path,
    cfg: &Path,
    name: &str,
    sets: &[&str],
    (t, ranks): (usize, usize),
) -> (PathBuf, PathBuf) {
    use crate::distributed::{ok, torchrun_cmd, train_args};
    let one = dir.join(format!("{name}-one"));
    if !one.exists() {
        ok(
            crate::fixture::run_cli(&train_args(cfg, &one, sets)),
            "1 process",
        );
    }
    let split = dir.join(format!("{name}-t{t}-{ranks}"));
    let mut args = train_args(cfg, &split, sets);
    let tensor = format!("parallel.tensor={t}");
    args.extend(["--set", &tensor]);
    ok(torchrun_cmd(ranks, &args).output().unwrap(), "torchrun");
    (one, split)
}

/// A run whose model is split over 2 ranks (`parallel.tensor = 2`), over 2 replicas of 2 (4
/// ranks), and over 4 ranks (T = 4: each of the 2 key/value heads held by two ranks), equals
/// one process for Frost and GRPO: metrics and eval to 1e-5 plus 1e-6 of each
/// (time aside; the judge's log-sum-exp is reduced over the split vocabulary, so scores of
/// about -10 read up to 1.4e-6 apart, and eval's score variance, about 40, 1.5e-5 apart),
/// the same moves token for token, the checkpoint's adapters to 1e-5 (the tiny model: 4 query
/// heads, 2 key/value heads, intermediate 128, dense Qwen3 under LoRA).
#[test]
fn a_split_model_trains_as_one_process_does() {
    use crate::distributed::{assert_same_adapters, assert_same_logs_within, moves};
    use crate::fixture::{tmp, write_config};
    let dir = tmp("tp-train");
    let cfg = write_config(&dir, true);
    for (name, refinement, t, ranks) in [
        ("frost", "frost", 2, 2),
        ("grpo", "none", 2, 2),
        ("frost", "frost", 2, 4),
        ("frost", "frost", 4, 4),
    ] {
        let set = format!("frost.refinement=\"{refinement}\"");
        let sets = ["steps=3", "run.tensorboard=false", &set];
        let (one, split) = one_and_split(&dir, &cfg, name, &sets, (t, ranks));
        for log in ["metrics.jsonl", "eval.jsonl"] {
            assert_same_logs_within(&one.join(log), &split.join(log), 1e-5, 1e-6);
        }
        assert_eq!(
            moves(&one),
            moves(&split),
            "{name} at T = {t} on {ranks} ranks: different moves"
        );
        assert_same_adapters(&one, &split);
    }
}

/// A separate judge (`judge.path`: the fixture's weights perturbed, so that it scores otherwise
/// than the player's base) is split over the same ranks as the player: a 3-step Frost run at
/// T = 2 equals one process with the same judge (figures to 1e-5 plus 1e-6 of each: eval's
/// score variance, about 13.5 over scores of about 50 nats, read 1.0e-5 apart).
#[test]
fn a_split_run_with_a_separate_judge_equals_one_process() {
    use crate::distributed::{assert_same_adapters, assert_same_logs_within, moves};
    use crate::fixture::{tmp, write_config};
    let dir = tmp("tp-judge");
    let cfg = write_config(&dir, true);
    let judge = crate::qwen3::perturbed_judge(0.05);
    let judge = format!("judge.path=\"{}\"", judge.display());
    let sets = ["steps=3", "run.tensorboard=false", &judge];
    let (one, split) = one_and_split(&dir, &cfg, "judge", &sets, (2, 2));
    for log in ["metrics.jsonl", "eval.jsonl"] {
        assert_same_logs_within(&one.join(log), &split.join(log), 1e-5, 1e-6);
    }
    assert_eq!(moves(&one), moves(&split), "different moves");
    assert_same_adapters(&one, &split);
}

/// A split the run cannot make is refused before any model loads, in one line naming
/// `parallel.tensor`: more ranks per copy than launched, 0, a full fine-tune, and a shape the
/// group cannot split (3 ranks and the tiny model's 4 attention heads).
#[test]
fn splits_a_run_cannot_make_are_refused_in_one_line() {
    use crate::distributed::{torchrun_cmd, train_args};
    use crate::fixture::{run_cli, tmp, write_config};
    let dir = tmp("tp-refused");
    let lora = write_config(&dir, true);
    let full = write_config(&dir, false);
    let refused = |o: std::process::Output, want: &str| {
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(!o.status.success(), "ran: {err}");
        let line = (err.lines())
            .find(|l| l.contains("parallel.tensor"))
            .unwrap_or_else(|| panic!("no line names parallel.tensor:\n{err}"));
        assert!(line.contains(want), "{want}: {line}");
    };
    let out = dir.join("run");
    let one = |cfg, set: &str| run_cli(&train_args(cfg, &out, &["steps=1", set]));
    refused(
        one(&lora, "parallel.tensor=2"),
        "2 must divide the number of ranks, 1",
    );
    refused(one(&lora, "parallel.tensor=0"), "must be >= 1");
    refused(
        one(&full, "parallel.tensor=2"),
        "trains LoRA adapters on its frozen base",
    );
    assert!(!out.exists(), "a refused run wrote {}", out.display());
    let mut three = torchrun_cmd(
        3,
        &train_args(&lora, &out, &["steps=1", "parallel.tensor=3"]),
    );
    refused(
        three.output().unwrap(),
        "3 tensor-parallel ranks cannot split the model's num_attention_heads = 4: the number of \
         ranks must divide it",
    );
}

/// Expert parallel in a run: a tiny Qwen3 MoE checkpoint (8 experts, top-2), stored per expert
/// as the hub does and fused as transformers saves it, trained 3 Frost steps with its model
/// split over 2 ranks (each loads and runs its 4 experts), equals one process.
#[test]
fn a_split_qwen3_moe_trains_as_one_process_does() {
    use crate::distributed::{assert_same_logs, moves};
    use crate::fixture::{tmp, write_config};
    let dir = tmp("tp-moe");
    let cfg = write_config(&dir, true);
    for variant in ["qwen3_moe", "qwen3_moe_fused"] {
        let model = format!(
            "model.path=\"{}\"",
            crate::moe::fixtures().join(variant).display()
        );
        let sets = ["steps=3", "run.tensorboard=false", &model];
        let (one, split) = one_and_split(&dir, &cfg, variant, &sets, (2, 2));
        // Scores of about -125 nats in f32 (a step of 8e-6): 1e-5 absolute is their rounding
        // once the experts' sums are split; 5e-5 is 4e-7 of them.
        for log in ["metrics.jsonl", "eval.jsonl"] {
            assert_same_logs(&one.join(log), &split.join(log), 5e-5);
        }
        assert_eq!(moves(&one), moves(&split), "{variant}: different moves");
        // AdamW's first steps move an entry by about the learning rate (3e-4) whatever its
        // gradient's size, so one whose gradient is near zero carries the split sums' rounding
        // at that scale: 1e-4, a third of one step's move.
        crate::distributed::assert_same_adapters_within(&one, &split, 1e-4);
    }
}

/// Qwen3.5 split: tiny checkpoints written by transformers, the text model (Gated DeltaNet and
/// gated attention layers; 2 key and 4 value linear heads, 4 query heads) and the multimodal
/// Qwen3.5 MoE (8 experts and a shared expert of 48), trained 3 Frost steps with the model split
/// over 2 ranks, equal one process: the same tolerances as the Qwen3 MoE's above, plus 1e-5 of
/// each figure: the first step's gradient norm (about 19, the B matrices' gradient while they are
/// zero) read 1.0e-4 apart, 5e-6 of it, from f32 sums through the delta rule's chunked solve
/// split in two; every other figure within 1e-5. The MoE trains GRPO: under Frost its third step
/// verified another child of one sampled move (one process token 17 at -119.21, split token 26 at
/// -117.37, both under the gate), a near tie in the top D that the split's rounding tips; the
/// Taylor estimate's input gradient itself is checked equal by examples/tp_check (the test
/// above), for this family too.
#[test]
fn a_split_qwen3_5_trains_as_one_process_does() {
    use crate::distributed::{assert_same_logs_within, moves};
    use crate::fixture::{tmp, write_config};
    let dir = tmp("tp-q35");
    let cfg = write_config(&dir, true);
    for (name, path, refinement) in [
        ("qwen3_5_text", crate::qwen3_5::checkpoint("text"), "frost"),
        (
            "qwen3_5_moe",
            crate::moe::fixtures().join("qwen3_5_moe"),
            "none",
        ),
    ] {
        let model = format!("model.path=\"{}\"", path.display());
        let refinement = format!("frost.refinement=\"{refinement}\"");
        let sets = ["steps=3", "run.tensorboard=false", &model, &refinement];
        let (one, split) = one_and_split(&dir, &cfg, name, &sets, (2, 2));
        for log in ["metrics.jsonl", "eval.jsonl"] {
            assert_same_logs_within(&one.join(log), &split.join(log), 5e-5, 1e-5);
        }
        assert_eq!(moves(&one), moves(&split), "{name}: different moves");
        crate::distributed::assert_same_adapters_within(&one, &split, 1e-4);
    }
}

/// The checkpoint of a split run is the whole adapter: a run split over 2 ranks for 2 steps,
/// resumed on 1 process with the whole model (`parallel.tensor = 1`) for 2 more, and one run
/// the other way round (whole, then split), equal an uninterrupted 1-process run of 4 steps;
/// `export --merged` of the first gives the 1-process run's merged model. Figures to 1e-5 plus
/// 1e-6 of each, as `a_split_model_trains_as_one_process_does` says why.
#[test]
fn a_split_run_resumes_whole_on_one_process() {
    use crate::distributed::{assert_same_adapters, assert_same_logs_within, ok, torchrun_cmd};
    use crate::fixture::{run_cli, tmp, write_config};
    let dir = tmp("tp-resume");
    let cfg = write_config(&dir, true);
    let one = dir.join("one");
    let sets = ["steps=4", "run.tensorboard=false"];
    ok(
        run_cli(&crate::distributed::train_args(&cfg, &one, &sets)),
        "1 process",
    );
    let split = dir.join("split");
    let first = ["steps=2", "run.tensorboard=false", "parallel.tensor=2"];
    let args = crate::distributed::train_args(&cfg, &split, &first);
    ok(torchrun_cmd(2, &args).output().unwrap(), "torchrun");
    let path = split.to_str().unwrap();
    let resume = [
        "--resume",
        path,
        "--set",
        "steps=4",
        "--set",
        "parallel.tensor=1",
    ];
    ok(run_cli(&resume), "resume on 1 process");
    for log in ["metrics.jsonl", "eval.jsonl"] {
        assert_same_logs_within(&one.join(log), &split.join(log), 1e-5, 1e-6);
    }
    assert_same_adapters(&one, &split);
    // The other way: 2 steps on one process, resumed split over 2 ranks for 2 more.
    let later = dir.join("later");
    let whole_first = ["steps=2", "run.tensorboard=false"];
    ok(
        run_cli(&crate::distributed::train_args(&cfg, &later, &whole_first)),
        "1 process",
    );
    let path = later.to_str().unwrap();
    let resume = [
        "--resume",
        path,
        "--set",
        "steps=4",
        "--set",
        "parallel.tensor=2",
    ];
    ok(torchrun_cmd(2, &resume).output().unwrap(), "resume split");
    assert_same_logs_within(
        &one.join("metrics.jsonl"),
        &later.join("metrics.jsonl"),
        1e-5,
        1e-6,
    );
    assert_same_adapters(&one, &later);
    // `export --merged` from a run that trained split writes the unsplit run's model.
    let merged = |run: &std::path::Path, name: &str| {
        let out = dir.join(name);
        let (run, to) = (run.to_str().unwrap(), out.to_str().unwrap());
        ok(
            run_cli(&["export", run, "--merged", "--out", to]),
            "export --merged",
        );
        let mut t = tch::Tensor::read_safetensors(out.join("model.safetensors")).unwrap();
        t.sort_by(|a, b| a.0.cmp(&b.0));
        t
    };
    let (a, b) = (merged(&one, "one-merged"), merged(&split, "split-merged"));
    assert!(
        !a.is_empty() && a.len() == b.len(),
        "{} vs {} tensors",
        a.len(),
        b.len()
    );
    for ((na, ta), (nb, tb)) in a.iter().zip(&b) {
        assert_eq!(na, nb);
        let d = (ta - tb).abs().max().double_value(&[]);
        assert!(d <= 1e-5, "{na}: the merged weights differ by {d}");
    }
}

/// A rank of a split run killed, or hung (stopped), mid-run: the other, whose model's
/// collectives then fail or time out, stops with one error line naming itself within the
/// collective timeout, never hanging; the run then resumes from its last checkpoint, split again
/// over 2 new ranks, and finishes.
#[test]
fn a_killed_rank_of_a_split_run_stops_the_other_and_the_run_resumes() {
    use crate::distributed::{ok, torchrun_cmd};
    use crate::distributed_faults::{fail_rank_1_and_check_rank_0, Fault};
    use crate::fixture::{tmp, write_config};
    let dir = tmp("tp-kill");
    let cfg = write_config(&dir, true);
    let sets = [
        "steps=400",
        "eval.every=0",
        "run.tensorboard=false",
        "run.checkpoint_every=1",
        "run.collective_timeout_s=30",
        "parallel.tensor=2",
    ];
    fail_rank_1_and_check_rank_0(&cfg, &dir.join("hung"), &sets, Fault::Hung);
    let out = dir.join("run");
    fail_rank_1_and_check_rank_0(&cfg, &out, &sets, Fault::Killed);
    let metrics = out.join("metrics.jsonl");
    // Resumed split over 2 new ranks, one step past what was logged.
    let logged = std::fs::read_to_string(&metrics).unwrap().lines().count();
    let steps = format!("steps={}", logged + 1);
    let path = out.to_str().unwrap();
    let resume = ["--resume", path, "--set", &steps];
    ok(torchrun_cmd(2, &resume).output().unwrap(), "resume split");
    let lines = crate::fixture::jsonl(&metrics);
    assert_eq!(
        lines.last().unwrap()["step"].as_u64(),
        Some(logged as u64 + 1),
        "the resumed run did not reach step {}",
        logged + 1
    );
}

/// `bench --phases` under torchrun with the model split over 2 ranks: rank 0 reports each
/// phase's collectives per step. Sampling the embedded default's 8-token moves is one prefill
/// and 7 decode forwards, each summing the tokens' embeddings (split by vocabulary rows) once,
/// the attention and the MLP of each of its 4 layers once, and gathering the last position's
/// logits once: 80 collectives, 10 per decoded token.
#[test]
fn bench_phases_under_torchrun_counts_a_split_models_collectives() {
    use crate::distributed::torchrun_cmd;
    // As bench.rs runs it: the tiny fixture corpus (offline), a private cache.
    let cache = tempfile::tempdir().unwrap();
    let corpus = crate::common::root().join("tests/fixtures/corpus-tiny");
    let corpus = format!("corpus.source=\"{}\"", corpus.display());
    let args = [
        "bench",
        "--phases",
        "--set",
        "parallel.tensor=2",
        "--set",
        &corpus,
    ];
    let o = torchrun_cmd(2, &args)
        .current_dir(crate::common::root())
        .env("FROST_CACHE", cache.path())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for once in ["collectives per step on this rank", "matmul peak on"] {
        assert_eq!(out.matches(once).count(), 1, "rank 0 alone prints: {out}");
    }
    for run in ["frost K=4 D=4", "grpo K=8"] {
        let sample = (out.lines())
            .find(|l| l.trim_start().starts_with(run) && l.contains(" sample ") && !l.contains('%'))
            .unwrap_or_else(|| panic!("no collectives row for {run}'s sample phase:\n{out}"));
        let calls: Vec<&str> = sample.split_whitespace().collect();
        let at = calls.iter().position(|w| *w == "sample").unwrap();
        assert_eq!(calls[at + 1], "80", "{sample}");
    }
}
