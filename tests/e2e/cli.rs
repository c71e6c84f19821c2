//! End-to-end tests: the command line. `game-check` shows exactly what training deals; bad
//! input is one clear error and leaves no run directory; the config schema.

use crate::common::{frost_host, game_wasm, sample_tokenizer, SAMPLE};
use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::model::Tok;
use frost_host::round::{describe, Dealer, TokenizedSplit};
use std::path::Path;

use serde_json::Value;

use frost_host::corpus::CorpusSource;
use frost_host::pretrain::{pretrain, ModelSize, PretrainOptions};

use crate::fixture::{fixture, run_cli, run_with_config, tmp};

fn game_check(game: &str, args: &[&str], text: Option<&Path>) -> String {
    let mut cmd = frost_host();
    cmd.args(["game-check", game_wasm(game).to_str().unwrap()])
        .args(args)
        .arg("--tokenizer")
        .arg(&sample_tokenizer().1);
    if let Some(t) = text {
        cmd.arg("--text").arg(t);
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The assignment the trainer deals for `seed` from a corpus holding `text`: the same pieces
/// `train::setup` and the step use (a tokenized split, the configured dealer, `deal`).
fn trainer_assignment(game: &str, config_json: &str, text: &str, seed: u64) -> String {
    let tok = Tok::from_dir(sample_tokenizer().1.parent().unwrap()).unwrap();
    let game = Game::load(&game_wasm(game), &GameLimits::default(), false).unwrap();
    let vocab = tok.vocab_size() as i64;
    let mut dealer = Dealer::new(game, config_json, &tok, vocab, tch::Device::Cpu).unwrap();
    let doc = Document {
        name: "corpus.txt".into(),
        text: text.to_string(),
    };
    let split = TokenizedSplit::new("train", &[doc], &tok);
    describe(&dealer.deal(&tok, &split, seed).unwrap(), &tok)
}

/// game-check's body is the dealt round, then one line on its size against the model's
/// context (none here: the sample tokenizer's folder holds no model config).
fn assert_round(body: &str, dealt: &str, what: &str) {
    let (round, tail) = body.split_at(dealt.len().min(body.len()));
    assert_eq!(round, dealt, "{what}");
    assert!(
        tail.starts_with("\nprompt ") && tail.contains("the context length is not checked"),
        "{what}: {tail}"
    );
}

#[test]
fn game_check_prints_byte_for_byte_what_the_trainer_deals() {
    // game-check plays what training would: the embedded default config's infill settings.
    for seed in [0u64, 3, 11] {
        let shown = game_check("infill", &["--seed", &seed.to_string()], None);
        let dealt = trainer_assignment("infill", r#"{"prompt":"raw"}"#, SAMPLE, seed);
        let (header, body) = shown.split_once("\n\n").unwrap();
        assert!(header.starts_with("game infill") && header.ends_with(&format!("seed {seed}")));
        assert_round(body, &dealt, &format!("seed {seed}"));
    }
    for w in [
        "=== player prompt (chat",
        "<|im_start|>user",
        "[GAP]",
        "=== judge program ===",
        "weight +1",
        "⟦<MOVE: 8 tokens>",
        "<BOS <|endoftext|>>",
        "reference move:",
    ] {
        let chat = ["--seed", "3", "--set", "game.config.prompt=chat"];
        let shown = game_check("infill", &chat, None);
        assert!(shown.contains(w), "missing {w:?} in:\n{shown}");
    }

    // Condense with a TOML config and a text file: two terms, banned words.
    let dir = tempfile::tempdir().unwrap();
    let cfg = dir.path().join("c.toml");
    std::fs::write(&cfg, "story_tokens = 30\nmove_tokens = 4\n").unwrap();
    let story = SAMPLE.lines().take(12).collect::<Vec<_>>().join("\n");
    let text = dir.path().join("story.txt");
    std::fs::write(&text, &story).unwrap();
    // The game's own config file, over the embedded default's condense settings.
    let json = r#"{"prompt":"raw","story_tokens":30,"move_tokens":4}"#;
    for seed in [1u64, 2] {
        let s = seed.to_string();
        let shown = game_check(
            "condense",
            &["--game-config", cfg.to_str().unwrap(), "--seed", &s],
            Some(&text),
        );
        let dealt = trainer_assignment("condense", json, &story, seed);
        assert_round(
            shown.split_once("\n\n").unwrap().1,
            &dealt,
            &format!("seed {seed}"),
        );
        for w in [
            "weight +1",
            "weight -1",
            "no move (baseline)",
            "<MOVE: 4 tokens>",
            "tokens banned in all",
        ] {
            assert!(shown.contains(w), "missing {w:?} in:\n{shown}");
        }
        assert!(!shown.contains("strings []"), "{shown}");
    }
}

#[test]
fn game_check_errors_are_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    // A fresh cache: the shipped default model's tokenizer, installed on first use.
    let out = frost_host()
        .args(["game-check", game_wasm("infill").to_str().unwrap()])
        .env("FROST_CACHE", dir.path())
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{e}");
    assert!(dir
        .path()
        .join("models/tiny-shakespeare/tokenizer.json")
        .is_file());
    // A tokenizer that is not there: name it and the fix, in one line.
    let missing = dir.path().join("no-such-tokenizer.json");
    let out = frost_host()
        .args(["game-check", game_wasm("infill").to_str().unwrap()])
        .arg("--tokenizer")
        .arg(&missing)
        .env("FROST_CACHE", dir.path())
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{e}");
    assert!(
        e.contains("no tokenizer at")
            && e.contains("no-such-tokenizer.json")
            && e.contains("--tokenizer"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");
    // A text too short for the game's passage: name the text and the need.
    let short = dir.path().join("short.txt");
    std::fs::write(&short, "Shall I compare thee").unwrap();
    let out = frost_host()
        .args(["game-check", game_wasm("infill").to_str().unwrap()])
        .arg("--tokenizer")
        .arg(&sample_tokenizer().1)
        .arg("--text")
        .arg(&short)
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    let e = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{e}");
    assert!(e.contains("--text") && e.contains("tokens"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

/// A failing run: non-zero exit, one clear message containing `needle`, no run directory left.
fn assert_rejected(sets: &[&str], needle: &str) {
    let out = tmp("bad");
    let o = run_with_config(&out, sets, true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{sets:?} should fail");
    assert!(
        err.contains(needle),
        "{sets:?}: message should mention `{needle}`:\n{err}"
    );
    assert!(!err.contains("panicked"), "{sets:?} panicked:\n{err}");
    assert!(!out.exists(), "{sets:?} left a run directory behind");
}

#[test]
fn bad_input_is_one_clear_error_and_leaves_no_run_dir() {
    assert_rejected(
        &["game.path=\"/nonexistent/infill.wasm\""],
        "/nonexistent/infill.wasm",
    );
    assert_rejected(&["game.config.gap_tokens=0"], "gap_tokens");
    assert_rejected(&["frost.d=100000000"], "frost.d");
    assert_rejected(&["frost.tau=1.5"], "frost.tau");
    assert_rejected(&["frost.tau=0"], "frost.tau");
    assert_rejected(&["frost.tua=0.1"], "tua");
    // A model whose embedding is smaller than its tokenizer's vocabulary.
    let bad = tmp("mismatch");
    std::fs::create_dir_all(&bad).unwrap();
    for f in std::fs::read_dir(&fixture().model).unwrap() {
        let p = f.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, bad.join(p.file_name().unwrap())).unwrap();
        }
    }
    let other = tmp("other-tok");
    let mut opts = PretrainOptions::new(
        CorpusSource::Path(fixture().corpus.clone()),
        other.clone(),
        ModelSize::Tiny,
    );
    opts.hyper.steps = 1;
    opts.hyper.vocab_size = 400;
    pretrain(&opts).unwrap();
    std::fs::copy(other.join("tokenizer.json"), bad.join("tokenizer.json")).unwrap();
    assert_rejected(&[&format!("model.path=\"{}\"", bad.display())], "tokenizer");
}

#[test]
fn schema_and_unknown_fields() {
    let o = run_cli(&["schema"]);
    assert!(o.status.success());
    let schema: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(
        schema["definitions"]["FrostSection"]["properties"]["tau"].is_object(),
        "{schema}"
    );
    let o = run_cli(&["--game", "x.wasm", "--set", "sampling.kk=3"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success() && err.contains("`sampling.kk`") && err.lines().count() == 1,
        "{err}"
    );
}

/// `frost-host game-info GAME | head -1`: when the reader goes away the command stops quietly
/// with SIGPIPE's status, no panic report.
#[test]
fn a_closed_output_pipe_stops_quietly() {
    let mut child = frost_host()
        .args(["game-info", game_wasm("infill").to_str().unwrap()])
        .env_remove("RUST_BACKTRACE")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Close the read end before the game is loaded, so the first write fails.
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(141), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `scripts/gpu-check.sh` on a machine without an NVIDIA GPU stops at its first check with one
/// line naming what is missing, before building or running anything. Any machine is made one
/// without a driver: the script's PATH holds only the tools it runs before that check.
#[test]
fn the_gpu_check_says_in_one_line_what_is_missing() {
    let on_path = |tool: &str| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path)
            .map(|d| d.join(tool))
            .find(|p| p.is_file())
            .unwrap_or_else(|| panic!("{tool} not found on PATH"))
    };
    let bin = tempfile::tempdir().unwrap();
    for tool in ["readlink", "date", "dirname"] {
        std::os::unix::fs::symlink(on_path(tool), bin.path().join(tool)).unwrap();
    }
    let o = std::process::Command::new(on_path("bash"))
        .arg(crate::common::root().join("scripts/gpu-check.sh"))
        .env("PATH", bin.path())
        .env("GPU_CHECK_OUT", bin.path().join("results.txt"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("gpu-check: no NVIDIA driver"), "{err}");
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

/// Counts that scale memory are refused when the config is read, before any model or game
/// loads (the model path here does not exist: the size is what is named), in one line naming
/// the key, the limit and why.
#[test]
fn sizes_over_their_limits_are_refused_before_anything_loads() {
    let nowhere = "model.path=\"/nonexistent/model\"";
    for (set, named) in [
        (
            "sampling.k=100000",
            "sampling.k = 100000 is over the limit of 65536",
        ),
        (
            "frost.d=100000",
            "frost.d = 100000 is over the limit of 65536",
        ),
        (
            "eval.assignments=1000000",
            "eval.assignments = 1000000 is over the limit of 65536",
        ),
    ] {
        assert_rejected(&[nowhere, set], named);
    }
    let cfg = crate::fixture::write_config(&fixture().root, true);
    let cfg = cfg.to_str().unwrap();
    let refused = |args: &[&str], named: &str| {
        let o = run_cli(args);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        assert!(
            e.contains(named) && e.contains("rows") && e.lines().count() == 1,
            "{e}"
        );
    };
    let set = ["--set", nowhere];
    refused(
        &[
            &["play", "base", "--config", cfg, "--k", "100000"],
            &set[..],
        ]
        .concat(),
        "--k = 100000 is over the limit of 65536",
    );
    refused(
        &[
            &[
                "eval",
                "base",
                "--config",
                cfg,
                "--set",
                "eval.best_of=100000",
            ],
            &set[..],
        ]
        .concat(),
        "eval.best_of = 100000 is over the limit of 65536",
    );
}

/// A file a command writes when its work is done (`eval --out`, `--curve`, `play --out`,
/// `analyze-selection --out`) is checked before the work starts: a folder, or a path under a
/// file, is refused in one line naming the flag, before any model loads (the model path here
/// does not exist), and nothing is written.
#[test]
fn output_files_that_cannot_be_written_are_refused_before_anything_loads() {
    let cfg = crate::fixture::write_config(&fixture().root, true);
    let cfg = cfg.to_str().unwrap();
    let dir = tmp("unwritable");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("file");
    std::fs::write(&file, "x").unwrap();
    let under = file.join("e.json");
    let (dir, under) = (dir.to_str().unwrap(), under.to_str().unwrap());
    let base = [
        "--config",
        cfg,
        "--set",
        "model.path=\"/nonexistent/model\"",
    ];
    let cases: [(&[&str], &str); 5] = [
        (&["eval", "base", "--out", dir], "is a folder"),
        (
            &["eval", "base", "--refine", "1", "--curve", dir],
            "is a folder",
        ),
        (&["eval", "base", "--out", under], "is a file, not a folder"),
        (&["play", "base", "--out", dir], "is a folder"),
        (
            &["analyze-selection", "--out", under],
            "is a file, not a folder",
        ),
    ];
    for (args, says) in cases {
        let args = [args, &base[..]].concat();
        let o = run_cli(&args);
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        let flag = if args.contains(&"--curve") {
            "--curve"
        } else {
            "--out"
        };
        assert!(e.contains(flag) && e.contains(says), "{args:?}: {e}");
        assert_eq!(e.trim().lines().count(), 1, "{e}");
        assert!(!e.contains("nonexistent"), "loaded before checking: {e}");
    }
    let both = format!("{dir}/e.json");
    let args = [
        &[
            "eval", "base", "--refine", "1", "--out", &both, "--curve", &both,
        ][..],
        &base[..],
    ]
    .concat();
    let o = run_cli(&args);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{e}");
    assert!(e.contains("--out and --curve name the same file"), "{e}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    assert_eq!(std::fs::read_dir(dir).unwrap().count(), 1);
}
