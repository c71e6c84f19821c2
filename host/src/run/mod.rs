//! The run directory and what lives on disk: the directory itself (config, logs, resume checks),
//! its writer lock, the checkpoint store, atomic file writes, the TensorBoard event files, the
//! W&B run, the cache folder and the Python interpreter Frost asks.

pub mod cache;
pub mod changes;
pub mod checkpoints;
pub mod checksums;
pub mod dir;
pub mod figures;
pub mod files;
pub mod lock;
pub mod python;
pub mod tensorboard;
mod tfrecord;
pub mod wandb;
