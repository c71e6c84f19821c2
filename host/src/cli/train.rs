//! `frost-host [--game G] [--config F] [--set k=v] [--out DIR]`, `schema`, `demo`.
use clap::Args;

#[derive(Args, Debug, Default)]
pub struct TrainArgs {
    /// Game component (.wasm) or native plugin to train on.
    #[arg(long)]
    pub game: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
pub struct DemoArgs {}

pub fn run(_args: TrainArgs) -> anyhow::Result<()> {
    anyhow::bail!("training is not implemented yet")
}

pub fn schema() -> anyhow::Result<()> {
    anyhow::bail!("the training config schema is not implemented yet")
}

pub fn demo(_args: DemoArgs) -> anyhow::Result<()> {
    anyhow::bail!("the demo is not implemented yet")
}
