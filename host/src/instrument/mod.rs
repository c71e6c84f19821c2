//! Measurement of training steps for `frost-host bench`: per-phase spans (`phases`), model
//! FLOPs from the shape (`flops`) and their running total (`meter`, what `eval --refine`'s arms
//! spend), peak resident memory (`memory`) and device-to-host reads (`sync`, the one helper
//! every read in the step goes through).

pub mod flops;
pub mod memory;
pub mod meter;
pub mod phases;
pub mod sync;
