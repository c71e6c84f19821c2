//! The dealer: a game's rounds turned into assignments (the prompt rendered, the judge program
//! compiled, the banned mask and the word rule built), checked against the model's limits.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use frost_sdk::types::{Prompt, PromptSegment, Requirements, Round};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tch::{Device, Kind, Tensor};

use super::bans::{banned_token_ids, decoded_token_texts, token_texts};
use super::checks::{check_legal, Bounds};
use super::passages::TokenizedSplit;
use super::words::{TokenWords, WordRule};
use super::{Assignment, AssignmentError};
use crate::config::GameSection;
use crate::game::Game;
use crate::judge::CompiledProgram;
use crate::model::{ModelError, Tok};

/// The player prompt as the model reads it: its text and token ids. A chat prompt goes through
/// the tokenizer's chat template; raw segments are concatenated (text tokenized, ids as given).
pub fn render_prompt(tok: &Tok, prompt: &Prompt) -> Result<(String, Vec<u32>), ModelError> {
    match prompt {
        // Message contents are data: only the template's own text yields control tokens.
        Prompt::Chat(messages) => tok.encode_chat(messages),
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
            Ok((text, ids))
        }
    }
}

/// Word rules a dealer keeps built (a rule over the worst list the limits accept holds a few
/// megabytes).
const MAX_CACHED_RULES: usize = 16;

/// Move lengths as ranges: "2-5, 7, 9-256", or "none".
fn describe_lengths(lengths: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let mut j = i;
        while j + 1 < lengths.len() && lengths[j + 1] == lengths[j] + 1 {
            j += 1;
        }
        parts.push(match j > i {
            true => format!("{}-{}", lengths[i], lengths[j]),
            false => lengths[i].to_string(),
        });
        i = j + 1;
    }
    match parts.is_empty() {
        true => "none".to_string(),
        false => parts.join(", "),
    }
}

/// The game, configured, with what the host needs to turn rounds into assignments.
pub struct Dealer {
    pub game: Game,
    pub game_name: String,
    pub config_json: String,
    pub requirements: Requirements,
    token_texts: Vec<String>,
    /// Added/special tokens: banned in every move (sampling, the gate, the update and the
    /// reference all read the same mask) unless a round allows them (`allowed_special`).
    added_tokens: Vec<u32>,
    /// The tokens' words, built when a round first has a word rule.
    token_words: OnceLock<Arc<TokenWords>>,
    /// Word rules already built, by (word lists, static bans): a game's rounds mostly repeat
    /// their rule, and a rule keeps its masks between steps.
    rules: Mutex<HashMap<u64, Arc<WordRule>>>,
    pub v_emb: i64,
    pub device: Device,
    /// Token bounds of a round (see [`Dealer::with_max_positions`]).
    bounds: Bounds,
}

impl Dealer {
    pub fn new(
        mut game: Game,
        config_json: &str,
        tok: &Tok,
        v_emb: i64,
        device: Device,
    ) -> Result<Self, AssignmentError> {
        let game_name = game.info().name.clone();
        let requirements = game
            .configure(config_json)
            .map_err(|source| AssignmentError::Game {
                game: game_name.clone(),
                source,
            })?;
        Ok(Dealer {
            game_name,
            config_json: config_json.to_string(),
            requirements,
            token_texts: token_texts(tok),
            added_tokens: tok.added_token_ids(),
            token_words: OnceLock::new(),
            rules: Mutex::new(HashMap::new()),
            v_emb,
            device,
            bounds: Bounds::new(game.limits(), None),
            game,
        })
    }

    /// [`Dealer::new`] with the config `game` plays under `section` ([`GameSection::resolved`]);
    /// a config the game refuses is an error saying where each of its values came from.
    pub fn configured(
        game: Game,
        section: &GameSection,
        tok: &Tok,
        v_emb: i64,
        device: Device,
    ) -> Result<Self, AssignmentError> {
        let name = game.info().name.clone();
        let json = section.resolved_json(&name);
        Dealer::new(game, &json, tok, v_emb, device).map_err(|e| match e {
            AssignmentError::Game { game, source } => AssignmentError::GameConfig {
                origins: section.origins_note(&name, &source.to_string()),
                game,
                source: Box::new(source),
            },
            e => e,
        })
    }

    /// Bounds every sequence by the model's context length (`max_position_embeddings`) too.
    pub fn with_max_positions(mut self, max_positions: usize) -> Self {
        self.bounds = Bounds::new(self.game.limits(), Some(max_positions));
        self
    }

    pub fn move_len(&self) -> usize {
        self.requirements.move_tokens as usize
    }

    /// Play one round on passages from `split`, seeded: the passages are drawn with `seed`,
    /// and the game gets the same seed.
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

    /// [`Dealer::deal`], then the same round played again in a fresh instance: a game whose
    /// round differs on replay is refused (training checks one round at setup; `game-check
    /// --verify` on demand).
    pub fn deal_verified(
        &mut self,
        tok: &Tok,
        split: &TokenizedSplit,
        seed: u64,
    ) -> Result<Assignment, AssignmentError> {
        let first = self.deal(tok, split, seed)?;
        let again = self.deal(tok, split, seed)?;
        if first.round != again.round {
            return Err(AssignmentError::NotDeterministic {
                game: self.game_name.clone(),
                seed,
            });
        }
        Ok(first)
    }

    fn assignment(&self, tok: &Tok, round: Round) -> Result<Assignment, AssignmentError> {
        let game = || self.game_name.clone();
        let round_err = |source| AssignmentError::Round {
            game: game(),
            source,
        };
        self.bounds.check_counts(&round).map_err(round_err)?;
        let (prompt_text, prompt_ids) =
            render_prompt(tok, &round.prompt).map_err(|source| AssignmentError::Prompt {
                game: game(),
                source,
            })?;
        if prompt_ids.is_empty() {
            return Err(AssignmentError::EmptyPrompt { game: game() });
        }
        let move_len = self.move_len();
        self.bounds
            .check_prompt(prompt_ids.len(), move_len)
            .map_err(round_err)?;
        let parts = &self.requirements.moves;
        let program = CompiledProgram::compile_moves(&round.judge, tok, move_len, parts).map_err(
            |source| AssignmentError::Judge {
                game: game(),
                source,
            },
        )?;
        self.bounds.check_program(&program).map_err(round_err)?;
        let mut banned = vec![false; self.v_emb as usize];
        for b in banned.iter_mut().skip(tok.vocab_size()) {
            *b = true;
        }
        let allowed = self.allowed_special(tok, &round.constraints.allowed_special)?;
        let added = self.added_tokens.iter().filter(|id| !allowed.contains(id));
        let by_game = banned_token_ids(&self.token_texts, &round.constraints);
        for &id in added.chain(&by_game) {
            if let Some(b) = banned.get_mut(id as usize) {
                *b = true;
            }
        }
        check_legal(&banned, tok.vocab_size()).map_err(round_err)?;
        let words = self.word_rule(tok, &round, &banned, move_len)?;
        let banned = Tensor::from_slice(&banned)
            .to_kind(Kind::Bool)
            .to_device(self.device);
        Ok(Assignment {
            reference_move: round.reference_move.clone(),
            round,
            prompt_ids: prompt_ids.into_iter().map(|t| t as i64).collect(),
            prompt_text,
            program,
            banned,
            move_len,
            words,
        })
    }

    /// The ids of a round's `allowed_special` texts; each must be an added token.
    fn allowed_special(&self, tok: &Tok, texts: &[String]) -> Result<Vec<u32>, AssignmentError> {
        let mut ids = Vec::new();
        for t in texts {
            match tok
                .token_to_id(t)
                .filter(|id| self.added_tokens.contains(id))
            {
                Some(id) => ids.push(id),
                None => {
                    let known: Vec<String> = (self.added_tokens.iter())
                        .filter_map(|&id| tok.token_text(id))
                        .collect();
                    return Err(AssignmentError::AllowedSpecial {
                        game: self.game_name.clone(),
                        token: frost_sdk::rules::quoted(t),
                        known: known.join(" "),
                    });
                }
            }
        }
        Ok(ids)
    }

    /// The round's word rule (from the cache when an earlier round had the same), refused
    /// when it admits no move of the round's length.
    fn word_rule(
        &self,
        tok: &Tok,
        round: &Round,
        banned: &[bool],
        move_len: usize,
    ) -> Result<Option<Arc<WordRule>>, AssignmentError> {
        let c = &round.constraints;
        if c.banned_words.is_empty() && c.allowed_words.is_none() {
            return Ok(None);
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (&c.banned_words, &c.allowed_words, banned).hash(&mut h);
        let key = h.finish();
        let cached = self.rules.lock().expect("rule cache").get(&key).cloned();
        let rule = match cached {
            Some(r) => r,
            None => {
                let v_tok = tok.vocab_size();
                let tokens = self.token_words(tok);
                // Every length a game may ask for, so that a refusal can say which fit.
                let max_len = *frost_sdk::limits::MOVE_TOKENS_RANGE.end() as usize;
                let rule = WordRule::new(c, tokens, &banned[..v_tok], max_len)
                    .expect("a round with word lists has a rule");
                let rule = Arc::new(rule);
                let mut rules = self.rules.lock().expect("rule cache");
                if rules.len() >= MAX_CACHED_RULES {
                    rules.clear();
                }
                rules.insert(key, rule.clone());
                rule
            }
        };
        if let Some(lengths) = rule.legal_lengths() {
            if !lengths.contains(&move_len) {
                return Err(AssignmentError::NoMoveFits {
                    game: self.game_name.clone(),
                    len: move_len,
                    lengths: describe_lengths(&lengths),
                });
            }
        }
        Ok(Some(rule))
    }

    fn token_words(&self, tok: &Tok) -> Arc<TokenWords> {
        // From the texts as decoded: a whitelist compares words exactly, case included.
        let words =
            (self.token_words).get_or_init(|| Arc::new(TokenWords::new(&decoded_token_texts(tok))));
        words.clone()
    }
}
