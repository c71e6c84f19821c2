//! End-to-end tests: CLI runs, hostile games, golden checks against Hugging Face references.
//! Run through `make test` (which creates the venv with torch/transformers/peft and builds
//! the game components first).

mod cli;
mod common;
mod fixture;
mod frost;
mod games;
mod judge;
mod model;
mod pretrain;
mod qwen3;
mod resume;
mod sandbox;
mod tokenizer;
mod update;
mod xent;
