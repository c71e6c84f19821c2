//! One Frost round on one passage: sample K moves, score them, then `frost::refine` proposes
//! single-token edits from the judge's gradient, keeps those the policy finds plausible,
//! verifies the top D exactly and replaces a move by its best child when that child scores
//! strictly higher. The same call training makes.
//!
//! `cargo run --release --example frost_round` (from the repository root, after `make demo`).

mod common;

use frost_host::config::TrainConfig;
use frost_host::frost::{self, Group, Nets, Precomputed};
use frost_host::judge::{self, Budget};
use frost_host::train::{sample_groups, sampling_params};

fn main() -> anyhow::Result<()> {
    let m = common::model()?;
    let mut dealer = common::dealer(&m)?;
    let asg = common::round(&m, &mut dealer, 0)?;
    let cfg = TrainConfig::default_embedded();
    let (tok, k) = (&m.tokenizer, cfg.sampling.k);
    let mut budget = Budget::default();
    let params = sampling_params(&cfg);
    let moves = sample_groups(&m.net, &[&asg], k, &params, &[1], false)?.moves;
    let scores = judge::score(&m.net, &asg.program, &moves, &mut budget);
    let mut group = Group::sampled(moves, scores);
    let before = group.clone();
    let nets = Nets {
        policy: &m.net,
        judge: &m.net,
    };
    let temperature = cfg.sampling.temperature;
    let pre = Precomputed::default();
    let round = frost::refine(
        nets,
        &asg,
        &mut group,
        &cfg.frost,
        temperature,
        7,
        &mut budget,
        pre,
    );
    println!(
        "{} children verified (D = {}):",
        round.children.len(),
        cfg.frost.d
    );
    for (c, s) in round.children.iter().zip(&round.child_scores) {
        let gain = s - before.scores[c.parent];
        let child = c.tokens(&before.moves);
        println!(
            "  parent {} pos {}: {gain:+8.3}  {:?}",
            c.parent,
            c.pos,
            tok.decode(&child)
        );
    }
    for (j, mv) in group.moves.iter().enumerate() {
        let mark = if group.replaced[j].is_some() {
            "replaced"
        } else {
            "kept    "
        };
        println!("{mark} {:>9.3}  {:?}", group.scores[j], tok.decode(mv));
    }
    println!(
        "judge: {} forwards, {} backwards",
        budget.forwards, budget.backwards
    );
    Ok(())
}
