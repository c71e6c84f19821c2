//! Checks this machine's torch.distributed setup the way a Frost run uses it: every rank sums a
//! vector, receives rank 0's, gathers every rank's bytes. Run it as a Frost run is launched:
//! `torchrun --nproc-per-node 2 --no-python target/release/examples/dist_check`.
use frost_host::dist::{Dist, World};
use tch::{Device, Kind, Tensor};

fn main() -> anyhow::Result<()> {
    let world = World::from_env(|v| std::env::var(v).ok())?;
    let device = match tch::Cuda::is_available() {
        true => Device::Cuda(world.local_rank),
        false => Device::Cpu,
    };
    let d = Dist::init(world.clone(), device, 60, 60)?;
    let r = world.rank as f64;
    let t = Tensor::full([4], r + 1.0, (Kind::Float, device));
    d.all_reduce_sum(&t)?;
    let want = (world.size * (world.size + 1) / 2) as f64;
    anyhow::ensure!(t.double_value(&[3]) == want, "all-reduce gave {t}");
    let b = Tensor::full([3], r, (Kind::Float, device));
    d.broadcast(&b, 0)?;
    anyhow::ensure!(b.double_value(&[0]) == 0.0, "broadcast gave {b}");
    let all = d.all_gather_bytes(format!("rank {}", world.rank).as_bytes())?;
    anyhow::ensure!(
        all.len() == world.size,
        "all-gather gave {} parts",
        all.len()
    );
    d.barrier()?;
    println!(
        "rank {} of {}: all-reduce, broadcast, all-gather and barrier ok",
        world.rank, world.size
    );
    Ok(())
}
