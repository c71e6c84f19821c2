//! Sandboxed games: wasmtime components built from `sdk/wit/since_v0.2.0/game.wit` (the
//! bindings and their conversions are in `wit.rs`), or from the kept 0.1.0 WIT
//! (`wit_v010.rs`): the interface version a component exports picks the bindings.
//!
//! Every call gets a fresh store and instance (a trapped instance is never re-entered, and no
//! state leaks between rounds) with the sandbox's WASI ([`super::sandbox`]: nothing that can
//! block, so the epoch deadline bounds the call's whole wall time), its resource limiter
//! (memory and tables in total), and the engine's `max_wasm_stack` for its stack. Compiled
//! components are cached on disk, authenticated ([`super::component_cache`]).

use super::component_cache::Entry;
use super::sandbox::{self, Refused, State};
use super::traceback;
use super::wit::{self, INTERFACE_PREFIX};
use super::wit_v010;
use super::{GameError, GameLimits};
use frost_sdk::types as t;
use frost_sdk::WIT_INTERFACE;
use std::path::Path;
use std::time::Duration;
use wasmtime::component::Component;
use wasmtime::{Config, Engine, Store, Trap};
use wasmtime_wasi::p2::pipe::MemoryOutputPipe;

/// Epoch tick: the granularity of the call deadline.
const TICK: Duration = Duration::from_millis(10);
/// Bytes of a game's stderr kept (to report a panic message).
const STDERR_CAPACITY: usize = 16 << 10;

/// The pre-instantiated component, by the interface version it exports.
enum Pre {
    Current(wit::FrostGamePre<State>),
    V010(wit_v010::FrostGamePre<State>),
}

/// An instance, by interface version.
enum Instance {
    Current(wit::FrostGame),
    V010(wit_v010::FrostGame),
}

pub struct WasmGame {
    engine: Engine,
    pre: Pre,
    limits: GameLimits,
    /// Whether the compiled code came from the on-disk cache.
    pub from_cache: bool,
    /// Linear memory the last call's instance ended with, in bytes (a cost figure).
    last_memory: std::sync::atomic::AtomicU64,
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

/// Compiles a component, or loads it from the cache (and fills the cache after compiling).
fn compile(engine: &Engine, path: &Path, bytes: &[u8]) -> Result<(Component, bool), GameError> {
    let entry = Entry::new(engine, bytes);
    if let Some(c) = entry.load(engine) {
        tracing::debug!("loaded compiled game from {}", entry.path.display());
        return Ok((c, true));
    }
    let started = std::time::Instant::now();
    let component = Component::new(engine, bytes)
        .map_err(|e| load_error(path, format!("invalid component: {e:#}")))?;
    tracing::info!(
        "compiled {} in {:.1}s",
        path.display(),
        started.elapsed().as_secs_f64()
    );
    if let Err(e) = entry.store(&component) {
        tracing::warn!(
            "could not cache the compiled game at {}: {e}",
            entry.path.display()
        );
    }
    Ok((component, false))
}

impl WasmGame {
    pub fn load(path: &Path, bytes: &[u8], limits: &GameLimits) -> Result<WasmGame, GameError> {
        let engine = engine(limits).map_err(|e| load_error(path, e))?;
        let (component, from_cache) = compile(&engine, path, bytes)?;
        let interface = check_interface(path, &engine, &component)?;
        let linker =
            sandbox::linker(&engine, &component).map_err(|e| load_error(path, format!("{e:#}")))?;
        let pre = linker.instantiate_pre(&component).map_err(|e| {
            load_error(
                path,
                format!("it imports something the game sandbox cannot stand in for: {e:#}"),
            )
        })?;
        let mismatch = |e: wasmtime::Error| {
            load_error(
                path,
                format!("its {interface} export does not match this host's interface: {e:#}"),
            )
        };
        let pre = if interface == WIT_INTERFACE {
            Pre::Current(wit::FrostGamePre::new(pre).map_err(mismatch)?)
        } else {
            Pre::V010(wit_v010::FrostGamePre::new(pre).map_err(mismatch)?)
        };
        Ok(WasmGame {
            engine,
            pre,
            limits: limits.clone(),
            from_cache,
            last_memory: Default::default(),
        })
    }

    /// Runs one call in a fresh sandboxed instance and maps every way it can fail to one error.
    fn call<R>(
        &self,
        game: &str,
        call: &'static str,
        seed: u64,
        f: impl FnOnce(&mut Store<State>, &Instance) -> wasmtime::Result<R>,
    ) -> Result<R, GameError> {
        let stderr = MemoryOutputPipe::new(STDERR_CAPACITY);
        let state = State::new(&self.limits, seed, stderr.clone());
        let mut store = Store::new(&self.engine, state);
        store.limiter(|s| &mut s.limiter);
        let ticks = self
            .limits
            .call_timeout_ms
            .div_ceil(TICK.as_millis() as u64)
            .max(1);
        store.set_epoch_deadline(ticks);
        store.epoch_deadline_trap();
        let instance = match &self.pre {
            Pre::Current(pre) => pre.instantiate(&mut store).map(Instance::Current),
            Pre::V010(pre) => pre.instantiate(&mut store).map(Instance::V010),
        };
        let result = instance.and_then(|inst| f(&mut store, &inst));
        let memory = store.data().limiter.memory_bytes() as u64;
        (self.last_memory).store(memory, std::sync::atomic::Ordering::Relaxed);
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
        if let Some(refused) = err.downcast_ref::<Refused>() {
            return GameError::Trap {
                game,
                call,
                message: refused.to_string(),
            };
        }
        let text = format!("{err:#}");
        if let Some(import) = text.split("unknown import: `").nth(1) {
            let import = import.split('`').next().unwrap_or_default();
            return GameError::Trap {
                game,
                call,
                message: format!(
                    "it called {import}, which the game sandbox does not provide (games get no \
                     files, network or timers)"
                ),
            };
        }
        // What kind of failure it was is read from how the call ended, never from the game's
        // stderr (a game can print a traceback or a panic report): a Python game's crash is
        // its interpreter exiting with a failure (the SDK's `_crash`, after writing the
        // report), a Rust panic the `unreachable` its abort executes. Only the message is
        // then read from stderr.
        if let Some(exit) = err.downcast_ref::<wasmtime_wasi::I32Exit>() {
            return match exit.0 != 0 && in_python(&err) {
                true => GameError::Raised {
                    game,
                    call,
                    message: traceback::python_exception(&stderr).unwrap_or_else(|| {
                        "an exception whose report was lost (stderr kept no traceback)".into()
                    }),
                },
                false => GameError::Trap {
                    game,
                    call,
                    message: format!(
                        "it exited with status {} (a game returns, never exits)",
                        exit.0
                    ),
                },
            };
        }
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
            Some(Trap::UnreachableCodeReached) if stderr.contains("panicked") => GameError::Panic {
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
            Some(trap) if in_python(&err) => GameError::Trap {
                game,
                call,
                message: format!("the Python interpreter aborted ({trap})"),
            },
            Some(trap) => GameError::Trap {
                game,
                call,
                message: trap.to_string(),
            },
            None => GameError::Trap {
                game,
                call,
                message: format!("{err:#}"),
            },
        }
    }

    /// Linear memory the last call's instance ended with, in bytes.
    pub fn last_memory_bytes(&self) -> u64 {
        self.last_memory.load(std::sync::atomic::Ordering::Relaxed)
    }

    pub fn describe(&self, file: &str) -> Result<(t::GameInfo, u64), GameError> {
        let info = self.call(file, "describe", 0, |s, g| match g {
            Instance::Current(g) => g.frost_game_game().call_describe(s).map(wit::game_info),
            Instance::V010(g) => (g.frost_game_game().call_describe(s)).map(wit_v010::game_info),
        })?;
        let size = wit::info_size(&info);
        Ok((info, size))
    }

    pub fn configure(
        &self,
        game: &str,
        config: &str,
    ) -> Result<(Result<t::Requirements, String>, u64), GameError> {
        let reply = self.call(game, "configure", 0, |s, g| match g {
            Instance::Current(g) => {
                (g.frost_game_game().call_configure(s, config)).map(|r| r.map(wit::requirements))
            }
            Instance::V010(g) => (g.frost_game_game().call_configure(s, config))
                .map(|r| r.map(wit_v010::requirements)),
        })?;
        Ok(sized(reply, wit::requirements_size))
    }

    pub fn new_round(
        &self,
        game: &str,
        config: &str,
        seed: u64,
        passages: &[t::Passage],
    ) -> Result<(Result<t::Round, String>, u64), GameError> {
        let reply = self.call(game, "new_round", seed, |s, g| match g {
            Instance::Current(g) => {
                let passages: Vec<_> = passages.iter().map(wit::passage).collect();
                (g.frost_game_game()
                    .call_new_round(s, config, seed, &passages))
                .map(|r| r.map(wit::round))
            }
            Instance::V010(g) => {
                let passages: Vec<_> = passages.iter().map(wit_v010::passage).collect();
                (g.frost_game_game()
                    .call_new_round(s, config, seed, &passages))
                .map(|r| r.map(wit_v010::round))
            }
        })?;
        Ok(sized(reply, wit::round_size))
    }
}

/// A reply with its size: the value's, or the refusal message's bytes.
fn sized<T>(reply: Result<T, String>, size: fn(&T) -> u64) -> (Result<T, String>, u64) {
    let n = match &reply {
        Ok(v) => size(v),
        Err(e) => e.len() as u64,
    };
    (reply, n)
}

/// The interface a component exports, this host's (`WIT_INTERFACE`) or the kept 0.1.0 one;
/// a component built against another version is refused before instantiating.
fn check_interface(
    path: &Path,
    engine: &Engine,
    component: &Component,
) -> Result<&'static str, GameError> {
    let ty = component.component_type();
    let exports: Vec<String> = ty
        .exports(engine)
        .map(|(name, _)| name.to_string())
        .collect();
    for known in [WIT_INTERFACE, wit_v010::INTERFACE] {
        if exports.iter().any(|e| e == known) {
            return Ok(known);
        }
    }
    if let Some(other) = exports.iter().find(|e| e.starts_with(INTERFACE_PREFIX)) {
        return Err(GameError::AbiMismatch {
            game: path.display().to_string(),
            found: other[INTERFACE_PREFIX.len()..].to_string(),
            expected: super::supported_versions(),
        });
    }
    Err(GameError::NotAGame {
        path: path.to_path_buf(),
        reason: format!(
            "the component does not export {WIT_INTERFACE} (it exports: {}); write it with frost-sdk's export_game!",
            if exports.is_empty() { "nothing".to_string() } else { exports.join(", ") }
        ),
    })
}

/// Whether a call ended inside the Python interpreter (a frame of libpython in the trap's
/// wasm backtrace, which wasmtime records from the code that ran).
fn in_python(err: &wasmtime::Error) -> bool {
    err.downcast_ref::<wasmtime::WasmBacktrace>()
        .is_some_and(|bt| {
            bt.frames().iter().any(|f| {
                f.module()
                    .name()
                    .is_some_and(|n| n.starts_with("libpython"))
            })
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

#[cfg(test)]
mod tests {
    #[test]
    fn panic_message_from_a_rust_panic_report() {
        let stderr = "\nthread '<unnamed>' panicked at src/lib.rs:3:5:\nboom\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(super::panic_message(stderr), "boom (at src/lib.rs:3:5)");
    }
}
