//! After training: `frost-host eval`, `play` and `export` on a tiny run, checked against the
//! run's own logs and direct judge calls.
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::fixture::{jsonl, run_cli, run_cli_ok as ok, tmp, train_run};

/// A finished 4-step run (checkpoints after steps 2 and 4, evaluations at 0, 2 and 4).
fn trained() -> std::path::PathBuf {
    let out = tmp("after");
    train_run(&out, &[]);
    out
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// The eval figures of a metrics object (eval.jsonl's names) equal within float noise.
fn assert_same_figures(got: &Value, want: &Value) {
    for key in [
        "eval/best_of_4",
        "eval/mean",
        "eval/entropy",
        "eval/score_var",
        "eval/distinct",
    ] {
        let (g, w) = (got[key].as_f64().unwrap(), want[key].as_f64().unwrap());
        assert!(
            (g - w).abs() < 1e-9,
            "{key}: eval gives {g}, the run logged {w}"
        );
    }
    assert_eq!(got["step"], want["step"]);
}

/// `eval RUN` is training's evaluation: it reproduces the run's last eval.jsonl line, and a
/// run's `--step 2` reproduces the line at step 2; `eval base` with the run's config
/// reproduces step 0's.
#[test]
fn eval_reproduces_the_runs_own_evaluations() {
    let out = trained();
    let lines = jsonl(&out.join("eval.jsonl"));
    let at = |step: u64| lines.iter().find(|l| l["step"] == step).unwrap().clone();
    let json = out.join("e.json");
    let (run, file) = (out.to_str().unwrap(), json.to_str().unwrap());
    let printed = ok(&["eval", run, "--out", file]);
    assert!(printed.contains("best_of_4"), "{printed}");
    let e = read_json(&json);
    assert_same_figures(&e["metrics"], &at(4));
    assert_eq!(e["assignments"].as_array().unwrap().len(), 2);

    ok(&["eval", run, "--step", "2", "--out", file]);
    assert_same_figures(&read_json(&json)["metrics"], &at(2));

    let cfg = out.join("config.toml");
    ok(&[
        "eval",
        "base",
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        file,
    ]);
    assert_same_figures(&read_json(&json)["metrics"], &at(0));

    // A step the run did not keep is one line naming the steps it keeps.
    let o = run_cli(&["eval", run, "--step", "3"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("no checkpoint after step 3") && err.contains("2, 4"),
        "{err}"
    );
}

/// `--against base`: the base model on the same assignments and draws; each figure's
/// difference is this minus base over the same assignments.
#[test]
fn eval_against_base_pairs_the_same_assignments() {
    let out = trained();
    let json = out.join("vs.json");
    let printed = ok(&[
        "eval",
        out.to_str().unwrap(),
        "--against",
        "base",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(printed.contains("95% interval"), "{printed}");
    // Which draws the base got: the checkpoint step's evaluation seeds, said where printed.
    let step = read_json(&json)["step"].as_u64().unwrap();
    let note = format!("base: drawn with the seeds of the step-{step} evaluation");
    assert!(step > 0 && printed.contains(&note), "{printed}");
    let e = read_json(&json);
    assert!(e["base"]["seeds"].as_str().unwrap().starts_with(&note));
    let (this, base) = (&e["assignments"], &e["base"]["assignments"]);
    for (figure, field) in [
        ("best_of_4", "best"),
        ("mean", "mean"),
        ("entropy", "entropy"),
    ] {
        let d: f64 = (0..2)
            .map(|i| this[i][field].as_f64().unwrap() - base[i][field].as_f64().unwrap())
            .sum::<f64>()
            / 2.0;
        let got = e["base"]["difference"][figure]["difference"]
            .as_f64()
            .unwrap();
        assert!((got - d).abs() < 1e-9, "{figure}: {got} vs {d}");
        let (lo, hi) = (
            e["base"]["difference"][figure]["lo"].as_f64().unwrap(),
            e["base"]["difference"][figure]["hi"].as_f64().unwrap(),
        );
        assert!(
            lo <= got + 1e-12 && got <= hi + 1e-12,
            "{figure}: {lo} {got} {hi}"
        );
    }
    // Adapters trained for 4 steps move the policy: its samples differ from the base's.
    assert_ne!(this, base);
}

/// The run's player as a library Setup, and the round `play --seed` deals (the reference the
/// shown scores are checked against: a direct judge call on the same assignment).
fn play_round(run: &Path, seed: u64) -> (frost_host::train::Setup, frost_host::round::Assignment) {
    use frost_host::seeds::{derive_seed, PLAY, PLAY_DEAL};
    let text = std::fs::read_to_string(run.join("config.toml")).unwrap();
    let cfg = frost_host::config::TrainConfig::from_toml(&text, "run", &[]).unwrap();
    let mut s = frost_host::train::setup(&cfg).unwrap();
    let ckpt = frost_host::run::checkpoints::Checkpoints::new(run.join("checkpoints"))
        .latest()
        .unwrap();
    frost_host::train::load_weights(&mut s, &ckpt).unwrap();
    let corpus =
        frost_host::corpus::load_corpus_with(&cfg.corpus.source, &cfg.corpus.options()).unwrap();
    let split =
        frost_host::round::TokenizedSplit::new("heldout", &corpus.heldout, &s.model.tokenizer);
    let asg = (s.dealer)
        .deal(
            &s.model.tokenizer,
            &split,
            derive_seed(seed, 0, PLAY, PLAY_DEAL),
        )
        .unwrap();
    (s, asg)
}

fn tokens(v: &Value) -> Vec<u32> {
    (v["tokens"].as_array().unwrap().iter())
        .map(|t| t.as_u64().unwrap() as u32)
        .collect()
}

/// `play`: K sampled moves with exact scores; `--refine 2` runs two Frost rounds and every
/// shown edit's scores and gain equal a direct judge call on the same round; the budget is
/// one judge forward per verified child and one backward per round.
#[test]
fn play_shows_exact_scores_and_refine_shows_exact_gains() {
    let out = trained();
    let json = out.join("play.json");
    let run = out.to_str().unwrap();
    let printed = ok(&[
        "play",
        run,
        "--seed",
        "3",
        "--k",
        "3",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(
        printed.contains("3 sampled moves") && !printed.contains("=== Frost round"),
        "{printed}"
    );
    let plain = read_json(&json);
    assert_eq!(plain["sampled"].as_array().unwrap().len(), 3);
    assert!(plain["rounds"].as_array().unwrap().is_empty());

    let printed = ok(&[
        "play",
        run,
        "--seed",
        "3",
        "--k",
        "3",
        "--refine",
        "2",
        "--out",
        json.to_str().unwrap(),
    ]);
    assert!(printed.contains("Frost round 2"), "{printed}");
    let p = read_json(&json);
    // Refinement starts from the same samples.
    assert_eq!(p["sampled"], plain["sampled"]);
    let (s, asg) = play_round(&out, 3);
    let exact = |mv: Vec<u32>| {
        let mut b = frost_host::judge::Budget::default();
        frost_host::judge::score(s.judge(), &asg.program, &[mv], &mut b)[0]
    };
    for m in p["sampled"].as_array().unwrap() {
        assert!((m["score"].as_f64().unwrap() - exact(tokens(m))).abs() < 1e-5);
    }
    let rounds = p["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    let mut verified = 0;
    for edit in rounds.iter().flat_map(|r| r.as_array().unwrap()) {
        let (parent, child) = (
            exact(tokens(&edit["parent_move"])),
            exact(tokens(&edit["child_move"])),
        );
        let gain = edit["gain"].as_f64().unwrap();
        assert!(
            (gain - (child - parent)).abs() < 1e-5,
            "{edit}: {gain} vs {}",
            child - parent
        );
        assert!((edit["child_move"]["score"].as_f64().unwrap() - child).abs() < 1e-5);
        if edit["replaced"].as_bool().unwrap() {
            assert!(
                gain > 0.0,
                "a child that scores lower replaced its parent: {edit}"
            );
        }
        verified += 1;
    }
    assert!(verified > 0, "no child was verified");
    // A later round never spends a forward on a move already scored: no child twice, none a
    // sampled move.
    let mut scored: Vec<Vec<u32>> = p["sampled"]
        .as_array()
        .unwrap()
        .iter()
        .map(tokens)
        .collect();
    for edit in rounds.iter().flat_map(|r| r.as_array().unwrap()) {
        let child = tokens(&edit["child_move"]);
        assert!(!scored.contains(&child), "verified twice: {edit}");
        scored.push(child);
    }
    assert_eq!(p["refinement_forwards"].as_u64().unwrap(), verified);
    assert_eq!(p["refinement_backwards"].as_u64().unwrap(), 2);
    // The final moves are each sampled move or a strictly better edit of it.
    for (f, m) in p["final"]
        .as_array()
        .unwrap()
        .iter()
        .zip(p["sampled"].as_array().unwrap())
    {
        assert!(f["score"].as_f64().unwrap() >= m["score"].as_f64().unwrap());
    }
}

/// `play --text FILE` plays on one's own text.
#[test]
fn play_on_a_text_of_ones_own() {
    let out = trained();
    let text = out.join("mine.txt");
    std::fs::write(&text, "The quiet king walked through the cold hall and the old garden, where the river ran slow and the birds sang of a morning long gone by. ".repeat(3)).unwrap();
    let printed = ok(&[
        "play",
        out.to_str().unwrap(),
        "--text",
        text.to_str().unwrap(),
        "--k",
        "2",
    ]);
    assert!(printed.contains("2 sampled moves"), "{printed}");
    assert!(
        printed.contains("king") || printed.contains("garden") || printed.contains("river"),
        "{printed}"
    );
}

/// `frost.replace = "above-mean"` trains, and replaces only with children above their group's
/// sampled mean: at step 1 (the same parents and children as under the paper's rule, same
/// seeds) its replacements are the paper's rule's that beat the mean.
#[test]
fn above_mean_replacement_trains_and_replaces_only_above_the_sampled_mean() {
    let better = tmp("replace-better");
    let above = tmp("replace-above");
    crate::fixture::train_run(&better, &["steps=2"]);
    crate::fixture::train_run(&above, &["steps=2", "frost.replace='above-mean'"]);
    let step1 = |run: &Path| jsonl(&run.join("samples.jsonl"))[0]["assignments"].clone();
    let (b, a) = (step1(&better), step1(&above));
    let mut replaced_better = 0;
    for (gb, ga) in b.as_array().unwrap().iter().zip(a.as_array().unwrap()) {
        let members = |g: &Value| g["moves"].as_array().unwrap().clone();
        let (mb, ma) = (members(gb), members(ga));
        let mean = ma
            .iter()
            .map(|m| m["sampled_score"].as_f64().unwrap())
            .sum::<f64>()
            / ma.len() as f64;
        for (x, y) in mb.iter().zip(&ma) {
            assert_eq!(x["sampled_ids"], y["sampled_ids"], "different parents");
            let replaced = y["replaced"].as_bool().unwrap();
            let score = x["score"].as_f64().unwrap();
            // Replaced under above-mean iff replaced under better with a child above the mean.
            let want = x["replaced"].as_bool().unwrap() && score > mean;
            assert_eq!(replaced, want, "{x} / {y} (mean {mean})");
            replaced_better += x["replaced"].as_bool().unwrap() as usize;
        }
    }
    assert!(
        replaced_better > 0,
        "no child replaced a parent: the test shows nothing"
    );
    assert_eq!(jsonl(&above.join("metrics.jsonl")).len(), 2);
}

/// The knobs that change what a taken child does, each against the paper's rule at step 1 (the
/// same seeds: the same parents and children): `frost.keep_parents` keeps every sampled member
/// and appends exactly the paper's replacements; `frost.max_replaced = 1` keeps only the one
/// with the largest gain per group; `frost.baseline = "sampled"` keeps the paper's groups and
/// changes only the update. Each trains.
#[test]
fn keep_parents_max_replaced_and_the_sampled_baseline_train_as_specified() {
    let runs = [
        ("better", vec!["steps=2"]),
        ("keep", vec!["steps=2", "frost.keep_parents=true"]),
        ("cap", vec!["steps=2", "frost.max_replaced=1"]),
        ("sampled", vec!["steps=2", "frost.baseline='sampled'"]),
    ];
    let dirs: Vec<PathBuf> = runs
        .iter()
        .map(|(name, set)| {
            let dir = tmp(&format!("knob-{name}"));
            crate::fixture::train_run(&dir, set);
            assert_eq!(jsonl(&dir.join("metrics.jsonl")).len(), 2, "{name}");
            dir
        })
        .collect();
    let step1 = |run: &Path| jsonl(&run.join("samples.jsonl"))[0]["assignments"].clone();
    let members = |g: &Value| g["moves"].as_array().unwrap().clone();
    let groups = |run: &Path| -> Vec<Vec<Value>> {
        step1(run).as_array().unwrap().iter().map(members).collect()
    };
    let (better, keep, cap, sampled) = (
        groups(&dirs[0]),
        groups(&dirs[1]),
        groups(&dirs[2]),
        groups(&dirs[3]),
    );
    let mut replaced_any = false;
    for (a, b) in better.iter().enumerate() {
        let k = b.len();
        let taken: Vec<&Value> = b.iter().filter(|m| m["replaced"] == true).collect();
        replaced_any |= !taken.is_empty();
        // Kept parents: the K sampled moves, then the paper's replacements in parent order.
        let kg = &keep[a];
        assert_eq!(kg.len(), k + taken.len(), "group {a}");
        for (x, y) in b.iter().zip(&kg[..k]) {
            assert_eq!(
                y["move_ids"], x["sampled_ids"],
                "group {a}: a parent was not kept"
            );
            assert_eq!(y["replaced"], false);
        }
        for (x, y) in taken.iter().zip(&kg[k..]) {
            assert_eq!(y["move_ids"], x["move_ids"], "group {a}");
            assert_eq!(y["score"], x["score"], "group {a}");
            assert_eq!(
                y["sampled_ids"], x["sampled_ids"],
                "group {a}: the child's parent"
            );
        }
        // The cap: the one taken child with the largest gain.
        let gain = |m: &Value| m["score"].as_f64().unwrap() - m["sampled_score"].as_f64().unwrap();
        let want: Vec<bool> = match taken.iter().map(|m| gain(m)).reduce(f64::max) {
            None => vec![false; k],
            Some(top) => {
                let first = b
                    .iter()
                    .position(|m| m["replaced"] == true && gain(m) == top);
                (0..k).map(|j| Some(j) == first).collect()
            }
        };
        let got: Vec<bool> = cap[a].iter().map(|m| m["replaced"] == true).collect();
        assert_eq!(got, want, "group {a}");
        // The sampled baseline: the same group as the paper's rule.
        assert_eq!(&sampled[a], b, "group {a}");
    }
    assert!(
        replaced_any,
        "no child replaced a parent: the test shows nothing"
    );
    let loss = |d: &Path| jsonl(&d.join("metrics.jsonl"))[0]["loss"].as_f64().unwrap();
    assert_ne!(
        loss(&dirs[3]),
        loss(&dirs[0]),
        "the sampled baseline changed nothing"
    );
    let frac = |d: &Path| {
        jsonl(&d.join("metrics.jsonl"))[0]["frost/replaced_frac"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(
        frac(&dirs[1]),
        frac(&dirs[0]),
        "kept children count as replacements"
    );
}
