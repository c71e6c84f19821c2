//! `.xent` programs (`games/xent.wasm`): conformance with the Xent benchmark's own runtime,
//! refusals, `game-check` and a training run on a program passed with `--set`.
//!
//! Conformance reads golden values: `tests/fixtures/xent/make_golden.py` (run by
//! `make xent-golden`, in its own python3.12 venv with `xent==0.5.0`) played each of the six
//! published games through xent's runtime with fixed stories and fixed moves, on the
//! committed tiny judge `tests/fixtures/xent/model/`, and wrote the scores (bits); likewise
//! small programs of each judge function's forms with a pre-prompt (`xed(s | x, "Poem:")`).
//! Here the same rounds go through the wasm game and Frost's judge on the same model.

use std::path::PathBuf;

use frost_host::game::{Game, GameLimits};
use frost_host::judge::{self, Budget, CompiledProgram};
use frost_host::model::{LoadOptions, LoadedModel};
use frost_host::round::passage_from_text;
use serde_json::{json, Value};

use crate::common;

fn fixtures() -> PathBuf {
    common::root().join("tests/fixtures/xent")
}

fn golden() -> Value {
    let text = std::fs::read_to_string(fixtures().join("golden.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn game() -> Game {
    Game::load(&common::game_wasm("xent"), &GameLimits::default(), false).unwrap()
}

fn ids(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

/// Plays one golden case (a program, its stories and move) through the wasm game and Frost's
/// judge on the tiny model: what differs from xent's reward, if anything.
fn check_golden(case: &Value, m: &LoadedModel, game: &mut Game) -> Option<String> {
    let tok = &m.tokenizer;
    let name = case["name"].as_str().unwrap();
    // The default: remove_common_words on the move as host-enforced banned words (which
    // the golden move keeps: it shares no word with the stories).
    let config = json!({
        "program": case["program"],
        "story_tokens": case["story_tokens"],
    })
    .to_string();
    let req = game.configure(&config).unwrap();
    // The same token ids the golden run's tokenizer (transformers) gave.
    let passages: Vec<_> = case["stories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let p = passage_from_text(tok, s["text"].as_str().unwrap());
            assert_eq!(p.token_ids, ids(&s["ids"]), "{name}: story tokens");
            p
        })
        .collect();
    // Horizon's two moves (x1, x2) are one generation in parts: their tokens, in order.
    let mv: Vec<u32> = match case["move"]["parts"].as_array() {
        Some(parts) => (parts.iter())
            .flat_map(|p| tok.encode(p.as_str().unwrap()))
            .collect(),
        None => tok.encode(case["move"]["text"].as_str().unwrap()),
    };
    assert_eq!(mv, ids(&case["move"]["ids"]), "{name}: move tokens");
    assert_eq!(mv.len(), req.move_tokens as usize);
    if name == "Horizon" {
        assert_eq!(req.moves, vec![5, 5]);
    }
    let round = game
        .new_round(&config, 0, &passages, tok.vocab_size() as u32)
        .unwrap();
    let prog = CompiledProgram::compile_moves(&round.judge, tok, mv.len(), &req.moves).unwrap();
    let got = judge::score(&m.net, &prog, &[mv], &mut Budget::default())[0];
    // Xent reports bits, Frost rewards are nats.
    let want = case["score_bits"].as_f64().unwrap() * std::f64::consts::LN_2;
    eprintln!("{name}: frost {got:.6} nats, xent {want:.6} nats");
    assert!(want.abs() > 0.1, "{name}: a golden that tests nothing");
    ((got - want).abs() >= 1e-3).then(|| format!("{name}: frost {got} nats, xent {want} nats"))
}

/// Checks every case, then fails with all those that differ.
fn check_goldens(cases: &[Value], names: &[&str]) {
    let m = LoadedModel::load(&fixtures().join("model"), &LoadOptions::cpu()).unwrap();
    let mut game = game();
    let got: Vec<&str> = cases.iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(got, names);
    let wrong: Vec<String> = (cases.iter())
        .filter_map(|case| check_golden(case, &m, &mut game))
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn published_games_score_as_xents_own_runtime() {
    check_goldens(
        golden()["games"].as_array().unwrap(),
        &[
            "Condense",
            "Contrast",
            "Synthesize",
            "Two-Ways",
            "Horizon",
            "Alethiometer",
        ],
    );
}

/// The judge functions' second argument, Xent's pre-prompt: read before the condition in every
/// term, `xed`'s and `dex`'s unconditioned term included (`xed(s | x, p) = xent(s, p) -
/// xent(s | p + x)`), and allowed without a condition (`xed(s, p)` is then 0).
#[test]
fn pre_prompt_forms_score_as_xents_own_runtime() {
    check_goldens(
        golden()["forms"].as_array().unwrap(),
        &[
            r#"xent(s | x, "Poem:")"#,
            r#"xed(s | x, "Poem:")"#,
            r#"nex(s | x, "Poem:")"#,
            r#"dex(s | x, "Poem:")"#,
            r#"xent(s, "Poem:")"#,
            r#"xed(s, "Poem:")"#,
            r#"nex(s, "Poem:")"#,
            r#"dex(s, "Poem:")"#,
            r#"xed(s | " the", x)"#,
        ],
    );
}

#[test]
fn horizon_and_alethiometer_play_on_game_api_0_2_0() {
    let mut game = game();
    let read = |file: &str| {
        std::fs::read_to_string(fixtures().join(format!("games/{file}.xent"))).unwrap()
    };
    let horizon = json!({ "program": read("Horizon") }).to_string();
    let req = game.configure(&horizon).unwrap();
    assert_eq!((req.move_tokens, req.moves), (10, vec![5, 5]));
    let alethiometer = json!({ "program": read("Alethiometer") }).to_string();
    assert_eq!(game.configure(&alethiometer).unwrap().move_tokens, 40);
    // Other players' moves stay refused, with the place.
    let e = game
        .configure(&json!({ "program": "elicit(alice, x, 3)\nreward(xent(x))" }).to_string())
        .unwrap_err()
        .to_string();
    assert!(e.contains("program:1:8: elicit from `alice`"), "{e}");
}

#[test]
fn game_check_shows_a_round_of_a_program_from_a_config_file() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("condense.toml");
    let program = std::fs::read_to_string(fixtures().join("games/Condense.xent")).unwrap();
    std::fs::write(
        &cfg,
        format!(
            "program = '''\n{program}'''\nstory_tokens = 12\napproximate_word_bans = true\nprompt = \"raw\"\n"
        ),
    )
    .unwrap();
    let o = common::frost_host()
        .args(["game-check", common::game_wasm("xent").to_str().unwrap()])
        .args(["--game-config", cfg.to_str().unwrap()])
        .args(["--tokenizer", fixtures().join("model").to_str().unwrap()])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("game xent") && out.contains("move of 10 tokens, 1 passage(s) of [12] tokens"),
        "{out}"
    );
    // Two judge terms (xed), the scored story marked, the story's words banned.
    assert!(
        out.contains('⟦') && out.contains("weight -1,") && out.contains("weight +1,"),
        "{out}"
    );
}

#[test]
fn game_check_reads_a_program_file_with_set() {
    let run = |sets: &[String]| {
        let mut c = common::frost_host();
        c.args(["game-check", common::game_wasm("xent").to_str().unwrap()])
            .args(["--tokenizer", fixtures().join("model").to_str().unwrap()]);
        for s in sets {
            c.args(["--set", s]);
        }
        c.output().unwrap()
    };
    let program = fixtures().join("games/Condense.xent");
    let o = run(&[
        format!("game.config.program=@{}", program.display()),
        "game.config.story_tokens=12".into(),
        "game.config.approximate_word_bans=true".into(),
        "game.config.prompt=raw".into(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("passage(s) of [12] tokens") && out.contains('⟦'),
        "{out}"
    );
    // A missing program file: one line naming the key and the file.
    let o = run(&["game.config.program=@/nonexistent/x.xent".into()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("program=@/nonexistent/x.xent") && err.lines().count() == 1,
        "{err}"
    );
}

#[test]
fn a_program_given_with_set_trains_without_compiling() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let program = "assign(s=story()); elicit(x, 4); reward(xed(s | x))";
    let o = common::frost_host()
        .args(["--game", common::game_wasm("xent").to_str().unwrap()])
        .args(["--out", out.to_str().unwrap()])
        .args([
            "--set",
            &format!("model.path=\"{}\"", fixtures().join("model").display()),
        ])
        .args([
            "--set",
            "model.device=\"cpu\"",
            "--set",
            "model.dtype=\"f32\"",
        ])
        .args([
            "--set",
            &format!(
                "corpus.source=\"{}\"",
                common::root().join("tests/fixtures/corpus-tiny").display()
            ),
        ])
        .args(["--set", &format!("game.config.program={program}")])
        .args([
            "--set",
            "game.config.story_tokens=16",
            "--set",
            "game.config.prompt=\"raw\"",
        ])
        .args([
            "--set",
            "steps=2",
            "--set",
            "sampling.assignments_per_step=1",
        ])
        .args([
            "--set",
            "eval.every=2",
            "--set",
            "eval.assignments=1",
            "--set",
            "run.progress=false",
        ])
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let config = std::fs::read_to_string(out.join("config.toml")).unwrap();
    assert!(config.contains("elicit(x, 4)"), "{config}");
    let steps = std::fs::read_to_string(out.join("metrics.jsonl")).unwrap();
    assert_eq!(steps.lines().count(), 2, "{steps}");
}
