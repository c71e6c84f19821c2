//! `frost-host export` on a tiny run: the PEFT adapter (loaded by `peft` on the base) and the
//! merged checkpoint (loaded by `transformers` alone, sharded) give frost-host's own logits of
//! base + adapter; the model card says what was trained; `--out` is never half-written nor
//! silently replaced.
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use frost_host::model::{CausalLm, Input, LoadOptions, LoadedModel, LoraConfig};
use serde_json::Value;
use tch::{Device, Kind, Tensor};

use crate::common::{self, max_diff};
use crate::fixture::{fixture, jsonl, run_cli, run_cli_ok as ok, tmp, train_run, train_run_with};

/// A finished 4-step LoRA run (r = 4, alpha = 8; checkpoints after steps 2 and 4, evaluations
/// at 0, 2 and 4), trained once for the tests of this module.
fn run() -> &'static Path {
    static RUN: OnceLock<PathBuf> = OnceLock::new();
    RUN.get_or_init(|| {
        let out = tmp("export-run");
        train_run(&out, &[]);
        out
    })
}

fn checkpoint(step: u64) -> PathBuf {
    run().join(format!("checkpoints/step-{step:06}"))
}

/// The one error line of a failing command.
fn fails(args: &[&str]) -> String {
    let o = run_cli(args);
    assert!(!o.status.success(), "frost-host {args:?} succeeded");
    let err = String::from_utf8_lossy(&o.stderr).trim().to_string();
    assert_eq!(err.lines().count(), 1, "one error line: {err}");
    err
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Two rows of token ids the fixture's vocabulary (300) holds.
fn ids() -> Tensor {
    Tensor::from_slice(&[5i64, 17, 200, 33, 90, 12, 7, 250, 1, 2, 3, 4, 5, 6, 7, 8]).view([2, 8])
}

fn logits_of(net: &CausalLm, ids: &Tensor) -> Tensor {
    let (b, t) = (ids.size()[0], ids.size()[1]);
    let pos = Tensor::arange(t, (Kind::Int64, Device::Cpu))
        .unsqueeze(0)
        .expand([b, t], false);
    tch::no_grad(|| net.forward(Input::Ids(ids), &pos, None, None))
}

/// frost-host's logits of the fixture base with the checkpoint's adapter on (and off).
fn frost_logits(step: u64) -> (Tensor, Tensor) {
    let mut opts = LoadOptions::cpu();
    opts.lora = Some(LoraConfig::new(4, 8.0));
    let mut m = LoadedModel::load(&fixture().model, &opts).unwrap();
    m.load_adapter(&checkpoint(step).join("adapter")).unwrap();
    let on = logits_of(&m.net, &ids());
    m.net.set_adapters_enabled(false);
    (on, logits_of(&m.net, &ids()))
}

const TEXT: &str = "The red king sees the old dog by the sea.";

/// `export_check.py` on one export, in a process of its own: (logits, tokenizer ids of TEXT,
/// the JSON line it printed: class loaded, whether peft was imported).
fn python_logits(model: &Path, adapter: Option<&Path>) -> (Tensor, Vec<i64>, Value) {
    let dir = tmp("export-check");
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("ids.safetensors");
    Tensor::write_safetensors(&[("ids", ids())], &input).unwrap();
    let output = dir.join("out.safetensors");
    let jobs = serde_json::json!([
        { "model": model, "adapter": adapter, "input": input, "output": output, "text": TEXT },
    ]);
    let jobs_path = dir.join("jobs.json");
    std::fs::write(&jobs_path, jobs.to_string()).unwrap();
    let o = common::run_python("export_check.py", &[s(&jobs_path)]);
    let line: Value = serde_json::from_slice(o.stdout.trim_ascii()).unwrap();
    let out: BTreeMap<String, Tensor> = Tensor::read_safetensors(&output)
        .unwrap()
        .into_iter()
        .collect();
    let text_ids = Vec::<i64>::try_from(&out["text_ids"]).unwrap();
    // The model card says the exported tokenizer adds no BOS: what a user's `tokenizer(text)`
    // gives is the plain encoding.
    let default_ids = Vec::<i64>::try_from(&out["default_ids"]).unwrap();
    assert_eq!(default_ids, text_ids, "the exported tokenizer adds tokens");
    (out["logits"].shallow_clone(), text_ids, line)
}

/// The fixture tokenizer's ids of TEXT, as the exported tokenizer must give them.
fn frost_text_ids() -> Vec<i64> {
    let tok = frost_host::model::Tok::from_dir(&fixture().model).unwrap();
    tok.encode(TEXT).into_iter().map(i64::from).collect()
}

/// The default export is the checkpoint's PEFT adapter: `PeftModel.from_pretrained` on the base
/// gives frost-host's logits of base + adapter, and the folder's tokenizer is the base's.
#[test]
fn export_peft_adapter_loads_in_peft_with_frost_hosts_logits() {
    let out = tmp("export-peft");
    let printed = ok(&["export", s(run()), "--out", s(&out)]);
    assert!(
        printed.contains("PEFT") && printed.contains("step 4"),
        "{printed}"
    );
    for f in [
        "adapter_config.json",
        "adapter_model.safetensors",
        "README.md",
        "tokenizer.json",
        "tokenizer_config.json",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    assert!(!out.join("model.safetensors").exists());
    let ckpt = checkpoint(4).join("adapter");
    assert_eq!(
        std::fs::read(out.join("adapter_model.safetensors")).unwrap(),
        std::fs::read(ckpt.join("adapter_model.safetensors")).unwrap(),
        "the adapter's weights are the checkpoint's"
    );
    let cfg = read_json(&out.join("adapter_config.json"));
    assert_eq!(cfg["peft_type"], "LORA");
    assert_eq!(cfg["r"], 4);
    assert_eq!(cfg["base_model_name_or_path"], s(&fixture().model));

    let (frost, base) = frost_logits(4);
    assert!(max_diff(&frost, &base) > 1e-3, "4 steps move the logits");
    let (py, text_ids, line) = python_logits(&fixture().model, Some(&out));
    assert_eq!(line["class"], "PeftModelForCausalLM");
    let d = max_diff(&py, &frost);
    assert!(
        d <= 1e-4,
        "peft on the export differs from frost-host by {d}"
    );
    assert_eq!(text_ids, frost_text_ids());
}

/// `--merged` folds the adapter into the weights: `AutoModelForCausalLM.from_pretrained` alone
/// (peft never imported) gives frost-host's logits of base + adapter; a small `--shard-size`
/// splits the weights into shards named by a complete index; the default size writes one file.
#[test]
fn export_merged_shards_and_loads_in_transformers_without_peft() {
    let out = tmp("export-merged");
    let printed = ok(&[
        "export",
        s(run()),
        "--merged",
        "--shard-size",
        "100KB",
        "--out",
        s(&out),
    ]);
    assert!(printed.contains("merged"), "{printed}");
    assert!(!out.join("model.safetensors").exists());
    assert!(!out.join("adapter_config.json").exists());

    // The index names every tensor of every shard, and only those; total_size is their bytes.
    let index = read_json(&out.join("model.safetensors.index.json"));
    let map = index["weight_map"].as_object().unwrap();
    let mut shards: Vec<String> = map.values().map(|v| v.as_str().unwrap().into()).collect();
    shards.sort();
    shards.dedup();
    assert!(shards.len() >= 2, "100KB of 373KB of weights: {shards:?}");
    let n = shards.len();
    let mut seen = BTreeMap::new();
    let mut bytes = 0u64;
    for (i, shard) in shards.iter().enumerate() {
        assert_eq!(shard, &format!("model-{:05}-of-{n:05}.safetensors", i + 1));
        for (name, t) in Tensor::read_safetensors(out.join(shard)).unwrap() {
            assert!(!name.contains("lora_"), "{name}");
            bytes += (t.numel() * t.kind().elt_size_in_bytes()) as u64;
            assert!(seen.insert(name, shard.clone()).is_none());
        }
    }
    let mapped: BTreeMap<String, String> = (map.iter())
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    assert_eq!(mapped, seen);
    assert_eq!(index["metadata"]["total_size"], bytes);
    assert!(mapped.contains_key("model.layers.1.self_attn.q_proj.weight"));
    assert!(mapped.contains_key("model.embed_tokens.weight"));
    // Tied as the base is: no lm_head of its own.
    assert!(!mapped.contains_key("lm_head.weight"));
    let config = read_json(&out.join("config.json"));
    assert_eq!(config["tie_word_embeddings"], true);
    assert_eq!(config["torch_dtype"], "float32");
    assert_eq!(config["dtype"], "float32");
    assert_eq!(config["architectures"][0], "Qwen3ForCausalLM");
    for f in [
        "generation_config.json",
        "tokenizer.json",
        "tokenizer_config.json",
    ] {
        assert!(out.join(f).is_file(), "{f} missing");
    }

    let (frost, _) = frost_logits(4);
    let (py, text_ids, line) = python_logits(&out, None);
    assert_eq!(line["class"], "Qwen3ForCausalLM");
    assert_eq!(line["peft"], false, "a merged export needs no peft");
    let d = max_diff(&py, &frost);
    assert!(
        d <= 1e-4,
        "transformers on the merged export differs by {d}"
    );
    assert_eq!(text_ids, frost_text_ids());

    // frost-host reads the sharded folder back as a base model; the default size is one file.
    let again = LoadedModel::load(&out, &LoadOptions::cpu()).unwrap();
    let d = max_diff(&logits_of(&again.net, &ids()), &frost);
    assert!(d <= 1e-5, "frost-host on the merged export differs by {d}");
    let single = tmp("export-merged-single");
    ok(&["export", s(run()), "--merged", "--out", s(&single)]);
    assert!(single.join("model.safetensors").is_file());
    assert!(!single.join("model.safetensors.index.json").exists());
    let one = LoadedModel::load(&single, &LoadOptions::cpu()).unwrap();
    assert!(logits_of(&one.net, &ids()).equal(&logits_of(&again.net, &ids())));
}

/// The entries of `out`'s folder that an export to `out` would stage in (`.NAME.tmp-*`).
pub(crate) fn leftovers(out: &Path) -> Vec<String> {
    let name = out.file_name().unwrap().to_string_lossy().into_owned();
    std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(&format!(".{name}.")))
        .collect()
}

/// A non-empty `--out` is refused (one line) and untouched unless `--force`; an empty one is
/// used; an export that fails halfway leaves neither `--out` nor its staging folder; `--force`
/// never replaces the export's own inputs.
#[test]
fn export_refuses_a_non_empty_out_and_never_leaves_half_an_export() {
    let out = tmp("export-out");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("keep.txt"), "mine").unwrap();
    let err = fails(&["export", s(run()), "--out", s(&out)]);
    assert!(
        err.contains("not empty") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("keep.txt")).unwrap(),
        "mine"
    );
    assert!(!out.join("README.md").exists());

    ok(&["export", s(run()), "--out", s(&out), "--force"]);
    assert!(
        !out.join("keep.txt").exists(),
        "--force replaces the folder"
    );
    assert!(out.join("adapter_model.safetensors").is_file());
    assert!(leftovers(&out).is_empty(), "{:?}", leftovers(&out));

    let empty = tmp("export-empty");
    std::fs::create_dir_all(&empty).unwrap();
    ok(&["export", s(run()), "--out", s(&empty)]);
    assert!(empty.join("README.md").is_file());

    // The adapter does not fit the model built (r = 8): the load fails after staging began.
    let failed = tmp("export-failed");
    let err = fails(&[
        "export",
        s(run()),
        "--merged",
        "--set",
        "model.lora.r=8",
        "--out",
        s(&failed),
    ]);
    assert!(err.contains("built with r=8"), "{err}");
    assert!(!failed.exists(), "nothing written");
    assert!(leftovers(&failed).is_empty(), "{:?}", leftovers(&failed));

    let err = fails(&["export", s(run()), "--out", s(run()), "--force"]);
    assert!(err.contains("would replace the run"), "{err}");
    assert!(run().join("config.toml").is_file());

    let cfg = run().join("config.toml");
    let err = fails(&["export", "base", "--config", s(&cfg), "--out", s(&failed)]);
    assert!(
        err.contains("no adapter") && err.contains("--merged"),
        "{err}"
    );
    assert!(!failed.exists());
}

/// The model card: the step exported, the game and its config, the method's settings, the
/// base model's content hash, that step's eval.jsonl figures and how to load the folder.
#[test]
fn export_model_card_names_the_step_game_and_eval_figures() {
    let out = tmp("export-card");
    ok(&["export", s(run()), "--step", "2", "--out", s(&out)]);
    let card = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(card.starts_with("---\nlibrary_name: peft\n"), "{card}");
    assert!(card.contains("exported after step 2 of 4"), "{card}");
    assert!(card.contains("**infill**"), "{card}");
    assert!(card.contains("\"gap_tokens\": 4"), "{card}");
    assert!(card.contains("K = 4") && card.contains("D = 4"), "{card}");
    assert!(card.contains("LoRA r = 4, alpha = 8"), "{card}");
    let state = read_json(&checkpoint(2).join("state.json"));
    let hash = state["base_model"]["content_hash"].as_str().unwrap();
    assert!(card.contains(hash), "{card}");
    assert!(
        card.contains(state["game_hash"].as_str().unwrap()),
        "{card}"
    );
    let evals = jsonl(&run().join("eval.jsonl"));
    let at2 = evals.iter().find(|l| l["step"] == 2).unwrap();
    let at4 = evals.iter().find(|l| l["step"] == 4).unwrap();
    assert!(card.contains("Evaluation (held-out, step 2)"), "{card}");
    for key in [
        "eval/best_of_4",
        "eval/mean",
        "eval/entropy",
        "eval/distinct",
    ] {
        let row = format!("| `{key}` | {:.4} |", at2[key].as_f64().unwrap());
        assert!(card.contains(&row), "{row} missing:\n{card}");
    }
    if at2["eval/best_of_4"] != at4["eval/best_of_4"] {
        let best4 = format!(
            "| `eval/best_of_4` | {:.4} |",
            at4["eval/best_of_4"].as_f64().unwrap()
        );
        assert!(!card.contains(&best4), "step 4's figures in step 2's card");
    }
    assert!(card.contains("PeftModel.from_pretrained(base, "), "{card}");
    assert!(
        card.contains(&format!("{:?}", s(&fixture().model))),
        "{card}"
    );
    assert!(card.contains("seed = 3"), "the run's config.toml: {card}");
    // The two budget totals each say what they count.
    for (key, what) in [
        (
            "budget/judge_forwards_total",
            "judge forwards spent by training",
        ),
        (
            "budget/judge_backwards_total",
            "judge backwards spent by training",
        ),
    ] {
        let row = card.lines().find(|l| l.starts_with(&format!("| `{key}`")));
        assert!(row.is_some_and(|r| r.contains(what)), "{key}: {card}");
    }
    // The judge's first token, against what the exported tokenizer adds (checked against
    // transformers' tokenizer in the peft test).
    let tok = frost_host::model::Tok::from_dir(&fixture().model).unwrap();
    let first = tok.bos_id().or(tok.eos_id()).unwrap();
    let name = tok.token_text(first).unwrap();
    assert!(
        card.contains(&format!("with `{name}` (id {first},")),
        "{card}"
    );
    assert!(card.contains("adds no BOS"), "{card}");

    let merged = tmp("export-card-merged");
    ok(&["export", s(run()), "--merged", "--out", s(&merged)]);
    let card = std::fs::read_to_string(merged.join("README.md")).unwrap();
    assert!(
        card.starts_with("---\nlibrary_name: transformers\n"),
        "{card}"
    );
    assert!(card.contains("exported after step 4 of 4"), "{card}");
    assert!(
        card.contains(&format!("vllm serve {}", s(&merged))),
        "{card}"
    );
    assert!(
        card.contains("AutoModelForCausalLM.from_pretrained("),
        "{card}"
    );
    assert!(!card.contains("PeftModel"), "{card}");
}

/// A full fine-tuning run has no adapter: `export` writes its full model (saying so), the same
/// weights as the checkpoint's, as a Hugging Face folder.
#[test]
fn export_of_a_full_fine_tuning_run_writes_the_full_model() {
    let run = tmp("export-fullft");
    train_run_with(&run, &["steps=2", "eval.every=2"], false);
    let out = tmp("export-fullft-out");
    let o = run_cli(&["export", s(&run), "--out", s(&out)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("full fine-tuning"), "{err}");
    assert!(out.join("model.safetensors").is_file());
    assert!(!out.join("adapter_config.json").exists());
    let card = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(card.contains("all (full fine-tuning)"), "{card}");
    let exported = LoadedModel::load(&out, &LoadOptions::cpu()).unwrap();
    let trained = LoadedModel::load(
        &run.join("checkpoints/step-000002/model"),
        &LoadOptions::cpu(),
    )
    .unwrap();
    let base = LoadedModel::load(&fixture().model, &LoadOptions::cpu()).unwrap();
    let got = logits_of(&exported.net, &ids());
    assert!(got.equal(&logits_of(&trained.net, &ids())));
    assert!(
        !got.equal(&logits_of(&base.net, &ids())),
        "the trained weights, not the base"
    );
}
