//! Config parsing, overrides, shipped configs and the schema.

use super::*;

#[test]
fn embedded_default_parses_and_round_trips() {
    let cfg = TrainConfig::default_embedded();
    let again = TrainConfig::from_toml(&cfg.to_toml(), "round trip", &[]).unwrap();
    assert_eq!(cfg, again);
}

#[test]
fn overrides_apply_and_are_checked() {
    let cfg = TrainConfig::from_toml(
        DEFAULT_CONFIG_TOML,
        "t",
        &[
            "frost.d=8".into(),
            "model.device=cuda".into(),
            "update.rule=\"reinforce\"".into(),
        ],
    )
    .unwrap();
    assert_eq!(cfg.frost.d, 8);
    assert_eq!(cfg.model.device, DeviceSpec::Cuda(None));
    assert_eq!(cfg.update.rule, UpdateRule::Reinforce);

    let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["frost.tau=1.5".into()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("frost.tau"), "{err}");
    let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["frost.tua=0.1".into()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("tua"), "{err}");
    let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["frost.tau=0".into()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("frost.tau"), "{err}");
    assert!(TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["nokey".into()]).is_err());
}

#[test]
fn tensorboard_is_on_unless_turned_off() {
    assert!(TrainConfig::default_embedded().run.tensorboard);
    let without: String = (DEFAULT_CONFIG_TOML.lines())
        .filter(|l| !l.starts_with("tensorboard"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        TrainConfig::from_toml(&without, "t", &[])
            .unwrap()
            .run
            .tensorboard
    );
    let off = ["run.tensorboard=false".to_string()];
    let cfg = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &off).unwrap();
    assert!(!cfg.run.tensorboard);
    let again = TrainConfig::from_toml(&cfg.to_toml(), "round trip", &[]).unwrap();
    assert!(!again.run.tensorboard);
    let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["run.tensorboard=1".into()])
        .unwrap_err()
        .to_string();
    assert!(err.contains("tensorboard"), "{err}");
}

#[test]
fn all_shipped_configs_parse() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            let text = std::fs::read_to_string(&p).unwrap();
            TrainConfig::from_toml(&text, &p.display().to_string(), &[])
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            n += 1;
        }
    }
    assert!(n >= 4);
}

#[test]
fn schema_names_fields() {
    let s = schema_json();
    assert!(s.contains("\"tau\"") && s.contains("\"assignments_per_step\""));
}

fn schema() -> serde_json::Value {
    serde_json::from_str(&schema_json()).unwrap()
}

fn described(v: &serde_json::Value) -> bool {
    v["description"]
        .as_str()
        .is_some_and(|d| !d.trim().is_empty())
}

#[test]
fn schema_describes_every_selection_rule() {
    let schema = schema();
    let variants = schema["definitions"]["Selection"]["oneOf"]
        .as_array()
        .expect("Selection variants as oneOf");
    for rule in Selection::ALL {
        let name = serde_json::to_value(rule).unwrap();
        let v = variants
            .iter()
            .find(|v| v["enum"][0] == name)
            .unwrap_or_else(|| panic!("{name} missing from the schema"));
        assert!(described(v), "{name} has no description");
    }
    assert_eq!(variants.len(), Selection::ALL.len());
}

/// `frost-host schema` explains every field and every enum variant of the config.
#[test]
fn schema_describes_every_field_and_variant() {
    let schema = schema();
    let defs = schema["definitions"].as_object().unwrap();
    let top = std::iter::once(("TrainConfig", &schema));
    for (name, def) in top.chain(defs.iter().map(|(k, v)| (k.as_str(), v))) {
        assert!(described(def), "{name} has no description");
        for (field, f) in def["properties"].as_object().into_iter().flatten() {
            assert!(described(f), "{name}.{field} has no description");
        }
        for v in def["oneOf"].as_array().into_iter().flatten() {
            assert!(
                described(v),
                "{name} variant {} has no description",
                v["enum"]
            );
        }
    }
}

#[test]
fn device_dtype_and_source_parse_once_and_round_trip() {
    let cfg = TrainConfig::from_toml(
        DEFAULT_CONFIG_TOML,
        "t",
        &[
            "model.device=\"cuda:1\"".into(),
            "model.dtype=\"bf16\"".into(),
            "corpus.source=\"/data/texts\"".into(),
        ],
    )
    .unwrap();
    assert_eq!(cfg.model.device, DeviceSpec::Cuda(Some(1)));
    assert_eq!(cfg.model.device.device(), tch::Device::Cuda(1));
    assert_eq!(cfg.model.dtype.kind(), tch::Kind::BFloat16);
    assert_eq!(
        cfg.corpus.source,
        CorpusSource::Path(PathBuf::from("/data/texts"))
    );
    let text = cfg.to_toml();
    assert!(text.contains("device = \"cuda:1\"") && text.contains("dtype = \"bf16\""));
    assert!(text.contains("source = \"/data/texts\""), "{text}");
    assert_eq!(TrainConfig::from_toml(&text, "again", &[]).unwrap(), cfg);
    let default = TrainConfig::default_embedded();
    assert_eq!(default.model.device, DeviceSpec::Cpu);
    assert_eq!(default.model.dtype, Dtype::F32);
    assert_eq!(default.corpus.source, CorpusSource::Default);
    assert!(default.to_toml().contains("source = \"default\""));
}

#[test]
fn bad_device_dtype_or_source_names_the_field() {
    for (set, field) in [
        ("model.device=gpu", "model.device"),
        ("model.device=\"cuda:x\"", "model.device"),
        ("model.device=\"cuda:\"", "model.device"),
        ("model.dtype=f64", "model.dtype"),
        ("corpus.source=\"\"", "corpus.source"),
    ] {
        let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &[set.into()])
            .unwrap_err()
            .to_string();
        assert!(err.contains(&format!("`{field}`")), "{set}: {err}");
        assert_eq!(err.lines().count(), 1, "{set}: {err}");
    }
}

#[test]
fn every_non_finite_float_is_an_error_naming_its_field() {
    let fields = [
        "update.lr",
        "update.weight_decay",
        "update.beta1",
        "update.beta2",
        "update.adam_eps",
        "update.grad_clip",
        "update.clip_eps",
        "update.kl_beta",
        "frost.tau",
        "sampling.temperature",
        "sampling.top_p",
        "game.config.anything",
    ];
    for field in fields {
        for value in ["nan", "inf", "-inf"] {
            let set = format!("{field}={value}");
            let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", std::slice::from_ref(&set))
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(&format!("`{field}`")) && err.contains("finite"),
                "{set}: {err}"
            );
        }
    }
}

fn shipped(name: &str) -> TrainConfig {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../configs")
        .join(name);
    TrainConfig::from_toml(&std::fs::read_to_string(&p).unwrap(), name, &[]).unwrap()
}

#[test]
fn the_authors_demo_preset_holds_the_demos_update() {
    use super::{KlEstimator, Refinement, UpdateRule};
    let c = shipped("authors-demo-reinforce.toml");
    let u = &c.update;
    assert_eq!(u.rule, UpdateRule::Reinforce);
    assert!(!u.normalize_std);
    assert_eq!((u.kl_beta, u.kl_estimator()), (0.1, KlEstimator::Exact));
    assert_eq!((u.lr, u.weight_decay, u.grad_clip), (1e-5, 0.01, 0.0));
    let l = c.model.lora.as_ref().unwrap();
    assert_eq!((l.r, l.alpha, l.target_modules.len()), (64, 64.0, 7));
    assert_eq!(c.frost.refinement, Refinement::Frost);
    let s = &c.sampling;
    assert_eq!((s.assignments_per_step, s.k, c.frost.d), (4, 4, 4));
    assert_eq!(
        (c.eval.every, c.eval.best_of, c.eval.assignments),
        (10, 8, 16)
    );
}

#[test]
fn the_14b_grpo_k8_baseline_differs_from_the_frost_config_only_in_k_and_refinement() {
    let frost = shipped("qwen3-14b-infill.toml");
    let mut grpo = shipped("qwen3-14b-infill-grpo-k8.toml");
    assert_eq!((grpo.sampling.k, grpo.frost.d), (8, 0));
    assert_eq!(grpo.frost.refinement, super::Refinement::None);
    grpo.sampling.k = frost.sampling.k;
    grpo.frost.d = frost.frost.d;
    grpo.frost.refinement = frost.frost.refinement;
    assert_eq!(grpo, frost);
}

#[test]
fn new_selection_rules_and_round_robin_parse_and_the_weights_are_checked() {
    let sets = [
        "frost.selection=\"prior-taylor\"".to_string(),
        "frost.scope=\"round-robin\"".into(),
        "frost.d=3".into(),
        "frost.linear_weight=0.5".into(),
        "frost.taylor_weight=4".into(),
    ];
    let cfg = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &sets).unwrap();
    assert_eq!(cfg.frost.selection, Selection::PriorTaylor);
    assert_eq!(cfg.frost.scope, Scope::RoundRobin);
    assert_eq!(
        (cfg.frost.linear_weight, cfg.frost.taylor_weight),
        (0.5, 4.0)
    );
    // Absent weights take the tuned defaults; the names match the serde names.
    let d = TrainConfig::default_embedded();
    assert_eq!((d.frost.linear_weight, d.frost.taylor_weight), (0.1, 2.0));
    for rule in Selection::ALL {
        assert_eq!(serde_json::to_value(rule).unwrap(), rule.name());
    }
    for bad in ["frost.linear_weight=-1", "frost.taylor_weight=nan"] {
        let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &[bad.into()])
            .unwrap_err()
            .to_string();
        assert!(err.contains(bad.split('=').next().unwrap()), "{err}");
    }
}

#[test]
fn knobs_that_cannot_act_are_reported_with_why_and_acting_ones_are_not() {
    let cfg = |sets: &[&str]| {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &sets).unwrap()
    };
    assert!(
        cfg(&[]).inert_knobs().is_empty(),
        "the defaults change nothing"
    );
    let one = cfg(&["update.clip_eps=0.05", "update.aggregation=\"sequence\""]).inert_knobs();
    assert_eq!(one.len(), 2, "{one:?}");
    assert!(one[0].starts_with("update.clip_eps has no effect") && one[0].contains("iterations"));
    assert!(one[1].starts_with("update.aggregation has no effect"));
    let two = cfg(&["update.clip_eps=0.05", "update.iterations=2"]).inert_knobs();
    assert!(two.is_empty(), "{two:?}");
    let reinforce = cfg(&[
        "update.rule=\"reinforce\"",
        "update.iterations=2",
        "update.aggregation=\"sequence\"",
    ]);
    assert!(reinforce.inert_knobs()[0].contains("REINFORCE"));
    let kl = cfg(&["update.kl_estimator=\"exact\"", "update.kl_beta=0.0"]).inert_knobs();
    assert!(
        kl[0].starts_with("update.kl_estimator has no effect"),
        "{kl:?}"
    );
    // k1 as a loss term: zero expected gradient on-policy, one line saying so (with a KL term
    // only: at kl_beta = 0 the line above says the term is off); k2, k3, exact pull.
    let k1 = cfg(&["update.kl_estimator=\"k1\"", "update.kl_beta=0.1"]).inert_knobs();
    assert_eq!(k1.len(), 1, "{k1:?}");
    assert!(
        k1[0].starts_with("update.kl_estimator = \"k1\" pulls nothing")
            && k1[0].contains("zero expected gradient")
            && !k1[0].contains('\n'),
        "{k1:?}"
    );
    let k1_off = cfg(&["update.kl_estimator=\"k1\"", "update.kl_beta=0.0"]).inert_knobs();
    assert!(k1_off[0].contains("kl_beta = 0"), "{k1_off:?}");
    for e in ["k2", "k3", "exact"] {
        let set = format!("update.kl_estimator=\"{e}\"");
        let pulls = cfg(&[set.as_str(), "update.kl_beta=0.1"]).inert_knobs();
        assert!(pulls.is_empty(), "{e}: {pulls:?}");
    }
    let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &["update.iterations=0".into()]);
    assert!(err.unwrap_err().to_string().contains("`update.iterations`"));
}

/// The update's settings of issue 32: each bad value gets one line naming its field.
#[test]
fn update_settings_are_validated_one_line_each() {
    let err = |set: &str| {
        TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &[set.to_string()])
            .unwrap_err()
            .to_string()
    };
    for (set, field) in [
        ("update.min_lr_ratio=1.5", "update.min_lr_ratio"),
        ("update.clip_eps_high=0.0", "update.clip_eps_high"),
        ("update.dual_clip=1.0", "update.dual_clip"),
        ("update.entropy_coef=-0.1", "update.entropy_coef"),
        ("update.warmup_steps=500", "update.warmup_steps"),
        ("update.lr_schedule=\"step\"", "lr_schedule"),
        ("update.baseline=\"median\"", "baseline"),
        ("update.std_scope=\"global\"", "std_scope"),
        ("update.kl_estimator=\"k4\"", "kl_estimator"),
    ] {
        let e = err(set);
        assert!(e.contains(field) && !e.contains('\n'), "{set}: {e}");
    }
    let ok = TrainConfig::from_toml(
        DEFAULT_CONFIG_TOML,
        "t",
        &[
            "update.lr_schedule=\"cosine\"".into(),
            "update.warmup_steps=6".into(),
            "update.min_lr_ratio=0.1".into(),
            "update.baseline=\"leave-one-out\"".into(),
            "update.std_scope=\"batch\"".into(),
            "update.kl_estimator=\"k2\"".into(),
            "update.kl_beta=0.05".into(),
            "update.iterations=2".into(),
            "update.clip_eps_high=0.28".into(),
            "update.dual_clip=3.0".into(),
            "update.entropy_coef=0.01".into(),
            "update.ref_refresh_every=10".into(),
            "update.drop_tied_groups=true".into(),
            "update.max_extra_deals=8".into(),
        ],
    )
    .unwrap();
    assert!(ok.inert_knobs().is_empty(), "{:?}", ok.inert_knobs());
    assert_eq!(ok.update.kl_estimator(), KlEstimator::K2);
}

#[test]
fn update_settings_that_cannot_act_are_named() {
    let inert = |sets: &[&str]| {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &sets)
            .unwrap()
            .inert_knobs()
    };
    let one = |sets: &[&str], start: &str| {
        let got = inert(sets);
        assert!(
            got.len() == 1 && got[0].starts_with(start),
            "{sets:?}: {got:?}"
        );
    };
    one(
        &["update.clip_eps_high=0.28"],
        "update.clip_eps_high has no effect",
    );
    one(&["update.dual_clip=3.0"], "update.dual_clip has no effect");
    one(
        &["update.ref_refresh_every=5"],
        "update.ref_refresh_every has no effect",
    );
    one(
        &["update.ref_refresh_every=500", "update.kl_beta=0.1"],
        "update.ref_refresh_every has no effect",
    );
    one(
        &["update.std_scope=\"batch\"", "update.normalize_std=false"],
        "update.std_scope has no effect",
    );
    one(
        &["update.min_lr_ratio=0.1"],
        "update.min_lr_ratio has no effect",
    );
    one(
        &["update.max_extra_deals=4"],
        "update.max_extra_deals has no effect",
    );
    one(
        &["update.kl_estimator=\"k1\"", "update.kl_beta=0.0"],
        "update.kl_estimator has no effect",
    );
}

/// `--config a --config b`: b's values over a's, table by table.
#[test]
fn configs_merge_in_order_and_recipes_overlay_any_config() {
    let overlay = "[update]\nclip_eps_high = 0.28\nlr = 1e-4\n[game.config]\ngap_tokens = 2\n";
    let cfg =
        TrainConfig::from_tomls(&[(DEFAULT_CONFIG_TOML, "base"), (overlay, "o")], &[]).unwrap();
    let base = TrainConfig::default_embedded();
    assert_eq!(cfg.update.clip_eps_high, Some(0.28));
    assert_eq!(cfg.update.lr, 1e-4);
    assert_eq!(cfg.update.beta1, base.update.beta1, "untouched fields stay");
    let infill = cfg.game.resolved("infill");
    assert_eq!(
        infill["prompt"].as_str(),
        Some("raw"),
        "the base's value for its game stays"
    );
    assert_eq!(infill["gap_tokens"].as_integer(), Some(2));
    // A bad overlay is named.
    let err = TrainConfig::from_tomls(
        &[(DEFAULT_CONFIG_TOML, "base"), ("[update\n", "bad.toml")],
        &[],
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("bad.toml"), "{err}");
    // Every recipe over every shipped config parses and validates.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
    let recipes = ["grpo", "dr-grpo", "dapo", "rloo"];
    for base in [
        "tiny-infill.toml",
        "tiny-infill-grpo-k8.toml",
        "qwen3-0.6b-infill.toml",
    ] {
        let base_text = std::fs::read_to_string(root.join(base)).unwrap();
        for r in recipes {
            let text = std::fs::read_to_string(root.join(format!("recipes/{r}.toml"))).unwrap();
            let cfg = TrainConfig::from_tomls(&[(&base_text, base), (&text, r)], &[])
                .unwrap_or_else(|e| panic!("{base} + {r}: {e}"));
            assert!(
                cfg.inert_knobs().is_empty(),
                "{base} + {r}: {:?}",
                cfg.inert_knobs()
            );
        }
    }
    // grpo.toml over the default is the default itself.
    let grpo = std::fs::read_to_string(root.join("recipes/grpo.toml")).unwrap();
    let cfg = TrainConfig::from_tomls(&[(DEFAULT_CONFIG_TOML, "d"), (&grpo, "grpo")], &[]).unwrap();
    assert_eq!(cfg, base);
}

/// The router loss acts under LoRA (its gradient reaches the adapters upstream of the routers,
/// tests/e2e/moe.rs) as under full fine-tuning: no warning for either.
#[test]
fn the_router_loss_weight_acts_under_lora_and_is_never_negative() {
    let sets = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let on = sets(&["update.router_aux_loss_coef=0.001"]);
    let mut cfg = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &on).unwrap();
    assert!(cfg.model.lora.is_some());
    assert!(cfg.inert_knobs().is_empty(), "{:?}", cfg.inert_knobs());
    cfg.model.lora = None;
    assert!(cfg.inert_knobs().is_empty(), "{:?}", cfg.inert_knobs());
    let bad = sets(&["update.router_aux_loss_coef=-0.1"]);
    let err = TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &bad).unwrap_err();
    assert!(
        err.to_string().contains("update.router_aux_loss_coef"),
        "{err}"
    );
}
