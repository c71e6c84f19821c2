//! The CISPO and SAPO rules' keys: opt-in, named, each refused in one line naming it, and
//! named when it cannot act.

use super::{ConfigError, TrainConfig, UpdateRule, DEFAULT_CONFIG_TOML};

fn with(sets: &[&str]) -> Result<TrainConfig, ConfigError> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "embedded", &sets)
}

fn field(sets: &[&str]) -> String {
    match with(sets) {
        Err(ConfigError::Invalid { field, message }) => {
            assert!(!message.contains('\n'), "one line: {message}");
            field
        }
        other => panic!("{sets:?}: {other:?}"),
    }
}

#[test]
fn the_default_is_grpo_and_writes_no_new_key() {
    let cfg = TrainConfig::default_embedded();
    assert_eq!(cfg.update.rule, UpdateRule::Grpo);
    let toml = cfg.to_toml();
    for key in ["cispo_cap", "sapo_tau", "wandb"] {
        assert!(!toml.contains(key), "{key} in the default's config.toml");
    }
    assert_eq!(cfg.update.cispo_cap(), 5.0);
    assert_eq!(cfg.update.sapo_taus(), (1.0, 1.05));
}

#[test]
fn cispo_and_sapo_are_named_rules_with_checked_settings() {
    let two = "update.iterations=2";
    let c = with(&["update.rule=\"cispo\"", two, "update.cispo_cap=2.5"]).unwrap();
    assert_eq!(
        (c.update.rule, c.update.cispo_cap()),
        (UpdateRule::Cispo, 2.5)
    );
    assert!(c.inert_knobs().is_empty(), "{:?}", c.inert_knobs());
    let s = with(&["update.rule=\"sapo\"", two, "update.sapo_tau_neg=2"]).unwrap();
    assert_eq!(s.update.sapo_taus(), (1.0, 2.0));
    assert!(s.inert_knobs().is_empty(), "{:?}", s.inert_knobs());
    assert_eq!(field(&["update.cispo_cap=0.2"]), "update.cispo_cap");
    assert_eq!(field(&["update.sapo_tau_pos=0"]), "update.sapo_tau_pos");
    assert_eq!(field(&["update.sapo_tau_neg=-1"]), "update.sapo_tau_neg");
    let err = with(&["update.rule=\"cispoo\""]).unwrap_err().to_string();
    assert!(err.contains("cispo") && err.contains("sapo"), "{err}");
}

#[test]
fn a_rules_setting_that_cannot_act_is_named() {
    let inert = |sets: &[&str]| with(sets).unwrap().inert_knobs();
    // Another rule's setting.
    let w = inert(&["update.sapo_tau_pos=2", "update.iterations=2"]);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].starts_with("update.sapo_tau_pos has no effect") && w[0].contains("sapo"));
    // The rule at one pass: GRPO's gradient.
    let w = inert(&["update.rule=\"cispo\""]);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].starts_with("update.rule has no effect") && w[0].contains("iterations"));
    // GRPO's clip under a rule that does not clip; the aggregation acts under both.
    let w = inert(&[
        "update.rule=\"sapo\"",
        "update.iterations=2",
        "update.clip_eps_high=0.28",
        "update.aggregation=\"sequence\"",
    ]);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("update.clip_eps_high has no effect"),
        "{w:?}"
    );
}
