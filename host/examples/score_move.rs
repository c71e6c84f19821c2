//! Score moves with the judge: the round's reference move and a few moves sampled from the
//! model, each by its exact cross-entropy score (higher is better).
//!
//! `cargo run --release --example score_move` (from the repository root, after `make demo`).

mod common;

use frost_host::judge::{self, Budget};
use frost_host::model::SamplingParams;
use frost_host::train::sample_groups;

fn main() -> anyhow::Result<()> {
    let m = common::model()?;
    let mut dealer = common::dealer(&m)?;
    let asg = common::round(&m, &mut dealer, 0)?;
    let tok = &m.tokenizer;
    let mut budget = Budget::default();
    // The judge is the model with its adapters off (a plain model has none).
    if let Some(reference) = &asg.reference_move {
        let score = judge::score(
            &m.net,
            &asg.program,
            std::slice::from_ref(reference),
            &mut budget,
        );
        println!("reference {:>9.3}  {:?}", score[0], tok.decode(reference));
    }
    let params = SamplingParams::default();
    let sampled = sample_groups(&m.net, &[&asg], 4, &params, &[1], false)?;
    let scores = judge::score(&m.net, &asg.program, &sampled.moves, &mut budget);
    for (mv, s) in sampled.moves.iter().zip(&scores) {
        println!("sampled   {s:>9.3}  {:?}", tok.decode(mv));
    }
    println!("judge forwards: {}", budget.forwards);
    Ok(())
}
