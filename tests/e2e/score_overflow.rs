//! Judge weights that are finite but overflow a score (f64::MAX, or a penalty weight times its
//! threshold): `game-check` and training's first deal score a sampled move exactly and refuse
//! the game in one line naming the term, before a run directory exists; a run whose every step
//! was skipped leaves nothing behind.

use crate::common::frost_host;
use crate::fixture::{fixture, run_cli, test_config, tmp};
use crate::games::hostile_wasm;

/// `game-check` of the hostile game in `mode`, with the fixture model (its weights score).
fn game_check(mode: &str) -> std::process::Output {
    frost_host()
        .args(["game-check", hostile_wasm().to_str().unwrap(), "--set"])
        .arg(format!("game.config.mode={mode}"))
        .arg("--tokenizer")
        .arg(&fixture().model)
        .env("FROST_LOG", "warn")
        .output()
        .unwrap()
}

/// One line on stderr, exit 1, naming what overflowed.
fn refused(o: &std::process::Output, names: &[&str]) -> String {
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for n in names {
        assert!(err.contains(n), "{n}: {err}");
    }
    err
}

#[test]
fn game_check_scores_a_sampled_move_and_names_the_term_that_overflows() {
    let o = game_check("huge_weight");
    refused(
        &o,
        &[
            "hostile",
            "judge term 0",
            "1.7976931348623157e308",
            "weight",
        ],
    );
    let o = game_check("huge_penalty");
    refused(&o, &["hostile", "penalty 0's cost", "1e30"]);
    // The control: the same game scores, and game-check says so.
    let o = game_check("ok");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("a sampled move's exact score: -") && out.contains("every term finite"),
        "{out}"
    );
}

#[test]
fn training_refuses_an_overflowing_game_before_its_run_directory_exists() {
    let root = tmp("score-overflow");
    std::fs::create_dir_all(&root).unwrap();
    let mut cfg = test_config(true);
    cfg.game.path = hostile_wasm().display().to_string();
    cfg.game.config = toml::toml! { mode = "huge_weight" };
    let path = root.join("config.toml");
    std::fs::write(&path, cfg.to_toml()).unwrap();
    let out = root.join("run");
    let o = run_cli(&[
        "--config",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    refused(&o, &["hostile", "judge term 0", "weight"]);
    assert!(!out.exists(), "a refused run leaves no directory");
}
