//! `frost-host bench`: figures, never assertions.
use clap::Args;

#[derive(Args, Debug)]
pub struct BenchArgs {}

pub fn run(_args: BenchArgs) -> anyhow::Result<()> {
    anyhow::bail!("bench is not implemented yet")
}
