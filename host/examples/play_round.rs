//! Load a game and play one round: what the player reads and what the judge scores.
//!
//! `cargo run --release --example play_round` (from the repository root, after `make demo`);
//! `FROST_GAME=games/condense.wasm` picks another game, `FROST_MODEL=DIR` another tokenizer.

mod common;

fn main() -> anyhow::Result<()> {
    let m = common::model()?;
    let mut dealer = common::dealer(&m)?;
    let info = dealer.game.info().clone();
    println!("game {} {}: {}", info.name, info.version, info.description);
    let asg = common::round(&m, &mut dealer, 0)?;
    // The same view `frost-host game-check` prints.
    println!("{}", frost_host::round::describe(&asg, &m.tokenizer));
    Ok(())
}
