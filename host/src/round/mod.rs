//! Assignments: corpus passages played through the game into what the player and the judge
//! read. This module is the one place that cuts passages from text, turns a round's banned
//! strings into token ids and renders the player prompt; training and `frost-host game-check`
//! both go through [`Dealer::deal`], and [`describe`] prints an assignment, so game-check shows
//! exactly what training feeds the models.
//!
//! Training assignments are drawn per step from the training split with a seed derived from
//! (run seed, step); the held-out set is fixed at the start of a run.

mod bans;
pub mod checks;
mod dealer;
mod describe;
mod passages;
pub mod words;

use frost_sdk::types::Round;
use tch::Tensor;

use crate::game::GameError;
use crate::judge::{CompiledProgram, JudgeError};
use crate::model::ModelError;
use checks::RoundCheckError;
use words::WordRule;

pub use bans::{banned_token_ids, decoded_token_texts, token_texts};
pub use dealer::{render_prompt, Dealer};
pub use describe::describe;
pub use passages::{passage_from_text, passage_window, TokenizedSplit};

#[derive(Debug, thiserror::Error)]
pub enum AssignmentError {
    #[error("game {game}: {source}")]
    Game { game: String, source: GameError },
    /// The game refused the config it was given; `origins` says where its values came from.
    #[error("game {game}: {source} ({origins})")]
    GameConfig {
        game: String,
        source: Box<GameError>,
        origins: String,
    },
    #[error("game {game}: {source}")]
    Judge { game: String, source: JudgeError },
    #[error("game {game}: the prompt: {source}")]
    Prompt { game: String, source: ModelError },
    #[error(
        "the corpus split `{split}` has no document of {need} tokens or more (the game asks for \
         passages of {need} tokens, each from one document: a .txt file, a .jsonl line or a \
         .parquet row); use a corpus with longer documents or a smaller passage in the game config"
    )]
    CorpusTooShort { split: String, need: usize },
    #[error("game {game}: the player prompt is empty")]
    EmptyPrompt { game: String },
    #[error(
        "game {game}: its allowed_words admit no {len}-token move with this tokenizer and the \
         round's token bans (the move lengths they admit: {lengths}); change the word list or \
         the move length"
    )]
    NoMoveFits {
        game: String,
        len: usize,
        lengths: String,
    },
    #[error(
        "game {game}: no legal token at position {position} of a {len}-token move: the round's \
         token bans and banned_words leave none there (the move so far: {so_far}); the round \
         cannot be played with this tokenizer"
    )]
    NoLegalToken {
        game: String,
        position: usize,
        len: usize,
        so_far: String,
    },
    #[error(
        "game {game}: a sampled move breaks the round's word rule ({sampled}); this is a bug in \
         frost-host's word masks, please report it with the game"
    )]
    BrokenRule { game: String, sampled: String },
    #[error(
        "game {game} is not deterministic: the same config, seed ({seed}) and passages gave a \
         different round on replay; a game must be a pure function of its inputs (use the round \
         seed, e.g. frost_sdk::Rng, for randomness), or exact resume and comparisons break"
    )]
    NotDeterministic { game: String, seed: u64 },
    #[error("game {game}: {source}")]
    Round {
        game: String,
        source: RoundCheckError,
    },
    #[error(
        "game {game}: allowed_special lists {token}, which is not an added/special token of \
         the tokenizer (its added tokens: {known}); list only added tokens, by their exact text"
    )]
    AllowedSpecial {
        game: String,
        token: String,
        known: String,
    },
}

/// One playable assignment: the round as the game wrote it and what the models read.
pub struct Assignment {
    pub round: Round,
    pub prompt_ids: Vec<i64>,
    pub prompt_text: String,
    pub program: CompiledProgram,
    /// [V_emb] bool, true = banned: the game's ids and strings, the tokenizer's added/special
    /// tokens, and the embedding rows beyond the tokenizer.
    pub banned: Tensor,
    pub reference_move: Option<Vec<u32>>,
    pub move_len: usize,
    /// The round's word rule (game API 0.2.0 `banned_words` / `allowed_words`): sampling,
    /// the gate and the children keep it (see words.rs).
    pub words: Option<std::sync::Arc<WordRule>>,
}

/// Every sampled move keeps its assignment's word rule: row a*k + j of `moves` is assignment
/// a's j-th move. The masks make that so; a move that breaks it anyway is an error naming the
/// game, never a move trained on.
pub fn check_sampled(
    assignments: &[&Assignment],
    moves: &[Vec<u32>],
    k: usize,
    game: &str,
    tok: &crate::model::Tok,
) -> Result<(), AssignmentError> {
    for (row, mv) in moves.iter().enumerate() {
        let Some(rule) = assignments[row / k].words.as_ref() else {
            continue;
        };
        if !rule.allows(mv) {
            return Err(AssignmentError::BrokenRule {
                game: game.to_string(),
                sampled: frost_sdk::rules::quoted(&tok.decode(mv)),
            });
        }
    }
    Ok(())
}
