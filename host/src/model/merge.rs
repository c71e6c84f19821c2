//! Folding LoRA adapters into the base weights, `W <- W + (alpha / r) B A`, for a merged
//! export: a plain Qwen3 checkpoint that computes what base + adapter computed.

use std::collections::HashMap;

use tch::{nn, Kind, Tensor};

use super::load::LoadedModel;
use super::lora::{per_expert, LoraConfig};
use super::ModelError;

impl LoadedModel {
    /// Folds every LoRA adapter into its projection's base weight: `W + (alpha / r) B A`,
    /// computed in f32 (f64 for an f64 model) and cast back to W's dtype. B is zeroed after, so
    /// the model computes the same function with its adapters on or off (and a second merge
    /// changes nothing). Returns the number of projections merged (0 without LoRA).
    pub fn merge_adapters(&mut self) -> Result<usize, ModelError> {
        let Some(lora) = self.net.lora_config().cloned() else {
            return Ok(0);
        };
        merge_lora(&self.vs, &lora).map_err(|name| ModelError::MissingTensor {
            name,
            path: self.source.clone().unwrap_or_default(),
        })
    }
}

/// [`LoadedModel::merge_adapters`] on the variables of `vs` (PEFT's names: `P.weight`,
/// `P.lora_A.weight`, `P.lora_B.weight`; the experts' as PEFT's `ParamWrapper` names them, see
/// [`expert_param`]); Err names a tensor an adapter lacks.
pub(crate) fn merge_lora(vs: &nn::VarStore, lora: &LoraConfig) -> Result<usize, String> {
    let scale = lora.scale();
    let vars: HashMap<String, Tensor> = vs.variables();
    let mut names: Vec<&String> = (vars.keys())
        .filter(|n| n.ends_with(".lora_A.weight"))
        .collect();
    names.sort();
    for a_name in &names {
        let prefix = a_name.trim_end_matches(".lora_A.weight");
        let get = |name: String| vars.get(&name).ok_or(name);
        let a = &vars[*a_name];
        let b = get(format!("{prefix}.lora_B.weight"))?;
        let expert = expert_param(prefix, lora);
        let w = get(expert.clone().unwrap_or(format!("{prefix}.weight")))?;
        let compute = match w.kind() {
            Kind::Double => Kind::Double,
            _ => Kind::Float,
        };
        tch::no_grad(|| {
            let (a, b) = (a.to_kind(compute), b.to_kind(compute));
            let delta = match expert {
                Some(_) => {
                    let (a, b) = per_expert(&a, &b, w.size()[0]);
                    b.bmm(&a) * scale
                }
                None => b.matmul(&a) * scale,
            };
            let merged = (w.to_kind(compute) + delta).to_kind(w.kind());
            w.shallow_clone().copy_(&merged);
            let _ = b.shallow_clone().zero_();
        });
    }
    Ok(names.len())
}

/// The fused expert parameter an adapter at `prefix` adapts, when it is an experts' one:
/// PEFT nests a wrapper per targeted parameter, gate_up_proj's innermost, so with both targeted
/// `experts.base_layer` adapts gate_up_proj and `experts` down_proj; with one, `experts` it.
fn expert_param(prefix: &str, lora: &LoraConfig) -> Option<String> {
    if let Some(head) = prefix.strip_suffix(".experts.base_layer") {
        return Some(format!("{head}.experts.gate_up_proj"));
    }
    let head = prefix.strip_suffix(".experts")?;
    let outer = match lora.targets_experts("down_proj") {
        true => "down_proj",
        false => "gate_up_proj",
    };
    Some(format!("{head}.experts.{outer}"))
}

#[cfg(test)]
mod tests {
    use tch::{nn, Device, Kind, Tensor};

    use crate::model::{CausalLm, Input, LoraConfig, ModelConfig};

    fn logits(net: &CausalLm, ids: &Tensor) -> Tensor {
        let t = ids.size()[1];
        let pos = Tensor::arange(t, (Kind::Int64, Device::Cpu)).unsqueeze(0);
        tch::no_grad(|| net.forward(Input::Ids(ids), &pos, None, None))
    }

    /// The merge as `LoadedModel::merge_adapters` does it, on a bare network.
    fn merged_logits(kind: Kind) -> (Tensor, Tensor, Tensor) {
        tch::manual_seed(5);
        let cfg = ModelConfig::new(40, 16, 24, 2, 4, 2, 6, true);
        let mut vs = nn::VarStore::new(Device::Cpu);
        vs.set_kind(kind);
        let lora = LoraConfig::new(2, 6.0);
        let net = CausalLm::new(vs.root(), &cfg, Some(&lora)).unwrap();
        // A trained adapter: B is zero at initialisation.
        // By name: the map's order differs between processes, the draws must not.
        let mut vars: Vec<(String, Tensor)> = vs.variables().into_iter().collect();
        vars.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, t) in vars {
            if name.contains(".lora_B.") {
                tch::no_grad(|| t.shallow_clone().copy_(&(t.randn_like() * 0.1)));
            }
        }
        let ids = Tensor::from_slice(&[3i64, 7, 1, 30, 12]).view([1, 5]);
        let before = logits(&net, &ids);
        net.set_adapters_enabled(false);
        let base = logits(&net, &ids);
        net.set_adapters_enabled(true);
        assert_eq!(super::merge_lora(&vs, &lora).unwrap(), 2 * 7);
        let on = logits(&net, &ids);
        net.set_adapters_enabled(false);
        let off = logits(&net, &ids);
        assert!(on.equal(&off), "B is zero after the merge");
        (before, base, off)
    }

    fn max_diff(a: &Tensor, b: &Tensor) -> f64 {
        (a - b).abs().max().double_value(&[])
    }

    #[test]
    fn merged_weights_compute_base_plus_adapter() {
        let (before, base, merged) = merged_logits(Kind::Float);
        assert!(
            max_diff(&before, &base) > 1e-3,
            "the adapter moves the logits"
        );
        let d = max_diff(&before, &merged);
        assert!(d < 1e-5, "merged logits differ by {d}");
    }

    #[test]
    fn a_bf16_merge_rounds_once() {
        let (before, _, merged) = merged_logits(Kind::BFloat16);
        let d = max_diff(&before, &merged);
        assert!(d < 0.05, "bf16 merged logits differ by {d}");
    }
}
