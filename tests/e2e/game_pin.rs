//! `game.sha256` pins a run's game by content: another file is refused before anything loads,
//! in one line naming both hashes; the pinned file trains and the run records the pin.

use sha2::{Digest, Sha256};

use crate::common::game_wasm;
use crate::fixture::{run_with_config, tmp};

fn sha256(path: &std::path::Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn a_pinned_game_is_refused_in_one_line_when_its_bytes_differ() {
    let infill = game_wasm("infill");
    let right = sha256(&infill);
    let wrong = sha256(&game_wasm("title"));
    let game = format!("game.path='{}'", infill.display());

    let out = tmp("pin-wrong");
    let o = run_with_config(&out, &[&game, &format!("game.sha256='{wrong}'")], true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("game.sha256") && err.contains(&right) && err.contains(&wrong),
        "{err}"
    );
    assert!(
        !out.join("metrics.jsonl").exists(),
        "refused before training"
    );

    let o = run_with_config(&tmp("pin-bad"), &[&game, "game.sha256='abc'"], true);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("game.sha256") && err.contains("64 hex digits"),
        "{err}"
    );

    let out = tmp("pin-right");
    let o = run_with_config(
        &out,
        &[&game, &format!("game.sha256='{right}'"), "steps=1"],
        true,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let config = std::fs::read_to_string(out.join("config.toml")).unwrap();
    assert!(
        config.contains(&format!("sha256 = \"{right}\"")),
        "{config}"
    );
}
