//! CISPO and SAPO against TRL's own `GRPOTrainer._compute_loss` on the same tensors: the
//! golden `tests/fixtures/update/trl-losses.json`, written by `make trl-golden`
//! (tests/fixtures/update/trl_losses.py, trl at the Makefile's TRL_VERSION). The loss and its
//! gradient with respect to the policy's log-probs must agree.

use std::path::PathBuf;

use serde_json::Value;
use tch::{Kind, Tensor};

use super::loss::{self, LossOut};
use crate::config::{Aggregation, TrainConfig, UpdateRule, UpdateSection};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn golden() -> Value {
    let path = root().join("tests/fixtures/update/trl-losses.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (`make trl-golden` writes it)", path.display()));
    serde_json::from_str(&text).expect("the golden is JSON")
}

fn matrix(v: &Value) -> Tensor {
    let rows: Vec<Tensor> = (v.as_array().unwrap().iter())
        .map(|r| {
            let xs: Vec<f64> = r
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            Tensor::from_slice(&xs)
        })
        .collect();
    Tensor::stack(&rows, 0)
}

fn vector(v: &Value) -> Tensor {
    let xs: Vec<f64> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    Tensor::from_slice(&xs)
}

/// The case's `frost` settings over the embedded default's `[update]`.
fn settings(frost: &Value) -> UpdateSection {
    let mut u = TrainConfig::default_embedded().update;
    let text = |k: &str| frost[k].as_str().unwrap().to_string();
    u.rule = serde_json::from_value(Value::String(text("rule"))).unwrap();
    u.aggregation = serde_json::from_value(Value::String(text("aggregation"))).unwrap();
    u.kl_beta = frost["kl_beta"].as_f64().unwrap();
    u.cispo_cap = frost.get("cispo_cap").and_then(Value::as_f64);
    u.sapo_tau_pos = frost.get("sapo_tau_pos").and_then(Value::as_f64);
    u.sapo_tau_neg = frost.get("sapo_tau_neg").and_then(Value::as_f64);
    u
}

fn close(got: f64, want: f64) -> bool {
    // The losses take their means in f32.
    (got - want).abs() <= 1e-6 + 1e-5 * want.abs()
}

#[test]
fn cispo_and_sapo_match_trls_own_loss_and_gradient() {
    let g = golden();
    let makefile = std::fs::read_to_string(root().join("Makefile")).unwrap();
    let pinned = (makefile.lines())
        .find_map(|l| l.strip_prefix("TRL_VERSION := "))
        .expect("the Makefile pins TRL_VERSION");
    assert_eq!(
        g["trl_version"].as_str(),
        Some(pinned.trim()),
        "the golden is from another trl than the Makefile pins: `make trl-golden`"
    );
    let cases = g["cases"].as_array().unwrap();
    let mut seen = (0, 0);
    for c in cases {
        let name = c["name"].as_str().unwrap();
        let u = settings(&c["frost"]);
        let logp = matrix(&c["logp"]).set_requires_grad(true);
        let (old, reference, adv) = (
            matrix(&c["old_logp"]),
            matrix(&c["ref_logp"]),
            vector(&c["adv"]),
        );
        let kl = (u.kl_beta > 0.0).then(|| loss::k3_kl(&logp, &reference));
        let out: LossOut = match u.rule {
            UpdateRule::Cispo => {
                seen.0 += 1;
                loss::cispo_loss(&logp, &old, &adv, kl.as_ref(), &u)
            }
            UpdateRule::Sapo => {
                seen.1 += 1;
                loss::sapo_loss(&logp, &old, &adv, kl.as_ref(), &u)
            }
            other => panic!("{name}: {other:?} has no TRL golden"),
        };
        let want = c["loss"].as_f64().unwrap();
        let got = out.loss.double_value(&[]);
        assert!(close(got, want), "{name}: loss {got} vs TRL's {want}");
        out.loss.backward();
        let grad = Vec::<f64>::try_from(logp.grad().to_kind(Kind::Double).view([-1])).unwrap();
        let want_grad = Vec::<f64>::try_from(matrix(&c["grad"]).view([-1])).unwrap();
        for (i, (g, w)) in grad.iter().zip(&want_grad).enumerate() {
            assert!(close(*g, *w), "{name}: gradient [{i}] {g} vs TRL's {w}");
        }
        assert!(
            want_grad.iter().any(|w| w.abs() > 1e-3),
            "{name}: a gradient to compare"
        );
        if u.kl_beta > 0.0 {
            let trl_kl = c["trl_metrics"]["kl"][0].as_f64().unwrap();
            assert!(
                close(out.kl, trl_kl),
                "{name}: kl {} vs TRL's {trl_kl}",
                out.kl
            );
        }
        if u.rule == UpdateRule::Cispo {
            cispo_clip_frac(name, &out, &logp, &old, &adv, &u, c);
        }
    }
    assert!(seen.0 >= 3 && seen.1 >= 3, "cases per rule: {seen:?}");
}

/// CISPO's `clip_frac` counts every capped weight; TRL's `cispo_clip_ratio` those under a
/// positive advantage only (each checked against a count made here).
fn cispo_clip_frac(
    name: &str,
    out: &LossOut,
    logp: &Tensor,
    old: &Tensor,
    adv: &Tensor,
    u: &UpdateSection,
    c: &Value,
) {
    let log_ratio = Vec::<f64>::try_from((logp.detach() - old).view([-1])).unwrap();
    let advs = Vec::<f64>::try_from(adv).unwrap();
    let l = log_ratio.len() / advs.len();
    let ratios: Vec<(f64, f64)> = match u.aggregation {
        Aggregation::Token => (log_ratio.iter().enumerate())
            .map(|(i, x)| (x.exp(), advs[i / l]))
            .collect(),
        Aggregation::Sequence => (log_ratio.chunks(l).zip(&advs))
            .map(|(xs, a)| ((xs.iter().sum::<f64>() / l as f64).exp(), *a))
            .collect(),
    };
    let cap = u.cispo_cap();
    let frac = |f: &dyn Fn(&(f64, f64)) -> bool| {
        ratios.iter().filter(|x| f(x)).count() as f64 / ratios.len() as f64
    };
    let all = frac(&|(r, _)| *r > cap);
    let positive = frac(&|(r, a)| *r > cap && *a > 0.0);
    assert!(
        all > positive,
        "{name}: a capped weight under A <= 0 to tell them apart"
    );
    assert!(
        (out.clip_frac - all).abs() < 1e-6,
        "{name}: {} vs {all}",
        out.clip_frac
    );
    let trl = c["trl_metrics"]["cispo_clip_ratio"][0].as_f64().unwrap();
    assert!(
        (trl - positive).abs() < 1e-6,
        "{name}: TRL's {trl} vs {positive}"
    );
}
