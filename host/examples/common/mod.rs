//! What the examples share: a model (the embedded default, or the folder given), a game and
//! one round dealt from a text, exactly as training deals it.

use std::path::PathBuf;

use anyhow::Context;
use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::model::{LoadOptions, LoadedModel};
use frost_host::round::{Assignment, Dealer, TokenizedSplit};

/// Public-domain text to cut passages from (Shakespeare, Sonnets 1-3).
const TEXT: &str = include_str!("../../src/cli/sample_text.txt");

/// The model folder: `FROST_MODEL`, else the embedded default (`frost-host pretrain`).
pub fn model() -> anyhow::Result<LoadedModel> {
    let dir = std::env::var_os("FROST_MODEL")
        .map(PathBuf::from)
        .unwrap_or_else(frost_host::run::cache::default_model_dir);
    LoadedModel::load(&dir, &LoadOptions::cpu()).with_context(|| {
        format!(
            "loading {} (set FROST_MODEL=DIR, or build the default with `frost-host pretrain`)",
            dir.display()
        )
    })
}

/// The game `FROST_GAME` (default games/infill.wasm), configured with its defaults.
pub fn dealer(m: &LoadedModel) -> anyhow::Result<Dealer> {
    let path = std::env::var_os("FROST_GAME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("games/infill.wasm"));
    let game = Game::load(&path, &GameLimits::default(), false)
        .with_context(|| format!("loading {} (build it with `make games`)", path.display()))?;
    let v_emb = m.config.vocab_size;
    Ok(Dealer::new(game, "", &m.tokenizer, v_emb, m.net.device())?)
}

/// One round dealt from the sample text with `seed`.
pub fn round(m: &LoadedModel, dealer: &mut Dealer, seed: u64) -> anyhow::Result<Assignment> {
    let doc = Document {
        name: "sonnets".into(),
        text: TEXT.to_string(),
    };
    let split = TokenizedSplit::new("sonnets", std::slice::from_ref(&doc), &m.tokenizer);
    Ok(dealer.deal(&m.tokenizer, &split, seed)?)
}
