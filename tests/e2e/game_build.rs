//! End-to-end tests: `game build` of a folder a stranger sent is bounded and confined
//! (docs/security.md, "Building a contributed game"). A Python game's top level runs at build
//! time: an endless loop ends at `--timeout-s`, a memory hog at `--max-memory-mib`; symlinks
//! out of the folder (to its parent, twice; to a big tree; to a folder the game writes into)
//! are refused before anything runs; a write beside game.py is refused (the build sees a
//! read-only copy). Each ends in one line within its limit plus a few seconds, with the game
//! folder and everything around it unchanged and the build's scratch folder removed. And a
//! contributed Rust game built the careful way (`--offline`): its build.rs reaches no network
//! and cannot write its source.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use frost_host::authoring::build::{build, BuildLimits, BuildOptions};

use crate::common::frost_host;
use crate::fixture::tmp;

/// Every entry under `dir` (not following symlinks): its path, and a hash of its bytes or
/// link target.
fn snapshot(dir: &Path) -> Vec<(PathBuf, u64)> {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            let what = if meta.is_symlink() {
                std::fs::read_link(&p)
                    .unwrap()
                    .into_os_string()
                    .into_encoded_bytes()
            } else if meta.is_dir() {
                todo.push(p.clone());
                b"<dir>".to_vec()
            } else {
                std::fs::read(&p).unwrap()
            };
            let mut h = DefaultHasher::new();
            what.hash(&mut h);
            out.push((p.strip_prefix(dir).unwrap().to_path_buf(), h.finish()));
        }
    }
    out.sort();
    out
}

/// A world for one case: `world/NAME/game.py` holding `source`, and a TMPDIR of its own.
struct Case {
    world: PathBuf,
    game: PathBuf,
    tmpdir: PathBuf,
}

fn case(name: &str, source: &str) -> Case {
    let world = tmp(&format!("build-{name}"));
    let game = world.join(name);
    std::fs::create_dir_all(&game).unwrap();
    std::fs::write(game.join("game.py"), source).unwrap();
    let tmpdir = tmp(&format!("build-{name}-tmp"));
    std::fs::create_dir_all(&tmpdir).unwrap();
    Case {
        world,
        game,
        tmpdir,
    }
}

/// `game build` of the case's folder with `flags`: it must fail in one line containing
/// `says`, within `within`, leaving the world as it was and its TMPDIR empty.
fn refused(c: &Case, flags: &[&str], says: &[&str], within: Duration) -> String {
    let before = snapshot(&c.world);
    let started = Instant::now();
    let o = frost_host()
        .args(["game", "build", c.game.to_str().unwrap()])
        .args(flags)
        .env("TMPDIR", &c.tmpdir)
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    let took = started.elapsed();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    for s in says {
        assert!(err.contains(s), "lacks {s:?}: {err}");
    }
    assert!(took < within, "took {took:?}: {err}");
    assert_eq!(
        snapshot(&c.world),
        before,
        "the build changed the game folder or what is around it"
    );
    let left: Vec<_> = std::fs::read_dir(&c.tmpdir).unwrap().collect();
    assert!(left.is_empty(), "the build left {left:?} in its TMPDIR");
    err
}

#[test]
fn a_top_level_endless_loop_ends_at_the_time_limit() {
    let c = case("loopy", "while True:\n    pass\n");
    refused(
        &c,
        &["--timeout-s", "5"],
        &["loopy", "time limit of 5 s", "--timeout-s"],
        Duration::from_secs(5 + 5),
    );
}

#[test]
fn a_top_level_memory_hog_ends_at_the_memory_limit() {
    let hog = "hoard = []\nwhile True:\n    hoard.append(bytearray(1 << 24))\n";
    let c = case("hog", hog);
    refused(
        &c,
        &["--max-memory-mib", "1024", "--timeout-s", "120"],
        &["hog", "memory limit of 1024 MiB", "--max-memory-mib"],
        Duration::from_secs(60),
    );
}

#[test]
fn two_symlinks_to_the_parent_are_refused_before_anything_runs() {
    let c = case("links", "x = 1\n");
    symlink("..", c.game.join("a")).unwrap();
    symlink("..", c.game.join("b")).unwrap();
    refused(
        &c,
        &[],
        &["a is a symlink out of the game folder"],
        Duration::from_secs(5),
    );
}

#[test]
fn a_symlink_into_a_large_tree_is_refused_before_anything_runs() {
    let c = case("bigtree", "x = 1\n");
    symlink("/usr", c.game.join("big")).unwrap();
    refused(
        &c,
        &[],
        &["big is a symlink out of the game folder (to /usr)"],
        Duration::from_secs(5),
    );
}

#[test]
fn a_write_beside_game_py_is_refused() {
    let write = "import os\n\
                 with open(os.path.join(os.path.dirname(__file__), 'written.txt'), 'w') as f:\n    \
                 f.write('x')\n";
    let c = case("beside", write);
    refused(
        &c,
        &[],
        &[
            "PermissionError",
            "written.txt",
            "(at game.py:2, in <module>)",
        ],
        Duration::from_secs(120),
    );
}

#[test]
fn a_write_through_a_symlink_out_of_the_folder_is_refused() {
    let write = "import os\n\
                 with open(os.path.join(os.path.dirname(__file__), 'out', 'x.txt'), 'w') as f:\n    \
                 f.write('x')\n";
    let c = case("through", write);
    std::fs::create_dir_all(c.world.join("outside")).unwrap();
    symlink("../outside", c.game.join("out")).unwrap();
    refused(
        &c,
        &[],
        &["out is a symlink out of the game folder"],
        Duration::from_secs(5),
    );
    assert!(std::fs::read_dir(c.world.join("outside"))
        .unwrap()
        .next()
        .is_none());
}

#[test]
fn the_limits_are_refused_where_they_would_do_nothing() {
    let c = case("pyoffline", "x = 1\n");
    refused(
        &c,
        &["--offline"],
        &["--offline is for a Rust game folder"],
        Duration::from_secs(5),
    );
    let rust = tmp("build-rust-flags").join("rusty");
    std::fs::create_dir_all(&rust).unwrap();
    std::fs::write(rust.join("Cargo.toml"), "[package]\nname = \"rusty\"\n").unwrap();
    let o = frost_host()
        .args(["game", "build", rust.to_str().unwrap(), "--timeout-s", "5"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("add --offline"), "{err}");
}

/// A Rust game folder whose build.rs reports whether it reached `port` on this machine and
/// whether it could write its own source folder, into the built wasm.
fn probing_rust_game(dir: &Path, port: u16) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"probe-game\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [lib]\ncrate-type = [\"cdylib\"]\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("Cargo.lock"),
        "version = 4\n\n[[package]]\nname = \"probe-game\"\nversion = \"0.1.0\"\n",
    )
    .unwrap();
    let build_rs = format!(
        "fn main() {{\n\
         let net = match std::net::TcpStream::connect(\"127.0.0.1:{port}\") {{\n\
             Ok(_) => \"reached\", Err(_) => \"refused\" }};\n\
         let dir = std::env::var(\"CARGO_MANIFEST_DIR\").unwrap();\n\
         let write = match std::fs::write(format!(\"{{dir}}/written-by-build-rs\"), \"x\") {{\n\
             Ok(_) => \"allowed\", Err(_) => \"refused\" }};\n\
         println!(\"cargo:rustc-env=FROST_PROBE=probe:net={{net}},write={{write}};\");\n\
         }}\n"
    );
    std::fs::write(dir.join("build.rs"), build_rs).unwrap();
    std::fs::write(
        dir.join("src/lib.rs"),
        "#[no_mangle]\npub extern \"C\" fn probe() -> *const u8 {\n    \
         env!(\"FROST_PROBE\").as_ptr()\n}\n",
    )
    .unwrap();
    // What a careful build must not take from the folder: a stale target folder.
    std::fs::create_dir_all(dir.join("target/wasm32-wasip2/release")).unwrap();
    std::fs::write(
        dir.join("target/wasm32-wasip2/release/probe_game.wasm"),
        "stale",
    )
    .unwrap();
}

#[test]
fn a_contributed_rust_game_builds_offline_without_network_or_writes_to_its_source() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let dir = tmp("build-rust").join("probe-game");
    probing_rust_game(&dir, listener.local_addr().unwrap().port());
    let before = snapshot(&dir);
    let options = BuildOptions {
        limits: BuildLimits {
            timeout: Duration::from_secs(240),
            ..BuildLimits::default()
        },
        offline: true,
    };
    let built = build(&dir, &options).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        built.unconfined.is_none(),
        "this machine does not allow the build's namespaces: {:?}",
        built.unconfined
    );
    let wasm = std::fs::read(&built.path).unwrap();
    let report = String::from_utf8_lossy(&wasm);
    assert!(
        report.contains("probe:net=refused,write=refused;"),
        "build.rs reached the network or wrote its source: {}",
        report
            .split("probe:")
            .nth(1)
            .map_or("no probe in the wasm", |r| &r[..r.len().min(40)])
    );
    assert!(
        matches!(listener.accept(), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
        "build.rs connected to this machine"
    );
    let mut after = snapshot(&dir);
    after.retain(|(p, _)| p != Path::new("probe-game.wasm"));
    assert_eq!(after, before, "the build changed the game folder");
}
