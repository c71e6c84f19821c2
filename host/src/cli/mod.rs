//! The binary's subcommands: argument parsing and user-facing context (anyhow) only;
//! the work lives in the library.
pub mod analyze;
pub mod bench;
pub mod bench_model;
pub mod bench_phases;
pub mod bench_words;
pub mod eval;
pub mod eval_refine;
pub mod export;
pub mod game;
pub mod game_author;
pub mod game_bench;
pub mod play;
pub mod pretrain;
pub mod report;
pub mod sweep;
pub mod target;
pub mod train;
