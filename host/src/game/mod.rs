//! The game runtime: one [`Game`] handle over a sandboxed wasm component ([`wasm`]) or a
//! trusted native plugin ([`native`]), and the host's checks on everything a game returns.
//!
//! A game is untrusted: every reply is size-capped and every round is validated here
//! (move slots, token ids, lengths) before the trainer sees it, so a broken game ends in one
//! [`GameError`] naming the game and the rule, never in a panic or a wrong reward.

pub mod limits;
pub mod native;
pub mod wasm;

pub use limits::{GameLimits, MOVE_TOKENS_RANGE};

use frost_sdk::{
    GameInfo, Passage, Prompt, PromptSegment, Requirements, Round, SegmentContent, ABI_VERSION,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Everything that can go wrong loading or playing a game. Each message names the game (or
/// its file) and the rule or limit, and says what would fix it.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error("cannot read game file {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a Frost game: {reason}", path.display())]
    NotAGame { path: PathBuf, reason: String },
    #[error(
        "refusing to load native plugin {}: native games run unsandboxed with all of your \
         rights; pass --allow-native only for code you trust, or build the game as a component \
         (cargo build --target wasm32-wasip2)",
        path.display()
    )]
    NativeNotAllowed { path: PathBuf },
    #[error(
        "game {game} was built for game ABI {found}, this host speaks {expected}: rebuild it \
         against frost-sdk {expected} (WIT package frost:game@{expected})"
    )]
    AbiMismatch {
        game: String,
        found: String,
        expected: String,
    },
    #[error("cannot load game {}: {message}", path.display())]
    Load { path: PathBuf, message: String },
    #[error(
        "game '{game}': {call} exceeded the {limit}; raise game.limits.{field} only if this \
         game legitimately needs more"
    )]
    Limit {
        game: String,
        call: &'static str,
        limit: String,
        field: &'static str,
    },
    #[error("game '{game}' panicked in {call}: {message}")]
    Panic {
        game: String,
        call: &'static str,
        message: String,
    },
    #[error("game '{game}' crashed in {call}: {message}")]
    Trap {
        game: String,
        call: &'static str,
        message: String,
    },
    #[error("game '{game}' rejected the {call}: {message}")]
    Rejected {
        game: String,
        call: &'static str,
        message: String,
    },
    #[error(
        "game '{game}': the {call} reply is {size} bytes, over game.limits.max_output_bytes \
         = {limit}"
    )]
    OutputTooLarge {
        game: String,
        call: &'static str,
        size: u64,
        limit: u64,
    },
    #[error("game '{game}' broke the rule '{rule}': {detail}")]
    InvalidRound {
        game: String,
        rule: &'static str,
        detail: String,
    },
    #[error("game '{game}': the host supplied bad passages: {detail}")]
    BadPassages { game: String, detail: String },
}

/// How a game was loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Wasm,
    Native,
}

enum Backend {
    Wasm(wasm::WasmGame),
    Native(native::NativeGame),
}

/// One handle for a game, whichever way it was loaded.
pub struct Game {
    info: GameInfo,
    backend: Backend,
    limits: GameLimits,
    /// `configure` results by config string: `new_round` needs them to validate a round.
    requirements: HashMap<String, Requirements>,
}

impl Game {
    /// Loads a game: a wasm component (sandboxed), or a native plugin when `allow_native`.
    /// The game's description is read and checked here.
    pub fn load(path: &Path, limits: &GameLimits, allow_native: bool) -> Result<Game, GameError> {
        let bytes = std::fs::read(path).map_err(|source| GameError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let backend = match file_kind(&bytes) {
            FileKind::Component => Backend::Wasm(wasm::WasmGame::load(path, &bytes, limits)?),
            FileKind::CoreModule => {
                return Err(GameError::NotAGame {
                    path: path.to_path_buf(),
                    reason: "it is a core WebAssembly module, not a component; build the game \
                             with `cargo build --target wasm32-wasip2`"
                        .into(),
                })
            }
            FileKind::NativeLibrary if !allow_native => {
                return Err(GameError::NativeNotAllowed {
                    path: path.to_path_buf(),
                })
            }
            FileKind::NativeLibrary => Backend::Native(native::NativeGame::load(path)?),
            FileKind::Other => {
                return Err(GameError::NotAGame {
                    path: path.to_path_buf(),
                    reason: "it is neither a WebAssembly component nor a native plugin \
                             (expected a .wasm built with --target wasm32-wasip2)"
                        .into(),
                })
            }
        };
        drop(bytes);
        let file_name = path.display().to_string();
        let (info, size) = match &backend {
            Backend::Wasm(g) => g.describe(&file_name)?,
            Backend::Native(g) => g.describe(&file_name, limits.max_output_bytes)?,
        };
        check_size(&file_name, "describe", size, limits)?;
        if info.abi_version != ABI_VERSION {
            return Err(GameError::AbiMismatch {
                game: file_name,
                found: info.abi_version,
                expected: ABI_VERSION.into(),
            });
        }
        if info.name.trim().is_empty() || info.name.len() > 64 {
            return Err(GameError::InvalidRound {
                game: file_name,
                rule: "name is 1 to 64 characters",
                detail: format!("the game's name is {:?}", info.name),
            });
        }
        Ok(Game {
            info,
            backend,
            limits: limits.clone(),
            requirements: HashMap::new(),
        })
    }

    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    pub fn name(&self) -> &str {
        &self.info.name
    }

    pub fn kind(&self) -> GameKind {
        match self.backend {
            Backend::Wasm(_) => GameKind::Wasm,
            Backend::Native(_) => GameKind::Native,
        }
    }

    /// Whether the compiled component came from the on-disk cache (always false for native).
    pub fn loaded_from_cache(&self) -> bool {
        match &self.backend {
            Backend::Wasm(g) => g.from_cache,
            Backend::Native(_) => false,
        }
    }

    /// Validates a config (JSON; empty = the game's default) and returns what a round needs.
    pub fn configure(&mut self, config_json: &str) -> Result<Requirements, GameError> {
        if let Some(req) = self.requirements.get(config_json) {
            return Ok(req.clone());
        }
        let name = self.info.name.clone();
        let (reply, size) = match &self.backend {
            Backend::Wasm(g) => g.configure(&name, config_json)?,
            Backend::Native(g) => g.configure(&name, config_json, self.limits.max_output_bytes)?,
        };
        check_size(&name, "configure", size, &self.limits)?;
        let req = reply.map_err(|message| GameError::Rejected {
            game: name.clone(),
            call: "config",
            message,
        })?;
        validate_requirements(&name, &req, &self.limits)?;
        self.requirements
            .insert(config_json.to_string(), req.clone());
        Ok(req)
    }

    /// Plays a round and validates it against the requirements of `config_json` and the
    /// tokenizer's `vocab_size`.
    pub fn new_round(
        &mut self,
        config_json: &str,
        seed: u64,
        passages: &[Passage],
        vocab_size: u32,
    ) -> Result<Round, GameError> {
        let req = self.configure(config_json)?;
        let name = self.info.name.clone();
        check_passages(&name, &req, passages, vocab_size)?;
        let (reply, size) = match &self.backend {
            Backend::Wasm(g) => g.new_round(&name, config_json, seed, passages)?,
            Backend::Native(g) => g.new_round(
                &name,
                config_json,
                seed,
                passages,
                self.limits.max_output_bytes,
            )?,
        };
        check_size(&name, "new_round", size, &self.limits)?;
        let round = reply.map_err(|message| GameError::Rejected {
            game: name.clone(),
            call: "round",
            message,
        })?;
        validate_round(&name, &round, &req, vocab_size)?;
        Ok(round)
    }
}

enum FileKind {
    Component,
    CoreModule,
    NativeLibrary,
    Other,
}

fn file_kind(bytes: &[u8]) -> FileKind {
    match bytes {
        // The layer field after the version tells a component (1) from a core module (0).
        [0, b'a', b's', b'm', _, _, 1, 0, ..] => FileKind::Component,
        [0, b'a', b's', b'm', ..] => FileKind::CoreModule,
        [0x7f, b'E', b'L', b'F', ..] // Linux
        | [0xcf, 0xfa, 0xed, 0xfe, ..] | [0xca, 0xfe, 0xba, 0xbe, ..] // macOS
        | [b'M', b'Z', ..] => FileKind::NativeLibrary, // Windows
        _ => FileKind::Other,
    }
}

fn check_size(
    game: &str,
    call: &'static str,
    size: u64,
    limits: &GameLimits,
) -> Result<(), GameError> {
    if size > limits.max_output_bytes {
        return Err(GameError::OutputTooLarge {
            game: game.to_string(),
            call,
            size,
            limit: limits.max_output_bytes,
        });
    }
    Ok(())
}

fn invalid(game: &str, rule: &'static str, detail: String) -> GameError {
    GameError::InvalidRound {
        game: game.to_string(),
        rule,
        detail,
    }
}

/// The host's rules for what `configure` may ask for.
pub fn validate_requirements(
    game: &str,
    req: &Requirements,
    limits: &GameLimits,
) -> Result<(), GameError> {
    if !MOVE_TOKENS_RANGE.contains(&req.move_tokens) {
        return Err(invalid(
            game,
            "move length is 1..=256 tokens",
            format!("configure asked for a move of {} tokens", req.move_tokens),
        ));
    }
    if req.passages.len() > limits.max_passages as usize {
        return Err(invalid(
            game,
            "at most game.limits.max_passages passages",
            format!(
                "configure asked for {} passages, the limit is {}",
                req.passages.len(),
                limits.max_passages
            ),
        ));
    }
    for (i, p) in req.passages.iter().enumerate() {
        if p.tokens == 0 || p.tokens > limits.max_passage_tokens {
            return Err(invalid(
                game,
                "passage length is 1..=game.limits.max_passage_tokens",
                format!(
                    "configure asked for passage {i} of {} tokens, the limit is {}",
                    p.tokens, limits.max_passage_tokens
                ),
            ));
        }
    }
    Ok(())
}

fn check_passages(
    game: &str,
    req: &Requirements,
    passages: &[Passage],
    vocab_size: u32,
) -> Result<(), GameError> {
    let bad = |detail: String| GameError::BadPassages {
        game: game.to_string(),
        detail,
    };
    if passages.len() != req.passages.len() {
        return Err(bad(format!(
            "the game needs {} passage(s), got {}",
            req.passages.len(),
            passages.len()
        )));
    }
    for (i, (p, spec)) in passages.iter().zip(&req.passages).enumerate() {
        if p.token_ids.len() != spec.tokens as usize || p.offsets.len() != p.token_ids.len() {
            return Err(bad(format!(
                "passage {i} has {} tokens and {} offsets, the game needs {} tokens",
                p.token_ids.len(),
                p.offsets.len(),
                spec.tokens
            )));
        }
        if let Some(&id) = p.token_ids.iter().find(|&&id| id >= vocab_size) {
            return Err(bad(format!(
                "passage {i} has token id {id} >= vocab size {vocab_size}"
            )));
        }
    }
    Ok(())
}

/// The host's rules for a round: a judge program with at least one move slot overall and at
/// most one per term, finite weights, something scored in every term, token ids inside the
/// vocabulary, a reference move of the move's length, a non-empty prompt.
pub fn validate_round(
    game: &str,
    round: &Round,
    req: &Requirements,
    vocab_size: u32,
) -> Result<(), GameError> {
    let check_ids = |what: &str, ids: &[u32]| -> Result<(), GameError> {
        match ids.iter().find(|&&id| id >= vocab_size) {
            Some(id) => Err(invalid(
                game,
                "token ids are below the vocabulary size",
                format!("{what} has token id {id}, the tokenizer has {vocab_size} tokens"),
            )),
            None => Ok(()),
        }
    };
    match &round.prompt {
        Prompt::Chat(msgs) => {
            if msgs.is_empty() {
                return Err(invalid(
                    game,
                    "the prompt is not empty",
                    "no chat messages".into(),
                ));
            }
            if let Some(m) = msgs
                .iter()
                .find(|m| !matches!(m.role.as_str(), "system" | "user" | "assistant"))
            {
                return Err(invalid(
                    game,
                    "chat roles are system, user or assistant",
                    format!("a message has role {:?}", m.role),
                ));
            }
        }
        Prompt::Raw(segs) => {
            if segs.is_empty() {
                return Err(invalid(
                    game,
                    "the prompt is not empty",
                    "no raw segments".into(),
                ));
            }
            for (i, s) in segs.iter().enumerate() {
                if let PromptSegment::Tokens(ids) = s {
                    check_ids(&format!("prompt segment {i}"), ids)?;
                }
            }
        }
    }
    if round.judge.terms.is_empty() {
        return Err(invalid(
            game,
            "the judge program has at least one term",
            "no terms".into(),
        ));
    }
    let mut move_slots = 0;
    for (t, term) in round.judge.terms.iter().enumerate() {
        if !term.weight.is_finite() {
            return Err(invalid(
                game,
                "term weights are finite",
                format!("term {t} has weight {}", term.weight),
            ));
        }
        let slots = term
            .segments
            .iter()
            .filter(|s| s.content == SegmentContent::Move)
            .count();
        if slots > 1 {
            return Err(invalid(
                game,
                "at most one move slot per judge term",
                format!("term {t} has {slots} move slots"),
            ));
        }
        move_slots += slots;
        if !term.segments.iter().any(|s| s.scored) {
            return Err(invalid(
                game,
                "every judge term scores something",
                format!("term {t} has no scored segment"),
            ));
        }
        for (i, s) in term.segments.iter().enumerate() {
            if let SegmentContent::Tokens(ids) = &s.content {
                check_ids(&format!("term {t} segment {i}"), ids)?;
            }
        }
    }
    if move_slots == 0 {
        return Err(invalid(
            game,
            "the judge program has a move slot",
            "no term reads the move, so every move would get the same reward".into(),
        ));
    }
    check_ids("banned_token_ids", &round.constraints.banned_token_ids)?;
    if let Some(m) = &round.reference_move {
        if m.len() != req.move_tokens as usize {
            return Err(invalid(
                game,
                "the reference move has the move's length",
                format!(
                    "reference move of {} tokens, moves have {}",
                    m.len(),
                    req.move_tokens
                ),
            ));
        }
        check_ids("the reference move", m)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use frost_sdk::{JudgeProgram, JudgeSegment, JudgeTerm, MoveConstraints, PassageSpec};

    fn req() -> Requirements {
        Requirements {
            move_tokens: 2,
            passages: vec![PassageSpec { tokens: 3 }],
        }
    }

    fn round(terms: Vec<Vec<JudgeSegment>>) -> Round {
        Round {
            prompt: Prompt::Raw(vec![PromptSegment::Tokens(vec![1, 2])]),
            judge: JudgeProgram {
                terms: terms
                    .into_iter()
                    .map(|segments| JudgeTerm {
                        weight: 1.0,
                        bos: true,
                        segments,
                    })
                    .collect(),
            },
            constraints: MoveConstraints::default(),
            reference_move: Some(vec![3, 4]),
        }
    }

    fn rule(r: Result<(), GameError>) -> &'static str {
        match r {
            Err(GameError::InvalidRound { rule, game, .. }) => {
                assert_eq!(game, "g");
                rule
            }
            other => panic!("expected an invalid round, got {other:?}"),
        }
    }

    #[test]
    fn a_baseline_term_without_the_move_is_allowed_next_to_one_with_it() {
        let r = round(vec![
            vec![
                JudgeSegment::unscored(SegmentContent::Move),
                JudgeSegment::scored(SegmentContent::Tokens(vec![5])),
            ],
            vec![JudgeSegment::scored(SegmentContent::Tokens(vec![5]))],
        ]);
        validate_round("g", &r, &req(), 10).unwrap();
    }

    #[test]
    fn round_rules() {
        let scored_move = || JudgeSegment::scored(SegmentContent::Move);
        let none = round(vec![vec![JudgeSegment::scored(SegmentContent::Text(
            "x".into(),
        ))]]);
        assert_eq!(
            rule(validate_round("g", &none, &req(), 10)),
            "the judge program has a move slot"
        );
        let two = round(vec![vec![scored_move(), scored_move()]]);
        assert_eq!(
            rule(validate_round("g", &two, &req(), 10)),
            "at most one move slot per judge term"
        );
        let nothing_scored = round(vec![vec![JudgeSegment::unscored(SegmentContent::Move)]]);
        assert_eq!(
            rule(validate_round("g", &nothing_scored, &req(), 10)),
            "every judge term scores something"
        );
        let mut nan = round(vec![vec![scored_move()]]);
        nan.judge.terms[0].weight = f64::NAN;
        assert_eq!(
            rule(validate_round("g", &nan, &req(), 10)),
            "term weights are finite"
        );
        // Token id 10 is out of a 10-token vocabulary, 9 is in.
        let ok = round(vec![vec![
            scored_move(),
            JudgeSegment::scored(SegmentContent::Tokens(vec![9])),
        ]]);
        validate_round("g", &ok, &req(), 10).unwrap();
        let bad = round(vec![vec![
            scored_move(),
            JudgeSegment::scored(SegmentContent::Tokens(vec![10])),
        ]]);
        assert_eq!(
            rule(validate_round("g", &bad, &req(), 10)),
            "token ids are below the vocabulary size"
        );
        let mut banned = ok.clone();
        banned.constraints.banned_token_ids = vec![10];
        assert_eq!(
            rule(validate_round("g", &banned, &req(), 10)),
            "token ids are below the vocabulary size"
        );
        let mut short_ref = ok.clone();
        short_ref.reference_move = Some(vec![1]);
        assert_eq!(
            rule(validate_round("g", &short_ref, &req(), 10)),
            "the reference move has the move's length"
        );
        let mut bad_role = ok.clone();
        bad_role.prompt = Prompt::Chat(vec![frost_sdk::ChatMessage {
            role: "tool".into(),
            content: String::new(),
        }]);
        assert_eq!(
            rule(validate_round("g", &bad_role, &req(), 10)),
            "chat roles are system, user or assistant"
        );
    }

    #[test]
    fn requirement_rules() {
        let limits = GameLimits::default();
        let mut r = req();
        validate_requirements("g", &r, &limits).unwrap();
        for bad in [0, 257] {
            r.move_tokens = bad;
            assert_eq!(
                rule(validate_requirements("g", &r, &limits)),
                "move length is 1..=256 tokens"
            );
        }
        r.move_tokens = 256;
        r.passages[0].tokens = limits.max_passage_tokens + 1;
        assert!(rule(validate_requirements("g", &r, &limits)).starts_with("passage length"));
        r.passages = vec![PassageSpec { tokens: 1 }; limits.max_passages as usize + 1];
        assert!(rule(validate_requirements("g", &r, &limits)).starts_with("at most"));
    }

    #[test]
    fn file_kinds_by_magic() {
        assert!(matches!(
            file_kind(b"\0asm\x0d\0\x01\0rest"),
            FileKind::Component
        ));
        assert!(matches!(
            file_kind(b"\0asm\x01\0\0\0"),
            FileKind::CoreModule
        ));
        assert!(matches!(
            file_kind(b"\x7fELF\x02\x01"),
            FileKind::NativeLibrary
        ));
        assert!(matches!(file_kind(b"hello"), FileKind::Other));
        assert!(matches!(file_kind(b""), FileKind::Other));
    }
}
