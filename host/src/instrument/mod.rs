//! Measurement of training steps for `frost-host bench`: per-phase spans (`phases`), model
//! FLOPs from the shape (`flops`) and peak resident memory (`memory`).

pub mod flops;
pub mod memory;
pub mod phases;
