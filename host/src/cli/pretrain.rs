//! `frost-host pretrain`.
use clap::Args;

#[derive(Args, Debug)]
pub struct PretrainArgs {}

pub fn run(_args: PretrainArgs) -> anyhow::Result<()> {
    anyhow::bail!("pretraining is not implemented yet")
}
