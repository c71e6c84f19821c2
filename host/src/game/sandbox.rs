//! What a sandboxed game's instance sees: the WASI it is linked against, its clocks and
//! randomness, and the resource limiter that caps its memory and tables.
//!
//! A game is a pure function of (config, seed, passages), so it gets only what a Rust
//! `wasm32-wasip2` build imports for that: stdio (stdin empty, stdout discarded, stderr a small
//! buffer for panic messages), an empty environment, `exit`, not-a-terminal answers, clocks
//! frozen at zero, and randomness drawn from the round's seed. Nothing in it can block: the
//! only pollables are always-ready streams, and the two calls that wait on time
//! (`subscribe-duration`, `subscribe-instant`, behind `sleep`) trap. Everything else a
//! component may import (files, sockets, name lookup, ...) is linked as a function that traps
//! when called, so a game that merely imports it still loads.

use rand10::SeedableRng;
use std::time::Duration;
use wasmtime::component::{Linker, Resource, ResourceTable};
use wasmtime::ResourceLimiter;
use wasmtime_wasi::cli::{WasiCli, WasiCliView};
use wasmtime_wasi::clocks::{WasiClocks, WasiClocksView};
use wasmtime_wasi::p2::bindings::{cli, clocks, random, sync};
use wasmtime_wasi::p2::pipe::MemoryOutputPipe;
use wasmtime_wasi::p2::DynPollable;
use wasmtime_wasi::random::WasiRandom;
use wasmtime_wasi::{HostMonotonicClock, HostWallClock, WasiCtx, WasiCtxView, WasiView};

use super::GameLimits;

/// The per-call state of a game's store.
pub struct State {
    wasi: WasiCtx,
    table: ResourceTable,
    pub limiter: Limiter,
}

impl WasiView for State {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView {
            ctx: &mut self.wasi,
            table: &mut self.table,
        }
    }
}

impl State {
    /// A fresh state for one call: randomness from `seed`, stderr into `stderr`.
    pub fn new(limits: &GameLimits, seed: u64, stderr: MemoryOutputPipe) -> State {
        // Two independent streams from the seed: `random` and `insecure`.
        let rng = |stream: u64| {
            rand10::rngs::StdRng::seed_from_u64(seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        };
        let wasi = WasiCtx::builder()
            .stderr(stderr)
            .wall_clock(FrozenClock)
            .monotonic_clock(FrozenClock)
            .secure_random(rng(1))
            .insecure_random(rng(2))
            .insecure_random_seed(u128::from(seed) << 64 | u128::from(!seed))
            .allow_ip_name_lookup(false)
            .allow_tcp(false)
            .allow_udp(false)
            .build();
        State {
            wasi,
            table: ResourceTable::new(),
            limiter: Limiter::new(limits),
        }
    }
}

/// Why a sandbox call trapped on purpose (the host's own trap, told apart from the game's).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

/// Links the WASI a game gets (see the module docs); every other import of `component` traps.
pub fn linker(
    engine: &wasmtime::Engine,
    component: &wasmtime::component::Component,
) -> wasmtime::Result<Linker<State>> {
    let mut l = Linker::<State>::new(engine);
    wasmtime_wasi::p2::bindings::io::error::add_to_linker::<State, HasTable>(&mut l, table)?;
    sync::io::poll::add_to_linker::<State, HasTable>(&mut l, table)?;
    sync::io::streams::add_to_linker::<State, HasTable>(&mut l, table)?;
    clocks::wall_clock::add_to_linker::<State, WasiClocks>(&mut l, State::clocks)?;
    clocks::monotonic_clock::add_to_linker::<State, WasiClocks>(&mut l, State::clocks)?;
    random::random::add_to_linker::<State, WasiRandom>(&mut l, |s| s.wasi.random())?;
    random::insecure::add_to_linker::<State, WasiRandom>(&mut l, |s| s.wasi.random())?;
    random::insecure_seed::add_to_linker::<State, WasiRandom>(&mut l, |s| s.wasi.random())?;
    cli::exit::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::environment::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::stdin::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::stdout::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::stderr::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_input::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_output::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_stdin::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_stdout::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    cli::terminal_stderr::add_to_linker::<State, WasiCli>(&mut l, State::cli)?;
    forbid_waiting(&mut l)?;
    stub_unlinked_imports(&mut l, engine, component)?;
    Ok(l)
}

/// The WASI interfaces [`linker`] links (any 0.2.x version).
const LINKED: &[&str] = &[
    "wasi:io/error",
    "wasi:io/poll",
    "wasi:io/streams",
    "wasi:clocks/wall-clock",
    "wasi:clocks/monotonic-clock",
    "wasi:random/random",
    "wasi:random/insecure",
    "wasi:random/insecure-seed",
    "wasi:cli/exit",
    "wasi:cli/environment",
    "wasi:cli/stdin",
    "wasi:cli/stdout",
    "wasi:cli/stderr",
    "wasi:cli/terminal-input",
    "wasi:cli/terminal-output",
    "wasi:cli/terminal-stdin",
    "wasi:cli/terminal-stdout",
    "wasi:cli/terminal-stderr",
];

/// A resource type of an import the sandbox does not provide (never instantiated).
struct Unlinked;

/// The type of a resource named in an unlinked interface: a linked interface's own type when
/// it re-exports one of those (`use wasi:io/streams.{input-stream}` must stay the same type),
/// else one placeholder type.
fn resource_type(name: &str) -> wasmtime::component::ResourceType {
    use wasmtime::component::ResourceType;
    use wasmtime_wasi::p2::{DynInputStream, DynOutputStream};
    match name {
        "input-stream" => ResourceType::host::<DynInputStream>(),
        "output-stream" => ResourceType::host::<DynOutputStream>(),
        "pollable" => ResourceType::host::<DynPollable>(),
        "error" => ResourceType::host::<wasmtime::Error>(),
        _ => ResourceType::host::<Unlinked>(),
    }
}

/// Every function of every other imported interface traps when called (wasmtime's
/// "unknown import" message, which `wasm.rs` turns into one error naming the import).
fn stub_unlinked_imports(
    l: &mut Linker<State>,
    engine: &wasmtime::Engine,
    component: &wasmtime::component::Component,
) -> wasmtime::Result<()> {
    use wasmtime::component::types::ComponentItem;
    for (name, item) in component.component_type().imports(engine) {
        if LINKED.contains(&name.split('@').next().unwrap_or(name)) {
            continue;
        }
        let ComponentItem::ComponentInstance(instance) = item.ty else {
            continue; // A bare function or type import: instantiate_pre will refuse it.
        };
        let mut linked = l.instance(name)?;
        for (export, item) in instance.exports(engine) {
            let full = format!("{name}#{export}");
            match item.ty {
                ComponentItem::ComponentFunc(_) => linked.func_new(export, move |_, _, _, _| {
                    wasmtime::bail!("unknown import: `{full}` has not been defined")
                })?,
                ComponentItem::Resource(_) => {
                    linked.resource(export, resource_type(export), |_, _| Ok(()))?
                }
                _ => {}
            }
        }
    }
    Ok(())
}

struct HasTable;
impl wasmtime::component::HasData for HasTable {
    type Data<'a> = &'a mut ResourceTable;
}
fn table(s: &mut State) -> &mut ResourceTable {
    &mut s.table
}

/// Replaces the monotonic clock's timers (the one way to block in the linked WASI) with traps.
fn forbid_waiting(l: &mut Linker<State>) -> wasmtime::Result<()> {
    l.allow_shadowing(true);
    let mut clock = l.instance("wasi:clocks/monotonic-clock@0.2.12")?;
    let refuse = |what: &str| {
        Refused(format!(
            "it tried to wait ({what}): games get no timers, a round is computed, never waited for"
        ))
    };
    clock.func_wrap(
        "subscribe-duration",
        move |_, (_,): (u64,)| -> wasmtime::Result<(Resource<DynPollable>,)> {
            Err(refuse("sleep, wasi:clocks/monotonic-clock.subscribe-duration").into())
        },
    )?;
    clock.func_wrap(
        "subscribe-instant",
        move |_, (_,): (u64,)| -> wasmtime::Result<(Resource<DynPollable>,)> {
            Err(refuse("wasi:clocks/monotonic-clock.subscribe-instant").into())
        },
    )?;
    l.allow_shadowing(false);
    Ok(())
}

/// Caps the game's memory and tables in total over all its memories and tables, and counts
/// its instances, memories and tables; records which limit a game hit so the error can name it.
pub struct Limiter {
    max_memory: usize,
    max_table: usize,
    max_instances: usize,
    max_memories: usize,
    max_tables: usize,
    memory_total: usize,
    table_total: usize,
    pub hit: Option<(String, &'static str)>,
}

impl Limiter {
    /// Linear memory the instance holds now, over all its memories, in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.memory_total
    }

    pub fn new(limits: &GameLimits) -> Limiter {
        Limiter {
            max_memory: limits.max_memory_bytes as usize,
            max_table: limits.max_table_elements as usize,
            max_instances: limits.max_instances as usize,
            max_memories: limits.max_memories as usize,
            max_tables: limits.max_tables as usize,
            memory_total: 0,
            table_total: 0,
            hit: None,
        }
    }
}

impl ResourceLimiter for Limiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _max: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let total = self.memory_total - current.min(self.memory_total) + desired;
        if total > self.max_memory {
            self.hit = Some((
                format!(
                    "memory limit of {} MiB in all (it asked for {:.1} MiB)",
                    self.max_memory >> 20,
                    total as f64 / (1 << 20) as f64
                ),
                "max_memory_bytes",
            ));
            // An error traps at once instead of letting the guest's allocator abort later.
            wasmtime::bail!("memory limit exceeded");
        }
        self.memory_total = total;
        Ok(true)
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        _max: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let total = self.table_total - current.min(self.table_total) + desired;
        if total > self.max_table {
            self.hit = Some((
                format!(
                    "table limit of {} elements in all (it asked for {total})",
                    self.max_table
                ),
                "max_table_elements",
            ));
            wasmtime::bail!("table limit exceeded");
        }
        self.table_total = total;
        Ok(true)
    }

    fn instances(&self) -> usize {
        self.max_instances
    }

    fn memories(&self) -> usize {
        self.max_memories
    }

    fn tables(&self) -> usize {
        self.max_tables
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_capped_in_total_over_all_memories() {
        let limits = GameLimits {
            max_memory_bytes: 100 << 20,
            ..GameLimits::default()
        };
        let mut l = Limiter::new(&limits);
        // Memory A grows to 60 MiB, then to 70: the total counts A once.
        assert!(l.memory_growing(0, 60 << 20, None).unwrap());
        assert!(l.memory_growing(60 << 20, 70 << 20, None).unwrap());
        // Memory B may have the 30 MiB left, not another 70.
        assert!(l.memory_growing(0, 40 << 20, None).is_err());
        assert_eq!(l.hit.as_ref().unwrap().1, "max_memory_bytes");
        assert!(l.memory_growing(0, 30 << 20, None).unwrap());
    }

    #[test]
    fn tables_are_capped_in_total() {
        let limits = GameLimits {
            max_table_elements: 1000,
            ..GameLimits::default()
        };
        let mut l = Limiter::new(&limits);
        assert!(l.table_growing(0, 600, None).unwrap());
        assert!(l.table_growing(0, 600, None).is_err());
        assert_eq!(l.hit.as_ref().unwrap().1, "max_table_elements");
    }
}
