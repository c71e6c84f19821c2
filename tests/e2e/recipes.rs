//! End-to-end tests of the update's settings (issue 32): each recipe of `configs/recipes/`
//! trains (the defaults' golden is golden.rs).

use std::path::PathBuf;

use serde_json::Value;

use crate::fixture::fixture;

/// The non-timing figures of a metrics.jsonl line.
fn figures(line: &Value) -> Value {
    let mut v = line.clone();
    v.as_object_mut()
        .unwrap()
        .retain(|k, _| !k.starts_with("time/"));
    v
}

fn recipe(name: &str) -> String {
    let p =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../configs/recipes/{name}.toml"));
    p.display().to_string()
}

/// `frost-host --config <fixture config> --config <recipe> --set ...`: the run's stderr.
pub(crate) fn run_recipe(out: &std::path::Path, recipe_name: &str, sets: &[&str]) -> String {
    let base = crate::fixture::write_config(&fixture().root, true);
    let recipe = recipe(recipe_name);
    let mut args = vec![
        "--config",
        base.to_str().unwrap(),
        "--config",
        &recipe,
        "--out",
        out.to_str().unwrap(),
    ];
    for s in sets {
        args.extend(["--set", s]);
    }
    let o = crate::fixture::run_cli(&args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{recipe_name} {sets:?}:\n{err}");
    err
}

/// Each recipe of configs/recipes/ over the fixture's config trains 3 steps under Frost and
/// under GRPO; the run's config.toml holds the merged config, and nothing is inert.
#[test]
fn each_recipe_trains_three_steps_under_frost_and_grpo() {
    for name in ["grpo", "dr-grpo", "dapo", "rloo"] {
        for refinement in ["frost", "none"] {
            let out = crate::fixture::tmp(&format!("recipe-{name}-{refinement}"));
            let refine = format!("frost.refinement=\"{refinement}\"");
            let err = run_recipe(
                &out,
                name,
                &["steps=3", "eval.every=0", "run.checkpoint_every=0", &refine],
            );
            assert!(!err.contains("has no effect"), "{name}: {err}");
            let lines = crate::fixture::jsonl(&out.join("metrics.jsonl"));
            assert_eq!(lines.len(), 3, "{name} {refinement}");
            for m in &lines {
                assert!(m["loss"].as_f64().unwrap().is_finite(), "{name}: {m}");
                assert_eq!(m["skipped"], false, "{name}: {m}");
            }
            let cfg: toml::Table =
                toml::from_str(&std::fs::read_to_string(out.join("config.toml")).unwrap()).unwrap();
            let u = &cfg["update"];
            assert_eq!(cfg["frost"]["refinement"].as_str(), Some(refinement));
            assert_eq!(cfg["model"]["dtype"].as_str(), Some("f32"), "the base's");
            match name {
                "dapo" => {
                    assert_eq!(u["clip_eps_high"].as_float(), Some(0.28));
                    assert_eq!(u["drop_tied_groups"].as_bool(), Some(true));
                    assert!(lines[0].get("groups/tied").is_some());
                }
                "rloo" => assert_eq!(u["baseline"].as_str(), Some("leave-one-out")),
                "dr-grpo" => assert_eq!(u["normalize_std"].as_bool(), Some(false)),
                _ => assert_eq!(u["baseline"].as_str(), Some("group-mean")),
            }
        }
    }
}

/// At a temperature near 0 the K moves of a group are the same move: every sampled group
/// ties. Under GRPO each is dropped and `max_extra_deals` more are dealt (all tied too); their
/// judge forwards are exactly what the step spent beyond the same run without dynamic groups.
#[test]
fn dynamic_groups_count_their_extra_judge_forwards() {
    let run = |sets: &[&str]| {
        let out = crate::fixture::tmp("dynamic");
        let mut all = vec![
            "steps=2",
            "eval.every=0",
            "run.checkpoint_every=0",
            "sampling.temperature=0.001",
        ];
        all.extend_from_slice(sets);
        crate::fixture::train_run(&out, &all);
        let m = crate::fixture::jsonl(&out.join("metrics.jsonl"));
        let s = crate::fixture::jsonl(&out.join("samples.jsonl"));
        (m, s)
    };
    let grpo = "frost.refinement=\"none\"";
    let (plain, _) = run(&[grpo]);
    let (dynamic, _) = run(&[
        grpo,
        "update.drop_tied_groups=true",
        "update.max_extra_deals=3",
    ]);
    let a = 2; // the fixture's assignments_per_step
    for (p, d) in plain.iter().zip(&dynamic) {
        assert_eq!(p["sampled/distinct"], 0.25, "every group one move: {p}");
        assert!(p.get("groups/tied").is_none(), "absent when off");
        let f = |m: &Value, k: &str| m[k].as_u64().unwrap();
        assert_eq!(f(d, "groups/extra_deals"), 3, "{d}");
        assert_eq!(f(d, "groups/tied"), a + 3, "{d}");
        let extra = f(d, "budget/judge_forwards_extra");
        assert!(extra > 0);
        assert_eq!(
            f(d, "budget/judge_forwards"),
            f(p, "budget/judge_forwards") + extra,
            "the extra deals' forwards, counted"
        );
        assert_eq!(
            f(d, "budget/judge_forwards_sampled"),
            f(d, "budget/judge_forwards")
        );
        // Per assignment: over the A + 3 assignments played, not the A asked for.
        let per = d["budget/judge_forwards_per_assignment"].as_f64().unwrap();
        let played = (a + f(d, "groups/extra_deals")) as f64;
        assert_eq!(per, f(d, "budget/judge_forwards") as f64 / played, "{d}");
        // Nothing untied to train on: no step, and the same weights as... nothing moved.
        assert_eq!(d["grad_norm"], 0.0, "{d}");
    }
    // The budget totals include them.
    let total = |m: &[Value]| {
        m.last().unwrap()["budget/judge_forwards_total"]
            .as_u64()
            .unwrap()
    };
    assert!(total(&dynamic) > total(&plain));

    // Frost: a group is tied when its final scores (children included) all tie, and the line
    // counts exactly those. (At this temperature the fixture's greedy moves are the judge's
    // best: no child beats them. A child breaking a tie is unit-tested, train/dynamic.rs.)
    let (frost, samples) = run(&["update.drop_tied_groups=true", "frost.selection=\"random\""]);
    for (m, line) in frost.iter().zip(&samples) {
        assert!(m["frost/children"].as_f64().unwrap() > 0.0, "{m}");
        let groups = line["assignments"].as_array().unwrap();
        let score = |mv: &Value| mv["score"].as_f64().unwrap();
        let final_tied = (groups.iter())
            .filter(|g| {
                let moves = g["moves"].as_array().unwrap();
                moves.iter().all(|mv| score(mv) == score(&moves[0]))
            })
            .count();
        assert_eq!(
            m["groups/tied"].as_u64().unwrap() as usize,
            final_tied,
            "{m}"
        );
    }
}

/// The learning rate schedule shows as `update/lr` in metrics.jsonl and TensorBoard: cosine with
/// 1 warmup step over 4 steps, floor 0.1: lr, then lr, 0.55 lr, 0.1 lr.
#[test]
fn the_schedule_shows_in_metrics_and_tensorboard() {
    let out = crate::fixture::tmp("schedule");
    crate::fixture::train_run(
        &out,
        &[
            "steps=4",
            "eval.every=0",
            "update.lr=0.001",
            "update.lr_schedule=\"cosine\"",
            "update.warmup_steps=1",
            "update.min_lr_ratio=0.1",
        ],
    );
    let lines = crate::fixture::jsonl(&out.join("metrics.jsonl"));
    let lrs: Vec<f64> = lines
        .iter()
        .map(|m| m["update/lr"].as_f64().unwrap())
        .collect();
    let want = [1e-3, 1e-3, 0.55e-3, 1e-4];
    for (g, w) in lrs.iter().zip(want) {
        assert!((g - w).abs() < 1e-12, "{lrs:?}");
    }
    let tb = crate::common::run_python(
        "tensorboard_read.py",
        &["accumulate", out.join("tb").to_str().unwrap()],
    );
    let series: std::collections::BTreeMap<String, Vec<(u64, f64)>> =
        serde_json::from_slice(&tb.stdout).unwrap();
    let shown: Vec<(u64, f64)> = series["update/lr"].clone();
    assert_eq!(shown.len(), 4);
    for ((step, x), w) in shown.iter().zip(want) {
        assert!((x - w).abs() < 1e-9, "step {step}: {x} vs {w}");
    }
}

/// `update.ref_refresh_every`: the KL reference becomes the policy every N steps. Until the
/// first refresh the run is the plain one; after it the KL differs; and a run resumed from the
/// refresh's checkpoint reads the same reference back (every figure as uninterrupted).
#[test]
fn reference_refresh_moves_the_kl_reference_and_survives_a_resume() {
    let sets = |steps: &'static str, refresh: bool| {
        let mut s = vec![
            steps,
            "eval.every=0",
            "run.checkpoint_every=2",
            "update.kl_beta=0.1",
        ];
        if refresh {
            s.push("update.ref_refresh_every=2");
        }
        s
    };
    let plain = crate::fixture::tmp("norefresh");
    crate::fixture::train_run(&plain, &sets("steps=4", false));
    let whole = crate::fixture::tmp("refresh");
    crate::fixture::train_run(&whole, &sets("steps=4", true));
    assert!(whole
        .join("checkpoints/step-000002/reference.safetensors")
        .is_file());
    assert!(!plain
        .join("checkpoints/step-000002/reference.safetensors")
        .exists());
    let (p, w) = (
        crate::fixture::jsonl(&plain.join("metrics.jsonl")),
        crate::fixture::jsonl(&whole.join("metrics.jsonl")),
    );
    assert_eq!(figures(&p[0]), figures(&w[0]));
    assert_eq!(figures(&p[1]), figures(&w[1]));
    assert_ne!(
        p[2]["kl"], w[2]["kl"],
        "the refreshed reference changed nothing"
    );

    let cut = crate::fixture::tmp("refresh-resume");
    crate::fixture::train_run(&cut, &sets("steps=2", true));
    let o = crate::fixture::run_cli(&["--resume", cut.to_str().unwrap(), "--set", "steps=4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let c = crate::fixture::jsonl(&cut.join("metrics.jsonl"));
    assert_eq!(c.len(), 4);
    for step in 0..4 {
        assert_eq!(figures(&c[step]), figures(&w[step]), "step {}", step + 1);
    }
}

/// A recipe given alone (no base before it) is refused in one line that says how to overlay it,
/// by training and by game-check alike (they resolve configs through one function).
#[test]
fn a_recipe_given_alone_says_it_is_an_overlay() {
    let dir = tempfile::tempdir().unwrap();
    let dapo = recipe("dapo");
    let out = dir.path().join("run");
    let o = crate::fixture::run_cli(&["--config", &dapo, "--out", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    let line = err.lines().find(|l| l.starts_with("error")).unwrap_or("");
    assert!(
        line.contains("dapo.toml") && line.contains("goes after a base"),
        "{err}"
    );
    assert!(!out.exists(), "nothing written");
    let game = crate::common::game_wasm("infill");
    let o = crate::fixture::run_cli(&["game-check", game.to_str().unwrap(), "--config", &dapo]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(err.contains("goes after a base"), "{err}");
}
