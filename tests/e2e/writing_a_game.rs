//! End-to-end tests: what a new game author does, following docs/writing-a-game.md with its own
//! `Bridge` game (built from `tests/games/bridge`, whose source is the doc's code verbatim): it
//! passes `game-check` and trains with no game flag, because a config written for one game
//! (the embedded default's infill settings) does not reach another. Also: `game-check` checks
//! what training plays (the run config's game config, the model's context), and an error
//! about a game config value says where the value came from.

use std::path::{Path, PathBuf};

use frost_host::config::TrainConfig;
use frost_host::corpus::CorpusSource;

use crate::common::root;
use crate::fixture::{fixture, jsonl, run_cli, tmp, write_config};
use crate::games::fixture as built;

fn bridge_wasm() -> PathBuf {
    built("target/wasm32-wasip2/release/frost_test_bridge.wasm")
}

/// The embedded default config on the fixture model and corpus, small and fast: nothing about
/// any game is changed (no `[game.config]`), as a new author would run it.
pub fn embedded_on_fixture(dir: &Path) -> PathBuf {
    let f = fixture();
    let mut c = TrainConfig::default_embedded();
    c.model.path = f.model.display().to_string();
    c.corpus.source = CorpusSource::Path(f.corpus.clone());
    c.steps = 2;
    c.sampling.assignments_per_step = 2;
    c.eval.every = 2;
    c.eval.assignments = 2;
    c.eval.best_of = 2;
    c.run.checkpoint_every = 0;
    c.run.progress = false;
    c.run.threads = 1;
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join("embedded-on-fixture.toml");
    std::fs::write(&p, c.to_toml()).unwrap();
    p
}

fn ok(args: &[&str]) -> String {
    let o = run_cli(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "frost-host {args:?} failed:\n{err}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The one line a failing command prints.
fn fails(args: &[&str]) -> String {
    let o = run_cli(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "frost-host {args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    err
}

#[test]
fn the_docs_game_is_the_fixtures_source_verbatim() {
    let doc = std::fs::read_to_string(root().join("docs/writing-a-game.md")).unwrap();
    let blocks: Vec<&str> = doc
        .split("```rust\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    assert_eq!(
        blocks.len(),
        2,
        "the doc's Rust blocks: the game, then its tests"
    );
    let lib = std::fs::read_to_string(root().join("tests/games/bridge/src/lib.rs")).unwrap();
    assert_eq!(
        lib,
        blocks.join("\n"),
        "tests/games/bridge/src/lib.rs must be the doc's two Rust blocks, in order"
    );
    // The doc's manifest and commands are the ones the test runs.
    let manifest = std::fs::read_to_string(root().join("tests/games/bridge/Cargo.toml")).unwrap();
    assert!(
        doc.contains("crate-type = [\"cdylib\"]") && manifest.contains("crate-type = [\"cdylib\"]")
    );
    assert!(doc.contains("frost-host game-check target/wasm32-wasip2/release/mygame.wasm --seed 1"));
    assert!(doc.contains(
        "Then train on it: `frost-host --game target/wasm32-wasip2/release/mygame.wasm`"
    ));
}

#[test]
fn the_docs_game_passes_game_check_and_trains_with_no_game_flag() {
    let dir = tmp("bridge");
    let cfg = embedded_on_fixture(&dir);
    let (wasm, cfg) = (bridge_wasm(), cfg.to_str().unwrap().to_string());
    let wasm = wasm.to_str().unwrap();
    // `game-check GAME --seed 1`, with the run config training gets (the fixture's model
    // standing in for the embedded default model).
    let shown = ok(&["game-check", wasm, "--seed", "1", "--config", &cfg]);
    assert!(
        shown.starts_with("game bridge 0.1.0: move of 4 tokens"),
        "{shown}"
    );
    assert!(
        shown.contains("fits the model's context: prompt 32 + move 4 = 36 of 64 tokens"),
        "{shown}"
    );
    let verified = ok(&[
        "game-check",
        wasm,
        "--seed",
        "1",
        "--config",
        &cfg,
        "--verify",
    ]);
    assert!(
        verified.contains("verified: seed 1 played again"),
        "{verified}"
    );
    // `frost-host --game mygame.wasm` (2 steps).
    let out = dir.join("run");
    ok(&[
        "--game",
        wasm,
        "--config",
        &cfg,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(jsonl(&out.join("metrics.jsonl")).len(), 2);
    // The run records what the game played: its own defaults, no other game's table.
    let recorded = std::fs::read_to_string(out.join("config.toml")).unwrap();
    assert!(
        !recorded.contains("[game.configs") && !recorded.contains("raw"),
        "{recorded}"
    );
}

#[test]
fn a_game_config_written_for_another_game_is_refused_naming_where_it_came_from() {
    // The old layout: an unkeyed [game.config] (infill's) applies to whatever game is played,
    // and the game's refusal names the value and its file.
    let dir = tmp("leak");
    let cfg = write_config(&dir, true);
    let cfg = cfg.to_str().unwrap();
    let wasm = bridge_wasm();
    let e = fails(&["game-check", wasm.to_str().unwrap(), "--config", cfg]);
    assert!(e.contains("unknown field `gap_tokens`"), "{e}");
    assert!(
        e.contains(&format!("`gap_tokens` = 4 from config file {cfg}")),
        "{e}"
    );
    assert!(e.contains("[game.configs.<its name>]"), "{e}");
    // Training says the same; a --set value is named as such.
    let out = dir.join("run");
    let e = fails(&[
        "--game",
        wasm.to_str().unwrap(),
        "--config",
        &embedded_on_fixture(&dir).display().to_string(),
        "--set",
        "game.config.gap=3",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(e.contains("`gap` = 3 from --set game.config.gap"), "{e}");
    assert!(!out.exists());
}

#[test]
fn game_check_plays_the_training_config_and_catches_a_prompt_over_the_context() {
    let dir = tmp("context");
    let cfg = embedded_on_fixture(&dir);
    let cfg = cfg.to_str().unwrap();
    let infill = crate::common::game_wasm("infill");
    let infill = infill.to_str().unwrap();
    // The embedded default's infill config (raw prompt, 64 + 32 tokens of passage) is what
    // game-check plays, as training does: over the fixture model's 64 positions, refused by
    // both with the same line.
    let e = fails(&["game-check", infill, "--config", cfg]);
    assert!(
        e.contains("is 113, over the model's context of 64 tokens"),
        "{e}"
    );
    let out = dir.join("run");
    let out = out.to_str().unwrap();
    let t = fails(&["--game", infill, "--config", cfg, "--out", out]);
    let what = |s: &str| s.split("the player prompt").nth(1).map(str::to_string);
    assert_eq!(what(&e), what(&t), "{e}\n{t}");
    // Shorter passages fit; the prompt layout is the embedded default's (raw) unless --set.
    let short = [
        "--set",
        "game.config.prefix_tokens=16",
        "--set",
        "game.config.suffix_tokens=8",
    ];
    let shown = ok(&[&["game-check", infill, "--config", cfg][..], &short].concat());
    assert!(shown.contains("=== player prompt (raw"), "{shown}");
    assert!(
        shown.contains("fits the model's context: prompt "),
        "{shown}"
    );
    // --set reaches the game played: the chat layout is longer than the fixture model reads.
    let chat = ["--set", "game.config.prompt=chat"];
    let e = fails(&[&["game-check", infill, "--config", cfg][..], &short, &chat].concat());
    assert!(e.contains("over the model's context of 64 tokens"), "{e}");
    // The old spelling of a game field is refused with the fix.
    let e = fails(&[
        "game-check",
        infill,
        "--config",
        cfg,
        "--set",
        "gap_tokens=4",
    ]);
    assert!(e.contains("--set game.config.gap_tokens=..."), "{e}");
}
