//! End-to-end tests: the game files and the compiled-component cache. Files that are not
//! components, the output cap, cached compilation, tampered cache entries, bounded game files.

use crate::common::{frost_host, game_wasm};
use crate::games::play_good_game;
use frost_host::game::{Game, GameError, GameLimits};
use std::time::{Duration, Instant};
#[test]
fn files_that_are_not_components_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.wasm");
    std::fs::write(&text, "this is not WebAssembly").unwrap();
    let e = Game::load(&text, &GameLimits::default(), true)
        .err()
        .unwrap();
    assert!(
        matches!(e, GameError::NotAGame { .. }) && e.to_string().contains("notes.wasm"),
        "{e}"
    );
    // A core module is not a component.
    let core = dir.path().join("core.wasm");
    std::fs::write(&core, b"\0asm\x01\0\0\0").unwrap();
    let e = Game::load(&core, &GameLimits::default(), false)
        .err()
        .unwrap();
    assert!(e.to_string().contains("core WebAssembly module"), "{e}");
    // A truncated component.
    let cut = dir.path().join("cut.wasm");
    std::fs::write(&cut, &std::fs::read(game_wasm("infill")).unwrap()[..4096]).unwrap();
    let e = Game::load(&cut, &GameLimits::default(), false)
        .err()
        .unwrap();
    assert!(
        matches!(e, GameError::Load { .. }) && e.to_string().contains("cut.wasm"),
        "{e}"
    );
    let missing = Game::load(&dir.path().join("nope.wasm"), &GameLimits::default(), false)
        .err()
        .unwrap();
    assert!(matches!(missing, GameError::Read { .. }));
    play_good_game();
}

#[test]
fn output_cap_is_configurable() {
    let limits = GameLimits {
        max_output_bytes: 100,
        ..GameLimits::default()
    };
    // The description (with its schema) is already larger than 100 bytes.
    let e = Game::load(&game_wasm("infill"), &limits, false)
        .err()
        .unwrap();
    assert!(matches!(e, GameError::OutputTooLarge { .. }), "{e}");
}

/// `frost-host game-info <game>` with `cache` as `$FROST_CACHE`: its stderr (debug log).
fn game_info_with_cache(cache: &std::path::Path, game: &str) -> String {
    let out = frost_host()
        .args(["game-info", game_wasm(game).to_str().unwrap()])
        .env("FROST_CACHE", cache)
        .env("FROST_LOG", "debug")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    stderr
}

/// The cache's compiled entries (`.cwasm`), sorted.
fn cwasm_entries(cache: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(cache.join("components"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cwasm"))
        .collect();
    v.sort();
    v
}

#[test]
fn compiled_components_are_cached_on_disk() {
    let cache = tempfile::tempdir().unwrap();
    let first = game_info_with_cache(cache.path(), "condense");
    assert!(first.contains("compiled"), "{first}");
    assert_eq!(cwasm_entries(cache.path()).len(), 1);
    let second = game_info_with_cache(cache.path(), "condense");
    assert!(
        second.contains("loaded compiled game from") && !second.contains(" compiled games"),
        "{second}"
    );
    // The key is private to the user and outside the components folder.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(cache.path().join("component-key"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o077, 0, "key mode {mode:o}");
    }
}

#[test]
fn tampered_cache_entries_are_recompiled_never_loaded() {
    let cache = tempfile::tempdir().unwrap();
    let c = cache.path();
    game_info_with_cache(c, "condense");
    let condense = cwasm_entries(c)[0].clone();
    game_info_with_cache(c, "infill");
    let infill = cwasm_entries(c)
        .into_iter()
        .find(|p| *p != condense)
        .unwrap();
    let mac = |p: &std::path::Path| p.with_extension("cwasm.mac");
    // Each tampering, then a run that must recompile (not load, not crash), then a run that
    // loads the rewritten entry again.
    type Tampering<'a> = (&'a str, Box<dyn Fn() + 'a>);
    let tamperings: Vec<Tampering> = vec![
        (
            "swapped (another game's entry and MAC under this name)",
            Box::new(|| {
                std::fs::copy(&infill, &condense).unwrap();
                std::fs::copy(mac(&infill), mac(&condense)).unwrap();
            }),
        ),
        (
            "truncated",
            Box::new(|| {
                let b = std::fs::read(&condense).unwrap();
                std::fs::write(&condense, &b[..b.len() / 2]).unwrap();
            }),
        ),
        (
            "bit-flipped",
            Box::new(|| {
                let mut b = std::fs::read(&condense).unwrap();
                let i = b.len() / 2;
                b[i] ^= 0x10;
                std::fs::write(&condense, &b).unwrap();
            }),
        ),
        (
            "MAC missing",
            Box::new(|| std::fs::remove_file(mac(&condense)).unwrap()),
        ),
        (
            "key missing",
            Box::new(|| std::fs::remove_file(c.join("component-key")).unwrap()),
        ),
    ];
    for (what, tamper) in tamperings {
        tamper();
        let log = game_info_with_cache(c, "condense");
        assert!(
            log.contains("compiled") && !log.contains("loaded compiled game from"),
            "{what}: {log}"
        );
        let log = game_info_with_cache(c, "condense");
        assert!(log.contains("loaded compiled game from"), "{what}: {log}");
    }
}

#[test]
fn game_files_must_be_regular_files_of_bounded_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let limits = GameLimits::default();
    let refused = |path: &std::path::Path, words: &[&str]| {
        let started = Instant::now();
        let e = Game::load(path, &limits, true).err().expect("refused");
        assert!(started.elapsed() < Duration::from_secs(2), "{e}");
        let msg = e.to_string();
        for w in words {
            assert!(msg.contains(w), "{msg}");
        }
        // The CLI says the same in one line, exit 1.
        let out = frost_host().arg("game-info").arg(path).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("not a regular file") || stderr.contains("max_game_file_bytes"));
    };
    #[cfg(unix)]
    {
        let zero = d.join("zero.wasm");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        refused(&zero, &["zero.wasm", "not a regular file"]);
        let fifo = d.join("fifo.wasm");
        let ok = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(ok.success());
        refused(&fifo, &["fifo.wasm", "FIFO"]);
    }
    let sub = d.join("dir.wasm");
    std::fs::create_dir(&sub).unwrap();
    refused(&sub, &["dir.wasm", "directory"]);
    // A sparse 2 GB file: refused by its size, without reading it.
    let big = d.join("big.wasm");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    refused(&big, &["big.wasm", "max_game_file_bytes"]);
    // The limit is configurable: infill is over a 1 KiB limit.
    let small = GameLimits {
        max_game_file_bytes: 1024,
        ..GameLimits::default()
    };
    let e = Game::load(&game_wasm("infill"), &small, false)
        .err()
        .unwrap();
    assert!(e.to_string().contains("max_game_file_bytes = 1024"), "{e}");
    play_good_game();
}
