//! Assignments: corpus passages played through the game into prompts, judge programs and
//! banned-token masks. Training assignments are drawn per step from the training split with a
//! seed derived from (run seed, step); the held-out set is fixed at the start of a run.

use frost_sdk::types::{Passage, Prompt, PromptSegment, Requirements, Round};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Device, Kind, Tensor};

use crate::game::{Game, GameError};
use crate::judge::{CompiledProgram, JudgeError};
use crate::model::{ModelError, Tok};
use crate::pretrain::Document;

#[derive(Debug, thiserror::Error)]
pub enum AssignmentError {
    #[error("game {game}: {source}")]
    Game { game: String, source: GameError },
    #[error("game {game}: {source}")]
    Judge { game: String, source: JudgeError },
    #[error("game {game}: the prompt: {source}")]
    Prompt { game: String, source: ModelError },
    #[error(
        "the corpus split `{split}` has no document of {need} tokens (the game asks for passages \
         of {need} tokens); use a longer corpus or a smaller passage in the game config"
    )]
    CorpusTooShort { split: String, need: usize },
    #[error("game {game}: the player prompt is empty")]
    EmptyPrompt { game: String },
}

/// One playable assignment.
pub struct Assignment {
    pub prompt_ids: Vec<i64>,
    pub prompt_text: String,
    pub program: CompiledProgram,
    /// [V_emb] bool, true = banned (game's ids and strings, plus rows beyond the tokenizer).
    pub banned: Tensor,
    pub reference_move: Option<Vec<u32>>,
    pub move_len: usize,
}

/// A corpus split tokenized once, for cutting passages of exact token lengths.
/// A document's text, token ids and byte offsets.
type TokenizedDoc = (String, Vec<u32>, Vec<(u32, u32)>);

pub struct TokenizedSplit {
    pub name: String,
    docs: Vec<TokenizedDoc>,
}

impl TokenizedSplit {
    pub fn new(name: &str, docs: &[Document], tok: &Tok) -> Self {
        let docs = docs
            .iter()
            .map(|d| {
                let (ids, offs) = tok.encode_with_offsets(&d.text);
                (d.text.clone(), ids, offs)
            })
            .collect();
        TokenizedSplit {
            name: name.to_string(),
            docs,
        }
    }

    /// A random window of exactly `n` tokens from a document long enough (weighted by length).
    pub fn passage(&self, n: usize, rng: &mut ChaCha8Rng) -> Result<Passage, AssignmentError> {
        let fits: Vec<usize> = (0..self.docs.len())
            .filter(|&i| self.docs[i].1.len() >= n)
            .collect();
        let total: usize = fits.iter().map(|&i| self.docs[i].1.len() - n + 1).sum();
        if total == 0 {
            return Err(AssignmentError::CorpusTooShort {
                split: self.name.clone(),
                need: n,
            });
        }
        let mut r = rng.gen_range(0..total);
        for i in fits {
            let (text, ids, offs) = &self.docs[i];
            let span = ids.len() - n + 1;
            if r >= span {
                r -= span;
                continue;
            }
            let (start, end) = (r, r + n);
            let b0 = offs[start].0;
            let b1 = offs[end - 1].1;
            return Ok(Passage {
                text: text[b0 as usize..b1 as usize].to_string(),
                token_ids: ids[start..end].to_vec(),
                offsets: offs[start..end]
                    .iter()
                    .map(|(a, b)| (a - b0, b - b0))
                    .collect(),
            });
        }
        unreachable!("r < total")
    }
}

/// The game, configured, with what the host needs to turn rounds into assignments.
pub struct Dealer {
    pub game: Game,
    pub game_name: String,
    pub config_json: String,
    pub requirements: Requirements,
    /// Lower-cased, trimmed text of every tokenizer token (for banned strings).
    token_texts: Vec<String>,
    pub v_emb: i64,
    pub device: Device,
}

impl Dealer {
    pub fn new(
        mut game: Game,
        game_name: &str,
        config_json: &str,
        tok: &Tok,
        v_emb: i64,
        device: Device,
    ) -> Result<Self, AssignmentError> {
        let requirements = game
            .configure(config_json)
            .map_err(|source| AssignmentError::Game {
                game: game_name.to_string(),
                source,
            })?;
        let token_texts = (0..tok.vocab_size() as u32)
            .map(|i| tok.decode(&[i]).trim().to_lowercase())
            .collect();
        Ok(Dealer {
            game,
            game_name: game_name.to_string(),
            config_json: config_json.to_string(),
            requirements,
            token_texts,
            v_emb,
            device,
        })
    }

    pub fn move_len(&self) -> usize {
        self.requirements.move_tokens as usize
    }

    /// Play one round on passages from `split`, seeded.
    pub fn deal(
        &mut self,
        tok: &Tok,
        split: &TokenizedSplit,
        seed: u64,
    ) -> Result<Assignment, AssignmentError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let passages = self
            .requirements
            .passages
            .iter()
            .map(|p| split.passage(p.tokens as usize, &mut rng))
            .collect::<Result<Vec<_>, _>>()?;
        let round = self
            .game
            .new_round(&self.config_json, seed, &passages, tok.vocab_size() as u32)
            .map_err(|source| AssignmentError::Game {
                game: self.game_name.clone(),
                source,
            })?;
        self.assignment(tok, round)
    }

    fn assignment(&self, tok: &Tok, round: Round) -> Result<Assignment, AssignmentError> {
        let game = || self.game_name.clone();
        let (prompt_text, prompt_ids) = match &round.prompt {
            Prompt::Chat(messages) => {
                let text = tok.apply_chat_template(messages).map_err(|source| {
                    AssignmentError::Prompt {
                        game: game(),
                        source,
                    }
                })?;
                let ids = tok.encode(&text);
                (text, ids)
            }
            Prompt::Raw(segs) => {
                let mut text = String::new();
                let mut ids = Vec::new();
                for s in segs {
                    match s {
                        PromptSegment::Text(t) => {
                            text.push_str(t);
                            ids.extend(tok.encode(t));
                        }
                        PromptSegment::Tokens(t) => {
                            text.push_str(&tok.decode(t));
                            ids.extend(t.iter().copied());
                        }
                    }
                }
                (text, ids)
            }
        };
        if prompt_ids.is_empty() {
            return Err(AssignmentError::EmptyPrompt { game: game() });
        }
        let move_len = self.move_len();
        let program = CompiledProgram::compile(&round.judge, tok, move_len).map_err(|source| {
            AssignmentError::Judge {
                game: game(),
                source,
            }
        })?;
        let mut banned = vec![false; self.v_emb as usize];
        for b in banned.iter_mut().skip(tok.vocab_size()) {
            *b = true;
        }
        for &id in &round.constraints.banned_token_ids {
            if let Some(b) = banned.get_mut(id as usize) {
                *b = true;
            }
        }
        let strings: Vec<String> = round
            .constraints
            .banned_strings
            .iter()
            .map(|s| s.trim().to_lowercase())
            .filter(|s| !s.is_empty())
            .collect();
        if !strings.is_empty() {
            for (i, text) in self.token_texts.iter().enumerate() {
                if strings.iter().any(|s| text.contains(s.as_str())) {
                    banned[i] = true;
                }
            }
        }
        let banned = Tensor::from_slice(&banned)
            .to_kind(Kind::Bool)
            .to_device(self.device);
        Ok(Assignment {
            prompt_ids: prompt_ids.into_iter().map(|t| t as i64).collect(),
            prompt_text,
            program,
            banned,
            reference_move: round.reference_move,
            move_len,
        })
    }
}

/// Per-purpose seeds: a fixed function of (run seed, step, stream, index), so a resumed run
/// draws exactly what an uninterrupted one would.
pub fn derive_seed(seed: u64, step: u64, stream: u64, index: u64) -> u64 {
    // splitmix64 over the packed inputs: cheap, well mixed, stable across versions.
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(step.wrapping_mul(0xBF58_476D_1CE4_E5B9))
        .wrapping_add(stream.wrapping_mul(0x94D0_49BB_1331_11EB))
        .wrapping_add(index.wrapping_mul(0x2545_F491_4F6C_DD1D));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) >> 1 // keep it below 2^63 (torch seeds are i64)
}
