//! Every random draw of a run is seeded here: `derive_seed(run seed, step, stream, index)`, a
//! fixed function of its inputs, so a resumed run draws exactly what an uninterrupted one would
//! and the data an assignment gets depends only on its (step, index), never on the order or the
//! process it is computed in. Each stream is one purpose; the constants never change (they are
//! part of every recorded run).

/// libtorch's global generator at the start of a step (index 0) and at load (index 1: LoRA A).
pub const TORCH: u64 = 0;
/// The passage and round of training assignment `index`.
pub const DEAL: u64 = 1;
/// The policy's draws of a step's sampled groups.
pub const SAMPLE: u64 = 2;
/// Frost's rounds: see [`frost_round`].
pub const FROST: u64 = 3;
/// Held-out assignment `index` (step 0).
pub const HELDOUT: u64 = 4;
/// Evaluation's draws for chunk `index` of the held-out set.
pub const EVAL: u64 = 5;
/// `eval --refine`: Frost round r on assignment i of the evaluation, packed as [`round_seed`].
pub const EVAL_REFINE: u64 = 6;
/// `eval --refine`: the sampled arm's block r of D more draws on assignment i, as [`round_seed`].
pub const EVAL_MORE: u64 = 7;
/// `analyze-selection`: derive_seed(seed, assignment, STUDY, one of the `STUDY_*` purposes).
pub const STUDY: u64 = 100;
pub const STUDY_DEAL: u64 = 0;
pub const STUDY_SAMPLE: u64 = 1;
pub const STUDY_UNIFORM: u64 = 2;
pub const STUDY_PLAUSIBLE: u64 = 3;
/// Rule r of the study: STUDY_RULE + r.
pub const STUDY_RULE: u64 = 10;

/// `frost-host play`: derive_seed(seed, 0, PLAY, one of the `PLAY_*` purposes; Frost round r
/// is PLAY_ROUND + r).
pub const PLAY: u64 = 200;
pub const PLAY_DEAL: u64 = 0;
pub const PLAY_SAMPLE: u64 = 1;
pub const PLAY_ROUND: u64 = 10;

/// Rounds a Frost step can run with distinct seeds (`frost.rounds` is checked against it).
pub const MAX_FROST_ROUNDS: usize = 1000;

/// The seed of Frost round `round` on assignment `assignment` of `step`: the FROST stream with
/// index assignment * MAX_FROST_ROUNDS + round (the packing every recorded run used).
pub fn frost_round(seed: u64, step: u64, assignment: usize, round: usize) -> u64 {
    round_seed(seed, step, FROST, assignment, round)
}

/// The seed of round `round` on assignment `assignment` in `stream`: index
/// assignment * MAX_FROST_ROUNDS + round (the one packing of per-round seeds).
pub fn round_seed(seed: u64, step: u64, stream: u64, assignment: usize, round: usize) -> u64 {
    debug_assert!(round < MAX_FROST_ROUNDS);
    let index = assignment as u64 * MAX_FROST_ROUNDS as u64 + round as u64;
    derive_seed(seed, step, stream, index)
}

/// The seed of draw `index` of `stream` at `step` of the run seeded `seed`.
pub fn derive_seed(seed: u64, step: u64, stream: u64, index: u64) -> u64 {
    // splitmix64 over the packed inputs: cheap, well mixed, stable across versions.
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(step.wrapping_mul(0xBF58_476D_1CE4_E5B9))
        .wrapping_add(stream.wrapping_mul(0x94D0_49BB_1331_11EB))
        .wrapping_add(index.wrapping_mul(0x2545_F491_4F6C_DD1D));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) >> 1 // keep it below 2^63 (torch seeds are i64)
}
