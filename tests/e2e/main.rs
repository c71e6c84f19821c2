//! End-to-end tests: CLI runs, hostile games, golden checks against Hugging Face references.
//! Run through `make test` (which creates the venv with torch/transformers/peft and builds
//! the game components first). One module per feature; `fixture` holds the tiny trained model
//! and the run config built in code that the training-side modules share.

mod after;
mod api;
mod bf16_families;
mod browser;
mod bundle;
mod cli;
mod common;
mod corpus;
mod damage;
mod distributed;
mod distributed_faults;
mod distributed_start;
mod export;
mod families;
mod fixture;
mod frost;
mod game_cache;
mod game_rounds;
mod games;
mod gcg;
mod judge;
mod model;
mod model_loading;
mod moe;
mod pick_entropy;
mod pretrain;
mod python_games;
mod qwen3;
mod qwen3_5;
mod qwen3_5_frost;
mod qwen3_numerics;
mod recipes;
mod report;
mod resume;
mod rundir;
mod sampling;
mod sandbox;
mod sandbox_python;
mod score_overflow;
mod search_recipe;
mod selection;
mod sweep;
mod tensorboard;
mod test_time;
mod test_time_search;
mod test_time_stats;
mod title;
mod tokenizer;
mod update;
mod word_rules;
mod writing_a_game;
mod writing_a_game_python;
mod xent;
