//! Step 7 of a training step, one small named function per choice (as verl's `core_algos.py`):
//! advantages (`advantage`), the learning-rate schedule (`schedule`), the ratio clip (`clip`),
//! the losses (GRPO, REINFORCE, CISPO, SAPO), KL estimators and entropy bonus (`loss`), and the optimizer (`adamw`).

pub mod adamw;
pub mod advantage;
pub mod clip;
pub mod loss;
pub mod schedule;
#[cfg(test)]
mod trl_golden_tests;
