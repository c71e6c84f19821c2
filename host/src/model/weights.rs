//! A checkpoint's weights into a model's variables: which safetensors files hold them (single or
//! sharded), each copied with its shape checked, MoE experts stored per expert filling the fused
//! variables, and every variable but the adapters required.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use tch::{nn, Tensor};

use super::load::{read_json, torch_err};
use super::safetensors_file::SafetensorsFile;
use super::tensor_parallel::{Held, Shard};
use super::ModelError;

/// The safetensors files of a checkpoint: `model.safetensors`, or the shards named by
/// `model.safetensors.index.json`.
pub(super) fn weight_files(dir: &Path) -> Result<Vec<PathBuf>, ModelError> {
    let single = dir.join("model.safetensors");
    if single.exists() {
        return Ok(vec![single]);
    }
    let index = dir.join("model.safetensors.index.json");
    if !index.exists() {
        return Err(ModelError::MissingFile {
            path: single,
            what: "model weights (nor model.safetensors.index.json for a sharded checkpoint)"
                .to_string(),
        });
    }
    let v = read_json(&index, "weight index")?;
    let map = v
        .get("weight_map")
        .and_then(|m| m.as_object())
        .ok_or_else(|| {
            ModelError::config(
                "weight_map",
                format!("{} has no weight_map object", index.display()),
            )
        })?;
    let shards: BTreeSet<&str> = map.values().filter_map(|s| s.as_str()).collect();
    let files: Vec<PathBuf> = shards.into_iter().map(|s| dir.join(s)).collect();
    for f in &files {
        if !f.exists() {
            return Err(ModelError::MissingFile {
                path: f.clone(),
                what: "weight shard".to_string(),
            });
        }
    }
    Ok(files)
}

/// Copies `src` into the variable `dst` (casting dtype, moving device), checking the shape.
pub(super) fn copy_checked(
    name: &str,
    file: &Path,
    dst: &Tensor,
    src: &Tensor,
) -> Result<(), ModelError> {
    if dst.size() != src.size() {
        return Err(ModelError::Shape {
            name: name.to_string(),
            path: file.to_path_buf(),
            expected: dst.size(),
            found: src.size(),
        });
    }
    tch::no_grad(|| {
        let mut d = dst.shallow_clone();
        d.f_copy_(&src.to_kind(dst.kind()).to_device(dst.device()))
    })
    .map_err(torch_err(file))
}

pub(super) fn is_adapter_var(name: &str) -> bool {
    name.contains(".lora_A.") || name.contains(".lora_B.")
}

/// A hub checkpoint's per-expert tensor (`...mlp.experts.{e}.gate_proj.weight`, `up_proj`,
/// `down_proj`) as the part of the fused variable it fills (`experts.gate_up_proj` [E, 2I, H]:
/// gate rows then up rows; `experts.down_proj` [E, H, I]): (the variable's name, the view).
/// On a split model the fused variable holds experts `first` onwards: another's is not this
/// rank's (None).
fn expert_slice(
    name: &str,
    vars: &HashMap<String, Tensor>,
    first: i64,
) -> Option<(String, Tensor)> {
    let (head, rest) = name.split_once(".experts.")?;
    let (e, proj) = rest.strip_suffix(".weight")?.split_once('.')?;
    let e: i64 = e.parse::<i64>().ok()? - first;
    let fused_name = |p: &str| format!("{head}.experts.{p}");
    let (fused, part) = match proj {
        "gate_proj" => (fused_name("gate_up_proj"), Some(0)),
        "up_proj" => (fused_name("gate_up_proj"), Some(1)),
        "down_proj" => (fused_name("down_proj"), None),
        _ => return None,
    };
    let var = vars.get(&fused)?;
    if e < 0 || e >= var.size()[0] {
        return None;
    }
    let expert = var.get(e);
    let view = match part {
        Some(i) => {
            let half = expert.size()[0] / 2;
            expert.narrow(0, i * half, half)
        }
        None => expert,
    };
    Some((fused, view))
}

/// Copies the weights of the model folder `dir` (single or sharded safetensors) into `vs`:
/// every variable but the LoRA adapters must be there, with its shape (MoE experts fused, or
/// per expert as hub checkpoints store them); tensors the text model does not use (a vision
/// tower, multi-token prediction layers) are skipped.
pub fn load_weights(vs: &nn::VarStore, dir: &Path) -> Result<(), ModelError> {
    load_weights_split(vs, dir, None)
}

/// [`load_weights`] into this rank's share of a split model: a variable smaller than its
/// tensor gets the part `shard` says the rank holds.
pub(super) fn load_weights_split(
    vs: &nn::VarStore,
    dir: &Path,
    shard: Option<&Shard>,
) -> Result<(), ModelError> {
    let vars = vs.variables();
    let mut loaded = BTreeSet::new();
    let mut expert_parts: HashMap<String, i64> = HashMap::new();
    let mut ignored = 0usize;
    // On a split model the fused expert variables start at this rank's first expert.
    let first = shard.map_or(0, Shard::first_expert);
    let mut read = 0u64;
    for file in weight_files(dir)? {
        // Tensor by tensor, only what this model (or rank) holds: a tensor it does not use is
        // never read, a split one only for the rows the rank holds.
        let mut st = SafetensorsFile::open(&file)?;
        for (name, entry) in std::mem::take(&mut st.entries) {
            if is_adapter_var(&name) {
                ignored += 1;
                continue;
            }
            let slice = tch::no_grad(|| expert_slice(&name, &vars, first));
            match (vars.get(&name), slice) {
                (Some(var), _) => {
                    let t = match shard {
                        Some(s) if var.size() != entry.shape => match (s.held(&name))
                            .map_err(|e| ModelError::config("parallel.tensor", e.to_string()))?
                        {
                            Held::Part { dim: 0, ranges } => st.read_rows(&entry, &ranges)?,
                            held => held.take(&st.read(&entry)?),
                        },
                        _ => st.read(&entry)?,
                    };
                    copy_checked(&name, &file, var, &t)?;
                    loaded.insert(name);
                }
                (None, Some((fused, slice))) => {
                    copy_checked(&name, &file, &slice, &st.read(&entry)?)?;
                    *expert_parts.entry(fused).or_insert(0) += 1;
                }
                // A tied checkpoint may still carry lm_head.weight: it equals the embedding;
                // another rank's experts are not this rank's.
                (None, None) => ignored += 1,
            }
        }
        read += st.bytes_read;
    }
    tracing::debug!("read {read} bytes of tensors from {}", dir.display());
    // A fused expert tensor is loaded once every expert's part was.
    for (fused, parts) in expert_parts {
        let var = &vars[&fused];
        let per_expert = if fused.ends_with("gate_up_proj") {
            2
        } else {
            1
        };
        if parts == per_expert * var.size()[0] {
            loaded.insert(fused);
        }
    }
    if ignored > 0 {
        tracing::debug!(
            "{ignored} tensors in {} are not used by the text model",
            dir.display()
        );
    }
    let mut missing: Vec<&String> = vars
        .keys()
        .filter(|n| !is_adapter_var(n) && !loaded.contains(*n))
        .collect();
    missing.sort();
    if let Some(name) = missing.first() {
        return Err(ModelError::MissingTensor {
            name: name.to_string(),
            path: dir.to_path_buf(),
        });
    }
    Ok(())
}
