//! Folding LoRA adapters into the base weights, `W <- W + (alpha / r) B A`, for a merged
//! export: a plain Qwen3 checkpoint that computes what base + adapter computed.

use std::collections::HashMap;

use tch::{nn, Kind, Tensor};

use super::load::LoadedModel;
use super::ModelError;

impl LoadedModel {
    /// Folds every LoRA adapter into its projection's base weight: `W + (alpha / r) B A`,
    /// computed in f32 (f64 for an f64 model) and cast back to W's dtype. B is zeroed after, so
    /// the model computes the same function with its adapters on or off (and a second merge
    /// changes nothing). Returns the number of projections merged (0 without LoRA).
    pub fn merge_adapters(&mut self) -> Result<usize, ModelError> {
        let Some(scale) = self.net.lora_config().map(|c| c.scale()) else {
            return Ok(0);
        };
        merge_lora(&self.vs, scale).map_err(|name| ModelError::MissingTensor {
            name,
            path: self.source.clone().unwrap_or_default(),
        })
    }
}

/// [`LoadedModel::merge_adapters`] on the variables of `vs` (PEFT's names: `P.weight`,
/// `P.lora_A.weight`, `P.lora_B.weight`); Err names a tensor an adapter lacks.
pub(crate) fn merge_lora(vs: &nn::VarStore, scale: f64) -> Result<usize, String> {
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
        let w = get(format!("{prefix}.weight"))?;
        let compute = match w.kind() {
            Kind::Double => Kind::Double,
            _ => Kind::Float,
        };
        tch::no_grad(|| {
            let delta = b.to_kind(compute).matmul(&a.to_kind(compute)) * scale;
            let merged = (w.to_kind(compute) + delta).to_kind(w.kind());
            w.shallow_clone().copy_(&merged);
            let _ = b.shallow_clone().zero_();
        });
    }
    Ok(names.len())
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
        for (name, t) in vs.variables() {
            if name.contains(".lora_B.") {
                tch::no_grad(|| t.shallow_clone().copy_(&(t.randn_like() * 0.1)));
            }
        }
        let ids = Tensor::from_slice(&[3i64, 7, 1, 30, 12]).view([1, 5]);
        let before = logits(&net, &ids);
        net.set_adapters_enabled(false);
        let base = logits(&net, &ids);
        net.set_adapters_enabled(true);
        assert_eq!(super::merge_lora(&vs, lora.scale()).unwrap(), 2 * 7);
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
