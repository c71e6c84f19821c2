//! The relocatable bundle (`make bundle`, docs/install.md): built by scripts/bundle.sh from
//! this test run's binary, unpacked into a fresh folder and run through its launcher with a
//! venv at another path than the build's (a .pth file reaches the project venv's torch, as
//! `make bench-peers` does), under a bare environment: no VIRTUAL_ENV, no library path.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use crate::common::{self, python, sample_tokenizer};
use crate::distributed::{assert_same_logs, launches, train_args};
use crate::fixture::{fixture, jsonl, tmp, write_config};

pub struct Bundle {
    /// The archive scripts/bundle.sh wrote.
    pub archive: PathBuf,
    /// Its unpacked top folder (holding the launcher `frost`).
    pub dir: PathBuf,
    /// A fresh venv whose site-packages reaches the project venv's through a .pth file.
    pub venv: PathBuf,
}

pub fn bundle() -> &'static Bundle {
    static B: OnceLock<Bundle> = OnceLock::new();
    B.get_or_init(|| {
        let root = fixture().root.join("bundle");
        let out = root.join("out");
        let o = Command::new(common::root().join("scripts/bundle.sh"))
            .arg(env!("CARGO_BIN_EXE_frost-host"))
            .arg(&out)
            .env("FROST_PYTHON", python())
            .output()
            .unwrap();
        ok(&o, "scripts/bundle.sh");
        let archive = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
        let dir = unpack(&archive, &root.join("unpacked"));
        let venv = other_venv(&root.join("venv"));
        Bundle { archive, dir, venv }
    })
}

pub fn unpack(archive: &Path, into: &Path) -> PathBuf {
    std::fs::create_dir_all(into).unwrap();
    let o = Command::new("tar")
        .arg("-C")
        .arg(into)
        .arg("-xzf")
        .arg(archive)
        .output()
        .unwrap();
    ok(&o, "tar");
    let mut dirs = std::fs::read_dir(into).unwrap().flatten();
    let dir = dirs.next().expect("one folder in the archive").path();
    assert!(dirs.next().is_none(), "one folder in the archive");
    dir
}

/// A venv made by the project venv's base interpreter at `dir`, seeing the project venv's
/// site-packages (torch) through a .pth file.
fn other_venv(dir: &Path) -> PathBuf {
    let ask = |code: &str| {
        let o = Command::new(python()).args(["-c", code]).output().unwrap();
        String::from_utf8_lossy(&o.stdout).trim().to_string()
    };
    let base = ask("import sys; print(sys._base_executable)");
    let site = ask("import site; print(site.getsitepackages()[0])");
    let o = Command::new(&base)
        .args(["-m", "venv", "--without-pip"])
        .arg(dir)
        .output()
        .unwrap();
    ok(&o, "python -m venv");
    let py = dir.join("bin/python");
    let o = Command::new(&py)
        .args(["-c", "import site; print(site.getsitepackages()[0])"])
        .output()
        .unwrap();
    let own = PathBuf::from(String::from_utf8_lossy(&o.stdout).trim());
    std::fs::write(own.join("frost-torch.pth"), format!("{site}\n")).unwrap();
    dir.to_path_buf()
}

/// `program` under a bare environment: the other venv first on PATH, nothing else of the build's.
fn bare(program: &Path, b: &Bundle) -> Command {
    let mut c = Command::new(program);
    c.env_clear()
        .env(
            "PATH",
            format!("{}:/usr/bin:/bin", b.venv.join("bin").display()),
        )
        .env("FROST_LOG", "warn")
        .env("OMP_NUM_THREADS", "1");
    for var in ["HOME", "FROST_CACHE"] {
        if let Some(v) = std::env::var_os(var) {
            c.env(var, v);
        }
    }
    c
}

fn ok(o: &Output, what: &str) {
    assert!(
        o.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}

fn stdout(o: Output, what: &str) -> String {
    ok(&o, what);
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The bundle's binary has no runpath and no debug info (it names its .debug file, written
/// beside the archive and not into it); the archive is small.
#[test]
fn the_bundle_is_stripped_and_has_no_build_machine_paths() {
    let b = bundle();
    let bin = b.dir.join("bin/frost-host");
    let dynamic = stdout(
        Command::new("readelf")
            .arg("-d")
            .arg(&bin)
            .output()
            .unwrap(),
        "readelf -d",
    );
    assert!(
        !dynamic.contains("RUNPATH") && !dynamic.contains("RPATH"),
        "{dynamic}"
    );
    assert!(dynamic.contains("libtorch_cpu.so"), "{dynamic}");
    let sections = stdout(
        Command::new("readelf")
            .arg("-S")
            .arg(&bin)
            .output()
            .unwrap(),
        "readelf -S",
    );
    assert!(
        !sections.contains(".debug_line"),
        "debug info left in the binary"
    );
    assert!(sections.contains(".gnu_debuglink"), "{sections}");
    let debug = b.archive.parent().unwrap().join("frost-host.debug");
    let debug_sections = stdout(
        Command::new("readelf")
            .arg("-S")
            .arg(&debug)
            .output()
            .unwrap(),
        "readelf -S",
    );
    assert!(debug_sections.contains(".debug_line"), "{debug_sections}");
    let size = std::fs::metadata(&b.archive).unwrap().len();
    assert!(size < 60 << 20, "the archive is {size} bytes");
}

/// From the fresh folder, with the other venv: `--version`, `game-check` (as the build's binary
/// prints it), a 2-step run (metrics equal to the build's binary's, bit for bit) and 2 ranks
/// under torchrun run from the launcher (equal to 1 process up to summation order).
#[test]
fn the_bundle_runs_from_a_fresh_folder_with_another_venv() {
    let b = bundle();
    let frost = b.dir.join("frost");
    let version = stdout(
        bare(&frost, b).arg("--version").output().unwrap(),
        "--version",
    );
    assert_eq!(
        version.trim(),
        format!("frost-host {}", env!("CARGO_PKG_VERSION"))
    );

    let game = b.dir.join("games/infill.wasm");
    let tok = &sample_tokenizer().1;
    let check = |c: &mut Command| {
        c.arg("game-check")
            .arg(&game)
            .args(["--seed", "3", "--tokenizer"])
            .arg(tok)
            .output()
            .unwrap()
    };
    let here = stdout(check(&mut bare(&frost, b)), "bundle game-check");
    let built = stdout(check(&mut common::frost_host()), "game-check");
    assert!(here.contains("=== player prompt"), "{here}");
    assert_eq!(here, built);

    let dir = tmp("bundle-runs");
    let cfg = write_config(&dir, true);
    let g = format!("game.path=\"{}\"", game.display());
    let sets = [
        "steps=2",
        "run.tensorboard=false",
        "eval.every=0",
        g.as_str(),
    ];
    let (one, bundled, two) = (dir.join("one"), dir.join("bundled"), dir.join("two"));
    let o = common::frost_host()
        .args(train_args(&cfg, &one, &sets))
        .env("FROST_LOG", "warn")
        .env("OMP_NUM_THREADS", "1")
        .output()
        .unwrap();
    ok(&o, "the build's binary");
    let o = bare(&frost, b)
        .args(train_args(&cfg, &bundled, &sets))
        .output()
        .unwrap();
    ok(&o, "the bundle's 2-step run");
    assert_eq!(jsonl(&bundled.join("metrics.jsonl")).len(), 2);
    assert_same_logs(
        &one.join("metrics.jsonl"),
        &bundled.join("metrics.jsonl"),
        0.0,
    );

    let o = bare(&b.venv.join("bin/python"), b)
        .args(["-m", "torch.distributed.run", "--standalone"])
        .args(["--nproc-per-node", "2", "--no-python"])
        .arg(&frost)
        .args(train_args(&cfg, &two, &sets))
        .output()
        .unwrap();
    ok(&o, "torchrun over the bundle");
    assert_eq!(launches(&two), [(0, 2)]);
    assert_same_logs(&one.join("metrics.jsonl"), &two.join("metrics.jsonl"), 1e-5);
}

/// A Python or torch other than the build's is refused in one line naming both and the fix.
#[test]
fn the_launcher_refuses_another_torch_in_one_line() {
    let b = bundle();
    let dir = unpack(&b.archive, &tmp("bundle-mismatch"));
    let manifest = dir.join("manifest.txt");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let torch = text.lines().find_map(|l| l.strip_prefix("torch=")).unwrap();
    std::fs::write(
        &manifest,
        text.replace(&format!("torch={torch}\n"), "torch=2.99.0\n"),
    )
    .unwrap();
    let o = bare(&dir.join("frost"), b)
        .arg("--version")
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    for w in ["torch 2.99.0", &format!("torch {torch}"), "FROST_PYTHON"] {
        assert!(err.contains(w), "{w}: {err}");
    }
}

/// Runtime discovery (dist/site.rs): a rank whose embedded Python cannot import torch from
/// where it was told to look stops in one line naming the place and the two fixes.
#[test]
fn a_rank_that_cannot_import_torch_says_where_it_looked_in_one_line() {
    let b = bundle();
    let dir = tmp("no-torch");
    let cfg = write_config(&dir, true);
    let nowhere = dir.join("no-site-packages");
    let o = bare(Path::new(env!("CARGO_BIN_EXE_frost-host")), b)
        // Another Python's folders only (no torch there), no venv on PATH.
        .env("PATH", "/usr/bin:/bin")
        .env("FROST_TORCH_SITE_PACKAGES", &nowhere)
        .envs([("RANK", "0"), ("WORLD_SIZE", "2"), ("LOCAL_RANK", "0")])
        .envs([("MASTER_ADDR", "127.0.0.1"), ("MASTER_PORT", "1")])
        .args(train_args(&cfg, &dir.join("run"), &["steps=1"]))
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    for w in [
        "cannot import torch",
        nowhere.to_str().unwrap(),
        "FROST_PYTHON",
        "FROST_TORCH_SITE_PACKAGES",
    ] {
        assert!(err.contains(w), "{w}: {err}");
    }
}
