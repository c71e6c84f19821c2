//! Frost host library: the Qwen3 engine, the game runtime and the training algorithms.
//!
//! One training step, as data flows (each arrow a function boundary, `train/step.rs`):
//! corpus passage -> game round (`round`) -> player prompt + judge program -> policy samples K
//! moves (`train::sample`) -> judge scores (`judge`) -> Frost round (`frost::refine`: Taylor ->
//! gate -> top-D -> verify -> replace) -> advantages and loss (`update`) -> AdamW step -> metrics
//! line (`train::metrics`) -> the run directory (`run`).
//!
//! The trainer core is everything but `lab` (sweeps, reports, the selection study) and
//! `pretrain` (the embedded default model); `lab` uses the core, never the other way round.

pub use frost_sdk as sdk;

// The trainer core.
pub mod config;
pub mod corpus;
pub mod dist;
pub mod export;
pub mod frost;
pub mod game;
pub mod judge;
pub mod model;
pub mod round;
pub mod run;
pub mod seeds;
pub mod sizes;
pub mod train;
pub mod update;

// Research tooling and the embedded default model.
pub mod authoring;
pub mod instrument;
pub mod lab;
pub mod pretrain;

// Plumbing, below both.
pub mod moments;
pub mod terminal;
pub mod threads;
