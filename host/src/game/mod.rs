//! The game runtime: one [`Game`] handle over a sandboxed wasm component ([`wasm`]) or a
//! trusted native plugin ([`native`]), and the host's checks on everything a game returns.
//!
//! A game is untrusted: every reply is size-capped and every round is validated here
//! (move slots, token ids, lengths) before the trainer sees it, so a broken game ends in one
//! [`GameError`] naming the game and the rule, never in a panic or a wrong reward. The rules
//! and limits themselves are the SDK's ([`frost_sdk::rules`], [`frost_sdk::limits`]), so a
//! game's own tests run the same checks.

mod component_cache;
mod file;
pub mod manifest;
pub mod native;
mod sandbox;
pub mod traceback;
mod usage;
pub mod wasm;
mod wit;
mod wit_v010;

pub use frost_sdk::limits::GameLimits;
pub use usage::Usage;

use file::{file_kind, read_game_file, FileKind};

use frost_sdk::rules::{self, RuleError};
use frost_sdk::{GameInfo, Passage, Requirements, Round, SUPPORTED_ABI_VERSIONS};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
         against frost-sdk {current} (WIT package frost:game@{current})",
        current = frost_sdk::ABI_VERSION
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
    /// A Python game's uncaught exception: its last line and where it was raised.
    #[error("game '{game}' raised an exception in {call}: {message}")]
    Raised {
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
    /// The manifest's bytes, when the component carries one ([`manifest::section`]).
    manifest: Option<Vec<u8>>,
    usage: Usage,
}

impl Game {
    /// Loads a game: a wasm component (sandboxed), or a native plugin when `allow_native`.
    /// The game's description is read and checked here.
    pub fn load(path: &Path, limits: &GameLimits, allow_native: bool) -> Result<Game, GameError> {
        let bytes = read_game_file(path, limits.max_game_file_bytes)?;
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
        let manifest = match &backend {
            Backend::Wasm(_) => manifest::embedded(&bytes),
            Backend::Native(_) => None,
        };
        drop(bytes);
        let file_name = path.display().to_string();
        let mut usage = Usage::default();
        let started = Instant::now();
        let (info, size) = match &backend {
            Backend::Wasm(g) => g.describe(&file_name)?,
            Backend::Native(g) => g.describe(&file_name, limits.max_output_bytes)?,
        };
        usage.record(started.elapsed(), memory_of(&backend), size);
        check_size(&file_name, "describe", size, limits)?;
        if !SUPPORTED_ABI_VERSIONS.contains(&info.abi_version.as_str()) {
            return Err(GameError::AbiMismatch {
                game: file_name,
                found: info.abi_version,
                expected: supported_versions(),
            });
        }
        rules::validate_info(&info).map_err(|e| invalid(&file_name, e))?;
        Ok(Game {
            info,
            backend,
            limits: limits.clone(),
            requirements: HashMap::new(),
            manifest,
            usage,
        })
    }

    /// The manifest the component carries, as bytes (None: none, or a native plugin).
    pub fn manifest_bytes(&self) -> Option<&[u8]> {
        self.manifest.as_deref()
    }

    /// The manifest, parsed and checked (None: the game carries none).
    pub fn manifest(&self) -> Option<Result<manifest::Manifest, manifest::ManifestError>> {
        self.manifest.as_deref().map(manifest::Manifest::from_bytes)
    }

    /// What the game's calls so far used of the sandbox's limits.
    pub fn usage(&self) -> &Usage {
        &self.usage
    }

    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    pub fn limits(&self) -> &GameLimits {
        &self.limits
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

    /// The linear memory a sandboxed game's last call ended with, in bytes (None: native).
    pub fn last_memory_bytes(&self) -> Option<u64> {
        memory_of(&self.backend)
    }

    /// Validates a config (JSON; empty = the game's default) and returns what a round needs.
    pub fn configure(&mut self, config_json: &str) -> Result<Requirements, GameError> {
        if let Some(req) = self.requirements.get(config_json) {
            return Ok(req.clone());
        }
        let name = self.info.name.clone();
        let started = Instant::now();
        let (reply, size) = match &self.backend {
            Backend::Wasm(g) => g.configure(&name, config_json)?,
            Backend::Native(g) => g.configure(&name, config_json, self.limits.max_output_bytes)?,
        };
        (self.usage).record(started.elapsed(), memory_of(&self.backend), size);
        check_size(&name, "configure", size, &self.limits)?;
        let req = reply.map_err(|message| GameError::Rejected {
            game: name.clone(),
            call: "config",
            message,
        })?;
        rules::validate_requirements(&req, &self.limits).map_err(|e| invalid(&name, e))?;
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
        let started = Instant::now();
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
        (self.usage).record(started.elapsed(), memory_of(&self.backend), size);
        check_size(&name, "new_round", size, &self.limits)?;
        let round = reply.map_err(|message| GameError::Rejected {
            game: name.clone(),
            call: "round",
            message,
        })?;
        rules::validate_round(&round, &req, vocab_size).map_err(|e| invalid(&name, e))?;
        Ok(round)
    }
}

/// The linear memory a sandboxed game's last call ended with (None: a native plugin).
fn memory_of(backend: &Backend) -> Option<u64> {
    match backend {
        Backend::Wasm(g) => Some(g.last_memory_bytes()),
        Backend::Native(_) => None,
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

/// The game API versions this host plays, for messages: "0.2.0 (or 0.1.0)".
pub fn supported_versions() -> String {
    let [current, older @ ..] = SUPPORTED_ABI_VERSIONS;
    format!("{current} (or {})", older.join(", "))
}

/// A broken rule, with the game's name.
fn invalid(game: &str, e: RuleError) -> GameError {
    GameError::InvalidRound {
        game: game.to_string(),
        rule: e.rule,
        detail: e.detail,
    }
}

/// The host's side of a call: the passages it supplies match the requirements (the SDK's
/// check) and hold only ids of the tokenizer's vocabulary.
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
    rules::check_passages(req, passages).map_err(bad)?;
    for (i, p) in passages.iter().enumerate() {
        if let Some(&id) = p.token_ids.iter().find(|&&id| id >= vocab_size) {
            return Err(bad(format!(
                "passage {i} has token id {id} >= vocab size {vocab_size}"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_rule_names_the_game() {
        let e = invalid(
            "g",
            RuleError {
                rule: "the judge program has a move slot",
                detail: "no term reads the move".into(),
            },
        );
        assert_eq!(
            e.to_string(),
            "game 'g' broke the rule 'the judge program has a move slot': no term reads the move"
        );
    }

    #[test]
    fn bad_passages_name_the_game_and_the_vocabulary() {
        let req = Requirements {
            move_tokens: 1,
            passages: vec![frost_sdk::PassageSpec { tokens: 2 }],
            moves: vec![],
        };
        let p = Passage {
            text: "ab".into(),
            token_ids: vec![1, 10],
            offsets: vec![(0, 1), (1, 2)],
        };
        check_passages("g", &req, std::slice::from_ref(&p), 11).unwrap();
        let e = check_passages("g", &req, &[p], 10).unwrap_err();
        assert_eq!(
            e.to_string(),
            "game 'g': the host supplied bad passages: passage 0 has token id 10 >= vocab size 10"
        );
        let e = check_passages("g", &req, &[], 10).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("the game needs 1 passage(s), got 0"),
            "{e}"
        );
    }
}
