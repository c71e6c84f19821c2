//! End-to-end tests: games written in Python (sdk/python, built by `frost-host game build`).
//! The SDK's own tests; its testing module's passages and Rng against the Rust SDK's; the
//! infill and title ports against the Rust games (the same rounds, rendered prompts, judge
//! programs, bans and exact judge scores on the fixture model); and a 3-step training run on
//! each port, equal to the Rust game's run. Fixtures: `make games` and `make python-games`.

use std::path::PathBuf;

use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::judge::{self, Budget};
use frost_host::model::{LoadOptions, LoadedModel};
use frost_host::round::{Dealer, TokenizedSplit};
use frost_sdk::testing::sample_passage;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::common::{self, game_wasm, root};
use crate::fixture::{fixture, jsonl, run_cli, test_config, tmp};

/// A Python game built by `make python-games`: `DIR/NAME.wasm`.
pub fn python_wasm(dir: &str) -> PathBuf {
    let name = dir.rsplit('/').next().unwrap();
    let p = root().join(dir).join(format!("{name}.wasm"));
    assert!(
        p.exists(),
        "{} missing: run `make python-games`",
        p.display()
    );
    p
}

/// Runs python code with sdk/python importable; its stdout.
fn python(code: &str) -> String {
    let out = std::process::Command::new(common::python())
        .args(["-c", code])
        .env("PYTHONPATH", root().join("sdk/python"))
        .output()
        .expect("spawn python");
    assert!(
        out.status.success(),
        "python failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_python_sdk_passes_its_own_tests() {
    let out = std::process::Command::new(common::python())
        .args(["-m", "unittest", "discover", "-s", "tests"])
        .current_dir(root().join("sdk/python"))
        .env("PYTHONPATH", root().join("sdk/python"))
        .output()
        .expect("spawn python");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("OK"), "{err}");
}

#[test]
fn the_python_testing_module_cuts_the_rust_sdks_passages_and_draws_its_numbers() {
    let cases = [(1u32, 0u64), (7, 3), (40, 12345), (5000, u64::MAX)];
    let code = format!(
        "import json\nfrom frost_game import testing, Rng\nout = []\n\
         for n, seed in {:?}:\n    p = testing.sample_passage(n, seed)\n    \
         r = Rng(seed)\n    out.append([p.text, p.token_ids, [list(o) for o in p.offsets], \
         [r.next_u64() for _ in range(3)], Rng(seed).below(1000)])\n\
         print(json.dumps(out))",
        cases.map(|(n, s)| (n, s))
    );
    let py: Vec<Value> = serde_json::from_str(&python(&code)).unwrap();
    for ((n, seed), got) in cases.iter().zip(&py) {
        let p = sample_passage(*n, *seed);
        let mut rng = frost_sdk::Rng::new(*seed);
        let want = json!([
            p.text,
            p.token_ids,
            p.offsets,
            [rng.next_u64(), rng.next_u64(), rng.next_u64()],
            frost_sdk::Rng::new(*seed).below(1000)
        ]);
        assert_eq!(got, &want, "n={n} seed={seed}");
    }
}

/// The fixture corpus as one split.
fn fixture_split(tok: &frost_host::model::Tok) -> TokenizedSplit {
    let f = fixture();
    let docs: Vec<Document> = (0..3)
        .map(|d| Document {
            name: format!("doc{d}"),
            text: std::fs::read_to_string(f.corpus.join(format!("doc{d}.txt"))).unwrap(),
        })
        .collect();
    TokenizedSplit::new("test", &docs, tok)
}

/// The Rust game and its Python port dealt the same assignments: the same description
/// defaults, rounds, rendered prompts, judge programs and bans, and the judge gives random
/// allowed moves the same exact scores, bit for bit.
fn port_equals_rust(rust: &str, py_dir: &str, configs: &[Value]) {
    let f = fixture();
    let m = LoadedModel::load(&f.model, &LoadOptions::cpu()).unwrap();
    let tok = &m.tokenizer;
    let v_emb = m.net.embed_weight().size()[0];
    let split = fixture_split(tok);
    let limits = GameLimits::default();
    let rust_game = Game::load(&game_wasm(rust), &limits, false).unwrap();
    let py_game = Game::load(&python_wasm(py_dir), &limits, false).unwrap();
    let (ri, pi) = (rust_game.info(), py_game.info());
    assert_eq!(
        (&ri.name, &ri.default_config),
        (&pi.name, &pi.default_config)
    );
    let mut compared = 0;
    for config in configs {
        let config = config.to_string();
        let load = |p: PathBuf| Game::load(&p, &limits, false).unwrap();
        let dealer = |g| Dealer::new(g, &config, tok, v_emb, tch::Device::Cpu).unwrap();
        let mut r = dealer(load(game_wasm(rust)));
        let mut p = dealer(load(python_wasm(py_dir)));
        for seed in 0..4u64 {
            let (a, b) = (
                r.deal(tok, &split, seed).unwrap(),
                p.deal(tok, &split, seed).unwrap(),
            );
            assert_eq!(a.round, b.round, "{config} seed {seed}");
            assert_eq!(a.prompt_ids, b.prompt_ids, "{config} seed {seed}");
            assert!(
                a.banned.equal(&b.banned),
                "{config} seed {seed}: bans differ"
            );
            let banned: Vec<bool> = Vec::<bool>::try_from(&a.banned).unwrap();
            let allowed: Vec<u32> = (0..tok.vocab_size() as u32)
                .filter(|&i| !banned[i as usize])
                .collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let moves: Vec<Vec<u32>> = (0..3)
                .map(|_| {
                    (0..a.move_len)
                        .map(|_| allowed[rng.gen_range(0..allowed.len())])
                        .collect()
                })
                .collect();
            let score = |prog| judge::score(&m.net, prog, &moves, &mut Budget::default());
            let (sa, sb) = (score(&a.program), score(&b.program));
            assert!(sa.iter().all(|s| s.is_finite() && *s < 0.0), "{sa:?}");
            let bits = |s: &[f64]| s.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(
                bits(&sa),
                bits(&sb),
                "{config} seed {seed}: {sa:?} vs {sb:?}"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, configs.len() * 4);
}

#[test]
fn the_python_infill_deals_the_rust_infills_rounds_and_scores() {
    port_equals_rust(
        "infill",
        "games/python/infill",
        &[
            json!({"prefix_tokens": 16, "gap_tokens": 4, "suffix_tokens": 8}),
            json!({"prefix_tokens": 12, "gap_tokens": 3, "suffix_tokens": 6, "prompt": "raw"}),
            json!({"prefix_tokens": 8, "gap_tokens": 4, "suffix_tokens": 8, "score": "suffix",
                   "gap_hint": false, "ban_newlines": true}),
        ],
    );
}

#[test]
fn the_python_title_deals_the_rust_titles_rounds_and_scores() {
    port_equals_rust(
        "title",
        "games/python/title",
        &[
            json!({"text_tokens": 24, "title_tokens": 4}),
            json!({"text_tokens": 16, "title_tokens": 3, "prompt": "raw", "separator": ""}),
            json!({"text_tokens": 12, "title_tokens": 5, "ban_text_tokens": false,
                   "ban_line_breaks": false, "title_prefix": "Heading:"}),
        ],
    );
}

#[test]
fn the_ports_refuse_a_bad_config_as_the_rust_games_do() {
    for (rust, py, bad, field) in [
        (
            "infill",
            "games/python/infill",
            r#"{"gap_tokens": 0}"#,
            "gap_tokens must be 1..=256, got 0",
        ),
        (
            "infill",
            "games/python/infill",
            r#"{"gap_tokenz": 1}"#,
            "unknown field `gap_tokenz`",
        ),
        (
            "title",
            "games/python/title",
            r#"{"title_prefix": ""}"#,
            "title_prefix must not be empty",
        ),
    ] {
        for path in [game_wasm(rust), python_wasm(py)] {
            let mut g = Game::load(&path, &GameLimits::default(), false).unwrap();
            let e = g.configure(bad).unwrap_err().to_string();
            assert!(
                e.contains(field) && e.contains("rejected the config"),
                "{}: {e}",
                path.display()
            );
        }
    }
}

/// The metrics of a 3-step run, without what depends on the clock.
fn trained(game: &std::path::Path, config: Option<toml::Table>) -> Vec<Value> {
    let mut c = test_config(true);
    c.steps = 3;
    c.eval.every = 3;
    c.run.checkpoint_every = 0;
    c.game.path = game.display().to_string();
    if let Some(t) = config {
        c.game.config = t;
    }
    let dir = tmp("py-train");
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = dir.join("config.toml");
    std::fs::write(&cfg, c.to_toml()).unwrap();
    let out = dir.join("run");
    let o = run_cli(&[
        "--config",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines = jsonl(&out.join("metrics.jsonl"));
    assert_eq!(lines.len(), 3);
    lines.into_iter().map(without_clock).collect()
}

/// A metrics line without its timings (`time/*`): what must equal across two runs.
fn without_clock(v: Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(k, _)| !k.starts_with("time/"))
                .collect(),
        ),
        other => other,
    }
}

#[test]
fn three_steps_on_the_python_infill_train_as_on_the_rust_one() {
    let rust = trained(&game_wasm("infill"), None);
    let py = trained(&python_wasm("games/python/infill"), None);
    assert_eq!(rust, py);
    // It trained: every step scored its moves and took an update.
    for line in &py {
        let (reward, loss) = (&line["sampled/mean"], &line["loss"]);
        assert!(reward.as_f64().is_some_and(|r| r < 0.0), "{line}");
        assert!(loss.as_f64().is_some_and(f64::is_finite), "{line}");
        assert_eq!(line["skipped"], json!(false), "{line}");
    }
}

#[test]
fn three_steps_on_the_python_title_train_as_on_the_rust_one() {
    let config: toml::Table = toml::toml! {
        text_tokens = 16
        title_tokens = 4
        prompt = "raw"
    };
    let rust = trained(&game_wasm("title"), Some(config.clone()));
    let py = trained(&python_wasm("games/python/title"), Some(config));
    assert_eq!(rust, py);
}
