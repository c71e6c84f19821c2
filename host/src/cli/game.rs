//! `frost-host game-info` and `frost-host game-check`.
use clap::Args;

#[derive(Args, Debug)]
pub struct GameInfoArgs {
    /// The game (.wasm component, or native plugin with --allow-native).
    pub game: std::path::PathBuf,
}

#[derive(Args, Debug)]
pub struct GameCheckArgs {
    /// The game (.wasm component, or native plugin with --allow-native).
    pub game: std::path::PathBuf,
}

pub fn info(_args: GameInfoArgs) -> anyhow::Result<()> {
    anyhow::bail!("game-info is not implemented yet")
}

pub fn check(_args: GameCheckArgs) -> anyhow::Result<()> {
    anyhow::bail!("game-check is not implemented yet")
}
