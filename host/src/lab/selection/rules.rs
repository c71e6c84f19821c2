//! The rules a study compares: a selection rule with its knobs, written `NAME[:key=value,...]`
//! on the command line (`taylor-gated:tau=1e-3`, `prior-taylor:scope=round-robin,lambda=0.5`,
//! `gcg:k=50`).

use serde_json::{json, Value};

use crate::config::{FrostSection, Scope, Selection};
use crate::frost::Knobs;

#[derive(Debug, thiserror::Error)]
pub enum RuleSpecError {
    #[error(
        "--rule {0}: unknown rule; one of taylor-gated, taylor, top-prob, random, taylor-gain, \
         prior-taylor, gcg"
    )]
    UnknownRule(String),
    #[error(
        "--rule {spec}: `{item}` is not a knob; use scope=group|parent|round-robin, tau=X, \
         w=X (linear weight), lambda=X (taylor weight) or k=N (gcg's top-k, >= 1)"
    )]
    BadKnob { spec: String, item: String },
}

/// One rule of a study: a selection rule and its knobs (D and the seed come from the study).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSpec {
    pub selection: Selection,
    pub scope: Scope,
    pub tau: f64,
    pub linear_weight: f64,
    pub taylor_weight: f64,
    /// `gcg`'s tokens per position.
    pub top_k: usize,
}

impl RuleSpec {
    /// `selection` with the knobs of `frost` (scope, tau, weights).
    pub fn from_config(selection: Selection, frost: &FrostSection) -> Self {
        RuleSpec {
            selection,
            scope: frost.scope,
            tau: frost.tau,
            linear_weight: frost.linear_weight,
            taylor_weight: frost.taylor_weight,
            top_k: frost.gcg_top_k,
        }
    }

    /// Parse `NAME[:key=value,...]`; unset knobs come from `frost`.
    pub fn parse(spec: &str, frost: &FrostSection) -> Result<Self, RuleSpecError> {
        let (name, knobs) = spec.split_once(':').unwrap_or((spec, ""));
        let selection = Selection::ALL
            .into_iter()
            .find(|s| s.name() == name.trim())
            .ok_or_else(|| RuleSpecError::UnknownRule(spec.to_string()))?;
        let mut r = RuleSpec::from_config(selection, frost);
        for item in knobs.split(',').filter(|s| !s.trim().is_empty()) {
            let bad = || RuleSpecError::BadKnob {
                spec: spec.to_string(),
                item: item.to_string(),
            };
            let (k, v) = item.split_once('=').ok_or_else(bad)?;
            let num = || v.trim().parse::<f64>().ok().filter(|x| x.is_finite());
            match k.trim() {
                "scope" => r.scope = parse_scope(v.trim()).ok_or_else(bad)?,
                "tau" => r.tau = num().filter(|x| *x > 0.0 && *x < 1.0).ok_or_else(bad)?,
                "w" | "linear_weight" => r.linear_weight = num().ok_or_else(bad)?,
                "lambda" | "taylor_weight" => r.taylor_weight = num().ok_or_else(bad)?,
                "k" | "top_k" => {
                    let k = v.trim().parse::<usize>().ok().filter(|&k| k >= 1);
                    r.top_k = k.ok_or_else(bad)?;
                }
                _ => return Err(bad()),
            }
        }
        Ok(r)
    }

    /// The knobs the rule reads, as written back by `label` and in the JSON.
    pub fn params(&self) -> Value {
        let mut p = json!({ "scope": scope_name(self.scope) });
        let s = self.selection;
        if matches!(s, Selection::TaylorGated | Selection::TaylorGain) {
            p["tau"] = json!(self.tau);
        }
        if matches!(s, Selection::TaylorGain | Selection::PriorTaylor) {
            p["linear_weight"] = json!(self.linear_weight);
        }
        if s == Selection::PriorTaylor {
            p["taylor_weight"] = json!(self.taylor_weight);
        }
        if s == Selection::Gcg {
            p["top_k"] = json!(self.top_k);
        }
        p
    }

    /// `name:scope=...,tau=...`: what `parse` reads back.
    pub fn label(&self) -> String {
        let p = self.params();
        let mut parts = vec![format!("scope={}", scope_name(self.scope))];
        for (key, short) in [
            ("tau", "tau"),
            ("linear_weight", "w"),
            ("taylor_weight", "lambda"),
        ] {
            if let Some(x) = p[key].as_f64() {
                parts.push(format!("{short}={x}"));
            }
        }
        if let Some(k) = p["top_k"].as_u64() {
            parts.push(format!("k={k}"));
        }
        format!("{}:{}", self.selection.name(), parts.join(","))
    }

    pub fn knobs(&self, d: usize, seed: u64) -> Knobs {
        Knobs {
            scope: self.scope,
            d,
            tau: self.tau,
            linear_weight: self.linear_weight,
            taylor_weight: self.taylor_weight,
            top_k: self.top_k,
            seed,
        }
    }
}

fn parse_scope(s: &str) -> Option<Scope> {
    [Scope::Group, Scope::Parent, Scope::RoundRobin]
        .into_iter()
        .find(|&x| scope_name(x) == s)
}

fn scope_name(s: Scope) -> &'static str {
    match s {
        Scope::Group => "group",
        Scope::Parent => "parent",
        Scope::RoundRobin => "round-robin",
    }
}

/// The default comparison: the paper's four rules pooled (the gate at several tau), the same
/// keys spread round-robin, and the two new rules with the config's weights.
pub fn default_rules(frost: &FrostSection) -> Vec<RuleSpec> {
    let specs = [
        "random:scope=group",
        "top-prob:scope=group",
        "taylor:scope=group",
        "taylor-gated:scope=group,tau=1e-4",
        "taylor-gated:scope=group,tau=1e-3",
        "taylor-gated:scope=group,tau=1e-2",
        "taylor-gated:scope=group,tau=1e-1",
        "top-prob:scope=round-robin",
        "taylor-gated:scope=round-robin,tau=1e-4",
        "taylor-gain:scope=round-robin",
        "prior-taylor:scope=round-robin",
        "prior-taylor:scope=group",
    ];
    specs
        .iter()
        .map(|s| RuleSpec::parse(s, frost).expect("the default rules parse"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::TrainConfig;

    #[test]
    fn specs_parse_fill_from_config_and_label_round_trips() {
        let cfg = TrainConfig::default_embedded();
        let r = RuleSpec::parse(
            "prior-taylor:scope=round-robin,lambda=0.5,w=0.25",
            &cfg.frost,
        )
        .unwrap();
        assert_eq!(r.selection, Selection::PriorTaylor);
        assert_eq!(r.scope, Scope::RoundRobin);
        assert_eq!((r.taylor_weight, r.linear_weight), (0.5, 0.25));
        assert_eq!(r.tau, cfg.frost.tau);
        assert_eq!(RuleSpec::parse(&r.label(), &cfg.frost).unwrap(), r);
        let g = RuleSpec::parse("taylor-gated", &cfg.frost).unwrap();
        assert_eq!(g, RuleSpec::from_config(Selection::TaylorGated, &cfg.frost));
        assert_eq!(g.params()["tau"], json!(cfg.frost.tau));
        assert!(g.params().get("linear_weight").is_none());
        assert_eq!(default_rules(&cfg.frost).len(), 12);
        let gcg = RuleSpec::parse("gcg:k=7,scope=parent", &cfg.frost).unwrap();
        assert_eq!(
            (gcg.selection, gcg.top_k, gcg.scope),
            (Selection::Gcg, 7, Scope::Parent)
        );
        assert_eq!(gcg.label(), "gcg:scope=parent,k=7");
        assert_eq!(RuleSpec::parse(&gcg.label(), &cfg.frost).unwrap(), gcg);
        assert_eq!(gcg.knobs(4, 1).top_k, 7);
        assert!(g.params().get("top_k").is_none());
    }

    #[test]
    fn bad_specs_name_the_problem() {
        let cfg = TrainConfig::default_embedded();
        let e = RuleSpec::parse("taylr", &cfg.frost).unwrap_err();
        assert!(e.to_string().contains("unknown rule"), "{e}");
        for bad in [
            "taylor:tau=2",
            "taylor:scope=everywhere",
            "taylor:x=1",
            "taylor:tau",
            "gcg:k=0",
            "gcg:k=1.5",
        ] {
            let e = RuleSpec::parse(bad, &cfg.frost).unwrap_err();
            assert!(e.to_string().contains("is not a knob"), "{bad}: {e}");
        }
    }
}
