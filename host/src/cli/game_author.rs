//! `frost-host game new` and `frost-host game build`: a game folder from nothing, then a
//! component from the folder (the work is the library's `authoring`).
use anyhow::Context;
use clap::{Args, Subcommand};
use frost_host::authoring::{build, scaffold, Lang};
use frost_host::game::{Game, GameLimits};
use std::path::{Path, PathBuf};
use std::time::Instant;

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
    /// compile is cached) and again from the cache, and print both times.
    Build {
        /// The game folder (game.py: Python, built by componentize-py; Cargo.toml: Rust).
        dir: PathBuf,
    },
    /// What games cost the host, side by side: size, first and cached start, seconds and
    /// memory per assignment, share of a training step.
    Bench(super::game_bench::GameBenchArgs),
}

pub fn run(args: GameArgs) -> anyhow::Result<()> {
    match args.command {
        GameCommand::New { lang, name } => {
            let written = scaffold::new_game(lang, &name)?;
            for p in &written {
                println!("wrote {}", p.display());
            }
            let shown = name.display();
            println!("next: frost-host game build {shown}/ (see {shown}/README.md)");
            Ok(())
        }
        GameCommand::Bench(a) => super::game_bench::run(a),
        GameCommand::Build { dir } => {
            let started = Instant::now();
            let out = build::build(&dir)?;
            let built = started.elapsed().as_secs_f64();
            let size = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
            let (game, first) = timed_load(&out)?;
            let (_, cached) = timed_load(&out)?;
            let info = game.info();
            println!(
                "built {} ({:.1} MB) in {built:.1}s: game {} {}; first start {first:.2}s{}, cached start {cached:.2}s",
                out.display(),
                size as f64 / 1e6,
                info.name,
                info.version,
                if game.loaded_from_cache() { " (from the cache)" } else { " (compiled)" },
            );
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
