//! The `README.md` model card of an export: what was trained, on what, how far, how it scored
//! and how to load it, with the Hugging Face Hub's front matter.

use std::path::Path;

use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{ExportError, ExportKind, ExportRequest, Exported};
use crate::config::{ModelInit, Refinement, TrainConfig};
use crate::game::Game;
use crate::model::Tok;
use crate::run::checkpoints::Checkpoints;
use crate::run::dir::CheckpointState;
use crate::train;

/// The base model as a loader names it: its Hugging Face id when it is a folder of the
/// Hugging Face cache, else its path.
pub(super) fn base_reference(cfg: &TrainConfig) -> String {
    let path = train::model_dir(cfg).display().to_string();
    hub_id(&path).unwrap_or(path)
}

/// `ORG/NAME` of a folder in the Hugging Face cache (`.../models--ORG--NAME/snapshots/REV`).
pub fn hub_id(path: &str) -> Option<String> {
    let part = Path::new(path)
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .find(|c| c.starts_with("models--"))?;
    let rest = part.strip_prefix("models--")?;
    let (org, name) = rest.split_once("--")?;
    Some(format!("{org}/{name}"))
}

fn name_of(v: &impl Serialize) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => "?".into(),
    }
}

/// A JSON string literal: also a Python and a YAML one.
fn quoted(s: &str) -> String {
    Value::from(s).to_string()
}

/// The game as the card names it: its own name and version, else its file's name.
struct GameLine {
    name: String,
    version: Option<String>,
    description: Option<String>,
    changed: bool,
}

fn game_line(cfg: &TrainConfig, recorded_hash: Option<&str>) -> GameLine {
    let path = Path::new(&cfg.game.path);
    let stem = (path.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| cfg.game.path.clone());
    let changed = match (std::fs::read(path), recorded_hash) {
        (Ok(bytes), Some(h)) => format!("{:x}", Sha256::digest(&bytes)) != h,
        _ => false,
    };
    match Game::load(path, &cfg.game.limits, cfg.game.allow_native) {
        Ok(game) => {
            let info = game.info();
            GameLine {
                name: info.name.clone(),
                version: Some(info.version.clone()),
                description: Some(info.description.clone()).filter(|d| !d.trim().is_empty()),
                changed,
            }
        }
        Err(e) => {
            tracing::warn!(
                "game {}: {e}; the model card names it by its file",
                path.display()
            );
            GameLine {
                name: stem,
                version: None,
                description: None,
                changed,
            }
        }
    }
}

/// The eval.jsonl line of `step` in `run`, if the run evaluated there.
fn eval_line(run: &Path, step: u64) -> Option<serde_json::Map<String, Value>> {
    let text = std::fs::read_to_string(run.join("eval.jsonl")).ok()?;
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .rfind(|v| v["step"].as_u64() == Some(step))
        .and_then(|v| v.as_object().cloned())
}

/// vLLM's `--max-lora-rank` for rank `r` (its default, 16, needs no flag).
fn vllm_rank(r: i64) -> String {
    const RANKS: [i64; 9] = [1, 8, 16, 32, 64, 128, 256, 320, 512];
    match RANKS.iter().find(|&&x| x >= r) {
        _ if r <= 16 => String::new(),
        Some(x) => format!(" --max-lora-rank {x}"),
        None => format!(" --max-lora-rank {r}"),
    }
}

/// What an eval.jsonl figure is.
fn figure_meaning(key: &str) -> &'static str {
    let name = key.strip_prefix("eval/").unwrap_or(key);
    match name {
        n if n.starts_with("best_of_") => "best score of N samples per held-out assignment (nats)",
        "mean" => "mean score of the samples (nats)",
        "entropy" => "policy entropy over the move tokens (nats per token)",
        "score_var" => "variance of the samples' scores",
        "distinct" => "fraction of distinct moves among the samples",
        "reference" => "score of the text the game cut out (nats)",
        "budget/judge_forwards_total" => {
            "judge forwards spent by training up to this step: judge sequences scored (one per \
             distinct move and judge term holding it)"
        }
        "budget/judge_backwards_total" => {
            "judge backwards spent by training up to this step: Frost's Taylor proposals (one \
             forward and backward per group); 0 under GRPO"
        }
        n if n.starts_with("budget/") => "judge calls spent by training up to this step",
        _ => "",
    }
}

/// The card of the export `exported`, written into `dir`.
pub(super) fn model_card(
    req: &ExportRequest,
    exported: &Exported,
    dir: &Path,
) -> Result<String, ExportError> {
    let cfg = req.cfg;
    let kind = exported.kind;
    let state: Option<CheckpointState> = match req.checkpoint {
        Some(c) => Some(Checkpoints::read_state(c)?),
        None => None,
    };
    let base = state.as_ref().and_then(|s| s.base_model.clone());
    let base_path = train::model_dir(cfg).display().to_string();
    let base_ref = base_reference(cfg);
    let hub = hub_id(&base_path);
    let game = game_line(cfg, state.as_ref().and_then(|s| s.game_hash.as_deref()));
    let out_name = (req.out.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "model".into());
    let out_ref = req.out.display().to_string();
    let adapter = kind == ExportKind::Adapter;

    let mut c = String::new();
    // Front matter, as the Hugging Face Hub reads it.
    c.push_str("---\n");
    c.push_str(&format!(
        "library_name: {}\n",
        if adapter { "peft" } else { "transformers" }
    ));
    if let Some(h) = &hub {
        c.push_str(&format!("base_model: {}\n", quoted(h)));
    }
    c.push_str("tags:\n- frost\n- cross-entropy-game\n");
    c.push_str(&format!("- {}\n", quoted(&game.name)));
    if adapter {
        c.push_str("- lora\n");
    }
    c.push_str("---\n\n");

    c.push_str(&format!("# {out_name}\n\n"));
    let what = match kind {
        ExportKind::Base => format!(
            "The base model `{base_path}`, untrained, as exported by Frost (`frost-host {}`).",
            env!("CARGO_PKG_VERSION")
        ),
        _ => format!(
            "A {} trained with {} (`frost-host {}`) to play the cross-entropy game **{}**: \
             `{}`, exported after step {} of {}.",
            kind.describe(),
            match cfg.frost.refinement {
                Refinement::Frost => "Frost-GRPO",
                Refinement::None => "GRPO",
            },
            env!("CARGO_PKG_VERSION"),
            game.name,
            req.label,
            req.step,
            cfg.steps
        ),
    };
    c.push_str(&what);
    c.push_str("\n\n");

    c.push_str("## Base model\n\n");
    c.push_str(&format!("- path: `{base_path}`\n"));
    if let Some(b) = base.as_ref().filter(|b| b.path != base_path) {
        c.push_str(&format!("- trained from: `{}`\n", b.path));
    }
    if let Some(h) = &hub {
        c.push_str(&format!("- Hugging Face id: `{h}`\n"));
    }
    if let Some(b) = &base {
        if let Some(h) = &b.content_hash {
            c.push_str(&format!(
                "- content hash (SHA-256 of config.json and the weights' bytes): `{h}`\n"
            ));
        }
        c.push_str(&format!(
            "- folder hash (config.json, weight file names and sizes): `{}`\n",
            b.hash
        ));
    }
    if cfg.model.init == ModelInit::Random {
        c.push_str(
            "- weights: drawn at random from the config's shapes and the run seed \
             (`model.init = \"random\"`), saved only in this export\n",
        );
    }
    if !cfg.model.tokenizer.is_empty() {
        c.push_str(&format!("- tokenizer: `{}`\n", cfg.model.tokenizer));
    }
    c.push('\n');

    c.push_str("## Game\n\n");
    c.push_str(&format!(
        "- name: **{}**{}\n",
        game.name,
        game.version
            .as_ref()
            .map(|v| format!(" {v}"))
            .unwrap_or_default()
    ));
    if let Some(d) = &game.description {
        c.push_str(&format!("- {}\n", d.trim().replace('\n', " ")));
    }
    c.push_str(&format!("- file: `{}`", cfg.game.path));
    if let Some(h) = state.as_ref().and_then(|s| s.game_hash.as_ref()) {
        c.push_str(&format!(", SHA-256 `{h}`"));
    }
    if game.changed {
        c.push_str(" (the file has changed since training)");
    }
    c.push('\n');
    let game_config = (state.as_ref().and_then(|s| s.game_config.clone()))
        .unwrap_or_else(|| serde_json::to_value(&cfg.game.config).unwrap_or(Value::Null));
    c.push_str(&format!(
        "- config:\n\n```json\n{}\n```\n\n",
        serde_json::to_string_pretty(&game_config).expect("JSON values serialize")
    ));

    if kind != ExportKind::Base {
        c.push_str("## Training\n\n| setting | value |\n|---|---|\n");
        let s = &cfg.sampling;
        let method = match cfg.frost.refinement {
            Refinement::Frost => format!(
                "Frost-GRPO: K = {} samples per assignment, D = {} children verified \
                 (tau {}, selection `{}`, scope `{}`, {} round(s))",
                s.k,
                cfg.frost.d,
                cfg.frost.tau,
                name_of(&cfg.frost.selection),
                name_of(&cfg.frost.scope),
                cfg.frost.rounds
            ),
            Refinement::None => format!("GRPO: K = {} samples per assignment", s.k),
        };
        let u = &cfg.update;
        let rows = [
            ("method", method),
            (
                "update",
                format!(
                    "`{}`, AdamW lr {}, weight decay {}, KL beta {}, {} iteration(s) per batch",
                    name_of(&u.rule),
                    u.lr,
                    u.weight_decay,
                    u.kl_beta,
                    u.iterations
                ),
            ),
            ("assignments per step", s.assignments_per_step.to_string()),
            (
                "sampling",
                format!(
                    "temperature {}, top-p {}, top-k {}",
                    s.temperature, s.top_p, s.top_k
                ),
            ),
            (
                "weights trained",
                match &cfg.model.lora {
                    Some(l) => format!(
                        "LoRA r = {}, alpha = {} on {}",
                        l.r,
                        l.alpha,
                        (l.target_modules.iter())
                            .chain(&l.target_parameters)
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    None => "all (full fine-tuning)".into(),
                },
            ),
            (
                "dtype",
                format!(
                    "trained in {}, exported in {}",
                    name_of(&cfg.model.dtype),
                    exported.dtype
                ),
            ),
            (
                "steps",
                format!("{} exported, of {} configured", req.step, cfg.steps),
            ),
            ("seed", cfg.seed.to_string()),
            ("corpus", format!("`{}`", cfg.corpus.source.describe())),
        ];
        for (k, v) in rows {
            c.push_str(&format!("| {k} | {v} |\n"));
        }
        c.push('\n');
        let config_text = (req.run)
            .and_then(|r| std::fs::read_to_string(r.join("config.toml")).ok())
            .unwrap_or_else(|| cfg.to_toml());
        c.push_str(&format!(
            "<details><summary>The run's config.toml</summary>\n\n```toml\n{}\n```\n\n</details>\n\n",
            config_text.trim_end()
        ));

        c.push_str(&format!("## Evaluation (held-out, step {})\n\n", req.step));
        match req.run.and_then(|r| eval_line(r, req.step)) {
            Some(line) => {
                c.push_str(&format!(
                    "From the run's `eval.jsonl` ({} held-out assignments, best of {}; higher \
                     scores are better):\n\n| figure | value | what |\n|---|---|---|\n",
                    cfg.eval.assignments, cfg.eval.best_of
                ));
                let mut figures: Vec<(&String, &Value)> =
                    line.iter().filter(|(k, _)| k.as_str() != "step").collect();
                figures.sort_by_key(|(k, _)| (k.starts_with("budget/"), k.to_string()));
                for (k, v) in figures {
                    let value = match v.as_f64() {
                        Some(x) if v.is_f64() => format!("{x:.4}"),
                        _ => v.to_string(),
                    };
                    c.push_str(&format!("| `{k}` | {value} | {} |\n", figure_meaning(k)));
                }
                c.push('\n');
            }
            None => c.push_str(&format!(
                "No held-out evaluation was logged at step {} ({}). `frost-host eval` \
                 evaluates any checkpoint as training does.\n\n",
                req.step,
                if req.run.is_some() {
                    "see the run's eval.jsonl"
                } else {
                    "exported from a checkpoint folder outside a run"
                }
            )),
        }
    }

    c.push_str("## How to load\n\n");
    if adapter {
        c.push_str(&format!(
            "The adapter goes on its base model, with `transformers` and `peft`:\n\n\
             ```python\n\
             from peft import PeftModel\n\
             from transformers import AutoModelForCausalLM, AutoTokenizer\n\n\
             base = AutoModelForCausalLM.from_pretrained({base}, dtype=\"auto\")\n\
             model = PeftModel.from_pretrained(base, {out})\n\
             tokenizer = AutoTokenizer.from_pretrained({out})\n\
             # model = model.merge_and_unload()  # a plain transformers model\n\
             ```\n\n\
             (`peft.AutoPeftModelForCausalLM.from_pretrained({out})` finds the base through \
             `adapter_config.json`.) With vLLM:\n\n\
             ```sh\n\
             vllm serve {base_sh} --enable-lora --lora-modules frost={out_sh}{rank}\n\
             ```\n\n\
             `frost-host export ... --merged` writes base and adapter as one model, loadable \
             without `peft`.\n",
            base = quoted(&base_ref),
            out = quoted(&out_ref),
            base_sh = base_ref,
            out_sh = out_ref,
            rank = cfg
                .model
                .lora
                .as_ref()
                .map_or(String::new(), |l| vllm_rank(l.r)),
        ));
    } else {
        c.push_str(&format!(
            "A plain CausalLm checkpoint ({}, `{}`): no `peft` needed.\n\n\
             ```python\n\
             from transformers import AutoModelForCausalLM, AutoTokenizer\n\n\
             model = AutoModelForCausalLM.from_pretrained({out}, dtype=\"auto\")\n\
             tokenizer = AutoTokenizer.from_pretrained({out})\n\
             ```\n\n\
             With vLLM:\n\n\
             ```sh\n\
             vllm serve {out_sh}\n\
             ```\n",
            exported.dtype,
            match exported.weight_files.len() {
                1 => "model.safetensors".to_string(),
                n => format!("{n} safetensors shards"),
            },
            out = quoted(&out_ref),
            out_sh = out_ref,
        ));
    }
    c.push_str(&bos_note(cfg, dir));
    Ok(c)
}

/// What the judge puts before a judge sequence and what the exported tokenizer adds: scores
/// (the evaluation above, a game's) are reproduced only with the same first token.
fn bos_note(cfg: &TrainConfig, dir: &Path) -> String {
    let Ok(tok) = Tok::from_dir(&train::tokenizer_dir(cfg)) else {
        return String::new();
    };
    let (id, which) = match (tok.bos_id(), tok.eos_id()) {
        (Some(b), _) => (b, "BOS"),
        (None, Some(e)) => (e, "EOS, as it has no BOS"),
        (None, None) => return String::new(),
    };
    let Some(token) = tok.token_text(id) else {
        return String::new();
    };
    let prepend = format!("`tokenizer({} + text)`", quoted(&token));
    let adds = match tokenizers::Tokenizer::from_file(dir.join("tokenizer.json")) {
        Ok(t) => match (t.encode("a", true), t.encode("a", false)) {
            (Ok(with), Ok(without)) if with.get_ids() == without.get_ids() => format!(
                "The exported tokenizer adds no BOS (no special token at all) when it encodes \
                 text: to score a text as the judge did, prepend it yourself, {prepend}."
            ),
            (Ok(with), Ok(_)) if with.get_ids().first() == Some(&id) => {
                format!("The exported tokenizer adds `{token}` itself when it encodes text.")
            }
            _ => format!(
                "The exported tokenizer adds special tokens of its own when it encodes text: \
                 to score a text as the judge did, encode it without them and prepend \
                 `{token}`."
            ),
        },
        Err(_) => return String::new(),
    };
    format!(
        "\n### Scores and the first token\n\n\
         Frost's judge starts each judge sequence whose game term asks for it (infill's and \
         condense's do) with `{token}` (id {id}, the tokenizer's {which}); the scores above \
         were computed so. {adds}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hub_ids_come_from_cache_folders_only() {
        assert_eq!(
            hub_id("/home/u/.cache/huggingface/hub/models--Qwen--Qwen3-0.6B/snapshots/abc"),
            Some("Qwen/Qwen3-0.6B".into())
        );
        assert_eq!(hub_id("/data/Qwen3-14B"), None);
    }
}
