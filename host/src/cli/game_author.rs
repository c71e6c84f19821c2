//! `frost-host game new` and `frost-host game build`: a game folder from nothing, then a
//! component from the folder (the work is the library's `authoring`).
use anyhow::Context;
use clap::{Args, Subcommand};
use frost_host::authoring::{build, scaffold, Lang};
use frost_host::game::{Game, GameLimits};
use frost_host::terminal::printable;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Args, Debug)]
pub struct GameArgs {
    #[command(subcommand)]
    pub command: GameCommand,
}

#[derive(Subcommand, Debug)]
pub enum GameCommand {
    /// Write a folder NAME/ holding a working game, its test and a README.
    New {
        /// The game's language.
        #[arg(long, value_enum, default_value_t = Lang::Python)]
        lang: Lang,
        /// The folder to create; its last part is the game's name.
        name: PathBuf,
    },
    /// Build the game folder NAME/ into the component NAME/NAME.wasm, then load it once (its
    /// compile is cached) and again from the cache, and print both times. A Python game is
    /// built from a read-only copy of the folder, offline, under the limits below
    /// (docs/security.md, "Building a contributed game").
    Build {
        /// The game folder (game.py: Python, built by componentize-py; Cargo.toml: Rust).
        dir: PathBuf,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..), help = format!(
            "Seconds the build may take (a Python game's top level runs at build time) \
             [default: {}]", build::DEFAULT_TIMEOUT_S))]
        timeout_s: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..), help = format!(
            "MiB of memory the build's processes may hold together [default: {}]",
            build::DEFAULT_MAX_MEMORY_MIB))]
        max_memory_mib: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..), help = format!(
            "MiB of files the game folder may hold, hidden folders and __pycache__ left out \
             [default: {}]", build::DEFAULT_MAX_FOLDER_MIB))]
        max_folder_mib: Option<u64>,
        /// Rust: build a contributed game the careful way: a read-only copy of the folder,
        /// `cargo build --offline --locked` in a fresh target folder, no network, under the
        /// limits above (build.rs and proc macros still run natively: docs/security.md).
        #[arg(long)]
        offline: bool,
    },
    /// What games cost the host, side by side: size, first and cached start, seconds and
    /// memory per assignment, share of a training step.
    Bench(super::game_bench::GameBenchArgs),
}

pub fn run(args: GameArgs) -> anyhow::Result<()> {
    match args.command {
        GameCommand::New { lang, name } => {
            let written = scaffold::new_game(lang, &name)?;
            let sdk = name.join(scaffold::sdk_dir(lang));
            let (sdk_files, own): (Vec<_>, Vec<_>) =
                written.iter().partition(|p| p.starts_with(&sdk));
            for p in own {
                println!("wrote {}", p.display());
            }
            println!(
                "wrote {}/: the SDK built into this frost-host ({}, {} files)",
                sdk.display(),
                env!("CARGO_PKG_VERSION"),
                sdk_files.len()
            );
            let shown = name.display();
            println!("next: frost-host game build {shown}/ (see {shown}/README.md)");
            Ok(())
        }
        GameCommand::Bench(a) => super::game_bench::run(a),
        GameCommand::Build {
            dir,
            timeout_s,
            max_memory_mib,
            max_folder_mib,
            offline,
        } => {
            let limited = timeout_s.or(max_memory_mib).or(max_folder_mib).is_some();
            if limited && !offline && build::lang_of(&dir)? == Lang::Rust {
                anyhow::bail!(
                    "{}: --timeout-s, --max-memory-mib and --max-folder-mib bound a Python game's \
                     build and a Rust game's --offline build; a Rust game's own build runs as \
                     cargo does (add --offline to build it under them)",
                    dir.display()
                );
            }
            let mib = |m: Option<u64>, default| m.unwrap_or(default).saturating_mul(1 << 20);
            let options = build::BuildOptions {
                limits: build::BuildLimits {
                    timeout: Duration::from_secs(timeout_s.unwrap_or(build::DEFAULT_TIMEOUT_S)),
                    max_memory_bytes: mib(max_memory_mib, build::DEFAULT_MAX_MEMORY_MIB),
                    max_folder_bytes: mib(max_folder_mib, build::DEFAULT_MAX_FOLDER_MIB),
                },
                offline,
            };
            let started = Instant::now();
            let built = build::build(&dir, &options)?;
            let out = built.path;
            let took = started.elapsed().as_secs_f64();
            let size = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
            let (game, first) = timed_load(&out)?;
            let (_, cached) = timed_load(&out)?;
            let info = game.info();
            println!(
                "built {} ({:.1} MB) in {took:.1}s: game {} {}; first start {first:.2}s{}, cached start {cached:.2}s",
                out.display(),
                size as f64 / 1e6,
                printable(&info.name),
                printable(&info.version),
                if game.loaded_from_cache() { " (from the cache)" } else { " (compiled)" },
            );
            for note in &built.notes {
                println!("note: {}", printable(note));
            }
            if let Some(why) = built.unconfined {
                println!(
                    "note: the build ran without its user and network namespaces ({}); see \
                     docs/security.md, \"Building a contributed game\"",
                    printable(&why)
                );
            }
            Ok(())
        }
    }
}

/// Loads a built game as training does and returns it with the seconds it took.
fn timed_load(path: &Path) -> anyhow::Result<(Game, f64)> {
    let started = Instant::now();
    let game = Game::load(path, &GameLimits::default(), false)
        .with_context(|| format!("the built game {} does not load", path.display()))?;
    Ok((game, started.elapsed().as_secs_f64()))
}
