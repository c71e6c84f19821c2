//! Frost host library: the Qwen3 engine, the game runtime and the training algorithms.
//!
//! One training step, as data flows (each arrow a function boundary):
//! corpus passage -> game round -> player prompt + judge program -> policy samples K moves
//! -> judge scores -> (Frost: Taylor -> gate -> top-D -> verify -> replace) -> advantages
//! -> loss -> optimizer step -> metrics line.

pub use frost_sdk as sdk;

pub mod assignments;
pub mod cache;
pub mod checkpoint;
pub mod config;
pub mod corpus;
pub mod evidence;
pub mod files;
pub mod flops;
pub mod frost;
pub mod game;
pub mod grpo;
pub mod judge;
pub mod memory;
pub mod model;
pub mod move_words;
pub mod optim;
pub mod overrides;
pub mod phases;
pub mod pretrain;
pub mod round_checks;
pub mod run_dir;
pub mod run_lock;
pub mod selection_study;
pub mod sweep;
pub mod terminal;
pub mod threads;
pub mod train;
