//! Assignments: corpus passages played through the game into what the player and the judge
//! read. This module is the one place that cuts passages from text, turns a round's banned
//! strings into token ids and renders the player prompt; training and `frost-host game-check`
//! both go through [`Dealer::deal`], and [`describe`] prints an assignment, so game-check shows
//! exactly what training feeds the models.
//!
//! Training assignments are drawn per step from the training split with a seed derived from
//! (run seed, step); the held-out set is fixed at the start of a run.

use frost_sdk::types::{MoveConstraints, Passage, Prompt, PromptSegment, Requirements, Round};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tch::{Device, Kind, Tensor};

use crate::corpus::Document;
use crate::game::{Game, GameError};
use crate::judge::{CompiledProgram, JudgeError};
use crate::model::{ModelError, Tok};
use crate::move_words::{TokenWords, WordRule};
use crate::round_checks::{check_legal, Bounds, RoundCheckError};
use std::sync::{Arc, OnceLock};

#[derive(Debug, thiserror::Error)]
pub enum AssignmentError {
    #[error("game {game}: {source}")]
    Game { game: String, source: GameError },
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
        "game {game}: allowed_special lists {token:?}, which is not an added/special token of \
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
    /// the gate and the children keep it (see move_words.rs).
    pub words: Option<WordRule>,
}

/// Tokenizes `text` (no special tokens added) into a passage with the byte span of every token.
///
/// Spans are made contiguous (each token starts where the previous one ended, the last ends at
/// the text's end), so a game can cut the text at any token boundary without losing the
/// whitespace a tokenizer's offset trimming would drop.
pub fn passage_from_text(tok: &Tok, text: &str) -> Passage {
    let (ids, raw) = tok.encode_with_offsets(text);
    let mut offsets = Vec::with_capacity(ids.len());
    let mut prev_end = 0u32;
    for (i, &(_, end)) in raw.iter().enumerate() {
        let end = if i + 1 == ids.len() {
            text.len() as u32
        } else {
            end.max(prev_end)
        };
        offsets.push((prev_end, end));
        prev_end = end;
    }
    Passage {
        text: text.to_string(),
        token_ids: ids,
        offsets,
    }
}

/// Tokens `start..start+len` of a passage as a passage of its own (text cut at the token
/// boundaries, widened to whole characters, offsets shifted).
pub fn passage_window(p: &Passage, start: usize, len: usize) -> Passage {
    let end = (start + len).min(p.token_ids.len());
    let text = p.text_between(start, end);
    let base = if start < end {
        // `text_between` may widen the start to a character boundary; shift from there.
        let s = (p.offsets[start].0 as usize).min(p.text.len());
        (0..=s)
            .rev()
            .find(|&b| p.text.is_char_boundary(b))
            .unwrap_or(0) as u32
    } else {
        0
    };
    let max = text.len() as u32;
    Passage {
        text: text.to_string(),
        token_ids: p.token_ids[start..end].to_vec(),
        offsets: p.offsets[start..end]
            .iter()
            .map(|&(a, b)| {
                (
                    a.saturating_sub(base).min(max),
                    b.saturating_sub(base).min(max),
                )
            })
            .collect(),
    }
}

/// A corpus split tokenized once, for cutting passages of exact token lengths.
pub struct TokenizedSplit {
    pub name: String,
    docs: Vec<Passage>,
}

impl TokenizedSplit {
    pub fn new(name: &str, docs: &[Document], tok: &Tok) -> Self {
        TokenizedSplit {
            name: name.to_string(),
            docs: docs
                .iter()
                .map(|d| passage_from_text(tok, &d.text))
                .collect(),
        }
    }

    /// A random window of exactly `n` tokens from a document long enough (weighted by the
    /// number of windows each document has).
    pub fn passage(&self, n: usize, rng: &mut ChaCha8Rng) -> Result<Passage, AssignmentError> {
        let windows = |d: &Passage| (d.token_ids.len() + 1).saturating_sub(n);
        let total: usize = self.docs.iter().map(windows).sum();
        if n == 0 || total == 0 {
            return Err(AssignmentError::CorpusTooShort {
                split: self.name.clone(),
                need: n,
            });
        }
        let mut r = rng.gen_range(0..total);
        for doc in &self.docs {
            let span = windows(doc);
            if r < span {
                return Ok(passage_window(doc, r, n));
            }
            r -= span;
        }
        unreachable!("r < total")
    }
}

/// The text of every token id below the tokenizer's vocabulary size, as decoded alone (case
/// and surrounding whitespace kept): what word rules cut into words.
pub fn decoded_token_texts(tok: &Tok) -> Vec<String> {
    (0..tok.vocab_size() as u32)
        .map(|i| tok.decode(&[i]))
        .collect()
}

/// [`decoded_token_texts`] lower-cased: what banned strings are matched against.
pub fn token_texts(tok: &Tok) -> Vec<String> {
    (decoded_token_texts(tok).into_iter())
        .map(|t| t.to_lowercase())
        .collect()
}

/// Token ids a move may not use: the round's explicit ids plus every token whose text contains
/// a banned string, case-insensitively. A banned string is trimmed, so the whitespace around a
/// token never matters ("thee" bans " thee" too); a whitespace-only string ("\n", "\t") is kept
/// as it is and bans every token containing it (that is how a game bans newlines). Sorted,
/// without duplicates. `token_texts` comes from [`token_texts`].
pub fn banned_token_ids(token_texts: &[String], c: &MoveConstraints) -> Vec<u32> {
    let mut out = c.banned_token_ids.clone();
    let needles: Vec<String> = c
        .banned_strings
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| match s.trim() {
            "" => s.to_lowercase(),
            t => t.to_lowercase(),
        })
        .collect();
    if !needles.is_empty() {
        for (id, text) in token_texts.iter().enumerate() {
            if needles.iter().any(|n| text.contains(n.as_str())) {
                out.push(id as u32);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

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
            v_emb,
            device,
            bounds: Bounds::new(game.limits(), None),
            game,
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
        let words = WordRule::new(&round.constraints, self.token_words(tok));
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
                        token: t.clone(),
                        known: known.join(" "),
                    });
                }
            }
        }
        Ok(ids)
    }

    fn token_words(&self, tok: &Tok) -> Arc<TokenWords> {
        // From the texts as decoded: a whitelist compares words exactly, case included.
        let words =
            (self.token_words).get_or_init(|| Arc::new(TokenWords::new(&decoded_token_texts(tok))));
        words.clone()
    }
}

/// What the player and the judge read for one assignment, as text: the rendered prompt, each
/// judge term token by token (scored spans marked ⟦..⟧, the move slot as `<MOVE: n tokens>`),
/// the banned tokens and the reference move. `frost-host game-check` prints this.
pub fn describe(asg: &Assignment, tok: &Tok) -> String {
    let mut out = String::new();
    let n = asg.move_len;
    let kind = match &asg.round.prompt {
        Prompt::Chat(_) => "chat, rendered with the tokenizer's chat template",
        Prompt::Raw(_) => "raw segments",
    };
    out.push_str(&format!(
        "=== player prompt ({kind}; {} tokens, the move follows) ===\n{}<MOVE: {n} tokens>\n",
        asg.prompt_ids.len(),
        asg.prompt_text
    ));
    out.push_str("\n=== judge program ===\n");
    out.push_str(
        "reward = sum over terms of weight * (sum of log-probs of the ⟦scored⟧ tokens), in nats\n",
    );
    for (t, term) in asg.program.terms.iter().enumerate() {
        let scored = term.scored.iter().filter(|&&s| s).count();
        let part = match term.penalty {
            Some(p) => format!("penalty {p} "),
            None => String::new(),
        };
        let clamp = term
            .clamp
            .map_or(String::new(), |c| format!(", CE per token clamped at {c}"));
        out.push_str(&format!(
            "\n{part}term {t}: weight {:+}, {} tokens, {scored} scored{}{clamp}\n",
            term.weight,
            term.ids.len(),
            match term.move_start {
                Some(_) if term.move_span.len() == n => ", has the move".to_string(),
                Some(_) => format!(", has move tokens {:?}", term.move_span),
                None => ", no move (baseline)".to_string(),
            }
        ));
        out.push_str(&judge_text(tok, term));
        out.push('\n');
    }
    for (p, pen) in asg.program.penalties.iter().enumerate() {
        out.push_str(&format!(
            "\npenalty {p}: reward -= {} * max(0, {} - g), g = its terms summed as the reward's\n",
            pen.weight, pen.threshold
        ));
    }
    let banned: Vec<bool> =
        Vec::<bool>::try_from(&asg.banned.to_device(Device::Cpu)).unwrap_or_default();
    let all = banned.iter().take(tok.vocab_size()).filter(|&&b| b).count();
    let c = &asg.round.constraints;
    out.push_str(&format!(
        "\n=== move constraints ===\nbanned by the game: {} ids, strings {:?}; the tokenizer's {} \
         added/special tokens are banned too: {all} of {} tokens banned in all\n",
        c.banned_token_ids.len(),
        c.banned_strings,
        tok.added_token_ids().len(),
        tok.vocab_size()
    ));
    if !c.allowed_special.is_empty() {
        out.push_str(&format!(
            "special tokens allowed: {:?}\n",
            c.allowed_special
        ));
    }
    if !c.banned_words.is_empty() {
        out.push_str(&format!(
            "words the move may not use: {:?}\n",
            c.banned_words
        ));
    }
    if let Some(a) = &c.allowed_words {
        out.push_str(&format!("the only words the move may use: {a:?}\n"));
    }
    match &asg.reference_move {
        Some(m) => out.push_str(&format!(
            "\nreference move: {:?} ({} tokens)\n",
            tok.decode(m),
            m.len()
        )),
        None => out.push_str("\nreference move: none\n"),
    }
    // The prompt and judge texts are the game's and the corpus's: escaped for the terminal.
    crate::terminal::printable(&out).into_owned()
}

/// One judge term as text: runs of scored tokens in ⟦..⟧, the move slot as `<MOVE: n tokens>`
/// (scored or not as the term says), a leading BOS as `<BOS>`.
fn judge_text(tok: &Tok, term: &crate::judge::TermTemplate) -> String {
    let slot = term.move_span.len();
    let is_move = |i: usize| term.move_start.is_some_and(|s| i >= s && i < s + slot);
    let mut out = String::new();
    let mut i = 0;
    while i < term.ids.len() {
        let (scored, mv) = (term.scored[i], is_move(i));
        let mut j = i + 1;
        while j < term.ids.len() && term.scored[j] == scored && is_move(j) == mv {
            j += 1;
        }
        let text = if mv {
            format!("<MOVE: {} tokens>", j - i)
        } else {
            let ids: Vec<u32> = term.ids[i..j].iter().map(|&t| t as u32).collect();
            let bos = (i == 0 && term.bos).then(|| tok.decode(&ids[..1]));
            match bos {
                Some(b) if ids.len() == 1 => format!("<BOS {b}>"),
                Some(b) => format!("<BOS {b}>{}", tok.decode(&ids[1..])),
                None => tok.decode(&ids),
            }
        };
        if scored {
            out.push_str(&format!("⟦{text}⟧"));
        } else {
            out.push_str(&text);
        }
        i = j;
    }
    out
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
