//! The trained tiny model every training-side e2e test uses, and a run config over it built
//! in code. The model is shipped (`tests/fixtures/tiny-model/`, sealed by its
//! `checksums.sha256`): pretraining gives other bytes on other CPUs' kernels, and the goldens
//! keyed on it (tests/fixtures/update/defaults-golden.json) must apply on every machine. Its
//! recipe (a tiny Qwen3 pretrained 150 steps, fixed seed, on a synthetic corpus with learnable
//! structure) is [`pretrain_fixture`]; `make test-fixture` builds it again and records the
//! goldens on it.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use frost_host::config::{DeviceSpec, Dtype, LoraSection, TrainConfig};
use frost_host::corpus::CorpusSource;
use frost_host::model::{LoadOptions, LoadedModel, LoraConfig};
use frost_host::pretrain::{pretrain, ModelSize, PretrainOptions};
use frost_host::run::checksums::{self, CheckFailure, Sealed};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use tch::Kind;

use crate::common;

pub struct Fixture {
    pub model: PathBuf,
    pub corpus: PathBuf,
    pub root: PathBuf,
}

/// Sentences from a small grammar: enough regularity for a tiny model to learn in seconds.
pub fn synthetic_text(rng: &mut ChaCha8Rng, sentences: usize) -> String {
    let adj = ["red", "old", "small", "quiet", "bright", "cold"];
    let noun = ["king", "dog", "ship", "garden", "river", "queen", "bird"];
    let verb = ["sees", "loves", "follows", "finds", "keeps"];
    let place = ["by the sea", "in the hall", "at dawn", "under the hill"];
    let mut s = String::new();
    for i in 0..sentences {
        let pick = |r: &mut ChaCha8Rng, xs: &[&'static str]| xs[r.gen_range(0..xs.len())];
        s.push_str(&format!(
            "The {} {} {} the {} {} {}.",
            pick(rng, &adj),
            pick(rng, &noun),
            pick(rng, &verb),
            pick(rng, &adj),
            pick(rng, &noun),
            pick(rng, &place)
        ));
        s.push(if i % 6 == 5 { '\n' } else { ' ' });
    }
    s
}

/// The shipped fixture model's folder.
pub fn shipped_model() -> PathBuf {
    common::root().join("tests/fixtures/tiny-model")
}

/// The synthetic corpus the fixture model was pretrained on and the tests deal from (ChaCha8
/// draws: the same text on every machine), written into `dir`.
fn write_corpus(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for d in 0..9 {
        std::fs::write(
            dir.join(format!("doc{d}.txt")),
            synthetic_text(&mut rng, 300),
        )
        .unwrap();
    }
}

/// The fixture model's recipe: a tiny Qwen3 (300-token BPE) pretrained 150 steps on `corpus`
/// into `out`.
pub fn pretrain_fixture(corpus: &Path, out: &Path) {
    let mut opts = PretrainOptions::new(
        CorpusSource::Path(corpus.to_path_buf()),
        out.to_path_buf(),
        ModelSize::Tiny,
    );
    opts.hyper.steps = 150;
    opts.hyper.vocab_size = 300;
    pretrain(&opts).expect("pretrain the tiny fixture model");
}

/// Copies the shipped fixture model into `to` after checking its files against its seal: a
/// file not as shipped fails here in one line, not as a figure that moved.
fn install_shipped(to: &Path) {
    let from = shipped_model();
    let fix = "restore it (git checkout tests/fixtures/tiny-model) or build it again (make \
               test-fixture)";
    match checksums::check(&from, "") {
        Ok(Sealed::Yes) => {}
        Ok(Sealed::No) => panic!(
            "{}: no {}, so its bytes cannot be checked: {fix}",
            from.display(),
            checksums::FILE
        ),
        Err(CheckFailure::Altered(a)) => panic!(
            "the shipped fixture model's {} is not as shipped ({:?}): {fix}",
            a.file.display(),
            a.damage
        ),
        Err(CheckFailure::Unreadable { path, msg }) => panic!("{}: {msg}: {fix}", path.display()),
        Err(CheckFailure::Io(e)) => panic!("{e}: {fix}"),
    }
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(&from).unwrap() {
        let e = e.unwrap();
        if e.file_name() != checksums::FILE {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

pub fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        // Under target/ (not /tmp); one folder per test process, removed by a later run once
        // its process is gone (two test runs at once must not delete each other's fixture).
        let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        for e in std::fs::read_dir(&base).into_iter().flatten().flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            let Some(pid) = name.strip_prefix("frost-e2e-train-") else {
                continue;
            };
            if !Path::new("/proc").join(pid).exists() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
        let root = base.join(format!("frost-e2e-train-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let corpus = root.join("corpus");
        write_corpus(&corpus);
        let model = root.join("model");
        install_shipped(&model);
        Fixture {
            model,
            corpus,
            root,
        }
    })
}

pub fn load(kind: Kind) -> LoadedModel {
    let mut opts = LoadOptions::cpu();
    opts.kind = Some(kind);
    LoadedModel::load(&fixture().model, &opts).unwrap()
}

/// A small run config over the fixture, built in code: Frost K=4 D=4 on infilling with a raw
/// prompt, 2 assignments per step, 4 steps, eval every 2, LoRA r=4 (or, with `lora = false`,
/// full fine-tuning with a separate frozen judge copy).
pub fn test_config(lora: bool) -> TrainConfig {
    let f = fixture();
    let mut c = TrainConfig::default_embedded();
    c.seed = 3;
    c.steps = 4;
    c.model.path = f.model.display().to_string();
    c.model.device = DeviceSpec::Cpu;
    c.model.dtype = Dtype::F32;
    c.model.lora = lora.then(|| LoraSection {
        r: 4,
        alpha: 8.0,
        dropout: 0.0,
        target_modules: LoraConfig::ALL_TARGETS.map(String::from).to_vec(),
        target_parameters: Vec::new(),
    });
    c.game.path = common::game_wasm("infill").display().to_string();
    c.game.config = toml::toml! {
        prefix_tokens = 16
        gap_tokens = 4
        suffix_tokens = 8
        prompt = "raw"
    };
    c.corpus.source = CorpusSource::Path(f.corpus.clone());
    c.sampling.assignments_per_step = 2;
    c.sampling.k = 4;
    c.sampling.temperature = 1.0;
    c.sampling.top_p = 1.0;
    c.sampling.top_k = 0;
    c.frost.d = 4;
    c.frost.tau = 1e-4;
    c.frost.rounds = 1;
    c.update.lr = 1e-3;
    c.update.weight_decay = 0.0;
    c.update.beta1 = 0.9;
    c.update.beta2 = 0.999;
    c.update.adam_eps = 1e-8;
    c.update.grad_clip = 1.0;
    c.update.clip_eps = 0.2;
    c.update.normalize_std = true;
    c.update.kl_beta = 0.05;
    c.eval.every = 2;
    c.eval.assignments = 2;
    c.eval.best_of = 4;
    c.run.checkpoint_every = 2;
    c.run.samples_every = 1;
    c.run.progress = false;
    c.validate().expect("the test config is valid");
    c
}

/// [`test_config`] written where the CLI can read it with `--config`.
pub fn write_config(dir: &Path, lora: bool) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join(format!("config-{}.toml", rand::random::<u32>()));
    std::fs::write(&p, test_config(lora).to_toml()).unwrap();
    p
}

pub fn run_cli(args: &[&str]) -> std::process::Output {
    common::frost_host()
        .args(args)
        .env("FROST_LOG", "warn")
        .output()
        .expect("spawn frost-host")
}

/// [`run_cli`] that must succeed: its stdout (its stderr in the failure message).
pub fn run_cli_ok(args: &[&str]) -> String {
    let o = run_cli(args);
    assert!(
        o.status.success(),
        "frost-host {args:?} failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn jsonl(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

pub fn tmp(name: &str) -> PathBuf {
    fixture()
        .root
        .join(format!("{name}-{}", rand::random::<u32>()))
}

pub fn train_run(out: &Path, sets: &[&str]) {
    train_run_with(out, sets, true)
}

/// `frost-host --config <test_config(lora)> --out OUT --set ...`, whatever its outcome.
pub fn run_with_config(out: &Path, sets: &[&str], lora: bool) -> std::process::Output {
    let cfg = write_config(&fixture().root, lora);
    let mut args = vec![
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    for s in sets {
        args.push("--set");
        args.push(s);
    }
    run_cli(&args)
}

pub fn train_run_with(out: &Path, sets: &[&str], lora: bool) {
    let o = run_with_config(out, sets, lora);
    assert!(
        o.status.success(),
        "frost-host failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The shipped fixture is what its recipe builds: pretrained here, its config, its tokenizer
/// (integer work: the same on every machine) and its weights' names and shapes are the shipped
/// ones, and its held-out loss is within 2% of the shipped model's; the weights' bytes match
/// only on the CPU kernels they were built on, which is why they are shipped. With
/// `FROST_RECORD_FIXTURE=1` (`make test-fixture`) the build replaces the shipped folder, sealed.
#[test]
fn the_shipped_fixture_is_what_its_recipe_builds() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let corpus = dir.path().join("corpus");
    write_corpus(&corpus);
    let built = dir.path().join("model");
    pretrain_fixture(&corpus, &built);
    let shipped = shipped_model();
    if std::env::var_os("FROST_RECORD_FIXTURE").is_some() {
        let _ = std::fs::remove_dir_all(&shipped);
        std::fs::create_dir_all(&shipped).unwrap();
        for e in std::fs::read_dir(&built).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), shipped.join(e.file_name())).unwrap();
        }
        checksums::seal(&shipped).unwrap();
    }
    let read = |dir: &Path, name: &str| {
        std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
    };
    let stale = "the recipe builds another model than the shipped one: build it again (make \
                 test-fixture)";
    for name in [
        "config.json",
        "generation_config.json",
        "tokenizer.json",
        "tokenizer_config.json",
    ] {
        assert!(
            read(&built, name) == read(&shipped, name),
            "{name}: {stale}"
        );
    }
    let shapes = |dir: &Path| {
        let mut v: Vec<(String, Vec<i64>)> =
            tch::Tensor::read_safetensors(dir.join("model.safetensors"))
                .unwrap()
                .into_iter()
                .map(|(n, t)| (n, t.size()))
                .collect();
        v.sort();
        v
    };
    assert!(shapes(&built) == shapes(&shipped), "weights: {stale}");
    let loss = |dir: &Path| {
        let v: Value = serde_json::from_slice(&read(dir, "pretrain.json")).unwrap();
        v["heldout"]["loss"].as_f64().unwrap()
    };
    let (here, then) = (loss(&built), loss(&shipped));
    assert!(
        (here / then - 1.0).abs() < 0.02,
        "held-out loss {here} here, {then} shipped: {stale}"
    );
}

/// A model's variables in name order: a `VarStore`'s own map has another order in every
/// process, so a loop that draws random numbers into them must go by name to be the same run
/// to run.
pub fn by_name(vs: &tch::nn::VarStore) -> Vec<(String, tch::Tensor)> {
    let mut v: Vec<(String, tch::Tensor)> = vs.variables().into_iter().collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}
