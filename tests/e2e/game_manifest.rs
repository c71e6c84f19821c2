//! A game's manifest (frost-game.toml in its component) and `game-check --validate`: the
//! shipped games validate (exit 0); a reference move out of its range fails (exit 1) naming
//! the example; a malformed manifest, or none, is one line (exit 1); what cannot be loaded
//! exits 2; game-info prints the manifest; a run records the game as name@version.

use std::path::{Path, PathBuf};
use std::process::Output;

use frost_host::game::manifest::section;
use sha2::Digest;

use crate::common::{frost_host, game_wasm, root};
use crate::fixture::{run_with_config, tmp};

fn validate(game: &Path) -> Output {
    // Warnings and errors only: a fresh component's compile is logged at info.
    frost_host()
        .env("FROST_LOG", "warn")
        .args(["game-check", "--validate", game.to_str().unwrap()])
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// games/infill.wasm with `manifest` as its top-level manifest section (which the host reads
/// before the one in its core module), in a fresh folder.
fn infill_with(manifest: &str) -> PathBuf {
    let bytes = std::fs::read(game_wasm("infill")).unwrap();
    let with = section::embed(&bytes, manifest.as_bytes()).unwrap();
    let dir = tempfile::tempdir().unwrap().keep();
    let path = dir.join("infill.wasm");
    std::fs::write(&path, with).unwrap();
    path
}

fn infill_manifest() -> String {
    std::fs::read_to_string(root().join("games/infill/frost-game.toml")).unwrap()
}

#[test]
fn the_shipped_games_validate() {
    let python = |g: &str| root().join(format!("games/python/{g}/{g}.wasm"));
    let games = ["infill", "condense", "xent", "title"]
        .map(game_wasm)
        .into_iter()
        .chain([python("infill"), python("title")]);
    for game in games {
        let o = validate(&game);
        let (out, err) = (text(&o.stdout), text(&o.stderr));
        assert_eq!(o.status.code(), Some(0), "{}:\n{out}{err}", game.display());
        assert!(!out.contains("FAIL"), "{out}");
        let last = out.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("all ") && last.ends_with(" checks passed"),
            "{out}"
        );
        for row in [
            "manifest ",
            "schema: default config",
            "limit: time per call",
        ] {
            assert!(out.lines().any(|l| l.starts_with(row)), "{row}: {out}");
        }
    }
}

#[test]
fn a_reference_move_out_of_its_range_fails_naming_the_example() {
    // The true gap scores about -211 nats: a range of [-10, 0] cannot hold it.
    let manifest =
        infill_manifest().replacen("score = [-216.0, -206.0]", "score = [-10.0, 0.0]", 1);
    assert_ne!(manifest, infill_manifest());
    let o = validate(&infill_with(&manifest));
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    let row = out
        .lines()
        .find(|l| l.starts_with("the true gap "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        row.contains("FAIL") && row.contains("outside [-10, 0]"),
        "{row}"
    );
    // The other examples still pass, and the one error line names the failed one.
    assert!(out.contains("a wrong gap                 pass"), "{out}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("1 of 8 checks failed: the true gap"), "{err}");
}

#[test]
fn a_malformed_manifest_is_one_line() {
    let good = infill_manifest();
    let cases = [
        (
            good.replacen("version = \"0.1.0\"", "version = \"0.1\"", 1),
            "frost-game.toml: version: \"0.1\" is not a semantic version",
        ),
        (
            good.replacen("license =", "licence =", 1),
            "unknown field `licence`",
        ),
    ];
    for (manifest, expected) in cases {
        let o = validate(&infill_with(&manifest));
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(expected), "{expected}: {err}");
    }
    // An example whose config the game's schema refuses: its schema row fails, naming the field.
    let manifest = good.replacen(
        "config = { gap_tokens = 4, score = \"suffix\" }",
        "config = { gap_tokenz = 4, score = \"suffix\" }",
        1,
    );
    let o = validate(&infill_with(&manifest));
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let row = (out.lines())
        .find(|l| l.starts_with("schema: suffix only, gap 4"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        row.contains("FAIL") && row.contains("gap_tokenz: unknown field"),
        "{row}"
    );
    // A manifest that disagrees with the game's describe() fails the manifest row.
    let manifest = good.replacen("version = \"0.1.0\"", "version = \"0.2.0\"", 1);
    let out = text(&validate(&infill_with(&manifest)).stdout);
    assert!(
        out.contains("version is \"0.2.0\" in the manifest, \"0.1.0\" in describe()"),
        "{out}"
    );
}

#[test]
fn a_game_without_a_manifest_plays_and_validate_says_how_to_add_one() {
    // A game built for game API 0.1.0, before manifests: it loads, game-info says so.
    let old = root().join("target/wasm32-wasip2/release/frost_test_v010.wasm");
    assert!(
        old.exists(),
        "{} missing: run `make test-games`",
        old.display()
    );
    let o = frost_host()
        .args(["game-info", old.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("manifest: none (add frost-game.toml"));
    let o = validate(&old);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("carries no manifest: add frost-game.toml"),
        "{err}"
    );
    // What cannot be loaded is not a failed check: exit status 2.
    let o = validate(Path::new("no-such-game.wasm"));
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}

#[test]
fn game_info_prints_the_manifest() {
    let o = frost_host()
        .args(["game-info", game_wasm("infill").to_str().unwrap()])
        .output()
        .unwrap();
    let out = text(&o.stdout);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        out.contains("manifest (frost-game.toml): infill@0.1.0 (3 example(s))"),
        "{out}"
    );
    assert!(
        out.contains(&infill_manifest().trim_end().to_string()),
        "{out}"
    );
}

#[test]
fn a_game_build_refuses_a_malformed_manifest_before_building() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("mygame");
    std::fs::create_dir(&game).unwrap();
    std::fs::write(game.join("game.py"), "raise SystemExit('never run')\n").unwrap();
    std::fs::write(
        game.join("frost-game.toml"),
        "name = \"mygame\"\nversion = \n",
    )
    .unwrap();
    let o = frost_host()
        .args(["game", "build", game.to_str().unwrap()])
        .output()
        .unwrap();
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("frost-game.toml: line 2"), "{err}");
    assert!(!game.join("mygame.wasm").exists());
}

#[test]
fn a_run_records_its_game_as_name_at_version() {
    let out = tmp("manifest-run");
    let game = format!("game.path='{}'", game_wasm("infill").display());
    let o = run_with_config(&out, &[&game, "steps=1"], true);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("game.json")).unwrap()).unwrap();
    assert_eq!(record["game"], "infill@0.1.0");
    let bytes = std::fs::read(game_wasm("infill")).unwrap();
    let hash: String = (sha2::Sha256::digest(&bytes).iter())
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(record["sha256"], hash.as_str());
}
