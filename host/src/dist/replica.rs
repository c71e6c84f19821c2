//! Replicas: with `parallel.tensor = T` the world is R / T data-parallel replicas of T
//! consecutive ranks, each replica one copy of the model split over its ranks
//! (docs/scaling.md, "Running a split model"). The data is shared by replica, not by rank.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::{Dist, DistError, Group};

impl Dist {
    /// The ranks share the model in groups of `t` consecutive ones (tensor parallel,
    /// docs/scaling.md): the world becomes `size / t` replicas, each working on its share of
    /// the data as one rank did. Every rank calls it with the same `t`, which divides the
    /// world size (the caller checks `parallel.tensor` first); 1 changes nothing.
    pub fn split_model(&mut self, t: usize) -> Result<(), DistError> {
        if t > 1 {
            self.tensor = Some(Arc::new(self.tensor_group(t)?));
        }
        Ok(())
    }

    /// The group this rank shares its copy of the model with (None: it holds all of it).
    pub fn model_group(&self) -> Option<Arc<Group>> {
        self.tensor.clone()
    }

    /// A collective that failed inside the split model since the last call (the model's
    /// forwards return tensors: `Group::note_failure` keeps it); Ok without a split.
    pub fn model_failure(&self) -> Result<(), DistError> {
        let r = self.tensor.as_ref().map_or(Ok(()), |g| g.take_failure());
        if r.is_err() {
            self.broken.store(true, Ordering::Relaxed);
        }
        r
    }

    /// A pass's result, or the collective that failed inside the split model during it (then
    /// its outputs are not to be used): what sampling, evaluation and the search return. The
    /// failed collective comes first: the pass's own error may be only its consequence.
    pub fn unless_model_failed<T, E: From<DistError>>(&self, r: Result<T, E>) -> Result<T, E> {
        self.model_failure()?;
        r
    }

    /// (this rank's replica, the number of replicas): the data-parallel world. Without
    /// [`Dist::split_model`], one replica per rank.
    pub fn replica(&self) -> (usize, usize) {
        let t = self.tensor.as_ref().map_or(1, |g| g.size);
        (self.world.rank / t, self.world.size / t)
    }

    /// Whether this rank speaks for its replica where a figure must be counted once (the
    /// first rank of each; every rank without tensor parallelism).
    pub fn leads_replica(&self) -> bool {
        self.tensor.as_ref().is_none_or(|g| g.rank == 0)
    }

    /// The indices of `n` items (a step's assignments, the held-out set) this rank works on:
    /// i % replicas == replica, so an item's data (seeded by its index) never depends on the
    /// world, and the ranks of one replica work on the same items.
    pub fn share(&self, n: usize) -> Vec<usize> {
        let (replica, replicas) = self.replica();
        (0..n).filter(|i| i % replicas == replica).collect()
    }
}
