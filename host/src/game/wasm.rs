//! Sandboxed games: wasmtime components built from `sdk/wit/game.wit`.
//!
//! Every call gets a fresh store and instance (a trapped instance is never re-entered, and no
//! state leaks between rounds), WASI with no preopened directories, no environment, no
//! network, frozen clocks and stdio going nowhere except a small stderr buffer (for panic
//! messages); an epoch deadline bounds its wall time, a [`ResourceLimiter`] its memory and
//! tables, the engine's `max_wasm_stack` its stack. Compiled components are cached on disk.

use super::{GameError, GameLimits};
use frost_sdk::types as t;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::time::Duration;
use wasmtime::component::{Component, Linker, ResourceTable};
use wasmtime::{Config, Engine, ResourceLimiter, Store, Trap};
use wasmtime_wasi::p2::pipe::MemoryOutputPipe;
use wasmtime_wasi::{HostMonotonicClock, HostWallClock, WasiCtx, WasiCtxView, WasiView};

mod bindings {
    wasmtime::component::bindgen!({
        path: "../sdk/wit",
        world: "frost-game",
    });
}

use bindings::exports::frost::game::game as wit;
use bindings::FrostGamePre;

/// The package a host speaks; a game must export exactly this instance.
const INTERFACE: &str = "frost:game/game@0.1.0";
const INTERFACE_PREFIX: &str = "frost:game/game@";
/// Epoch tick: the granularity of the call deadline.
const TICK: Duration = Duration::from_millis(10);
/// Bytes of a game's stderr kept (to report a panic message).
const STDERR_CAPACITY: usize = 16 << 10;

pub struct WasmGame {
    engine: Engine,
    pre: FrostGamePre<State>,
    limits: GameLimits,
    /// Whether the compiled code came from the on-disk cache.
    pub from_cache: bool,
}

struct State {
    wasi: WasiCtx,
    table: ResourceTable,
    limiter: Limiter,
}

impl WasiView for State {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

/// Memory and table caps; records which one a game hit so the error can name it.
struct Limiter {
    max_memory: usize,
    max_table: usize,
    hit: Option<(String, &'static str)>,
}

impl ResourceLimiter for Limiter {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _max: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.max_memory {
            self.hit = Some((
                format!(
                    "memory limit of {} MiB (it asked to grow to {:.1} MiB)",
                    self.max_memory >> 20,
                    desired as f64 / (1 << 20) as f64
                ),
                "max_memory_bytes",
            ));
            // An error traps at once instead of letting the guest's allocator abort later.
            wasmtime::bail!("memory limit exceeded");
        }
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _max: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if desired > self.max_table {
            self.hit = Some((
                format!(
                    "table limit of {} elements (it asked for {desired})",
                    self.max_table
                ),
                "max_table_elements",
            ));
            wasmtime::bail!("table limit exceeded");
        }
        Ok(true)
    }
}

/// Clocks that never move: games have no use for time, and a frozen clock keeps them
/// deterministic and free of timing side channels.
struct FrozenClock;

impl HostWallClock for FrozenClock {
    fn resolution(&self) -> Duration {
        Duration::from_secs(1)
    }
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

impl HostMonotonicClock for FrozenClock {
    fn resolution(&self) -> u64 {
        1_000_000_000
    }
    fn now(&self) -> u64 {
        0
    }
}

fn load_error(path: &Path, message: impl std::fmt::Display) -> GameError {
    GameError::Load {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

fn engine(limits: &GameLimits) -> wasmtime::Result<Engine> {
    let mut config = Config::new();
    config.epoch_interruption(true);
    config.max_wasm_stack(limits.max_wasm_stack_bytes as usize);
    let engine = Engine::new(&config)?;
    // The deadline clock: a thread that ends when the engine is dropped.
    let weak = engine.weak();
    std::thread::Builder::new()
        .name("frost-game-epoch".into())
        .spawn(move || loop {
            std::thread::sleep(TICK);
            match weak.upgrade() {
                Some(e) => e.increment_epoch(),
                None => break,
            }
        })?;
    Ok(engine)
}

/// `$FROST_CACHE/components/<sha256 of the wasm bytes and the engine's settings>.cwasm`.
pub fn cache_path(engine: &Engine, bytes: &[u8]) -> PathBuf {
    struct ShaHasher(Sha256);
    impl std::hash::Hasher for ShaHasher {
        fn finish(&self) -> u64 {
            0
        }
        fn write(&mut self, bytes: &[u8]) {
            self.0.update(bytes);
        }
    }
    let mut h = ShaHasher(Sha256::new());
    std::hash::Hash::hash(&engine.precompile_compatibility_hash(), &mut h);
    h.0.update(b"wasmtime-48");
    h.0.update(bytes);
    let digest = h.0.finalize();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    crate::cache::components_dir().join(format!("{hex}.cwasm"))
}

/// Compiles a component, or loads it from the cache (and fills the cache after compiling).
fn compile(engine: &Engine, path: &Path, bytes: &[u8]) -> Result<(Component, bool), GameError> {
    let cached = cache_path(engine, bytes);
    if cached.exists() {
        // SAFETY: the file is our own serialization of these exact bytes under these engine
        // settings (the name is their hash), in the user's own cache directory; wasmtime
        // still checks the header and refuses an incompatible artifact.
        match unsafe { Component::deserialize_file(engine, &cached) } {
            Ok(c) => {
                tracing::debug!("loaded compiled game from {}", cached.display());
                return Ok((c, true));
            }
            Err(e) => tracing::warn!("ignoring unusable cache entry {}: {e}", cached.display()),
        }
    }
    let started = std::time::Instant::now();
    let component = Component::new(engine, bytes)
        .map_err(|e| load_error(path, format!("invalid component: {e:#}")))?;
    tracing::info!(
        "compiled {} in {:.1}s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    if let Err(e) = write_cache(&component, &cached) {
        tracing::warn!(
            "could not cache the compiled game at {}: {e}",
            cached.display()
        );
    }
    Ok((component, false))
}

fn write_cache(component: &Component, cached: &Path) -> wasmtime::Result<()> {
    let dir = cached.parent().expect("cache path has a parent");
    std::fs::create_dir_all(dir)?;
    // Unique per writer (process and call), so concurrent loads never share a temp file.
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{}-{n}.tmp", std::process::id()));
    std::fs::write(&tmp, component.serialize()?)?;
    // Atomic, so a concurrent reader never sees half a file.
    std::fs::rename(&tmp, cached)?;
    Ok(())
}

impl WasmGame {
    pub fn load(path: &Path, bytes: &[u8], limits: &GameLimits) -> Result<WasmGame, GameError> {
        let engine = engine(limits).map_err(|e| load_error(path, e))?;
        let (component, from_cache) = compile(&engine, path, bytes)?;
        check_interface(path, &engine, &component)?;
        let mut linker = Linker::<State>::new(&engine);
        wasmtime_wasi::p2::add_to_linker_sync(&mut linker).map_err(|e| load_error(path, e))?;
        let pre = linker.instantiate_pre(&component).map_err(|e| {
            load_error(
                path,
                format!("it imports something the game sandbox does not provide (only WASI without files, env or network): {e:#}"),
            )
        })?;
        let pre = FrostGamePre::new(pre).map_err(|e| {
            load_error(
                path,
                format!("its {INTERFACE} export does not match this host's interface: {e:#}"),
            )
        })?;
        Ok(WasmGame {
            engine,
            pre,
            limits: limits.clone(),
            from_cache,
        })
    }

    /// Runs one call in a fresh sandboxed instance and maps every way it can fail to one error.
    fn call<R>(
        &self,
        game: &str,
        call: &'static str,
        f: impl FnOnce(&mut Store<State>, &bindings::FrostGame) -> wasmtime::Result<R>,
    ) -> Result<R, GameError> {
        let stderr = MemoryOutputPipe::new(STDERR_CAPACITY);
        let wasi = WasiCtx::builder()
            .stderr(stderr.clone())
            .wall_clock(FrozenClock)
            .monotonic_clock(FrozenClock)
            .insecure_random_seed(0)
            .allow_ip_name_lookup(false)
            .allow_tcp(false)
            .allow_udp(false)
            .build();
        let limiter = Limiter {
            max_memory: self.limits.max_memory_bytes as usize,
            max_table: self.limits.max_table_elements as usize,
            hit: None,
        };
        let mut store = Store::new(
            &self.engine,
            State {
                wasi,
                table: ResourceTable::new(),
                limiter,
            },
        );
        store.limiter(|s| &mut s.limiter);
        let ticks = self
            .limits
            .call_timeout_ms
            .div_ceil(TICK.as_millis() as u64)
            .max(1);
        store.set_epoch_deadline(ticks);
        store.epoch_deadline_trap();
        let result = self
            .pre
            .instantiate(&mut store)
            .and_then(|inst| f(&mut store, &inst));
        result.map_err(|err| self.call_error(game, call, err, &store, &stderr))
    }

    fn call_error(
        &self,
        game: &str,
        call: &'static str,
        err: wasmtime::Error,
        store: &Store<State>,
        stderr: &MemoryOutputPipe,
    ) -> GameError {
        let game = game.to_string();
        if let Some((limit, field)) = &store.data().limiter.hit {
            return GameError::Limit {
                game,
                call,
                limit: limit.clone(),
                field,
            };
        }
        let stderr = String::from_utf8_lossy(&stderr.contents()).to_string();
        match err.downcast_ref::<Trap>() {
            Some(Trap::Interrupt) => GameError::Limit {
                game,
                call,
                limit: format!(
                    "time limit of {} ms per call (a runaway loop?)",
                    self.limits.call_timeout_ms
                ),
                field: "call_timeout_ms",
            },
            Some(Trap::StackOverflow) => GameError::Limit {
                game,
                call,
                limit: format!(
                    "stack limit of {} KiB (runaway recursion?)",
                    self.limits.max_wasm_stack_bytes >> 10
                ),
                field: "max_wasm_stack_bytes",
            },
            _ if stderr.contains("panicked") => GameError::Panic {
                game,
                call,
                message: panic_message(&stderr),
            },
            Some(Trap::MemoryOutOfBounds) => GameError::Trap {
                game,
                call,
                message: "out-of-bounds memory access (in a Rust game this is usually a \
                          shadow-stack overflow from runaway recursion)"
                    .into(),
            },
            Some(trap) => GameError::Trap {
                game,
                call,
                message: format!("wasm trap: {trap}"),
            },
            None => GameError::Trap {
                game,
                call,
                message: format!("{err:#}"),
            },
        }
    }

    pub fn describe(&self, file: &str) -> Result<(t::GameInfo, u64), GameError> {
        let i = self.call(file, "describe", |s, g| {
            g.frost_game_game().call_describe(s)
        })?;
        let size = (i.name.len()
            + i.version.len()
            + i.abi_version.len()
            + i.description.len()
            + i.config_schema.len()
            + i.default_config.len()) as u64;
        let info = t::GameInfo {
            name: i.name,
            version: i.version,
            abi_version: i.abi_version,
            description: i.description,
            config_schema: i.config_schema,
            default_config: i.default_config,
        };
        Ok((info, size))
    }

    pub fn configure(
        &self,
        game: &str,
        config: &str,
    ) -> Result<(Result<t::Requirements, String>, u64), GameError> {
        let r = self.call(game, "configure", |s, g| {
            g.frost_game_game().call_configure(s, config)
        })?;
        Ok(match r {
            Ok(r) => {
                let size = 4 + 4 * r.passages.len() as u64;
                let req = t::Requirements {
                    move_tokens: r.move_tokens,
                    passages: r
                        .passages
                        .into_iter()
                        .map(|p| t::PassageSpec { tokens: p.tokens })
                        .collect(),
                };
                (Ok(req), size)
            }
            Err(e) => {
                let size = e.len() as u64;
                (Err(e), size)
            }
        })
    }

    pub fn new_round(
        &self,
        game: &str,
        config: &str,
        seed: u64,
        passages: &[t::Passage],
    ) -> Result<(Result<t::Round, String>, u64), GameError> {
        let passages: Vec<wit::Passage> = passages
            .iter()
            .map(|p| wit::Passage {
                text: p.text.clone(),
                token_ids: p.token_ids.clone(),
                offsets: p.offsets.clone(),
            })
            .collect();
        let r = self.call(game, "new_round", |s, g| {
            g.frost_game_game()
                .call_new_round(s, config, seed, &passages)
        })?;
        Ok(match r {
            Ok(r) => {
                let (round, size) = round_from_wit(r);
                (Ok(round), size)
            }
            Err(e) => {
                let size = e.len() as u64;
                (Err(e), size)
            }
        })
    }
}

/// Refuses a component built against another version of the interface before instantiating.
fn check_interface(path: &Path, engine: &Engine, component: &Component) -> Result<(), GameError> {
    let ty = component.component_type();
    let exports: Vec<String> = ty
        .exports(engine)
        .map(|(name, _)| name.to_string())
        .collect();
    if exports.iter().any(|e| e == INTERFACE) {
        return Ok(());
    }
    if let Some(other) = exports.iter().find(|e| e.starts_with(INTERFACE_PREFIX)) {
        return Err(GameError::AbiMismatch {
            game: path.display().to_string(),
            found: other[INTERFACE_PREFIX.len()..].to_string(),
            expected: frost_sdk::ABI_VERSION.to_string(),
        });
    }
    Err(GameError::NotAGame {
        path: path.to_path_buf(),
        reason: format!(
            "the component does not export {INTERFACE} (it exports: {}); write it with frost-sdk's export_game!",
            if exports.is_empty() { "nothing".to_string() } else { exports.join(", ") }
        ),
    })
}

/// The first line of a Rust panic report on stderr, e.g.
/// "panicked at src/lib.rs:3:5:\nboom" -> "boom (at src/lib.rs:3:5)".
fn panic_message(stderr: &str) -> String {
    let mut lines = stderr.lines().skip_while(|l| !l.contains("panicked"));
    let head = lines.next().unwrap_or_default();
    let location = head
        .split("panicked at ")
        .nth(1)
        .map(|s| s.trim_end_matches(':').to_string());
    let message: String = lines
        .take_while(|l| !l.starts_with("note:"))
        .collect::<Vec<_>>()
        .join(" ");
    let message: String = message.chars().take(500).collect();
    match location {
        Some(loc) if !message.is_empty() => format!("{message} (at {loc})"),
        _ => head.chars().take(500).collect(),
    }
}

/// Converts a round and measures its size (the bytes of its strings and token lists).
fn round_from_wit(r: wit::Round) -> (t::Round, u64) {
    let mut size = 0u64;
    let prompt = match r.prompt {
        wit::Prompt::Chat(msgs) => t::Prompt::Chat(
            msgs.into_iter()
                .map(|m| {
                    size += (m.role.len() + m.content.len()) as u64;
                    t::ChatMessage {
                        role: m.role,
                        content: m.content,
                    }
                })
                .collect(),
        ),
        wit::Prompt::Raw(segs) => t::Prompt::Raw(
            segs.into_iter()
                .map(|s| match s {
                    wit::PromptSegment::Text(s) => {
                        size += s.len() as u64;
                        t::PromptSegment::Text(s)
                    }
                    wit::PromptSegment::Tokens(ids) => {
                        size_ids(&mut size, &ids);
                        t::PromptSegment::Tokens(ids)
                    }
                })
                .collect(),
        ),
    };
    let mut terms = Vec::with_capacity(r.judge.terms.len());
    for term in r.judge.terms {
        let mut segments = Vec::with_capacity(term.segments.len());
        for s in term.segments {
            size += 8;
            let content = match s.content {
                wit::SegmentContent::Text(s) => {
                    size += s.len() as u64;
                    t::SegmentContent::Text(s)
                }
                wit::SegmentContent::Tokens(ids) => {
                    size_ids(&mut size, &ids);
                    t::SegmentContent::Tokens(ids)
                }
                wit::SegmentContent::Move => t::SegmentContent::Move,
            };
            segments.push(t::JudgeSegment {
                content,
                scored: s.scored,
            });
        }
        terms.push(t::JudgeTerm {
            weight: term.weight,
            bos: term.bos,
            segments,
        });
    }
    size_ids(&mut size, &r.constraints.banned_token_ids);
    for s in &r.constraints.banned_strings {
        size += s.len() as u64 + 8;
    }
    if let Some(m) = &r.reference_move {
        size_ids(&mut size, m);
    }
    let round = t::Round {
        prompt,
        judge: t::JudgeProgram { terms },
        constraints: t::MoveConstraints {
            banned_token_ids: r.constraints.banned_token_ids,
            banned_strings: r.constraints.banned_strings,
        },
        reference_move: r.reference_move,
    };
    (round, size)
}

fn size_ids(size: &mut u64, ids: &[u32]) {
    *size += 4 * ids.len() as u64;
}

#[cfg(test)]
mod tests {
    #[test]
    fn panic_message_from_a_rust_panic_report() {
        let stderr = "\nthread '<unnamed>' panicked at src/lib.rs:3:5:\nboom\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(super::panic_message(stderr), "boom (at src/lib.rs:3:5)");
    }
}
