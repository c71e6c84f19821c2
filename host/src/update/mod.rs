//! Step 7 of a training step: advantages and losses (`loss`), and the optimizer (`adamw`).

pub mod adamw;
pub mod loss;
