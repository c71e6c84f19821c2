//! Frost game SDK: write a cross-entropy game as a plain Rust crate, build it to a
//! WebAssembly component (`cargo build --target wasm32-wasip2`) or a native plugin.

pub mod types;
pub use types::*;
