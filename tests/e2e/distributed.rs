//! Data-parallel runs on torch.distributed (Gloo on the CPU, ranks on 127.0.0.1), each checked
//! against a 1-process run of the same config: the reference a distributed run must equal up
//! to float summation order.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common;
use crate::fixture::{jsonl, run_cli, tmp, write_config};

fn torchrun() -> PathBuf {
    let p = common::root().join(".venv/bin/torchrun");
    assert!(p.exists(), "{} missing: run `make test`", p.display());
    p
}

/// `frost-host` under the venv's real torchrun, `n` ranks on this machine (torchrun picks and holds its port).
pub(crate) fn torchrun_cmd(n: usize, args: &[&str]) -> Command {
    let mut c = Command::new(torchrun());
    c.args([
        "--standalone",
        "--nproc-per-node",
        &n.to_string(),
        "--no-python",
    ])
    .arg(env!("CARGO_BIN_EXE_frost-host"))
    .args(args)
    .env("FROST_LOG", "warn")
    .env("OMP_NUM_THREADS", "1");
    c
}

pub(crate) fn train_args<'a>(cfg: &'a Path, out: &'a Path, sets: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec![
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    for s in sets {
        a.extend(["--set", s]);
    }
    a
}

pub(crate) fn ok(o: Output, what: &str) {
    assert!(
        o.status.success(),
        "{what} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Every numeric field of two logs' lines equal within `tol` (timings aside), line by line.
pub(crate) fn assert_same_logs(a: &Path, b: &Path, tol: f64) {
    assert_same_logs_within(a, b, tol, 0.0)
}

/// [`assert_same_logs`] within `tol` plus `rel` of the first log's value.
pub(crate) fn assert_same_logs_within(a: &Path, b: &Path, tol: f64, rel: f64) {
    let (a, b) = (jsonl(a), jsonl(b));
    assert_eq!(a.len(), b.len(), "different numbers of lines");
    for (x, y) in a.iter().zip(&b) {
        for (k, v) in x.as_object().unwrap() {
            if k.starts_with("time/") {
                continue;
            }
            match (v.as_f64(), y[k].as_f64()) {
                (Some(p), Some(q)) => {
                    let within = tol + rel * p.abs();
                    assert!(
                        (p - q).abs() <= within,
                        "step {}: {k}: {p} vs {q}",
                        x["step"]
                    )
                }
                _ => assert_eq!(v, &y[k], "step {}: {k}", x["step"]),
            }
        }
    }
}

/// The sampled and final moves of every step, token for token.
pub(crate) fn moves(run: &Path) -> Vec<Value> {
    jsonl(&run.join("samples.jsonl"))
        .iter()
        .map(|l| {
            let a = l["assignments"].as_array().unwrap();
            Value::Array(
                a.iter()
                    .map(|a| a["moves"].clone())
                    .map(strip_scores)
                    .collect(),
            )
        })
        .collect()
}

fn strip_scores(mut moves: Value) -> Value {
    for m in moves.as_array_mut().unwrap() {
        let m = m.as_object_mut().unwrap();
        m.remove("score");
        m.remove("sampled_score");
    }
    moves
}

/// The last checkpoint's adapter tensors.
pub(crate) fn adapter(run: &Path) -> Vec<(String, tch::Tensor)> {
    let latest = frost_host::run::checkpoints::Checkpoints::new(run.join("checkpoints"))
        .latest()
        .unwrap();
    let mut t =
        tch::Tensor::read_safetensors(latest.join("adapter/adapter_model.safetensors")).unwrap();
    t.sort_by(|a, b| a.0.cmp(&b.0));
    t
}

pub(crate) fn assert_same_adapters(a: &Path, b: &Path) {
    assert_same_adapters_within(a, b, 1e-5)
}

/// [`assert_same_adapters`] to `tol`.
pub(crate) fn assert_same_adapters_within(a: &Path, b: &Path, tol: f64) {
    let (a, b) = (adapter(a), adapter(b));
    assert_eq!(a.len(), b.len());
    for ((na, ta), (nb, tb)) in a.iter().zip(&b) {
        assert_eq!(na, nb);
        let d = (ta - tb).abs().max().double_value(&[]);
        assert!(d <= tol, "{na}: differs by {d}");
    }
}

/// 2 ranks under the real torchrun equal 1 process, for Frost (also with kept parents) and for
/// GRPO: metrics and eval
/// to 1e-5, the same moves token for token, adapters to 1e-5; only rank 0 writes.
#[test]
fn two_ranks_under_torchrun_equal_one_process_for_frost_and_grpo() {
    let dir = tmp("dist");
    let cfg = write_config(&dir, true);
    // Kept parents make the groups' sizes differ by rank: the rows are counted over the ranks.
    let cases = [
        ("frost", "\"frost\"", "frost.keep_parents=false"),
        ("frost-kept", "\"frost\"", "frost.keep_parents=true"),
        ("grpo", "\"none\"", "frost.keep_parents=false"),
    ];
    for (name, refinement, kept) in cases {
        let set = format!("frost.refinement={refinement}");
        let sets = ["steps=3", "run.tensorboard=false", set.as_str(), kept];
        assert_two_ranks_equal_one(&dir, &cfg, name, &sets);
    }
}

/// The same on a tiny random Qwen3.5 (linear and full attention layers) for Frost: the
/// recurrent state, the chunked delta rule and its gradients are split over ranks like the rest.
#[test]
fn two_ranks_equal_one_process_on_a_tiny_random_qwen3_5() {
    let dir = tmp("dist-q35");
    let cfg = write_config(&dir, true);
    let shape = crate::qwen3_5_frost::tiny_qwen3_5_shape();
    let model = format!("model.path=\"{}\"", shape.display());
    let tok = format!(
        "model.tokenizer=\"{}\"",
        crate::fixture::fixture().model.display()
    );
    let sets = [
        "steps=3",
        "run.tensorboard=false",
        "model.init=\"random\"",
        &model,
        &tok,
    ];
    assert_two_ranks_equal_one(&dir, &cfg, "q35", &sets);
    // It trained the Qwen3.5 model: its full-attention layer's adapters, multimodal prefix.
    let names: Vec<String> = adapter(&dir.join("q35-2"))
        .into_iter()
        .map(|t| t.0)
        .collect();
    let q = "model.language_model.layers.1.self_attn.q_proj.lora_A";
    assert!(names.iter().any(|n| n.contains(q)), "{names:?}");
}

/// Runs `sets` on 1 process and on 2 ranks under torchrun (folders `name`-1 and `name`-2 in
/// `dir`): metrics and eval to 1e-5, the same moves token for token, adapters to 1e-5, the
/// ranks recorded, and only rank 0 writing.
fn assert_two_ranks_equal_one(dir: &Path, cfg: &Path, name: &str, sets: &[&str]) {
    let one = dir.join(format!("{name}-1"));
    ok(run_cli(&train_args(cfg, &one, sets)), "1 process");
    let two = dir.join(format!("{name}-2"));
    let o = torchrun_cmd(2, &train_args(cfg, &two, sets))
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&o.stdout).into_owned();
    ok(o, "torchrun");
    // The run directory and the summary say how many ranks trained it.
    assert_eq!(launches(&one), [(0, 1)], "{name}");
    assert_eq!(launches(&two), [(0, 2)], "{name}");
    assert_eq!(summary_value(&table, "ranks"), "2", "{table}");
    for log in ["metrics.jsonl", "eval.jsonl"] {
        assert_same_logs(&one.join(log), &two.join(log), 1e-5);
    }
    assert_eq!(moves(&one), moves(&two), "{name}: different moves");
    assert_same_adapters(&one, &two);
    // One writer: the run directory holds what a 1-process run's does, nothing per rank.
    let list = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    assert_eq!(list(&one), list(&two), "{name}");
}

/// A 2-rank run stopped after step 2 and resumed on 1 process continues exactly: its 4 steps
/// equal an uninterrupted 1-process run's.
#[test]
fn a_two_rank_run_resumes_on_one_process() {
    let dir = tmp("dist-resume");
    let cfg = write_config(&dir, true);
    let sets = ["steps=4", "run.tensorboard=false"];
    let one = dir.join("one");
    ok(run_cli(&train_args(&cfg, &one, &sets)), "1 process");
    let two = dir.join("two");
    let first = ["steps=2", "run.tensorboard=false"];
    ok(
        torchrun_cmd(2, &train_args(&cfg, &two, &first))
            .output()
            .unwrap(),
        "torchrun",
    );
    let resume = ["--resume", two.to_str().unwrap(), "--set", "steps=4"];
    let o = run_cli(&resume);
    let table = String::from_utf8_lossy(&o.stdout).into_owned();
    ok(o, "resume on 1 process");
    assert_eq!(launches(&two), [(0, 2), (2, 1)]);
    // The whole run's figures, then this process's under their own heading.
    assert_eq!(summary_value(&table, "steps"), "4 (resumed after step 2)");
    assert!(table.contains("  this process (steps 3-4):\n"), "{table}");
    let mine = table.split("this process").nth(1).unwrap();
    assert_eq!(summary_value(mine, "ranks"), "1", "{table}");
    assert_same_logs(&one.join("metrics.jsonl"), &two.join("metrics.jsonl"), 1e-5);
    assert_same_logs(&one.join("eval.jsonl"), &two.join("eval.jsonl"), 1e-5);
    assert_same_adapters(&one, &two);
}

/// `launches.jsonl`'s (step started after, world size) lines.
pub(crate) fn launches(run: &Path) -> Vec<(u64, u64)> {
    (jsonl(&run.join("launches.jsonl")).iter())
        .map(|l| {
            (
                l["step"].as_u64().unwrap(),
                l["world_size"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// The value of the summary table's first row named `key` in `table`.
fn summary_value(table: &str, key: &str) -> String {
    let row = (table.lines()).find(|l| l.trim_start().starts_with(&format!("{key} ")));
    let row = row.unwrap_or_else(|| panic!("no `{key}` in\n{table}"));
    row.trim_start()[key.len()..].trim().to_string()
}

/// Until `metrics` logs `n` steps (at most 120 s).
pub(crate) fn wait_for_steps(metrics: &Path, n: usize) {
    let started = Instant::now();
    while std::fs::read_to_string(metrics).map_or(true, |t| t.lines().count() < n) {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no step logged in 120 s"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A MASTER_PORT for one test's ranks: free now, never handed to two tests of this process,
/// and below the kernel's ephemeral range, which every `bind(0)` and outgoing connection on the
/// machine draws from (Gloo's listeners, torchrun's store, other tests' and other processes'
/// sockets). A port taken from that range and released (`bind(0)`, then close) could be handed
/// to any of those before the ranks use it: a rank meant to find no rank 0 then joins, or
/// talks to, someone else's socket. Each test process starts its search at a random offset, so
/// processes running at once (other checkouts' tests) start apart.
pub(crate) fn master_port() -> u16 {
    static NEXT: AtomicUsize = AtomicUsize::new(usize::MAX);
    let (lo, hi) = (20_000, ephemeral_ports().0);
    assert!(
        hi > lo,
        "the ephemeral port range starts at {hi}: no port below it to use"
    );
    let span = usize::from(hi - lo);
    let _ = NEXT.compare_exchange(
        usize::MAX,
        rand::random::<usize>() % span,
        Ordering::Relaxed,
        Ordering::Relaxed,
    );
    for _ in 0..span {
        let port = lo + (NEXT.fetch_add(1, Ordering::Relaxed) % span) as u16;
        // Bound on every address, as rank 0's store binds it: free on none is not free.
        if std::net::TcpListener::bind(("0.0.0.0", port)).is_ok() {
            return port;
        }
    }
    panic!("no free port in {lo}..{hi}");
}

/// The kernel's ephemeral port range (Linux's ip_local_port_range; IANA's elsewhere).
pub(crate) fn ephemeral_ports() -> (u16, u16) {
    let range = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range");
    let parsed = range.ok().and_then(|t| {
        let mut it = t.split_whitespace().map(|v| v.parse::<u16>().ok());
        Some((it.next()??, it.next()??))
    });
    parsed.unwrap_or((49_152, 65_535))
}

/// The ports handed to tests are distinct and outside the ephemeral range (a port picked there
/// and released can be taken by any socket on the machine before the ranks bind it).
#[test]
fn master_ports_are_distinct_and_outside_the_ephemeral_range() {
    let (lo, hi) = ephemeral_ports();
    let ports: Vec<u16> = (0..64).map(|_| master_port()).collect();
    let distinct: std::collections::HashSet<_> = ports.iter().collect();
    assert_eq!(
        distinct.len(),
        ports.len(),
        "a port handed out twice: {ports:?}"
    );
    assert!(
        ports.iter().all(|p| !(lo..=hi).contains(p)),
        "a port in the ephemeral range {lo}-{hi}: {ports:?}"
    );
}

/// The collectives on 2 and 3 ranks: sums, rank 0's broadcast, every rank's bytes (the
/// example every rank checks itself with).
#[test]
fn collectives_on_two_and_three_ranks() {
    let exe = std::env::current_exe().unwrap();
    let example = exe
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/dist_check");
    assert!(
        example.exists(),
        "{} missing: cargo test builds the examples",
        example.display()
    );
    for n in [2, 3] {
        let o = Command::new(torchrun())
            .args([
                "--standalone",
                "--nproc-per-node",
                &n.to_string(),
                "--no-python",
            ])
            .arg(&example)
            .env("OMP_NUM_THREADS", "1")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success(),
            "{n} ranks: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        for r in 0..n {
            assert!(
                text.contains(&format!("rank {r} of {n}: all-reduce, broadcast")),
                "{text}"
            );
        }
    }
}
